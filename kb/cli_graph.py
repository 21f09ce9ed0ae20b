"""``kb related`` and ``kb path``: the graph of rules, cards and rulings on the command line.

NODE is a section id (``community:7.9.5``), ``card:<name or id>``, ``ruling:<id>``, ``term:<term>``
(``term:<book>:<term>`` when several books define it), ``conflict:<id>``, ``citation:<id>`` or
``source:<id>``.
"""

from __future__ import annotations

import click
from rich.table import Table
from rich.text import Text

from . import graph
from .cli import console, emit, json_option, kb_command, kb_path_of
from .db import session_scope
from .errors import NotFoundError

__all__ = ["register"]


def _load(ctx):
    kb_path = kb_path_of(ctx)
    return kb_path, graph.load_graph(kb_path)


def _parse(G, kb_path, text):
    with session_scope(kb_path) as session:
        return graph.parse_node(G, text, session)


@click.command("related")
@click.argument("node")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(graph.NODE_KINDS),
              help="Only nodes of this kind (repeatable).")
@click.option("--depth", type=click.IntRange(1, 4), default=1, show_default=True,
              help="How many steps away.")
@click.option("--limit", type=click.IntRange(1), default=None, help="At most this many nodes.")
@json_option
@click.pass_context
@kb_command
def related_command(ctx, node, kinds, depth, limit, as_json):
    """Records linked to NODE: a section's children, references, cards and same-topic sections; a
    card's rulings, mentions and interacting cards; ..."""
    kb_path, G = _load(ctx)
    start = _parse(G, kb_path, node)
    items = graph.related(G, start, kinds=list(kinds) or None, depth=depth, limit=limit)
    data = {"node": graph.describe_node(G, start), "depth": depth, "count": len(items), "related": items}

    def render(d):
        head = d["node"]
        table = Table(title=Text(f"{head['kind']} {head['label']} ({head['node']}): {d['count']} related"))
        for column in ("dist", "edge", "node", "label"):
            table.add_column(column)
        for item in d["related"]:
            arrow = item["edge"] if item["direction"] == "out" else f"← {item['edge']}"
            table.add_row(str(item["distance"]), arrow, Text(item["node"]), Text(str(item["label"])[:70]))
        console.print(table)

    emit(data, as_json, render)


@click.command("path")
@click.argument("a")
@click.argument("b")
@json_option
@click.pass_context
@kb_command
def path_command(ctx, a, b, as_json):
    """The shortest chain of links from A to B, step by step."""
    kb_path, G = _load(ctx)
    start, end = _parse(G, kb_path, a), _parse(G, kb_path, b)
    steps = graph.explain(G, start, end)
    if not steps and start != end:
        raise NotFoundError(f"no path links {graph.node_str(start)} and {graph.node_str(end)}")
    data = {"from": graph.describe_node(G, start), "to": graph.describe_node(G, end),
            "length": len(steps), "steps": steps}

    def render(d):
        console.print(Text(f"{d['from']['label']} → {d['to']['label']}: {d['length']} step(s)",
                           style="bold"))
        for number, step in enumerate(d["steps"], 1):
            console.print(Text(f"  {number}. {step['text']}"))

    emit(data, as_json, render)


def register(cli) -> None:
    """Add ``related`` and ``path`` to the ``kb`` command group."""
    cli.add_command(related_command)
    cli.add_command(path_command)
