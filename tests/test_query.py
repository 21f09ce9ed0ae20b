"""The query language: tokenizer -> AST (round-trip) -> whoosh query, and invalid queries with positions."""

from __future__ import annotations

import pytest

from kb.errors import InvalidQueryError
from whoosh import query as wq

from kb.query import And, Filter, Not, Or, Phrase, Word, parse, text_words, tokenize
from kb.search.compiler import Coordinated, QueryContext, to_whoosh
from kb.search import text_analyzer

_ANALYZER = text_analyzer()


def _context(**extra) -> QueryContext:
    return QueryContext(analyze=lambda text: [t.text for t in _ANALYZER(text)], **extra)


AST_CASES = [
    ("damage step", And((Word("damage"), Word("step")))),
    ('"chain link"', Phrase("chain link")),
    ("-banish", Not(Word("banish"))),
    ("gy OR graveyard", Or((Word("gy"), Word("graveyard")))),
    ("a b OR c", And((Word("a"), Or((Word("b"), Word("c")))))),
    ("(a b) OR c", Or((And((Word("a"), Word("b"))), Word("c")))),
    ("a AND b", And((Word("a"), Word("b")))),
    ("NOT a b", And((Not(Word("a")), Word("b")))),
    ("kind:section", Filter("kind", ":", "section")),
    ("kind:sections", Filter("kind", ":", "section")),
    ("t:Quick-Play", Filter("type", ":", "quickplay")),
    ("type:quickplay", Filter("type", ":", "quickplay")),
    ("attr:DARK", Filter("attr", ":", "dark")),
    ("race:Beast-Warrior", Filter("race", ":", "beastwarrior")),
    ("level>=7", Filter("level", ">=", 7)),
    ("lv:4", Filter("level", "=", 4)),
    ("atk<1000", Filter("atk", "<", 1000)),
    ("def>2000", Filter("def", ">", 2000)),
    ("link<=2", Filter("link", "<=", 2)),
    ("scale=8", Filter("scale", "=", 8)),
    ("o:negate", Filter("o", ":", "negate")),
    ('name:"dark magician"', Filter("name", ":", "dark magician")),
    ('name="Dark Magician"', Filter("name", "=", "Dark Magician")),
    ("series:Blue-Eyes", Filter("series", ":", "blueeyes")),
    ('ruling:"Solemn Judgment"', Filter("ruling", ":", "Solemn Judgment")),
    ("source:PRB2017", Filter("source", ":", "prb2017")),
    ("region:tcg", Filter("region", ":", "tcg")),
    ("t:spell -(t:field OR t:equip)",
     And((Filter("type", ":", "spell"), Not(Or((Filter("type", ":", "field"),
                                                 Filter("type", ":", "equip"))))))),
    ("\u201cchain link\u201d", Phrase("chain link")),  # curly quotes fold
    ("effect - cost", And((Word("effect"), Word("cost")))),  # a lone dash is punctuation
    ("Question: can I", And((Word("Question:"), Word("can"), Word("I")))),  # "key:" + space is a word
    # a capitalised key that is not a filter is part of a name
    ("S:P Little Knight", And((Word("S:P"), Word("Little"), Word("Knight")))),
    ("I:P Masquerena t:link", And((Word("I:P"), Word("Masquerena"), Filter("type", ":", "link")))),
    ("T:Counter", Filter("type", ":", "counter")),  # a known key is a filter in any case
]


@pytest.mark.parametrize("query, expected", AST_CASES)
def test_parse_builds_the_ast(query, expected):
    assert parse(query) == expected


@pytest.mark.parametrize("query, _", AST_CASES)
def test_to_string_round_trips(query, _):
    node = parse(query)
    assert parse(node.to_string()) == node


WHOOSH_CASES = [
    ("priority", "((title:prioriti^1.5 OR alt:prioriti^1.5 OR context:prioriti^0.5 OR body:prioriti) "
                 "ANDMAYBE title_key:priority^1000.0)"),
    ("kind:term", "ConstantScoreQuery(Term('kind', 'term'))"),
    ("level>=7", "ConstantScoreQuery(NumericRange('level', 7, None, False, False, boost=1.0, "
                 "constantscore=True))"),
    ("atk<1000", "ConstantScoreQuery(NumericRange('atk', None, 1000, False, True, boost=1.0, "
                 "constantscore=True))"),
    ('name="Dark Magician"', "ConstantScoreQuery(Term('title_key', 'darkmagician'))"),
    ("o:destroyed", "ConstantScoreQuery(Term('body', 'destroi'))"),
    ('"chain link"', '(title:"chain link" OR alt:"chain link" OR body:"chain link" OR '
                     "title_key:chainlink^1000.0)"),
    ("t:counter -cost", "(ConstantScoreQuery(Term('types', 'counter')) ANDNOT (title:cost^1.5 OR "
                        "alt:cost^1.5 OR context:cost^0.5 OR body:cost))"),
]


@pytest.mark.parametrize("query, expected", WHOOSH_CASES)
def test_to_whoosh(query, expected):
    assert str(to_whoosh(parse(query), _context())) == expected


def test_short_free_text_requires_every_word_and_boosts_the_phrase():
    q = str(to_whoosh(parse("damage step"), _context()))
    assert q.startswith("(((title:damag^1.5") and " AND (title:step^1.5" in q
    assert "title_key:damagestep^1000.0" in q and 'body:"damag step"' in q


def test_long_free_text_matches_any_word_without_stop_words():
    q = str(to_whoosh(parse("can I chain a trap card to the attack of my opponent"), _context()))
    required = q.split("ANDMAYBE")[0]
    assert "body:chain) OR (title:trap^1.5" in required and " AND " not in required
    assert "title:the" not in q and "title:can" not in q


def test_long_free_text_is_coordinated_and_short_relaxed_text_is_not():
    long = to_whoosh(parse("can I chain a trap card to the attack of my opponent"), _context())
    assert isinstance(long.a, Coordinated)
    assert [type(sub).__name__ for sub in long.a.subqueries] == ["Or"] * 5  # chain trap card attack opponent
    relaxed = to_whoosh(parse("maximum number zones"), _context(strict=False))
    assert not isinstance(relaxed.a, Coordinated) and isinstance(relaxed.a, wq.Or)


def test_a_name_with_a_colon_is_one_phrase_unit():
    q = str(to_whoosh(parse("S:P Little Knight"), _context()))
    assert '(title:"s p" OR alt:"s p" OR body:"s p")' in q and "title_key:splittleknight^1000.0" in q


def test_synonyms_expand_in_the_analyzed_text():
    ctx = _context(synonyms={("gy",): [("graveyard",)], ("remov", "from", "plai"): [("banish",)]})
    q = str(to_whoosh(parse("cards removed from play in the GY"), ctx))
    assert "body:graveyard^0.8" in q and "body:banish^0.8" in q and 'body:"remov from plai"' in q


def test_unknown_words_get_typo_tolerance():
    q = to_whoosh(parse("judgement"), _context(is_known=lambda token: False))
    assert "FuzzyTerm('body', 'judgement'" in repr(q)
    assert "FuzzyTerm" not in repr(to_whoosh(parse("judgement"), _context()))


def test_compound_and_japanese_words_are_phrases():
    assert 'body:"quick plai"' in str(to_whoosh(parse("quick-play"), _context()))
    assert 'alt:"神の の宣 宣告"' in str(to_whoosh(parse("神の宣告"), _context()))


def test_text_words_lists_free_text_only():
    assert text_words(parse('dark "magician girl" t:spell -cost')) == ["dark", "magician girl"]


def test_tokenize_positions():
    tokens = tokenize('a "b c" (d OR -e) lv>=4')
    assert [(t.kind, t.pos) for t in tokens] == [
        ("WORD", 0), ("PHRASE", 2), ("LPAREN", 8), ("WORD", 9), ("OR", 11), ("MINUS", 14), ("WORD", 15),
        ("RPAREN", 16), ("FILTER", 18)]


INVALID = [
    ('"chain link', 0, "unclosed quote"),
    ("damage (step", 7, "unclosed '('"),
    ("damage step)", 11, "unmatched ')'"),
    ("OR damage", 0, "needs a term before"),
    ("damage OR", 7, "needs a term after"),
    ("a AND", 2, "AND needs a term"),
    ("()", 0, "empty parentheses"),
    ("", 0, "empty query"),
    ('""', 0, "empty phrase"),
    ("colour:red", 0, "unknown filter 'colour'"),
    ("s:p little knight", 0, "unknown filter 's'"),  # lower case: written like a filter
    ("Colour>3", 0, "unknown filter 'Colour'"),  # only "Key:" reads as a name
    ("atk>=strong", 5, "whole number"),
    ("kind:banana", 5, "kind: cannot be 'banana'"),
    ("region:eu", 7, "region: cannot be"),
    ("attr:sky", 5, "attr: cannot be"),
    ("t<3", 1, "does not take '<'"),
    ("o>=x", 1, "does not take '>='"),
    ("level:", 6, "needs a value"),
    ('name:"Dark', 5, "unclosed quote"),
    ("-", None, None),  # a lone dash is punctuation, so the query is empty
]


@pytest.mark.parametrize("query, position, message", INVALID)
def test_invalid_queries_say_what_and_where(query, position, message):
    with pytest.raises(InvalidQueryError) as info:
        parse(query)
    if position is not None:
        assert info.value.position == position
        assert message in str(info.value)
    assert info.value.query == query
    assert info.value.to_dict()["error"]["type"] == "invalid_query"


def test_unknown_filter_suggests_a_key():
    with pytest.raises(InvalidQueryError, match="did you mean"):
        parse("levl:4")


def test_unknown_filter_value_is_rejected_with_suggestions():
    ctx = _context(field_values=lambda field: {"quickplay", "counter", "continuous"}
                   if field == "types" else None)
    with pytest.raises(InvalidQueryError, match="did you mean quickplay") as info:
        to_whoosh(parse("kind:card t:quikplay"), ctx)
    assert info.value.position == 12


def test_card_filters_need_card_tables():
    with pytest.raises(InvalidQueryError, match="card tables"):
        to_whoosh(parse("ruling:Sangan"), _context())
