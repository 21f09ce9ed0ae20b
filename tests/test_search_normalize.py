"""kb.search.compiler.normalize returns what whoosh's Query.normalize returns (an equal query tree, boosts
included), without its deep copies: on hand-made trees and on the compiled queries of a real index."""

from __future__ import annotations

import pytest
from whoosh import query as wq

from kb.query import parse
from kb.search import open_index
from kb.search.compiler import Coordinated, _compile, normalize


def _same(q: wq.Query) -> None:
    ours, whooshs = normalize(q), q.normalize()
    assert ours == whooshs and repr(ours) == repr(whooshs), (q, ours, whooshs)
    assert type(ours) is type(whooshs)


def T(text, boost=1.0, field="body"):
    return wq.Term(field, text, boost=boost)


HAND_MADE = [
    wq.Or([wq.Or([T("a", 2.0), T("b")], boost=3.0), T("c")]),
    wq.And([wq.And([T("a"), wq.Or([T("b", 0.5)], boost=4.0)]), T("c"), wq.Or([])]),
    wq.Or([T("a", 1.5)], boost=2.0),
    wq.Or([wq.NullQuery, wq.NullQuery]),
    wq.And([T("a"), T("a"), T("b")]),
    wq.And([T("a"), wq.Every()]),
    wq.Or([T("a"), wq.Every("body"), T("b", field="title")]),
    wq.And([wq.NumericRange("atk", 1000, None), wq.NumericRange("atk", None, 2000), T("x")]),
    Coordinated([wq.Or([T("a"), T("b", 1.5, "title")]), wq.Or([T("c")], boost=0.8), wq.Or([T("d")])]),
    wq.Or([Coordinated([T("a"), T("b")], boost=2.0), T("c")]),
    wq.AndMaybe(wq.And([T("a"), wq.And([T("b")])]), wq.Or([wq.Phrase("body", ["a", "b"], boost=2.0)])),
    wq.AndMaybe(wq.NullQuery, T("a")), wq.AndMaybe(T("a"), wq.Or([])),
    wq.AndNot(wq.Every(), wq.Or([T("a"), wq.Or([T("b")])])),
    wq.And([wq.ConstantScoreQuery(wq.Or([wq.Or([T("ruling", field="kind")])]), 0.0), T("a")]),
    wq.Or([wq.AndMaybe(T("a"), T("b"))], boost=2.0),
    wq.Or([wq.Or([wq.AndMaybe(T("a"), T("b"))], boost=2.0), T("c")]),
    wq.Or([wq.FuzzyTerm("body", "destory", boost=0.7, maxdist=1, prefixlength=1), wq.Phrase("body", ["x"])]),
]


@pytest.mark.parametrize("q", HAND_MADE, ids=range(len(HAND_MADE)))
def test_hand_made_trees_normalize_as_whoosh_does(q):
    _same(q)


QUERIES = [
    "Dark Magician", "dark magican", "hino-kagu-tsuch", "quick-play", "spell/trap", "gy", "remove from play",
    "damage step", '"chain link" kind:section', "t:spell -(t:field OR t:equip) o:draw", "atk>=3000 t:effect",
    "def=0 atk=0", "t:xyz rank:4", 'ruling:"Solemn Judgment"', "kind:ruling negate", "series:blue-eyes",
    "can I activate a quick-play spell from my hand during my opponent's turn", "when ... you can",
    "who decides the order of simultaneous trigger effects", "ブルーアイズ", "青眼の白龍", "201.4a",
    "negate OR destroy", "-negate destroy", "name:magician t:normal", "segoc", "MST", "cost", "the",
    "kind:card dragon -t:effect", "region:tcg damage step", "destroy negate banish summon target",
    "if this card is sent to the gy you can special summon", "xyzz materal", "link arrows",
]


def test_compiled_queries_of_the_index_normalize_as_whoosh_does(full_kb):
    index = open_index(full_kb)
    for text in QUERIES:
        for strict in (True, False):
            try:
                _same(_compile(parse(text), index.context(text, strict=strict)))
            except Exception as exc:  # a query the index rejects (e.g. an unknown card) is not compared
                if type(exc).__name__ != "InvalidQueryError":
                    raise
