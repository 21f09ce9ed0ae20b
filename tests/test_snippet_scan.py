"""The snippet scan (kb.search.snippets): lower-cased text without a look-behind finds the same words."""

from __future__ import annotations

import random

from kb.search.snippets import _candidates, _span_pattern, _term_spans, make_snippet

STEMS = ["destroi", "summon", "special", "chain", "link", "gy", "4a", "201.4a", "don't", "card", "effect",
         "quick-plai", "spell/trap", "ｆｕｌｌ", "神の", "宣告"]
PIECES = ["Destroy", "destroyed", "indestructible", "Summoned", "SPECIAL", "chain", "Chains", "link", "x201.4a",
          "201.4a", "4a", "card's", "'card", "cards", "effect", "Quick-Play", "Spell/Trap", "_card", "gy", "GY", "Ｆｕｌｌ",
          "神の宣告", "Kelvin \u212a", "ſpecial", "1", " ", ", ", ". ", "(", ")", "-", "'", "\n"]


def _reference_spans(text: str, terms: set[str]) -> list[tuple[int, int]]:
    """The former scan: the look-behind pattern over the text as it is."""
    from kb.search.analysis import TOKEN_RE
    from kb.search.snippets import _stem_of

    pattern = _span_pattern(frozenset(terms))
    spans = []
    for match in pattern.finditer(text, 0, 20000) if pattern else []:
        start = match.start()
        if match.lastgroup == "cjk":
            spans.append((start, match.end()))
            continue
        word = TOKEN_RE.match(text, start)
        if word and word.lastgroup != "cjk" and _stem_of(word.group()) in terms:
            spans.append((start, word.end()))
    return spans


def test_scan_finds_the_same_matches_and_spans_as_the_look_behind_pattern():
    rnd = random.Random(3)
    for _ in range(4000):
        terms = frozenset(rnd.sample(STEMS, rnd.randint(1, 5)))
        text = "".join(rnd.choice(PIECES) + rnd.choice(["", " "]) for _ in range(rnd.randint(0, 30)))
        pattern = _span_pattern(terms)
        expected = [m.span() for m in pattern.finditer(text, 0, 20000)] if pattern else []
        assert [m.span() for m in _candidates(text, terms)] == expected, (text, terms)
        assert _term_spans(text, set(terms)) == _reference_spans(text, set(terms)), (text, terms)


def test_snippet_marks_whole_words_only():
    plain, rich = make_snippet("Indestructible? No: destroy it, then destroyed cards.", {"destroi"})
    assert rich.count("<mark>") == 2 and "<mark>Indestructible" not in rich and plain.startswith("Indestructible")
