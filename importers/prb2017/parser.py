"""The parser of the Perfect Rulebook 2017 text: its state and the passes in order (see
:mod:`importers.prb2017`)."""

from __future__ import annotations

from pathlib import Path

from kb.errors import SourceFormatError
from kb.models import Section, Source
from kb.text import fold_quotes

from ..base import ParseResult, read_source_text
from .content import ContentPasses
from .lines import Heading, Line, TocEntry, page_markers
from .structure import StructurePasses


class Parser(StructurePasses, ContentPasses):
    """One parse of the book: the lines, what the passes found, and the result."""

    def __init__(self, path: Path, source: Source):
        self.path = path
        self.result = ParseResult(source=source)
        raw_lines = read_source_text(path)
        if raw_lines and raw_lines[-1] == "":
            raw_lines = raw_lines[:-1]
        self.lines = [Line(no, raw.strip(), folded=fold_quotes(raw.strip()))
                      for no, raw in enumerate(raw_lines, start=1)]
        self.markers = page_markers([line.raw for line in self.lines])
        if not self.markers:
            raise SourceFormatError(str(path), None,
                                    "no page markers ('Page N') found: not the Perfect Rulebook 2017 text")
        self.headings: list[Heading] = []
        self.sections: list[Section] = []
        self.by_id: dict[str, Section] = {}
        self.toc: list[TocEntry] = []

    def problem(self, line: int | None, kind: str, message: str) -> None:
        excerpt = self.lines[line - 1].raw if line and 0 < line <= len(self.lines) else ""
        self.result.problem(line, kind, message, excerpt)

    def line(self, number: int) -> Line:
        return self.lines[number - 1]

    # ----------------------------------------------------------------------------- driver

    def run(self) -> ParseResult:
        self.example_rules: dict[str, int | None] = {}
        self.assign_pages()
        self.classify()
        self.find_headings()
        self.build_sections()
        self.build_examples()
        self.sections.sort(key=lambda s: (s.line, s.level))
        for order, section in enumerate(self.sections):
            section.order = order
        self.build_text()
        self.build_pages()
        self.build_references()
        self.build_terms()
        self.build_mentions()
        self.check_content()
        self.result.sections = self.sections
        return self.result


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the Perfect Rulebook 2017 text at ``path`` into sections, references, terms, mentions.

    Raises :class:`kb.errors.SourceFormatError` naming the file when it is empty, binary, not UTF-8 or has
    no page markers at all; every other irregularity becomes a :class:`kb.models.ParseProblem`.
    """
    return Parser(Path(path), source).run()
