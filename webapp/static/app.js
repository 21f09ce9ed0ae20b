// Card-name autocomplete for inputs marked data-autocomplete="<datalist id>": asks the JSON API
// (/api/v1/cards/autocomplete) and fills the datalist. No dependencies; pages work without it.
(function () {
  "use strict";
  var DELAY_MS = 150;

  function attach(input) {
    var list = document.getElementById(input.getAttribute("data-autocomplete"));
    if (!list) { return; }
    var timer = null, lastAsked = "";
    input.addEventListener("input", function () {
      var prefix = input.value.trim();
      if (timer) { clearTimeout(timer); }
      if (prefix.length < 2 || prefix === lastAsked) { return; }
      timer = setTimeout(function () {
        lastAsked = prefix;
        fetch("/api/v1/cards/autocomplete?limit=10&q=" + encodeURIComponent(prefix), {
          headers: { "Accept": "application/json" }
        }).then(function (response) {
          return response.ok ? response.json() : { data: [] };
        }).then(function (body) {
          if (input.value.trim() !== prefix) { return; }
          while (list.firstChild) { list.removeChild(list.firstChild); }
          (body.data || []).forEach(function (name) {
            var option = document.createElement("option");
            option.value = name;  // a text value: never parsed as HTML
            list.appendChild(option);
          });
        }).catch(function () { /* offline or server down: the plain input still works */ });
      }, DELAY_MS);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var inputs = document.querySelectorAll("input[data-autocomplete]");
    for (var i = 0; i < inputs.length; i++) { attach(inputs[i]); }
  });
})();
