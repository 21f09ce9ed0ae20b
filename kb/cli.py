"""The ``kb`` command line.

Every command that reads the knowledge base takes ``--json`` (machine output, one JSON document on
stdout) and otherwise prints a readable view.  Errors print a message (or, with ``--json``, the JSON
error object) and exit non-zero: 1 for "not found"/"ambiguous"/bad input, 2 for usage errors.

Commands of later layers live in their own modules, listed in :data:`COMMAND_MODULES`; each defines
``register(cli)``.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from . import corpus, json_input
from .config import default_kb_path, ensure_datasets, external_data_dir
from .db import session_scope
from .errors import BadQuestionError, KbError, KnowledgeBaseMissingError

__all__ = ["cli", "main", "COMMAND_MODULES", "as_kb_error", "batch_lines", "kb_command", "emit", "fail"]

# modules that add commands: each defines register(cli)
COMMAND_MODULES: list[str] = ["kb.cli_cards", "kb.cli_serve", "kb.cli_graph", "kb.cli_engine", "kb.cli_search"]

console = Console()
err_console = Console(stderr=True)


def emit(data, as_json: bool, render=None) -> None:
    """Print ``data`` as JSON, or through ``render(data)`` for people."""
    if as_json or render is None:
        click.echo(json.dumps(data, ensure_ascii=False, indent=None if as_json else 2))
    else:
        render(data)


def fail(error: KbError, as_json: bool) -> None:
    """Report a :class:`KbError` the way every command does and exit 1."""
    if as_json:
        click.echo(json.dumps(error.to_dict(), ensure_ascii=False))
    else:
        err_console.print(f"[red]error:[/red] {error}", highlight=False, markup=True)
        extra = getattr(error, "suggestions", None) or getattr(error, "candidates", None)
        if extra:
            label = "candidates" if getattr(error, "candidates", None) else "did you mean"
            err_console.print(f"{label}: " + ", ".join(map(str, extra)), highlight=False, markup=False)
    sys.exit(1)


_OPENED = {"kb": None}  # the knowledge base the running command reads (named in unreadable-store errors)


def as_kb_error(exc: BaseException) -> KbError | None:
    """An error of the environment or of the input that reached a command, as the :class:`KbError` to
    report (None for a fault of ours, which keeps its traceback).

    A store that is not a database (a zero-byte or damaged ``kb.sqlite``) reads as "no usable knowledge
    base"; input nested past the recursion limit as a bad question; a file that is not UTF-8 names the
    byte and offset.
    """
    from sqlalchemy.exc import DatabaseError

    if isinstance(exc, KbError):
        return exc
    if isinstance(exc, DatabaseError):
        where = _OPENED["kb"] or "the knowledge base"
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return KnowledgeBaseMissingError(f"the knowledge base at {where} cannot be read ({reason}); "
                                         "rebuild it with `kb build`")
    if isinstance(exc, RecursionError):
        return BadQuestionError("the input nests too deeply to be read", "input", None)
    if isinstance(exc, UnicodeDecodeError):
        bad = exc.object[exc.start:exc.start + 1]
        return BadQuestionError(f"the input is not UTF-8 text: byte 0x{bytes(bad).hex()} at offset "
                                f"{exc.start}", "encoding", f"0x{bytes(bad).hex()}")
    return None


def kb_command(func):
    """Decorator for commands that read the KB: turns KbError (and an unreadable store, see
    :func:`as_kb_error`) into the standard error exit."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        as_json = kwargs.get("as_json", False)
        try:
            return func(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - only errors of the input or environment are reported
            error = as_kb_error(exc)
            if error is None:
                raise
            fail(error, as_json)

    return wrapper


def batch_lines(handle) -> Iterator[tuple[int, object]]:
    """The JSON documents of a JSON-lines file opened in binary mode: ``(line number, value)`` per
    non-blank line, where ``value`` is a :class:`KbError` for a line that is not UTF-8, not JSON or
    nested too deeply (so that a batch reports it and goes on with the next line)."""
    for number, raw in enumerate(handle, 1):
        if not raw.strip():
            continue
        try:
            yield number, json_input.loads(raw, f"line {number}")
        except KbError as exc:
            yield number, exc


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", "--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              envvar="KB_PATH", help="Knowledge base directory (default data/kb).")
@click.option("--data", "data_dir", type=click.Path(path_type=Path), default=None,
              envvar="KB_EXTERNAL_DATA", help="Datasets directory (default data/external).")
@click.pass_context
def cli(ctx, kb_path, data_dir):
    """Yu-Gi-Oh! rulings knowledge base."""
    ctx.obj = {"kb": kb_path or default_kb_path(), "data": data_dir or external_data_dir()}
    _OPENED["kb"] = ctx.obj["kb"]


def kb_path_of(ctx) -> Path:
    return ctx.find_root().obj["kb"]


def read_options(func):
    """``--json``, the click context and :func:`kb_command`'s error reporting: the options of a command that
    reads the knowledge base and prints what it found (with :func:`show`)."""
    return json_option(click.pass_context(kb_command(func)))


def show(ctx, as_json: bool, fetch, render=None) -> None:
    """Read ``fetch(session)`` from the command's knowledge base and print it (:func:`emit`)."""
    with session_scope(kb_path_of(ctx)) as session:
        data = fetch(session)
    emit(data, as_json, render)


@cli.command()
@click.option("--db", "--kb", "kb_override", type=click.Path(path_type=Path), default=None,
              help="Where to write the knowledge base (default data/kb).")
@click.option("--only", "only", multiple=True, help="Only these rulebook sources (repeatable).")
@click.option("--step", "steps", multiple=True, help="Only these build steps (repeatable).")
@click.option("--no-datasets", is_flag=True, help="Do not fetch the external datasets first.")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.pass_context
def build(ctx, kb_override, only, steps, no_datasets, quiet):
    """Build the knowledge base from the bundled sources (atomic)."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn, BarColumn

    from .build import STEPS, build as run_build

    kb_path = kb_override or kb_path_of(ctx)
    data_dir = ctx.find_root().obj["data"]
    log = (lambda message: None) if quiet else (lambda message: err_console.print(message,
                                                                                  highlight=False))
    wanted = list(steps) or [name for name, _ in STEPS]
    try:
        if not no_datasets:
            ensure_datasets(data_dir, log=log)
        if quiet:
            result = run_build(kb_path, data_dir=data_dir, steps=wanted, only_sources=list(only) or None,
                               log=log)
        else:
            with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                          TimeElapsedColumn(), console=err_console, transient=True) as progress:
                task = progress.add_task("building", total=len(wanted))

                def step_log(message):
                    progress.console.print(message, highlight=False)
                    if message.startswith("step "):
                        progress.advance(task)

                result = run_build(kb_path, data_dir=data_dir, steps=wanted,
                                   only_sources=list(only) or None, log=step_log, progress=progress)
                progress.update(task, completed=len(wanted))
    except KbError as exc:
        err_console.print(f"[red]build failed:[/red] {exc}", highlight=False)
        err_console.print("the previous knowledge base (if any) is unchanged", highlight=False)
        sys.exit(1)
    if not quiet:
        _print_summary(result)
    click.echo(f"built {kb_path}")


def _print_summary(result) -> None:
    """The closing summary (80 columns): one row per rulebook, then one line per dataset/step."""
    from .build_summary import print_build_summary

    print_build_summary(err_console, result.summary, result.timings)


def _render_stats(counts: dict) -> None:
    table = Table(title="knowledge base")
    table.add_column("records")
    table.add_column("count", justify="right")
    for key, value in counts.items():
        table.add_row(key, str(value))
    console.print(table)


def _render_sources(rows: list) -> None:
    table = Table(title="sources")
    for column in ("id", "title", "edition", "region", "sections"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["id"], row["title"], row["edition"][:60], row["region"], str(row["sections"]))
    console.print(table)


def _render_sections(rows: list) -> None:
    for row in rows:
        pages = f"  (p. {row['pages'][0]}-{row['pages'][1]})" if row["pages"] else ""
        indent = "  " * (row["level"] - 1)
        label = f"{row['number']} " if row["number"] else ""
        click.echo(f"{indent}{label}{row['title']}  [{row['id']}]{pages}")


def _render_section(d: dict) -> None:
    console.print(f"[bold]{d['number'] or ''} {d['title']}[/bold]  ({d['id']})", highlight=False)
    if d["pages"]:
        console.print(f"pages {d['pages'][0]}-{d['pages'][1]}", highlight=False)
    if d["text"]:
        console.print(d["text"], highlight=False, markup=False)
    for child in d["children"]:
        console.print(f"  - {child['number'] or ''} {child['title']} [{child['id']}]", highlight=False,
                      markup=False)
    for ref in d["references"]:
        target = ref["target"] or f"unresolved: {ref['unresolved_reason']}"
        console.print(f"  ref: {ref['raw']} -> {target}", highlight=False, markup=False)


def _render_problems(rows: list) -> None:
    for row in rows:
        click.echo(f"{row['file']}:{row['line'] or '-'}: {row['kind']}: {row['message']}")
    click.echo(f"{len(rows)} problem(s)")


@cli.command()
@read_options
def stats(ctx, as_json):
    """Counts of every kind of record."""
    show(ctx, as_json, corpus.stats, _render_stats)


@cli.command()
@read_options
def sources(ctx, as_json):
    """The bundled sources."""
    show(ctx, as_json, corpus.list_sources, _render_sources)


@cli.command()
@click.argument("source")
@read_options
def sections(ctx, source, as_json):
    """The sections of one SOURCE, as a tree."""
    show(ctx, as_json, lambda session: corpus.list_sections(session, source), _render_sections)


@cli.command()
@click.argument("section_id")
@read_options
def section(ctx, section_id, as_json):
    """One section with its text, children, references, terms and cards."""
    show(ctx, as_json, lambda session: corpus.get_section(session, section_id), _render_section)


@cli.command()
@click.argument("source", required=False)
@read_options
def problems(ctx, source, as_json):
    """Parse problems (all, or of one SOURCE), with file and line."""
    show(ctx, as_json, lambda session: corpus.list_problems(session, source), _render_problems)


@cli.command("setup-data")
@click.pass_context
def setup_data(ctx):
    """Put the external datasets in place (copy from ../shared/data or download)."""
    path = ensure_datasets(ctx.find_root().obj["data"])
    click.echo(f"datasets in {path}")


for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(cli)


def _undecodable_argument() -> KbError | None:
    """An error naming the first command-line argument that is not valid UTF-8 (None when all are)."""
    for position, argument in enumerate(sys.argv[1:], 1):
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            raw = os.fsencode(argument)
            return BadQuestionError(f"argument {position} is not valid UTF-8 text: {raw!r}", "argument",
                                    repr(raw))
    return None


def main() -> None:
    """Console-script entry point: an input or environment error that a command did not report itself
    (see :func:`as_kb_error`) still ends as the standard error message or object, never a traceback."""
    as_json = "--json" in sys.argv
    bad_argument = _undecodable_argument()
    if bad_argument is not None:
        fail(bad_argument, as_json)
    try:
        cli(standalone_mode=True)
    except Exception as exc:  # noqa: BLE001 - faults of ours are re-raised with their traceback
        error = as_kb_error(exc)
        if error is None:
            raise
        fail(error, as_json)


if __name__ == "__main__":  # pragma: no cover
    main()
