"""The closing summary of ``kb build`` in an 80-column terminal: every header whole, every count shown."""

from __future__ import annotations

from rich.console import Console

from kb.build_summary import BOOK_COLUMNS, CAPTION, print_build_summary

# the shape of a real build's summary (columns from kb.corpus and kb.links), with wide numbers
BOOK = {"sections": 1432, "references": 12345, "resolved": 12001, "unresolved": 344, "terms": 321,
        "mentions": 14321, "problems": 17, "linked": 14200, "link_rate": "99.2%"}
SUMMARY = {source: dict(BOOK) for source in ("community", "cr-draft", "prb2017", "tcg-v10", "md")}
SUMMARY["cards"] = {"cards": 13456, "rulings": 9012}
SUMMARY["search"] = {"documents": 21073, "sections": 1707, "terms": 380}  # not a rulebook: a line


def render(summary: dict, width: int = 80) -> list[str]:
    console = Console(width=width, record=True, force_terminal=False, color_system=None)
    print_build_summary(console, summary, {"import": 1.5, "links": 12.25})
    return console.export_text().splitlines()


def test_every_header_is_whole_at_80_columns():
    lines = render(SUMMARY)
    assert max(len(line) for line in lines) <= 80
    assert not any("…" in line for line in lines)
    header = next(line for line in lines if "source" in line)
    for name, _keys, _show in BOOK_COLUMNS:
        assert f" {name} " in header, (name, header)  # on one line, not cut or wrapped
    assert " ".join(CAPTION.split()) in " ".join(" ".join(lines).split())


def test_every_book_row_shows_its_counts_on_one_line():
    lines = render(SUMMARY)
    for source in ("community", "cr-draft", "prb2017", "tcg-v10", "md"):
        row = next(line for line in lines if line.startswith(f"│ {source} "))
        for cell in ("1432", "12001/12345", "321", "14200 (99.2%)", "17"):
            assert cell in row, (cell, row)
    assert "cards: cards 13456, rulings 9012" in lines
    assert "search: documents 21073, sections 1707, terms 380" in lines
    assert not any(line.startswith("│ search") for line in lines)
    assert lines[-1] == "steps: import 1.50s, links 12.25s"


def test_counts_no_column_shows_are_listed_not_lost():
    summary = {"community": dict(BOOK, images=4)}
    assert "community: images 4" in render(summary)


def test_a_book_without_links_leaves_its_cells_blank():
    row = {"sections": 10, "references": 4, "resolved": 3, "unresolved": 1, "terms": 2, "mentions": 0,
           "problems": 0}
    line = next(line for line in render({"md": row}) if line.startswith("│ md "))
    assert "3/4" in line and "?" not in line
