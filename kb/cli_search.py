"""``kb search``: full-text search from the command line (one query, or a JSON-lines batch)."""

from __future__ import annotations

import html
import json
import re
import sys

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .errors import BadQuestionError, InvalidQueryError, KbError
from .search import KINDS, search

__all__ = ["register", "run_batch"]

console = Console()


# the fields of a batch line besides "q": name -> (check, what the value must be)
_BATCH_FIELDS = {
    "kind": (lambda v: v is None or v in KINDS, "one of " + ", ".join(KINDS)),
    "source": (lambda v: v is None or isinstance(v, str), "a string"),
    "limit": (lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100,
              "a whole number from 1 to 100"),
    "page": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
             "a whole number, 1 or more"),
}


def _batch_item(item, number: int) -> dict:
    """A batch line's object, checked: ``q`` a string, the other fields of :data:`_BATCH_FIELDS` valid."""
    if not isinstance(item, dict) or not isinstance(item.get("q"), str):
        shown = json.dumps(item, ensure_ascii=False)[:80]
        raise BadQuestionError(f'line {number}: expected {{"q": "..."}}, got {shown}', "q",
                               item.get("q") if isinstance(item, dict) else shown)
    unknown = sorted(set(item) - {"q", *_BATCH_FIELDS})
    if unknown:
        raise BadQuestionError(f"line {number}: unknown field {unknown[0]!r} (fields: q, "
                               + ", ".join(_BATCH_FIELDS) + ")", unknown[0], item[unknown[0]])
    for name, (valid, what) in _BATCH_FIELDS.items():
        if name in item and not valid(item[name]):
            raise BadQuestionError(f"line {number}: {name} must be {what}, not "
                                   f"{json.dumps(item[name], ensure_ascii=False)[:80]}", name, item[name])
    return item


def run_batch(kb_path, lines, *, kind=None, source=None, limit=10, page=1):
    """Yield one result object per JSON line ``{"q": ..., "kind"?, "source"?, "limit"?, "page"?}``.

    ``lines`` are bytes (a file opened in binary mode) or text.  A line that is not UTF-8, not JSON,
    has no string ``q``, a bad field, or an invalid query yields the JSON error object (with its line
    number) instead, and the batch goes on, so the output stays aligned with the input.
    """
    from .cli import as_kb_error, batch_lines  # kb.cli imports this module while it loads

    for number, item in batch_lines(line.encode() if isinstance(line, str) else line for line in lines):
        try:
            if isinstance(item, KbError):
                raise item
            item = _batch_item(item, number)
            yield search(kb_path, item["q"], kind=item.get("kind", kind), source=item.get("source", source),
                         limit=item.get("limit", limit), page=item.get("page", page))
        except Exception as exc:  # noqa: BLE001 - errors of the input are reported per line
            error = as_kb_error(exc)
            if error is None:
                raise
            body = error.to_dict()
            body["error"]["line"] = number
            yield body


def _marked(snippet_html: str) -> Text:
    """A snippet's HTML (escaped text with <mark> around matched words) as styled terminal text."""
    text = Text()
    for i, part in enumerate(re.split(r"</?mark>", snippet_html)):
        text.append(html.unescape(part), style="reverse" if i % 2 else "")
    return text


def _render(data: dict) -> None:
    shown = len(data["results"])
    first = (data["page"] - 1) * (shown or 1) + 1 if shown else 0
    note = " (no result held every word; showing partial matches)" if data.get("relaxed") else ""
    console.print(f"[bold]{data['total']}[/bold] result(s) for {escape(data['query'])!r}, page "
                  f"{data['page']}/{data['pages']}{note}", highlight=False)
    for rank, hit in enumerate(data["results"], first):
        where = hit.get("source") or ""
        console.print(f"{rank:3}. [bold]{escape(str(hit['title']))}[/bold]  [dim]{hit['kind']} "
                      f"{escape(str(hit['id']))} {escape(where)}  score {hit['score']:.2f}[/dim]",
                      highlight=False)
        console.print(Text("     ").append(_marked(hit["snippet_html"])))
    facets = "  ".join(f"{name}: " + ", ".join(f"{k} {v}" for k, v in list(values.items())[:6])
                       for name, values in data["facets"].items() if values)
    if facets:
        console.print(f"[dim]{escape(facets)}[/dim]", highlight=False)
    if data["suggestions"]:
        console.print("did you mean: " + ", ".join(escape(s) for s in data["suggestions"]), highlight=False)


def register(cli) -> None:
    """Add ``kb search`` to the ``kb`` command group."""
    from .cli import as_kb_error, fail, kb_path_of

    @cli.command("search")
    @click.argument("query", required=False)
    @click.option("--batch", "batch", type=click.File("rb"), default=None,
                  help='JSON lines file ({"q": ...} per line; - for stdin): one result object per line.')
    @click.option("--kind", type=click.Choice(KINDS), default=None, help="Only this kind of result.")
    @click.option("--source", default=None, help="Only this source (rulebook id or ruling source).")
    @click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True,
                  help="Results per page.")
    @click.option("--page", type=click.IntRange(1), default=1, show_default=True, help="Page number.")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON.")
    @click.pass_context
    def search_command(ctx, query, batch, kind, source, limit, page, as_json):
        """Search rule sections, glossary terms, cards and rulings.

        QUERY is free text and "phrases", -word, OR, (groups) and filters such as kind:section,
        source:prb2017, region:tcg, t:counter, attr:dark, level>=7, atk<1000, o:negate, name:,
        series:, ruling:"Solemn Judgment" (see docs/search.md).
        """
        kb_path = kb_path_of(ctx)
        if batch is not None:
            if query:
                raise click.UsageError("give either QUERY or --batch, not both")
            failed = 0
            for result in run_batch(kb_path, batch, kind=kind, source=source, limit=limit, page=page):
                failed += "error" in result
                if as_json:
                    click.echo(json.dumps(result, ensure_ascii=False))
                elif "error" in result:
                    console.print(f"[red]error:[/red] {escape(result['error']['message'])}", highlight=False)
                else:
                    _render(result)
            sys.exit(1 if failed else 0)  # like `kb ask --batch`: 1 when any line failed
        if not query:
            raise click.UsageError("missing QUERY (or --batch FILE)")
        try:
            data = search(kb_path, query, kind=kind, source=source, limit=limit, page=page)
        except InvalidQueryError as exc:
            if not as_json and exc.position is not None and len(exc.query) <= 200:
                click.echo(f"  {exc.query}\n  {' ' * exc.position}^", err=True)
            fail(exc, as_json)
        except Exception as exc:  # noqa: BLE001 - errors of the input or environment are reported
            error = as_kb_error(exc)
            if error is None:
                raise
            fail(error, as_json)
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False))
        else:
            _render(data)
        sys.stdout.flush()
