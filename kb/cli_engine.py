"""CLI commands of the engine: ``kb effects CARD`` and ``kb ask QUESTION`` / ``kb ask --batch FILE.jsonl``."""

from __future__ import annotations

import json
import sys

import click
from rich.panel import Panel

from . import engine
from .cli import as_kb_error, batch_lines, console, emit, fail, json_option, kb_path_of, read_options, show
from .db import session_scope
from .errors import KbError

__all__ = ["register"]


def _render_effects(data: dict) -> None:
    console.print(f"[bold]{data['card']}[/bold]: {len(data['effects'])} effect record(s)", highlight=False)
    for effect in data["effects"]:
        head = f"#{effect['index']} {effect['kind']}"
        if effect["spell_speed"]:
            head += f" · Spell Speed {effect['spell_speed']}"
        if effect["optional"] is not None:
            head += " · optional" if effect["optional"] else " · mandatory"
        if effect["when_if"]:
            head += f" · \"{effect['when_if']}\""
        lines = [effect["text"] or "(the card's activation)"]
        if effect["condition"]:
            cond = effect["condition"]
            lines.append("condition: " + "; ".join(
                [e.get("raw") or e["type"] for e in cond["events"]] + cond["state"] +
                ([f"turn: {cond['turn']}"] if cond["turn"] else []) +
                ([f"phases: {', '.join(cond['phases'])}"] if cond["phases"] else [])))
        if effect["cost"]:
            lines.append(f"cost: {effect['cost']}")
        if effect.get("target_text"):
            lines.append(f"target: {effect['target_text']}")
        lines.append(f"from: {', '.join(effect['locations']) or '-'} · targets: {'yes' if effect['targets'] else 'no'}"
                     f" · once per turn: {effect['once_per_turn'] or '-'}")
        if effect["categories"]:
            lines.append("does: " + ", ".join(effect["categories"]))
        if effect["unknown"]:
            lines.append("not understood: " + " | ".join(effect["unknown"]))
        console.print(Panel("\n".join(lines), title=head, title_align="left"), markup=False, highlight=False)


def _render_answer(answer: dict) -> None:
    console.print(f"[bold]{answer['answer']}[/bold]" + (f"  order: {', '.join(answer['order'])}"
                                                        if "order" in answer else ""), highlight=False)
    if answer.get("quote"):  # the rulebook sentence that most likely answers an undecided question
        console.print(f"\u201c{answer['quote']['text']}\u201d ({answer['quote']['id']})", markup=False,
                      highlight=False)
    console.print(answer["explanation"], markup=False, highlight=False)
    if answer.get("understood"):
        console.print(f"understood as: {answer['understood']}", markup=False, highlight=False)
    if answer.get("parsed"):
        console.print(f"parsed: {json.dumps(answer['parsed'])}", markup=False, highlight=False)
    for reading in answer.get("readings") or []:
        console.print(f"  possible reading: {reading['understood']}", markup=False, highlight=False)
    if answer.get("unused_words"):
        console.print(f"words not used: {' '.join(answer['unused_words'])}", markup=False, highlight=False)
    for step in answer["steps"]:
        console.print(f"  [{step['result']}] {step['check']}: {step['detail']}", markup=False, highlight=False)
        if step.get("quote"):
            console.print(f"      \u201c{step['quote']['text']}\u201d ({step['quote']['id']})", markup=False,
                          highlight=False)
        console.print(f"      cites: {', '.join(step['cites'])}", markup=False, highlight=False)
    for item in answer["assumed"]:
        console.print(f"  assumed: {item}", markup=False, highlight=False)
    details = answer.get("ruling_details")
    if details:
        console.print("  rulings:", markup=False, highlight=False)
        for detail in details:
            when = f", {detail['date']}" if detail.get("date") else ""
            console.print(f"    {detail['id']} ({detail['source']}{when}): {detail['excerpt']}", markup=False,
                          highlight=False)
    elif answer["rulings"]:
        console.print(f"  rulings: {', '.join(answer['rulings'])}", markup=False, highlight=False)


def _profile(session, card: tuple[str, ...]) -> dict:
    row = engine.questions.resolve(session, " ".join(card))
    return {"card": row.name, "id": row.id, "effects": engine.card_profile(session, row)}


def register(cli: click.Group) -> None:
    """Add the engine commands to the ``kb`` group."""

    @cli.command("effects")
    @click.argument("card", nargs=-1, required=True)
    @read_options
    def effects(ctx, card, as_json):
        """The effect profiles of CARD (name, nickname or passcode)."""
        show(ctx, as_json, lambda session: _profile(session, card), _render_effects)

    @cli.command("ask")
    @click.argument("question", nargs=-1)
    @click.option("--batch", "batch", type=click.File("rb"), default=None,
                  help="A JSONL file: one question per line; prints one answer per line.")
    @json_option
    @click.pass_context
    def ask(ctx, question, batch, as_json):
        """Answer a scenario QUESTION: JSON ('{"ask": "chain", ...}') or plain language."""
        kb_path = kb_path_of(ctx)
        if batch is not None:
            if question:
                raise click.UsageError("give either QUESTION or --batch, not both")
            sys.exit(_batch(kb_path, batch))
        if not question:
            raise click.UsageError("missing QUESTION (or --batch FILE)")
        text = " ".join(question)
        as_json = as_json or text.lstrip().startswith("{")
        try:
            with session_scope(kb_path) as session:
                answer = engine.ask(session, text, kb_path=kb_path)
        except Exception as exc:  # noqa: BLE001 - errors of the input or environment are reported
            error = as_kb_error(exc)
            if error is None:
                raise
            fail(error, as_json)
        emit(answer, as_json, _render_answer)


def _batch(kb_path, handle) -> int:
    """Answer every line of a JSONL file; an error object for a bad line (not UTF-8, not JSON, nested too
    deeply, a bad question) and on with the next; exit 1 if any line failed."""
    failed = 0
    with session_scope(kb_path) as session:
        for number, question in batch_lines(handle):
            try:
                if isinstance(question, KbError):
                    raise question
                if isinstance(question, dict) and "q" in question and "ask" not in question:
                    question = question["q"]  # eval-style lines {"id", "q", "expect"}
                answer = engine.ask(session, question, kb_path=kb_path)
            except Exception as exc:  # noqa: BLE001 - errors of the input are reported per line
                error = as_kb_error(exc)
                if error is None:
                    raise
                failed += 1
                answer = error.to_dict()
                answer["error"]["line"] = number
            click.echo(json.dumps(answer, ensure_ascii=False))
    return 1 if failed else 0
