"""The graph of rules, cards, rulings and their links (networkx), and queries over it.

Nodes are ``(kind, id)`` tuples, kinds in :data:`NODE_KINDS`: ``("section", "community:7.9.5")``,
``("card", 4861)``, ``("ruling", "goat:120")``, ``("term", "md:term:destroy")``, ``("source", "md")``,
``("conflict", "damage-step-activations")``, ``("citation", 17)``.  Each node has the attributes ``kind``
and ``label`` (a title or name to print).  Edges carry ``type`` (one of :data:`EDGE_TYPES`, also used as
the multigraph key) and sometimes ``detail``:

============== ==================================================================================
contains       source → top-level section, section → child section
refers_to      section → section it cross-references, section → ruling it cites by title
defines        section → glossary term it defines
mentions       section → card it names
about          ruling → card it is filed under, ruling → rule section of its topic,
               cited ruling → card its title names
involves       ruling → other card it involves; conflict → section on one of its sides
conflicts_with section ↔ section on the other side of a curated conflict
same_topic     section ↔ section of another book treating the same topic
interacts_with card ↔ card (both named in one ruling, or one card's text names the other)
============== ==================================================================================

Symmetric relations are stored in both directions.  Functions take the graph first and return plain
lists and dicts (networkx style); :func:`load_graph` reads the graph the build wrote into the knowledge
base directory (``graph.pickle``) and caches it per process.
"""

from __future__ import annotations

import pickle
import re
from collections import defaultdict, deque
from itertools import combinations
from pathlib import Path

import networkx as nx
from rapidfuzz import fuzz, process
from sqlmodel import Session, select

from .config import default_kb_path
from .db import STORE_FILE, session_scope
from .errors import AmbiguousError, NotFoundError
from .models import (BuildInfo, Card, CardMention, CitationCard, Conflict, ConflictSide, Reference,
                     Ruling, RulingCard, RulingCitation, RulingSection, Section, Source, Term, TopicLink)
from .text import name_key
from .version_cache import VersionCache, store_stamp

__all__ = [
    "NODE_KINDS",
    "EDGE_TYPES",
    "GRAPH_FILE",
    "build_graph",
    "write_graph",
    "load_graph",
    "clear_cache",
    "node_str",
    "parse_node",
    "describe_node",
    "related",
    "explain",
    "to_node_link",
]

NODE_KINDS = ("source", "section", "term", "card", "ruling", "conflict", "citation")
EDGE_TYPES = ("contains", "refers_to", "defines", "mentions", "about", "involves", "conflicts_with",
              "same_topic", "interacts_with")
SYMMETRIC = frozenset({"conflicts_with", "same_topic", "interacts_with"})
GRAPH_FILE = "graph.pickle"

# How a step along an edge reads, forwards and backwards.
EDGE_PHRASES = {
    "contains": ("contains", "is part of"),
    "refers_to": ("refers to", "is referred to by"),
    "defines": ("defines", "is defined in"),
    "mentions": ("mentions", "is mentioned in"),
    "about": ("is about", "is the subject of"),
    "involves": ("involves", "is involved in"),
    "conflicts_with": ("conflicts with", "conflicts with"),
    "same_topic": ("treats the same topic as", "treats the same topic as"),
    "interacts_with": ("interacts with", "interacts with"),
}

# A ruling naming more cards than this is a list, not an interaction between each pair of them.
MAX_INTERACTION_CARDS = 8


# --------------------------------------------------------------------------------------- building


def _snippet(text: str, width: int = 90) -> str:
    """The start of a text on one line, cut at a word boundary."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + " …"


def _add_edge(G: nx.MultiDiGraph, u, v, type_: str, **attrs) -> None:
    if u == v or u not in G or v not in G:
        return
    if G.has_edge(u, v, key=type_):
        data = G.edges[u, v, type_]
        data["count"] = data.get("count", 1) + 1
        return
    G.add_edge(u, v, key=type_, type=type_, **attrs)
    if type_ in SYMMETRIC and not G.has_edge(v, u, key=type_):
        G.add_edge(v, u, key=type_, type=type_, **attrs)


def build_graph(session: Session) -> nx.MultiDiGraph:
    """Build the graph of every source, section, term, card, ruling, conflict and cited ruling in the
    store, with the typed edges listed in the module docstring."""
    G = nx.MultiDiGraph()
    for source in session.exec(select(Source)).all():
        G.add_node(("source", source.id), kind="source", label=source.title)
    sections = session.exec(select(Section.id, Section.source_id, Section.number, Section.title,
                                    Section.parent_id)).all()
    for sid, source_id, number, title, _parent in sections:
        label = f"{number} {title}".strip() if number else title
        G.add_node(("section", sid), kind="section", label=label, source=source_id)
    for term in session.exec(select(Term.id, Term.term, Term.source_id)).all():
        G.add_node(("term", term[0]), kind="term", label=term[1], source=term[2])
    for card_id, name in session.exec(select(Card.id, Card.name)).all():
        G.add_node(("card", card_id), kind="card", label=name)
    for rid, source, region, title, question, answer in session.exec(
            select(Ruling.id, Ruling.source, Ruling.region, Ruling.title, Ruling.question,
                   Ruling.answer)).all():
        G.add_node(("ruling", rid), kind="ruling", label=_snippet(title or question or answer or rid),
                   source=source, region=region)
    for cid, topic, summary in session.exec(select(Conflict.id, Conflict.topic, Conflict.summary)).all():
        G.add_node(("conflict", cid), kind="conflict", label=topic, summary=summary)
    for cid, kind, title in session.exec(select(RulingCitation.id, RulingCitation.kind,
                                                RulingCitation.title)).all():
        G.add_node(("citation", cid), kind="citation", label=title, citation_kind=kind)

    for sid, source_id, _number, _title, parent in sections:
        parent_node = ("section", parent) if parent else ("source", source_id)
        _add_edge(G, parent_node, ("section", sid), "contains")
    for section_id, target, citation, raw in session.exec(
            select(Reference.section_id, Reference.target_id, Reference.citation_id, Reference.raw)).all():
        if target:
            _add_edge(G, ("section", section_id), ("section", target), "refers_to", detail=raw[:200])
        if citation is not None:
            _add_edge(G, ("section", section_id), ("citation", citation), "refers_to", detail=raw[:200])
    for term_id, section_id in session.exec(select(Term.id, Term.section_id)).all():
        if section_id:
            _add_edge(G, ("section", section_id), ("term", term_id), "defines")
    for section_id, card_id in session.exec(select(CardMention.section_id, CardMention.card_id)
                                            .where(CardMention.card_id.is_not(None))).all():
        _add_edge(G, ("section", section_id), ("card", card_id), "mentions")

    cards_of_ruling = defaultdict(list)
    for ruling_id, card_id, role in session.exec(select(RulingCard.ruling_id, RulingCard.card_id,
                                                        RulingCard.role)).all():
        cards_of_ruling[ruling_id].append(card_id)
        _add_edge(G, ("ruling", ruling_id), ("card", card_id), "about" if role == "heading" else "involves")
    for ruling_id, section_id, reason in session.exec(select(RulingSection.ruling_id,
                                                             RulingSection.section_id,
                                                             RulingSection.reason)).all():
        _add_edge(G, ("ruling", ruling_id), ("section", section_id), "about", detail=reason)
    for citation_id, card_id in session.exec(select(CitationCard.citation_id, CitationCard.card_id)).all():
        _add_edge(G, ("citation", citation_id), ("card", card_id), "about")

    sides = defaultdict(list)
    for conflict_id, section_id, position in session.exec(
            select(ConflictSide.conflict_id, ConflictSide.section_id, ConflictSide.position)).all():
        sides[conflict_id].append(section_id)
        _add_edge(G, ("conflict", conflict_id), ("section", section_id), "involves", detail=position)
    for conflict_id, section_ids in sides.items():
        for a, b in combinations(sorted(section_ids), 2):
            _add_edge(G, ("section", a), ("section", b), "conflicts_with", detail=conflict_id)
    for a, b, topic in session.exec(select(TopicLink.section_a, TopicLink.section_b, TopicLink.topic)).all():
        _add_edge(G, ("section", a), ("section", b), "same_topic", detail=topic)

    for ruling_id, card_ids in sorted(cards_of_ruling.items()):
        distinct = sorted(set(card_ids))
        if 2 <= len(distinct) <= MAX_INTERACTION_CARDS:
            for a, b in combinations(distinct, 2):
                _add_edge(G, ("card", a), ("card", b), "interacts_with", detail=f"ruling:{ruling_id}")
    _add_text_interactions(G, session)
    return G


def _add_text_interactions(G: nx.MultiDiGraph, session: Session) -> None:
    """card ↔ card when one card's text names another card in quotes."""
    from .card_names import quoted_spans  # one definition of "a quoted name"

    by_key = {}
    for card_id, key in session.exec(select(Card.id, Card.name_key)).all():
        by_key.setdefault(key, card_id)
    for card_id, text, pendulum in session.exec(select(Card.id, Card.text, Card.pendulum_text)).all():
        for span in quoted_spans(f"{text}\n{pendulum}"):
            other = by_key.get(name_key(span))
            if other is not None and other != card_id:
                _add_edge(G, ("card", card_id), ("card", other), "interacts_with", detail="card text")


def write_graph(ctx) -> None:
    """Build step ``graph``: build the graph from the new store, save it into the knowledge base
    directory and record its size (``graph_nodes``, ``graph_edges``) in ``BuildInfo``."""
    session: Session = ctx.session
    session.commit()
    G = build_graph(session)
    with open(Path(ctx.kb_dir) / GRAPH_FILE, "wb") as handle:
        pickle.dump(G, handle, protocol=pickle.HIGHEST_PROTOCOL)
    for key, value in (("graph_nodes", G.number_of_nodes()), ("graph_edges", G.number_of_edges())):
        existing = session.get(BuildInfo, key)
        if existing:
            existing.value = str(value)
            session.add(existing)
        else:
            session.add(BuildInfo(key=key, value=str(value)))
    session.commit()
    ctx.log(f"graph: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges")


_CACHE: VersionCache[nx.MultiDiGraph] = VersionCache()  # one graph per knowledge base (the current version)


def _read_graph(kb_dir: Path) -> nx.MultiDiGraph:
    saved = kb_dir / GRAPH_FILE
    if saved.exists():
        with open(saved, "rb") as handle:
            G = pickle.load(handle)
    else:
        with session_scope(kb_dir) as session:
            G = build_graph(session)
    G.graph["kb_path"] = str(kb_dir)
    return G


def load_graph(kb_path: Path | str | None = None) -> nx.MultiDiGraph:
    """The graph of a built knowledge base: read from its ``graph.pickle`` (or built from the store when
    the build wrote none), cached per process until the store changes; loading a new version of a
    knowledge base drops the previous version's graph (see :class:`kb.version_cache.VersionCache`)."""
    kb_dir = Path(kb_path or default_kb_path()).resolve()
    return _CACHE.get(kb_dir, store_stamp(kb_dir / STORE_FILE), lambda: _read_graph(kb_dir))


def clear_cache() -> None:
    """Forget every graph :func:`load_graph` has cached."""
    _CACHE.clear()


# --------------------------------------------------------------------------------------- nodes


def node_str(node: tuple) -> str:
    """The written form of a node: ``"card:4861"``, ``"section:community:7.9.5"``."""
    kind, ident = node
    return f"{kind}:{ident}"


def describe_node(G: nx.MultiDiGraph, node: tuple) -> dict:
    """A node as a plain dict: ``node`` (written form), ``kind``, ``id``, ``label``."""
    data = G.nodes[node]
    out = {"node": node_str(node), "kind": node[0], "id": node[1], "label": data.get("label", "")}
    if "source" in data:
        out["source"] = data["source"]
    return out


def _suggest(G: nx.MultiDiGraph, kind: str, text: str, limit: int = 5) -> list[str]:
    choices = {}
    for node, data in G.nodes(data=True):
        if node[0] == kind:
            choices[node_str(node)] = str(node[1])
            if kind in ("card", "term") and data.get("label"):
                choices[f"{node_str(node)} {data['label']}"] = data["label"]
    if not choices:
        return []
    keys = list(choices)
    found = process.extract(text, [choices[k] for k in keys], scorer=fuzz.WRatio, limit=limit * 2)
    out = []
    for _match, score, pos in found:
        written = keys[pos].split(" ", 1)[0]
        if score >= 60 and written not in out:
            out.append(written)
    return out[:limit]


def _card_node(G: nx.MultiDiGraph, text: str, session: Session | None) -> tuple:
    if text.isdigit() and ("card", int(text)) in G:
        return ("card", int(text))
    try:
        from .cards import resolve_card
    except ImportError:  # pragma: no cover - the cards layer is part of the project
        resolve_card = None
    if resolve_card is not None and (session is not None or G.graph.get("kb_path")):
        if session is not None:
            card = resolve_card(session, text)
        else:
            with session_scope(G.graph["kb_path"]) as own:
                card = resolve_card(own, text)
        return ("card", card.id)
    key = name_key(text)
    matches = [n for n, d in G.nodes(data=True) if n[0] == "card" and name_key(d.get("label", "")) == key]
    if len(matches) == 1:
        return matches[0]
    raise NotFoundError(f"unknown card {text!r}", suggestions=_suggest(G, "card", text))


def _term_node(G: nx.MultiDiGraph, text: str) -> tuple:
    if ("term", text) in G:
        return ("term", text)
    source, _, rest = text.partition(":")
    books = {n[1] for n in G if n[0] == "source"}
    key = name_key(rest if source in books and rest else text)
    matches = []
    for node, data in G.nodes(data=True):
        if node[0] != "term":
            continue
        if source in books and rest and data.get("source") != source:
            continue
        names = [name_key(p) for p in re.split(r"\s*/\s*", data.get("label", ""))] + \
                [name_key(data.get("label", ""))]
        if key in names:
            matches.append(node)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise AmbiguousError(f"term {text!r} is defined in several books; name one as "
                             f"term:<book>:{text}", candidates=sorted(node_str(m) for m in matches))
    raise NotFoundError(f"unknown term {text!r}", suggestions=_suggest(G, "term", text))


def parse_node(G: nx.MultiDiGraph, text: str, session: Session | None = None) -> tuple:
    """Read a node as a user writes it: a section id (``community:7.9.5``), ``card:<name or id>``
    (names resolved with :func:`kb.cards.resolve_card`), ``ruling:<id>``, ``term:<term or id>``
    (``term:<book>:<term>`` when several books define it), ``source:<id>``, ``conflict:<id>``,
    ``citation:<id>`` or ``section:<id>``.

    :raises NotFoundError: for a node that is not in the graph, with close matches as suggestions.
    :raises AmbiguousError: for a card name or term that names several nodes about equally well.
    """
    text = (text or "").strip()
    if not text:
        raise NotFoundError("empty node: write a section id, card:<name>, ruling:<id> or term:<term>")
    kind, sep, rest = text.partition(":")
    kind = kind.lower()
    if sep and kind in NODE_KINDS:
        rest = rest.strip()
        if kind == "card":
            return _card_node(G, rest, session)
        if kind == "term":
            return _term_node(G, rest)
        ident: object = int(rest) if kind == "citation" and rest.isdigit() else rest
        if (kind, ident) in G:
            return (kind, ident)
        raise NotFoundError(f"unknown {kind} {rest!r}", suggestions=_suggest(G, kind, rest))
    if ("section", text) in G:
        return ("section", text)
    if ("source", text) in G:
        return ("source", text)
    book = text.split(":", 1)[0]
    pool = [node_str(n) for n in G if n[0] == "section" and str(n[1]).startswith(book + ":")] or \
        [node_str(n) for n in G if n[0] == "section"]
    suggestions = [m.split(":", 1)[1] for m, score, _ in
                   process.extract("section:" + text, pool, scorer=fuzz.ratio, limit=5) if score >= 60]
    raise NotFoundError(f"unknown node {text!r} (write a section id, card:<name>, ruling:<id> or "
                        f"term:<term>)", suggestions=suggestions)


# --------------------------------------------------------------------------------------- queries


def _neighbours(G: nx.MultiDiGraph, node: tuple):
    """(neighbour, edge type, direction, detail) over out- and in-edges."""
    for _u, v, key, data in G.out_edges(node, keys=True, data=True):
        yield v, key, "out", data.get("detail")
    for u, _v, key, data in G.in_edges(node, keys=True, data=True):
        if key in SYMMETRIC:
            continue  # already seen as an out-edge
        yield u, key, "in", data.get("detail")


def related(G: nx.MultiDiGraph, node: tuple, kinds=None, depth: int = 1, *,
            limit: int | None = None) -> list[dict]:
    """The nodes within ``depth`` steps of ``node`` (edges followed both ways), nearest first.

    Each item is :func:`describe_node` plus ``distance``, ``edge`` (the type of the edge that reached it),
    ``direction`` (``out`` when that edge points away from the start side) , ``via`` (the node it was
    reached from) and ``detail`` (the edge's note, e.g. the reason of a ruling↔section link).  Source
    nodes are not walked through (a whole book is no relation).  ``kinds`` keeps only nodes of those
    kinds in the answer (the walk still passes through the others).

    :raises NotFoundError: when ``node`` is not in the graph.
    :raises ValueError: for a depth below 1 or an unknown kind.
    """
    if node not in G:
        raise NotFoundError(f"unknown node {node_str(node)!r}")
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    wanted = set([kinds] if isinstance(kinds, str) else kinds or NODE_KINDS)
    unknown = wanted - set(NODE_KINDS)
    if unknown:
        raise ValueError(f"unknown node kind(s) {sorted(unknown)!r}; known: {', '.join(NODE_KINDS)}")
    seen = {node: 0}
    queue = deque([node])
    found = []
    while queue:
        current = queue.popleft()
        distance = seen[current]
        if distance >= depth or (current[0] == "source" and current != node):
            continue
        for other, edge, direction, detail in sorted(_neighbours(G, current), key=lambda t: (
                EDGE_TYPES.index(t[1]), NODE_KINDS.index(t[0][0]), str(t[0][1]))):
            if other in seen:
                continue
            seen[other] = distance + 1
            queue.append(other)
            if other[0] in wanted:
                item = describe_node(G, other)
                item.update(distance=distance + 1, edge=edge, direction=direction,
                            via=node_str(current), detail=detail)
                found.append(item)
    return found[:limit] if limit else found


def explain(G: nx.MultiDiGraph, a: tuple, b: tuple) -> list[dict]:
    """The shortest typed path from ``a`` to ``b`` as readable steps (``[]`` when none connects them).

    Paths through a source node (a whole book) are taken only when no other path exists.

    Each step has ``from``, ``to`` (described nodes), ``edge`` (type), ``direction`` (``forward`` when
    the stored edge points from ``from`` to ``to``), ``detail`` and ``text``, e.g.
    ``"ruling goat:120 'Call of the Haunted ruling' is about card 'Call of the Haunted'"``.

    :raises NotFoundError: when ``a`` or ``b`` is not in the graph.
    """
    for node in (a, b):
        if node not in G:
            raise NotFoundError(f"unknown node {node_str(node)!r}")
    if a == b:
        return []
    undirected = G.to_undirected(as_view=True)
    # a step through a whole book says nothing: look for a path avoiding source nodes first
    no_books = nx.subgraph_view(undirected, filter_node=lambda n: n[0] != "source" or n in (a, b))
    try:
        path = nx.bidirectional_shortest_path(no_books, a, b)
    except nx.NetworkXNoPath:
        try:
            path = nx.bidirectional_shortest_path(undirected, a, b)
        except nx.NetworkXNoPath:
            return []
    steps = []
    for u, v in zip(path, path[1:]):
        if G.has_edge(u, v):
            key, data, direction = *min(G[u][v].items(), key=lambda kv: EDGE_TYPES.index(kv[0])), "forward"
        else:
            key, data, direction = *min(G[v][u].items(), key=lambda kv: EDGE_TYPES.index(kv[0])), "backward"
        phrase = EDGE_PHRASES[key][0 if direction == "forward" else 1]
        start, end = describe_node(G, u), describe_node(G, v)
        text = f"{u[0]} {start['label']!r} {phrase} {v[0]} {end['label']!r}"
        if data.get("detail"):
            text += f" ({data['detail']})"
        steps.append({"from": start, "to": end, "edge": key, "direction": direction,
                      "detail": data.get("detail"), "text": text})
    return steps


def to_node_link(G: nx.MultiDiGraph, nodes=None) -> dict:
    """Node-link JSON of the graph (or of the subgraph on ``nodes``), node ids in written form
    (``"card:4861"``), readable back with ``networkx.node_link_graph(data, edges="edges")``."""
    sub = G.subgraph(nodes) if nodes is not None else G
    out_nodes = []
    for node, data in sub.nodes(data=True):
        item = {"id": node_str(node), "kind": node[0], "key": node[1]}
        item.update({k: v for k, v in data.items() if k != "kind"})
        out_nodes.append(item)
    edges = []
    for u, v, key, data in sub.edges(keys=True, data=True):
        item = {"source": node_str(u), "target": node_str(v), "key": key}
        item.update(data)
        edges.append(item)
    return {"directed": True, "multigraph": True, "graph": {}, "nodes": out_nodes, "edges": edges}
