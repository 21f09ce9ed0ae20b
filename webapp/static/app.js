// Progressive enhancement for the pages; every form works without it.
//  - Card-name autocomplete on inputs marked data-autocomplete="cards": an ARIA 1.2 combobox whose
//    listbox is filled from /api/v1/cards/autocomplete. Arrow keys move through the names, Enter
//    takes the highlighted one, Escape closes the list; a click takes a name too. The list does not
//    open by itself once the typed text is a whole card name.
//    data-autocomplete="quoted-cards" (the ask box, a sentence): only the name being typed after an
//    opening double quote is completed, and the chosen name is closed with a quote.
//  - The chain checker's "Add a link" and "Remove" buttons edit the form in place instead of
//    asking the server for the form again.
// Names are set as text (never parsed as HTML). No dependencies, no inline script (CSP).
(function () {
  "use strict";
  var DELAY_MS = 120;
  var LIMIT = 10;
  var serial = 0;

  function autocomplete(input) {
    if (input.getAttribute("role") === "combobox") { return; }
    var id = input.id || ("card-field-" + (++serial));
    input.id = id;
    var list = document.createElement("ul");
    list.id = id + "-listbox";
    list.className = "autocomplete-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Matching card names");
    list.hidden = true;
    input.parentNode.insertBefore(list, input.nextSibling);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("autocomplete", "off");

    var timer = null, blurTimer = null, asked = "", active = -1, names = [], latest = 0;
    var quoted = input.getAttribute("data-autocomplete") === "quoted-cards";

    // the part of the value being completed: all of it, or the text after an unclosed '"' before the caret
    function fragment() {
      if (!quoted) { return { start: 0, end: input.value.length, text: input.value.trim() }; }
      var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
      var before = input.value.slice(0, caret);
      var open = before.lastIndexOf('"');
      if (open < 0 || (before.split('"').length - 1) % 2 === 0) { return null; }
      return { start: open + 1, end: caret, text: before.slice(open + 1).trim() };
    }

    function options() { return list.querySelectorAll("[role=option]"); }

    function close() {
      list.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function highlight(index) {
      var items = options();
      if (!items.length) { return; }
      active = (index + items.length) % items.length;
      for (var i = 0; i < items.length; i++) {
        items[i].setAttribute("aria-selected", i === active ? "true" : "false");
      }
      input.setAttribute("aria-activedescendant", items[active].id);
      items[active].scrollIntoView({ block: "nearest" });
    }

    function choose(index) {
      if (index < 0 || index >= names.length) { return; }
      var part = fragment();
      if (!part) { close(); return; }  // the caret left the quoted name
      if (quoted) {
        var rest = input.value.slice(part.end).replace(/^[^"]*"/, "");
        var head = input.value.slice(0, part.start) + names[index] + '"';
        input.value = head + (rest && rest.charAt(0) !== " " ? " " : "") + rest;
        input.setSelectionRange(head.length, head.length);
      } else {
        input.value = names[index];
      }
      asked = names[index];
      show([]);
    }

    function show(found) {
      names = found;
      while (list.firstChild) { list.removeChild(list.firstChild); }
      found.forEach(function (name, index) {
        var item = document.createElement("li");
        item.id = list.id + "-" + index;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.textContent = name;
        item.addEventListener("mousedown", function (event) { event.preventDefault(); });
        item.addEventListener("click", function () { choose(index); input.focus(); });
        list.appendChild(item);
      });
      active = -1;
      input.removeAttribute("aria-activedescendant");
      list.hidden = !found.length;
      input.setAttribute("aria-expanded", found.length ? "true" : "false");
    }

    function lookUp(requested) {  // requested: Arrow Down asked for the list, so it opens even on a whole name
      var part = fragment();
      var prefix = part ? part.text : "";
      if (prefix.length < 2) { asked = ""; show([]); return; }
      if (prefix === asked) { return; }
      asked = prefix;
      var ticket = ++latest;  // only the newest look-up's answer may change the list
      fetch("/api/v1/cards/autocomplete?limit=" + LIMIT + "&q=" + encodeURIComponent(prefix), {
        headers: { "Accept": "application/json" }
      }).then(function (response) {
        return response.ok ? response.json() : { data: [] };
      }).then(function (body) {
        var now = fragment();
        if (ticket !== latest || !now || now.text !== prefix || document.activeElement !== input) { return; }
        var found = (body.data || []).map(String);
        show(found);
        // a name already typed in full is not covered up by the list (Arrow Down still opens it)
        if (!requested && found.some(function (name) { return name.toLowerCase() === prefix.toLowerCase(); })) {
          close();
        }
      }).catch(function () { /* offline or server down: the plain input still works */ });
    }

    input.addEventListener("input", function () {
      if (timer) { clearTimeout(timer); }
      timer = setTimeout(function () { lookUp(false); }, DELAY_MS);
    });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden && names.length > 0;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!open) {
          var part = fragment();
          if (!part) { return; }
          if (names.length && part.text === asked) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
          else { asked = ""; lookUp(true); }
          event.preventDefault();
          return;
        }
        highlight(active + (event.key === "ArrowDown" ? 1 : (active < 0 ? 0 : -1)));
        event.preventDefault();
      } else if (event.key === "Enter") {
        if (open && active >= 0) { choose(active); event.preventDefault(); }
      } else if (event.key === "Escape") {
        if (open) { close(); event.preventDefault(); }
      } else if (event.key === "Tab") {
        close();
      }
    });
    // the list closes a moment after the input loses focus (so a click on a name still lands), unless
    // the input has the focus back by then: a list opened after refocusing is not closed by the old blur
    input.addEventListener("blur", function () { blurTimer = setTimeout(close, 100); });
    input.addEventListener("focus", function () { if (blurTimer) { clearTimeout(blurTimer); blurTimer = null; } });
  }

  // ------------------------------------------------------------------ the chain checker's links

  function chainLinks(form) {
    var rows = form.querySelector(".link-rows");
    var addButton = form.querySelector("button.add-link");
    if (!rows || !addButton) { return; }
    var max = parseInt(form.getAttribute("data-max-links"), 10) || 16;

    function renumber() {
      var all = rows.querySelectorAll(".link-row");
      for (var i = 0; i < all.length; i++) {
        var n = i + 1, row = all[i];
        var input = row.querySelector("input[name=to]");
        var select = row.querySelector("select[name=to_controller]");
        var labels = row.querySelectorAll("label");
        var list = row.querySelector(".autocomplete-list");
        input.id = "chain-to-" + n;
        select.id = "chain-to-controller-" + n;
        labels[0].setAttribute("for", input.id);
        labels[0].textContent = "Chain Link " + n;
        labels[1].setAttribute("for", select.id);
        if (list) {
          list.id = input.id + "-listbox";
          input.setAttribute("aria-controls", list.id);
        }
        input.required = n === 1;
        var remove = row.querySelector("button.remove-link");
        remove.value = String(n);
        remove.setAttribute("aria-label", "Remove Chain Link " + n);
        remove.disabled = all.length === 1;
      }
      addButton.disabled = all.length >= max;
    }

    function addLink() {
      var all = rows.querySelectorAll(".link-row");
      if (all.length >= max) { return; }
      var last = all[all.length - 1];
      var row = last.cloneNode(true);
      var list = row.querySelector(".autocomplete-list");
      if (list) { list.parentNode.removeChild(list); }
      var input = row.querySelector("input[name=to]");
      ["role", "aria-autocomplete", "aria-expanded", "aria-controls", "aria-activedescendant"]
        .forEach(function (name) { input.removeAttribute(name); });
      input.value = "";
      var previous = last.querySelector("select[name=to_controller]").value;
      row.querySelector("select[name=to_controller]").value = previous === "A" ? "B" : previous === "B" ? "A" : "";
      rows.appendChild(row);
      renumber();
      autocomplete(input);
      input.focus();
    }

    form.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button") : null;
      if (!button || !form.contains(button)) { return; }
      if (button.classList.contains("add-link")) {
        event.preventDefault();
        addLink();
      } else if (button.classList.contains("remove-link")) {
        event.preventDefault();
        var row = button.closest(".link-row");
        if (rows.querySelectorAll(".link-row").length > 1) {
          var next = row.nextElementSibling || row.previousElementSibling;
          rows.removeChild(row);
          renumber();
          if (next) { next.querySelector("input[name=to]").focus(); }
        }
      }
    });
    renumber();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var inputs = document.querySelectorAll("input[data-autocomplete]");
    for (var i = 0; i < inputs.length; i++) { autocomplete(inputs[i]); }
    var forms = document.querySelectorAll("form.chain-form");
    for (var j = 0; j < forms.length; j++) { chainLinks(forms[j]); }
  });
})();
