"""The graph: building it from the store, node parsing, related nodes, typed paths, node-link export, CLI.

A small hand-made store pins the exact edges; the full build checks known neighbours in the real data.
"""

from __future__ import annotations

import json

import networkx as nx
import pytest
from click.testing import CliRunner
from sqlmodel import Session, select

from kb.cli import cli
from kb.db import create_tables, make_engine
from kb.errors import AmbiguousError, NotFoundError
from kb.graph import (EDGE_TYPES, build_graph, explain, load_graph, node_str, parse_node, related,
                      to_node_link)
from kb.models import (BuildInfo, Card, CardMention, CitationCard, Conflict, ConflictSide, Reference,
                       Ruling, RulingCard, RulingCitation, RulingSection, Section, Source, Term, TopicLink)
from kb.text import name_key


def _card(card_id, name, text=""):
    return Card(id=card_id, name=name, name_key=name_key(name), card_type="Trap", text=text)


@pytest.fixture(scope="module")
def tiny():
    """A store with two books, three cards, two rulings, a conflict and a cited ruling."""
    engine = make_engine(":memory:")
    create_tables(engine)
    with Session(engine) as session:
        session.add_all([
            Source(id="a", title="Book A"), Source(id="b", title="Book B"),
            Section(id="a:1", source_id="a", locator="1", number="1", title="Chains"),
            Section(id="a:1.1", source_id="a", locator="1.1", number="1.1", title="Spell Speed",
                    parent_id="a:1"),
            Section(id="a:2", source_id="a", locator="2", number="2", title="Damage Step"),
            Section(id="b:chains", source_id="b", locator="chains", title="Chains"),
            Reference(section_id="a:2", raw="(See 1.1)", kind="section", target_id="a:1.1"),
            Reference(section_id="a:2", raw="YGOrg: \"Call of the Haunted\"", kind="ygorg", citation_id=1),
            RulingCitation(id=1, title='"Call of the Haunted"'),
            CitationCard(citation_id=1, card_id=10),
            Term(id="a:term:chain", source_id="a", term="Chain", section_id="a:1"),
            Term(id="b:term:chain", source_id="b", term="Chain", section_id="b:chains"),
            _card(10, "Call of the Haunted", 'Target 1 monster; Special Summon it. See "Monster Reborn".'),
            _card(11, "Monster Reborn"), _card(12, "Dark Hole"),
            CardMention(section_id="a:2", raw="Dark Hole", card_id=12),
            Ruling(id="r:1", source="test", region="TCG", answer="x"),
            Ruling(id="r:2", source="test", region="TCG", answer="y"),
            RulingCard(ruling_id="r:1", card_id=10, role="heading"),
            RulingCard(ruling_id="r:1", card_id=12, role="involved"),
            RulingCard(ruling_id="r:2", card_id=12, role="heading"),
            RulingSection(ruling_id="r:2", section_id="a:2", reason="damage-step: 'Damage Step'"),
            Conflict(id="c", topic="Chains", summary="A and B disagree"),
            ConflictSide(conflict_id="c", section_id="a:1", position="yes"),
            ConflictSide(conflict_id="c", section_id="b:chains", position="no"),
            TopicLink(section_a="a:1", section_b="b:chains", topic="chains"),
        ])
        session.commit()
        yield build_graph(session)


def _edges(G, u, v):
    return set(G[u][v]) if G.has_edge(u, v) else set()


def test_tiny_graph_has_every_typed_edge(tiny):
    G = tiny
    assert _edges(G, ("source", "a"), ("section", "a:1")) == {"contains"}
    assert _edges(G, ("section", "a:1"), ("section", "a:1.1")) == {"contains"}
    assert _edges(G, ("section", "a:2"), ("section", "a:1.1")) == {"refers_to"}
    assert _edges(G, ("section", "a:2"), ("citation", 1)) == {"refers_to"}
    assert _edges(G, ("citation", 1), ("card", 10)) == {"about"}
    assert _edges(G, ("section", "a:1"), ("term", "a:term:chain")) == {"defines"}
    assert _edges(G, ("section", "a:2"), ("card", 12)) == {"mentions"}
    assert _edges(G, ("ruling", "r:1"), ("card", 10)) == {"about"}
    assert _edges(G, ("ruling", "r:1"), ("card", 12)) == {"involves"}
    assert _edges(G, ("ruling", "r:2"), ("section", "a:2")) == {"about"}
    assert _edges(G, ("conflict", "c"), ("section", "b:chains")) == {"involves"}
    # symmetric relations are stored both ways
    for u, v in ((("section", "a:1"), ("section", "b:chains")), (("card", 10), ("card", 12))):
        assert _edges(G, u, v) & _edges(G, v, u)
    assert "conflicts_with" in _edges(G, ("section", "a:1"), ("section", "b:chains"))
    assert "same_topic" in _edges(G, ("section", "b:chains"), ("section", "a:1"))
    assert _edges(G, ("card", 10), ("card", 11)) == {"interacts_with"}  # the card text names it
    assert {d["type"] for *_e, d in G.edges(data=True)} == set(EDGE_TYPES)


def test_related_depth_and_kinds(tiny):
    G = tiny
    near = related(G, ("card", 12))
    assert {item["node"] for item in near} == {"section:a:2", "ruling:r:1", "ruling:r:2", "card:10"}
    by_node = {item["node"]: item for item in near}
    assert by_node["section:a:2"]["edge"] == "mentions" and by_node["section:a:2"]["direction"] == "in"
    assert all(item["distance"] == 1 for item in near)
    two = related(G, ("card", 12), kinds=["section"], depth=2)
    assert {item["node"] for item in two} == {"section:a:2", "section:a:1.1"}
    assert next(i for i in two if i["node"] == "section:a:1.1")["via"] == "section:a:2"


def test_related_does_not_walk_through_a_whole_book(tiny):
    reached = {item["node"] for item in related(tiny, ("section", "a:1"), depth=3)}
    assert "source:a" in reached
    assert "source:b" not in reached or "section:b:chains" in reached


def test_related_rejects_bad_arguments(tiny):
    with pytest.raises(NotFoundError):
        related(tiny, ("card", 999))
    with pytest.raises(ValueError, match="depth"):
        related(tiny, ("card", 12), depth=0)
    with pytest.raises(ValueError, match="unknown node kind"):
        related(tiny, ("card", 12), kinds=["planet"])


def test_explain_reads_as_typed_steps(tiny):
    steps = explain(tiny, ("card", 11), ("section", "a:1.1"))
    assert len(steps) == 4  # card 11 -> card 10 -> (citation 1 | card 12) -> a:2 -> a:1.1
    assert steps[0]["from"]["node"] == "card:11" and steps[-1]["to"]["node"] == "section:a:1.1"
    for first, second in zip(steps, steps[1:]):
        assert first["to"]["node"] == second["from"]["node"]
    assert all(s["text"] for s in steps)
    direct = explain(tiny, ("ruling", "r:2"), ("section", "a:2"))
    assert len(direct) == 1 and direct[0]["edge"] == "about" and direct[0]["direction"] == "forward"
    assert "is about" in direct[0]["text"] and "damage-step" in direct[0]["text"]
    back = explain(tiny, ("section", "a:2"), ("ruling", "r:2"))
    assert back[0]["direction"] == "backward" and "is the subject of" in back[0]["text"]
    assert explain(tiny, ("card", 10), ("card", 10)) == []


def test_parse_node_forms(tiny):
    G = tiny
    assert parse_node(G, "a:1.1") == ("section", "a:1.1")
    assert parse_node(G, "section:a:1.1") == ("section", "a:1.1")
    assert parse_node(G, "ruling:r:2") == ("ruling", "r:2")
    assert parse_node(G, "card:10") == ("card", 10)
    assert parse_node(G, "card:call of the haunted") == ("card", 10)
    assert parse_node(G, "term:a:term:chain") == ("term", "a:term:chain")
    assert parse_node(G, "term:b:Chain") == ("term", "b:term:chain")
    assert parse_node(G, "citation:1") == ("citation", 1)
    assert parse_node(G, "conflict:c") == ("conflict", "c")
    assert parse_node(G, "source:a") == ("source", "a")
    with pytest.raises(AmbiguousError) as ambiguous:
        parse_node(G, "term:chain")
    assert set(ambiguous.value.candidates) == {"term:a:term:chain", "term:b:term:chain"}


@pytest.mark.parametrize("text, suggestion", [("a:1.2", "a:1.1"), ("ruling:r:3", "ruling:r:2"),
                                              ("card:Dark Hoel", "card:12"), ("", None)])
def test_unknown_nodes_raise_not_found_with_suggestions(tiny, text, suggestion):
    with pytest.raises(NotFoundError) as error:
        parse_node(tiny, text)
    if suggestion:
        assert suggestion in error.value.suggestions
        assert repr(text.split(":", 1)[-1]) in str(error.value) or repr(text) in str(error.value)


def test_node_link_export_round_trips(tiny):
    nodes = [("card", 10), ("ruling", "r:1"), ("card", 12)]
    data = to_node_link(tiny, nodes)
    json.dumps(data)  # plain JSON types only
    assert {n["id"] for n in data["nodes"]} == {"card:10", "ruling:r:1", "card:12"}
    back = nx.node_link_graph(data, edges="edges")
    assert back.number_of_edges() == tiny.subgraph(nodes).number_of_edges()
    assert node_str(("section", "a:1")) == "section:a:1"


# ------------------------------------------------------------------------------ the real knowledge base


@pytest.fixture(scope="module")
def G(full_kb):
    return load_graph(full_kb)


def test_graph_size_is_recorded_by_the_build(G, session):
    info = {row.key: row.value for row in session.exec(select(BuildInfo)).all()}
    assert int(info["graph_nodes"]) == G.number_of_nodes()
    assert int(info["graph_edges"]) == G.number_of_edges()
    kinds = {node[0] for node in G}
    assert kinds == {"source", "section", "term", "card", "ruling", "conflict", "citation"}
    assert sum(1 for node in G if node[0] == "card") >= 14_000


def test_load_graph_is_cached(full_kb, G):
    assert load_graph(full_kb) is G


def test_a_card_and_its_rulings(G):
    call = parse_node(G, "card:Call of the Haunted")
    rulings = related(G, call, kinds=["ruling"])
    assert len(rulings) >= 16
    assert all(item["edge"] in ("about", "involves") for item in rulings)


def test_a_section_and_its_children_and_references(G):
    children = related(G, ("section", "community:1.2"), kinds=["section"])
    contained = {i["node"] for i in children if i["edge"] == "contains" and i["direction"] == "out"}
    assert "section:community:1.2.1" in contained
    refs = [(u, v) for u, v, k in G.edges(keys=True) if k == "refers_to" and u[0] == v[0] == "section"]
    assert refs
    u, v = refs[0]
    assert node_str(v) in {i["node"] for i in related(G, u, kinds=["section"])}


def test_explain_a_card_to_a_rule_section(G):
    steps = explain(G, parse_node(G, "card:Call of the Haunted"), ("section", "community:7.9.5"))
    assert steps and steps[-1]["to"]["node"] == "section:community:7.9.5"


def test_cli_related_and_path(full_kb):
    runner = CliRunner()
    result = runner.invoke(cli, ["--kb", str(full_kb), "related", "card:Call of the Haunted", "--kind",
                                 "ruling", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["node"]["label"] == "Call of the Haunted" and data["count"] >= 16
    result = runner.invoke(cli, ["--kb", str(full_kb), "path", "card:Call of the Haunted",
                                 "community:7.9.5", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["length"] >= 1
    readable = runner.invoke(cli, ["--kb", str(full_kb), "path", "card:Call of the Haunted",
                                   "community:7.9.5"])
    assert "step(s)" in readable.output
    table = runner.invoke(cli, ["--kb", str(full_kb), "related", "card:Call of the Haunted", "--kind",
                                "ruling", "--limit", "3"])
    assert table.exit_code == 0 and "ruling:goat:" in table.output  # ids printed as written


@pytest.mark.parametrize("args", [("related", "community:99.9"), ("related", "ruling:nope"),
                                  ("path", "card:Call of the Haunted", "term:zzzzqqq")])
def test_cli_unknown_nodes_exit_non_zero(full_kb, args):
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), *args, "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["type"] == "not_found"
