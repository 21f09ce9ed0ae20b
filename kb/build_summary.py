"""The closing summary of ``kb build``, readable in an 80-column terminal.

One row per rulebook with a few named columns that pair related counts ("references" shows
``resolved/found``, explained in the caption), then one line per other build step (datasets, search
index, graph ...) and the step timings.  Counts a rulebook reports that no column shows are listed on a line of their own, so
nothing a build step adds to the summary is lost.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table

__all__ = ["BOOK_COLUMNS", "book_table", "print_build_summary"]


def _count(key: str) -> Callable[[dict], str]:
    return lambda row: str(row.get(key, ""))


def _part(part: str, whole: str) -> Callable[[dict], str]:
    def show(row: dict) -> str:
        if part not in row and whole not in row:
            return ""
        return f"{row.get(part, '?')}/{row.get(whole, '?')}"
    return show


def _linked(row: dict) -> str:
    if "linked" not in row:
        return ""
    rate = row.get("link_rate")
    return f"{row['linked']}" + (f" ({rate})" if rate not in (None, "", "-") else "")


# (header, the summary keys it shows, how it shows them) for each rulebook row
BOOK_COLUMNS: tuple[tuple[str, tuple[str, ...], Callable[[dict], str]], ...] = (
    ("sections", ("sections",), _count("sections")),
    ("references", ("references", "resolved", "unresolved"), _part("resolved", "references")),
    ("terms", ("terms",), _count("terms")),
    ("cards linked", ("mentions", "linked", "link_rate"), _linked),  # the build log has the details
    ("problems", ("problems",), _count("problems")),
)


CAPTION = "references: resolved/found · cards linked: card names linked (rate)"


def book_table(books: dict[str, dict]) -> tuple[Table, dict[str, dict]]:
    """The rulebooks' table (one row per book) and, per book, the counts no column shows."""
    table = Table(title="knowledge base build", caption=CAPTION)
    table.add_column("source", no_wrap=True)
    for header, _keys, _show in BOOK_COLUMNS:
        table.add_column(header, justify="right", overflow="fold")
    shown = {key for _header, keys, _show in BOOK_COLUMNS for key in keys}
    rest = {}
    for source, row in books.items():
        table.add_row(source, *[show(row) for _header, _keys, show in BOOK_COLUMNS])
        extra = {key: value for key, value in row.items() if key not in shown}
        if extra:
            rest[source] = extra
    return table, rest


BOOK_KEY = "references"  # only a rulebook's import reports references (the search step counts sections too)


def _facts(row: dict) -> str:
    return ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in row.items())


def print_build_summary(console: Console, summary: dict[str, dict], timings: dict[str, float]) -> None:
    """Print the summary of a build: the rulebooks' table, then a line per other step and the timings."""
    books = {source: row for source, row in summary.items() if BOOK_KEY in row}
    if books:
        table, rest = book_table(books)
        console.print(table)
        for source, extra in rest.items():
            console.print(f"{source}: {_facts(extra)}", highlight=False, markup=False)
    for source, row in summary.items():
        if source not in books:
            console.print(f"{source}: {_facts(row)}", highlight=False, markup=False)
    console.print("steps: " + ", ".join(f"{name} {seconds:.2f}s" for name, seconds in timings.items()),
                  highlight=False, markup=False)
