"""CLI commands for cards: ``kb card QUERY``, ``kb rulings CARD`` and ``kb complete PREFIX``."""

from __future__ import annotations

import click
from rich.panel import Panel
from rich.table import Table

from . import cards
from .cli import console, read_options, show

__all__ = ["register"]


def _stats_line(card: dict) -> str:
    """The monster line of a card as printed: ``DARK Spellcaster / Normal  Level 7  ATK 2500 / DEF 2100``."""
    if card["card_type"] != "Monster":
        return f"{card['property'] or 'Normal'} {card['card_type']}"
    parts = [f"{card['attribute'] or ''} {' / '.join([card['monster_type'] or ''] + card['abilities'])}"]
    for label, key in (("Level", "level"), ("Rank", "rank"), ("Link", "link_rating"), ("Scale", "scale")):
        if card[key] is not None:
            parts.append(f"{label} {card[key]}")
    if card["link_arrows"]:
        parts.append("arrows " + ", ".join(card["link_arrows"]))
    stats = f"ATK {card['atk']}" + (f" / DEF {card['def']}" if card["link_rating"] is None else "")
    return "  ".join(parts + [stats])


def _render_card(card: dict) -> None:
    body = [_stats_line(card)]
    if card["pendulum_text"]:
        body += ["", "[Pendulum Effect] " + card["pendulum_text"]]
    body += ["", card["text"]]
    ids = f"id {card['id']}" + (f" · passcode {', '.join(map(str, card['passwords']))}"
                                if card["passwords"] else "")
    limits = f"TCG {card['limits']['tcg'] or '-'} · OCG {card['limits']['ocg'] or '-'}"
    body += ["", f"{ids} · {limits}"]
    if card["series"]:
        body.append("series: " + ", ".join(card["series"]))
    title = card["name"] + (f"  ({card['name_ja']})" if card["name_ja"] else "")
    console.print(Panel("\n".join(body), title=title, title_align="left"), markup=False, highlight=False)


def _render_rulings(data: dict) -> None:
    console.print(f"[bold]{data['card']}[/bold]: {len(data['rulings'])} rulings", highlight=False)
    for ruling in data["rulings"]:
        label = " · ".join(x for x in (ruling["region"], ruling["kind"], ruling["date"] or "", ruling["id"])
                           if x)
        text = ruling["answer"] if not ruling["question"] else f"Q: {ruling['question']}\nA: {ruling['answer']}"
        console.print(Panel(text, title=label, title_align="left"), markup=False, highlight=False)


def _found(session, query: tuple[str, ...]):
    return cards.resolve_card(session, " ".join(query))


def _card_rulings(session, found) -> dict:
    return {"card": found.name, "card_id": found.id, "rulings": cards.card_rulings(session, found.id)}


def _render_names(names: list) -> None:
    table = Table(show_header=False)
    for name in names:
        table.add_row(name)
    console.print(table)


def register(cli: click.Group) -> None:
    """Add the card commands to the ``kb`` group."""

    @cli.command("card")
    @click.argument("query", nargs=-1, required=True)
    @read_options
    def card_command(ctx, query, as_json):
        """Look up a card by name, nickname, passcode or Konami id (typos welcome)."""
        show(ctx, as_json, lambda session: cards.get_card(session, _found(session, query).id), _render_card)

    @cli.command("rulings")
    @click.argument("query", nargs=-1, required=True)
    @read_options
    def rulings_command(ctx, query, as_json):
        """The rulings about one card (legacy TCG rulings, OCG Q&As and FAQs)."""
        show(ctx, as_json, lambda session: _card_rulings(session, _found(session, query)), _render_rulings)

    @cli.command("complete")
    @click.argument("prefix", nargs=-1, required=True)
    @click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100))
    @read_options
    def complete_command(ctx, prefix, limit, as_json):
        """Card names for a partly typed name."""
        show(ctx, as_json, lambda session: cards.autocomplete(session, " ".join(prefix), limit), _render_names)
