"""The literal pre-filter of the profile reader's patterns and the scanning helpers: same results, less work."""

from __future__ import annotations

import gc
import json
import random
import re

import pytest

from kb.engine.profiles import assembly, categories, prefilter
from kb.engine.profiles.prefilter import PatternSet, Prefiltered, lowered, prefiltered, required_literals
from kb.engine.profiles.sentences import _split_line, split_sentences, top_level_index


def test_required_literals_of_simple_patterns():
    assert required_literals(re.compile(r"\b(?:gains?|loses?)\b[^.;]{0,40}\bATK\b", re.I)) == {"gain", "lose"}
    assert required_literals(re.compile(r"\bcannot\b|can only", re.I)) == {"cannot", "can only"}
    assert required_literals(re.compile(r"\bdie\b|\bdice\b")) is None  # "die" and "dice" share only "di"
    assert required_literals(re.compile(r"(?:abc)?def")) == {"def"}
    assert required_literals(re.compile(r"x*")) is None  # matches the empty string: nothing is required
    assert required_literals(re.compile(r"(?!cannot)\w+")) is None  # a negative look-ahead requires nothing
    assert required_literals(re.compile(r"(?=.*\bdestroy)\w+")) == {"destroy"}


def test_unsafe_characters_are_every_non_ascii_letter_a_case_insensitive_pattern_folds_to_ascii():
    folding = re.compile(r"(?i)[a-z]")
    found = {chr(cp) for cp in range(0x80, 0x110000) if folding.fullmatch(chr(cp))}
    assert found <= prefilter.UNSAFE_CHARS
    assert lowered("\u212a sign") is None and lowered("Destroy ●") == "destroy ●"


def _texts(literals: list[str], count: int, seed: int) -> list[str]:
    """Random texts of the literals (in random case, cut or whole) and punctuation: many match some pattern."""
    rnd = random.Random(seed)
    pieces = literals + [lit[: max(1, len(lit) // 2)] for lit in literals] + [" ", ", ", ". ", ": ", "; ", '"', "1 ",
                                                                            "(", ")", "-", "/", "\u212a"]
    out = []
    for _ in range(count):
        words = [rnd.choice(pieces) for _ in range(rnd.randint(0, 12))]
        text = " ".join(words)
        out.append("".join(ch.upper() if rnd.random() < 0.3 else ch for ch in text))
    return out


def _table_patterns() -> list[re.Pattern]:
    return [regex for _name, regex in categories._CATEGORY_RE] + [regex for regex, _kind in assembly._RULE_RE] + \
        [assembly._NO_RESPONSE.pattern]


def test_prefiltered_search_equals_search_on_generated_texts():
    patterns = _table_patterns()
    literals = sorted({lit for p in patterns for lit in (required_literals(p) or ())} |
                      {w for p in patterns for w in re.findall(r"[A-Za-z][a-z'-]+", p.pattern)})
    texts = _texts(literals, 3000, seed=12)
    matched = 0
    for pattern in patterns:
        fast = Prefiltered(pattern)
        for text in texts:
            expected = pattern.search(text)
            got = fast.search(text)
            assert (got and got.span()) == (expected and expected.span()), (pattern.pattern, text)
            matched += expected is not None
    assert matched > 1000  # the texts exercise the patterns, not only their misses
    sets = PatternSet(patterns)
    for text in texts[:500]:
        searched = [p.search(text) for p in patterns]
        assert [m and m.span() for m in sets.searches(text)] == [m and m.span() for m in searched]
        assert sets.first(text) == next((i for i, m in enumerate(searched) if m), -1)


def test_prefilter_search_function_caches_and_matches():
    assert prefilter.search(r"this card is banished", "If This Card is banished: draw", re.I)
    assert prefilter.search(r"this card is banished", "If this card is destroyed", re.I) is None
    assert prefiltered(r"\bATK\b").sub("x", "no stat") == "no stat"


def _reference_top_level_index(text: str, char: str) -> int:  # the character-by-character definition
    quoted, depth = False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == char and not quoted and depth == 0:
            return i
    return -1


def _reference_split_line(line: str) -> list[str]:  # the character-by-character definition
    sentences, start, quoted, depth = [], 0, False, 0
    for i, ch in enumerate(line):
        if ch == '"':
            prev = line[i - 1] if i else " "
            quoted = not (prev not in " ([/-" and quoted) if prev in " ([/-" else not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "." and not quoted and depth == 0:
            nxt = line[i + 1:i + 3]
            before = line[max(0, i - 3):i]
            if (nxt[:1] == "" or (nxt[:1] == " " and (nxt[1:2].isupper() or nxt[1:2] in '("\u25cf'))) and \
                    not re.search(r"(?:\b[A-Z]|Mr|Dr|St|vs|Jr|Ms|No)$", before):
                sentences.append(line[start:i + 1].strip())
                start = i + 1
    rest = line[start:].strip()
    return sentences + [rest] if rest else sentences


def test_top_level_index_and_sentence_split_on_generated_texts():
    rnd = random.Random(7)
    alphabet = 'ab .:;,"()\u25cf\nXY'
    for _ in range(20000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 25)))
        for char in ':;,"()':
            assert top_level_index(text, char) == _reference_top_level_index(text, char), (text, char)
        assert _split_line(text) == _reference_split_line(text), text
    assert split_sentences('Target 1 "D.D. Crow"; destroy it. Then draw 1 card.') == [
        'Target 1 "D.D. Crow"; destroy it.', "Then draw 1 card."]


def test_profiles_of_real_cards_same_with_and_without_the_prefilter(full_kb):
    """Every pre-filtered pattern switched off (searched on every text) gives the same profiles."""
    from sqlmodel import select

    from kb.db import make_engine
    from kb.models import Card
    from sqlmodel import Session

    engine = make_engine(full_kb / "kb.sqlite")
    with Session(engine) as session:
        rows = session.execute(select(Card.__table__).limit(600)).all()
    engine.dispose()
    fields = [assembly.card_fields(row) for row in rows]
    assembly._parse_cached.cache_clear()
    fast = json.dumps([assembly.parse_card(f) for f in fields], sort_keys=True)
    switched = [obj for obj in gc.get_objects() if isinstance(obj, Prefiltered) and obj.literals is not None]
    saved = [obj.literals for obj in switched]
    try:
        for obj in switched:
            obj.literals = None
        assembly._parse_cached.cache_clear()
        slow = json.dumps([assembly.parse_card(f) for f in fields], sort_keys=True)
    finally:
        for obj, literals in zip(switched, saved):
            obj.literals = literals
        assembly._parse_cached.cache_clear()
    assert len(fields) == 600 and fast == slow


@pytest.mark.parametrize("text", ["You can only use this effect of \u212aing once per turn.", "Destroy it."])
def test_unsafe_text_is_searched(text):
    assert [m is not None for m in PatternSet([re.compile(r"kin", re.I)]).searches(text)] == ["\u212a" in text]
