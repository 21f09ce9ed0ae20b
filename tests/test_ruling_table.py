"""The per-knowledge-base ruling table behind the rulings shown with an answer (kb/engine/rulings.py): the
selection reads card links once per store version and each ruling's facts once, and selects as the
module doc says.  A small store of our own rulings."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from kb.db import create_tables, make_engine
from kb.engine import rulings
from kb.models import Card, Ruling, RulingCard

RULINGS = [  # id, heading, question, answer, date, links (card id, role)
    ("r:1", "STONE GUARD", "Can Stone Guard be chained to a Spell Card?", "Yes, it can be chained.",
     "2020-01-01", [(1, "heading")]),
    ("r:2", "STONE GUARD", "Can Stone Guard be activated during the Damage Step?", "No.", "2021-01-01",
     [(1, "heading")]),
    ("r:3", "LEAF STORM", "Can Leaf Storm be chained to Stone Guard?", "Yes, it can be chained.",
     "2022-01-01", [(2, "heading"), (1, "involved")]),
    ("r:4", "ROCK GOLEMS", "Can a Rock Golem chain to Stone Guard?", "Yes.", "2023-01-01",
     [(1, "involved")]),  # filed under a card group, not a card: about the group
    ("r:5", "STONE GUARD", "What is Stone Guard's ATK?", "1000.", "2019-01-01", [(1, "heading")]),
]


@pytest.fixture()
def small(tmp_path):
    store = tmp_path / "kb" / "kb.sqlite"
    store.parent.mkdir()
    bind = make_engine(store)
    create_tables(bind)
    with Session(bind) as session:
        session.add(Card(id=1, name="Stone Guard", name_key="stone guard", card_type="Monster"))
        session.add(Card(id=2, name="Leaf Storm", name_key="leaf storm", card_type="Spell"))
        for ruling_id, heading, question, answer, date, links in RULINGS:
            session.add(Ruling(id=ruling_id, source="test", region="TCG", heading=heading, question=question,
                               answer=answer, date=date))
            for card_id, role in links:
                session.add(RulingCard(ruling_id=ruling_id, card_id=card_id, role=role))
        session.commit()
    with Session(bind) as session:
        yield session
    bind.dispose()


def _ids(session, primary, other, mechanisms):
    return [r.id for r in rulings.select_rulings(session, primary, other, mechanisms)]


def test_selection_follows_cards_mechanisms_and_headings(small):
    assert _ids(small, [1], [], ("chain", "activation")) == ["r:1", "r:2"]  # r:3 filed under Leaf Storm
    assert _ids(small, [1], [], ("damage_step",)) == ["r:2"]
    assert _ids(small, [2], [1], ("chain", "activation")) == ["r:3", "r:1"]  # the pair first, one other
    assert _ids(small, [1], [], ()) == []  # no mechanism: nothing is about the question
    assert _ids(small, [], [], ("chain",)) == [] and _ids(small, [99], [], ("chain",)) == []


def test_the_table_is_read_once_per_version_and_facts_once_per_ruling(small):
    table = rulings._ruling_table(small)
    assert rulings._ruling_table(small) is table
    assert table.links[1] and table.headings["r:3"] == {2} and "r:4" not in table.headings
    assert table.facts == {}  # nothing read before a question needs it
    _ids(small, [1], [], ("chain",))
    assert set(table.facts) == {"r:1", "r:2", "r:3", "r:4", "r:5"}
    assert table.facts["r:1"].hits == {"chain": 2} and table.facts["r:5"].hits == {}
    assert table.facts["r:4"].filed and table.facts["r:1"].english


def test_a_store_without_rulings_tables_shows_no_rulings(tmp_path):
    store = tmp_path / "empty" / "kb.sqlite"
    store.parent.mkdir()
    bind = make_engine(store)
    with bind.connect() as connection:
        connection.exec_driver_sql("CREATE TABLE unrelated (x INTEGER)")
    with Session(bind) as session:
        assert rulings.select_rulings(session, [1], [], ("chain",)) == []
    bind.dispose()
