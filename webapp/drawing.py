"""Server-side layout of the two pictures the pages draw: a node's graph neighbourhood (inline SVG) and
a chain as a stack of links.  Pure geometry and labels: the data comes from :mod:`kb.views` and the
engine's answer; the templates turn these dicts into markup (autoescaped).
"""

from __future__ import annotations

import math

from flask import url_for

__all__ = ["KIND_ORDER", "chain_stack", "neighbourhood_drawing", "node_href"]

WIDTH = HEIGHT = 700
RING = 150  # radius of the ring of neighbours; labels run outwards along the radius
LABEL_CHARS = 26
KIND_ORDER = ("section", "ruling", "card", "term", "conflict", "citation", "source")


def node_href(node: dict) -> str | None:
    """The page of a graph node (as :func:`kb.graph.describe_node` describes it), when it has one."""
    kind, ident = node["kind"], node["id"]
    if kind == "card":
        return url_for("pages.card", card_id=int(ident))
    if kind == "section":
        return url_for("pages.section", section_id=str(ident))
    if kind == "ruling":
        return url_for("pages.ruling", ruling_id=str(ident))
    if kind == "source":
        return url_for("pages.toc", source_id=str(ident))
    if kind == "conflict":
        return url_for("pages.conflicts") + "#" + str(ident)
    if kind in ("term", "citation"):
        return url_for("pages.search", q=node.get("label") or str(ident))
    return None


def _short(label: str) -> str:
    label = " ".join(str(label or "").split())
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def neighbourhood_drawing(neighbourhood: dict | None) -> dict | None:
    """Positions for an SVG star of a node and its neighbours, grouped by kind around the ring.

    Returns ``{"width", "height", "center", "nodes", "edges", "legend", "shown", "total"}`` where each
    node has ``x``, ``y``, ``label`` (shortened), ``title`` (full), ``kind``, ``href``, and the label's
    placement: ``lx``, ``ly``, ``rotate`` (degrees, about the label's start) and ``anchor`` (labels run
    outwards along the radius, so neighbours never overprint each other); None when there is nothing to
    draw.
    """
    if not neighbourhood or not neighbourhood.get("data"):
        return None
    cx, cy = WIDTH / 2, HEIGHT / 2
    center = dict(neighbourhood["node"], x=cx, y=cy, label=_short(neighbourhood["node"].get("label")),
                  title=neighbourhood["node"].get("label") or neighbourhood["node"]["node"])
    items = sorted(neighbourhood["data"], key=lambda n: (
        KIND_ORDER.index(n["kind"]) if n["kind"] in KIND_ORDER else len(KIND_ORDER), n["distance"]))
    positions: dict[str, tuple[float, float]] = {center["node"]: (cx, cy)}
    nodes, count = [], len(items)
    for index, item in enumerate(items):
        angle = -math.pi / 2 + 2 * math.pi * index / count
        x, y = cx + RING * math.cos(angle), cy + RING * math.sin(angle)
        positions[item["node"]] = (x, y)
        lx, ly = cx + (RING + 11) * math.cos(angle), cy + (RING + 11) * math.sin(angle)
        degrees = math.degrees(angle)
        left = math.cos(angle) < -1e-9
        nodes.append({"x": round(x, 1), "y": round(y, 1), "kind": item["kind"],
                      "lx": round(lx, 1), "ly": round(ly, 1), "anchor": "end" if left else "start",
                      "rotate": round(degrees + 180 if left else degrees, 1),
                      "label": _short(item.get("label") or str(item["id"])),
                      "title": f"{item['kind']} {item['id']}: {item.get('label') or ''} ({item['edge']})",
                      "href": node_href(item), "edge": item["edge"]})
    edges = []
    for item, node in zip(items, nodes):
        start = positions.get(item.get("via") or center["node"], (cx, cy))
        edges.append({"x1": round(start[0], 1), "y1": round(start[1], 1), "x2": node["x"], "y2": node["y"],
                      "type": item["edge"]})
    legend = [{"kind": kind, "count": neighbourhood["counts"].get(kind, 0)}
              for kind in KIND_ORDER if kind in neighbourhood.get("counts", {})]
    return {"width": WIDTH, "height": HEIGHT, "center": center, "nodes": nodes, "edges": edges,
            "legend": legend, "shown": len(nodes), "total": neighbourhood.get("total", len(nodes))}


def _link_name(item) -> str:
    if isinstance(item, dict):
        return str(item.get("card") or item.get("name") or "")
    return str(item)


def _is_generic(item) -> bool:
    return isinstance(item, dict) and "class" in item


def _link_controller(item) -> str:
    return str(item.get("controller") or "") if isinstance(item, dict) else ""


def chain_stack(question: dict, answer: dict) -> list[dict]:
    """The chain as a stack, top link first: the links already on the chain (``to``) and, on top, the
    card asked about with the verdict.  Each link has ``number``, ``card`` (the engine's resolved name
    where it gives one), ``controller`` (as asked; blank when not given), ``asked``, ``href``.
    """
    resolved = answer.get("resolved") or {}
    asked_links = question.get("to")
    asked_links = asked_links if isinstance(asked_links, list) else [asked_links]
    resolved_links = resolved.get("to")
    if resolved_links is not None and not isinstance(resolved_links, list):
        resolved_links = [resolved_links]
    if not resolved_links or len(resolved_links) != len(asked_links):
        resolved_links = asked_links
    links = [{"number": number, "card": _link_name(link), "controller": _link_controller(asked),
              "asked": False, "named": not _is_generic(asked)}
             for number, (link, asked) in enumerate(zip(resolved_links, asked_links), start=1)]
    links.append({"number": len(links) + 1, "card": _link_name(resolved.get("card") or question["card"]),
                  "controller": str(question.get("controller") or ""), "asked": True,
                  "verdict": answer.get("answer"), "named": not _is_generic(question.get("card"))})
    for link in links:  # a generic card ("a Counter Trap Card") has no page
        named = link.pop("named")
        link["href"] = url_for("pages.card_lookup", name=link["card"]) if link["card"] and named else None
    return list(reversed(links))
