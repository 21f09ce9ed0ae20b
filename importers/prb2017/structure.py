"""Passes 1-3 of the parser: lines (pages, kinds, tables), headings, and sections with their examples."""

from __future__ import annotations

import re

from kb.models import Section
from kb.text import clean_text

from .book_data import MISSING_HEADINGS
from .lines import (Heading, Line, TocEntry, bracket_depth, is_banner, is_heading_shape, match_key, strip_end,
                    title_slug)
from .patterns import (BRACKET_ITEM, CAPTION, CHAPTER, EXAMPLE, FLOW_LINE, MINI_TOC, PAGE_MARKER, PAREN_ITEM,
                       PICK_UP, PLACEHOLDER, SUBSECTION, TABLE_SEPARATOR, TL_NOTE, TOC_ENTRY, UNTRANSLATED,
                       VERDICTS)


class StructurePasses:
    """Mixin of :class:`importers.prb2017.parser.Parser`: passes 1-3."""

    # ----------------------------------------------------------------------------- pass 1: lines

    def assign_pages(self) -> None:
        for marker in self.markers:
            if marker.anomaly:
                self.problem(marker.line, "page_anomaly", marker.anomaly)
        for marker, after in zip(self.markers, self.markers[1:] + [None]):
            end = after.line - 1 if after else len(self.lines)
            for number in range(marker.line, end + 1):
                self.line(number).page, self.line(number).page_hi = marker.page, marker.last
            if marker.last > marker.page and marker.printed.isdigit():
                missing = (f"page {marker.page + 1} has" if marker.last == marker.page + 1
                           else f"pages {marker.page + 1}-{marker.last} have")
                self.problem(marker.line, "page_gap",
                             f"{missing} no marker: the text under 'Page {marker.printed}' "
                             f"(lines {marker.line + 1}-{end}) is given pages {marker.page}-{marker.last}")

    def classify(self) -> None:
        lines = self.lines
        # tables first: a separator line with the pipe lines around it
        for line in lines:
            if TABLE_SEPARATOR.match(line.raw):
                self.rebuild_table(line.no)
        for line in lines:
            raw = line.raw
            if line.kind != "text":
                continue
            if not raw:
                line.kind = "blank"
            elif PAGE_MARKER.match(raw):
                line.kind = "page"
            elif CHAPTER.match(raw):
                line.kind = "chapter"
            elif raw.startswith("\u2022"):
                line.kind = "bullet"
            elif EXAMPLE.match(raw):
                line.kind = "example"
            elif TL_NOTE.match(raw):
                line.kind = "note"
            elif CAPTION.match(raw):
                line.kind = "caption"
            elif FLOW_LINE.match(raw):
                line.kind = "flow"
            elif raw.startswith("-"):
                line.kind = "dash"
            elif raw.startswith(">"):
                line.kind = "quote"
            elif MINI_TOC.match(raw):
                line.kind = "minitoc"
            elif PICK_UP.match(raw):
                line.kind = "pickup"
            elif SUBSECTION.match(raw):
                line.kind = "subsection"
            elif BRACKET_ITEM.match(raw):
                # "[1] Basics of the Battle Phase 1: You can attack once ...!" is a numbered statement
                line.kind = "text" if is_banner(BRACKET_ITEM.match(raw).group(3)) else "bracket"
            elif PAREN_ITEM.match(raw):
                line.kind = "paren"
            elif TOC_ENTRY.match(raw):
                line.kind = "toc"
            elif raw.startswith("[") and not raw.startswith(PLACEHOLDER):
                line.kind = "remark"
            elif is_heading_shape(raw):
                line.kind = "candidate"
            elif is_banner(raw):
                line.kind = "banner"
            else:
                line.kind = "text"
        self.join_multiline_brackets()
        self.find_unlabelled_examples()

    def rebuild_table(self, separator: int) -> None:
        """Rebuild a malformed pipe table (header cells split over lines, shifted column header)."""
        header, rows = [], []
        number = separator - 1
        while number >= 1 and "|" in self.line(number).raw:
            header.insert(0, number)
            number -= 1
        number = separator + 1
        while number <= len(self.lines) and "|" in self.line(number).raw:
            rows.append(number)
            number += 1
        header_cells = [c.strip() for n in header for c in self.line(n).raw.split("|") if c.strip()]
        cells = []
        for n in rows:
            row = [c.strip() for c in self.line(n).raw.split("|")]
            while row and not row[-1]:
                row.pop()
            cells.append(row)
        width = max([len(r) for r in cells] + [len(header_cells)])
        repairs = []
        if (cells and len(header_cells) < width and not VERDICTS & set(cells[0])
                and all(set(r[1:]) <= VERDICTS for r in cells[1:])):
            columns = [" / ".join(header_cells)] + cells[0]
            cells = cells[1:]
            repairs.append(f"the first row (line {rows[0]}) is the column header shifted one cell left")
        else:
            columns = header_cells + [""] * (width - len(header_cells))
        short = [rows[i] for i, r in enumerate(cells, start=len(rows) - len(cells)) if len(r) < width]
        if short:
            repairs.append(f"rows at lines {', '.join(map(str, short))} padded to {width} cells")
        rendered = ["| " + " | ".join(columns) + " |", "|" + "---|" * width]
        rendered += ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in cells]
        block = header + [separator] + rows
        for n in block:
            self.line(n).kind = "table"
        self.line(block[0]).render = "\n".join(rendered)
        self.problem(separator, "repair",
                     f"malformed pipe table (lines {block[0]}-{block[-1]}) rebuilt with columns "
                     f"{columns}; header cells were split over lines {header[0]}-{header[-1]}"
                     + ("; " + "; ".join(repairs) if repairs else ""))

    def join_multiline_brackets(self) -> None:
        for line in self.lines:
            opened = line.raw.startswith("[") and bracket_depth(line.raw) > 0
            if line.kind in ("caption", "remark") and opened:
                parts, number = [line.raw], line.no + 1
                while (number <= len(self.lines) and number - line.no <= 6
                       and bracket_depth(" ".join(parts)) > 0):
                    follower = self.line(number)
                    if follower.kind in ("page", "bullet", "example", "chapter", "blank"):
                        break
                    parts.append(follower.raw)
                    number += 1
                if bracket_depth(" ".join(parts)) <= 0 and len(parts) > 1:
                    for n in range(line.no + 1, number):
                        self.line(n).kind = "continuation"
                        self.line(n).render = None
                    line.render = clean_text(" ".join(parts))
                    self.problem(line.no, "repair",
                                 f"caption spread over lines {line.no}-{number - 1} joined into one line")
                else:
                    self.problem(line.no, "malformed", "bracket opened here is never closed")

    def find_unlabelled_examples(self) -> None:
        """A quoted-card sentence between a rule bullet and its picture caption is an unlabelled example."""
        for index, line in enumerate(self.lines):
            if line.kind != "text" or "\u201c" not in line.raw or not line.raw.endswith("."):
                continue
            before = self.neighbour(index, -1)
            after = self.neighbour(index, 1)
            if before and before.kind == "bullet" and after and after.kind == "caption":
                line.kind = "example"
                self.problem(line.no, "repair", "example without the 'Example:' label treated as an example")

    def neighbour(self, index: int, step: int) -> Line | None:
        index += step
        while 0 <= index < len(self.lines):
            if self.lines[index].kind not in ("page", "blank"):
                return self.lines[index]
            index += step
        return None

    # ----------------------------------------------------------------------------- pass 2: headings

    def find_headings(self) -> None:
        chapter = 0
        part_keys: set[str] = set()
        open_ranks: list[int] = []  # ranks of the open headings, outermost first
        open_kinds: list[str] = []  # the line kind that opened each of them
        expected_paren = 1
        in_chapter_head = False  # between a chapter heading and its first sub-heading
        pending: list[int] = []  # lead lines / page markers waiting for the next heading
        consumed: set[int] = set()

        def add(heading: Heading) -> None:
            heading.span_start = pending[0] if pending else heading.line
            heading.chapter = chapter
            while open_ranks and open_ranks[-1] >= heading.rank:
                open_ranks.pop()
                open_kinds.pop()
            open_ranks.append(heading.rank)
            open_kinds.append(self.line(heading.line).kind)
            self.headings.append(heading)
            pending.clear()

        def rank_of(line: Line) -> int | None:
            """The rank the line would have as a heading, given the current state (no side effects)."""
            kind, raw = line.kind, line.raw
            if kind == "chapter":
                return 1
            if kind == "subsection" or kind == "pickup":
                return 3
            if kind == "bracket":
                if chapter >= 2:
                    return 2
                # "[N]" items are sections of a part without "(N)" sections, items inside a "(N)" section
                numbered = [k for r, k in zip(open_ranks, open_kinds) if r == 3]
                return 5 if numbered and numbered[-1] != "bracket" else 3
            if kind == "paren":
                match = PAREN_ITEM.match(raw)
                if (2 in open_ranks and int(match.group(1)) == expected_paren
                        and strip_end(raw)[-1:] not in ".:"):
                    return 3
                return None
            if kind == "candidate":
                return 2 if match_key(raw) in part_keys else 5
            if kind == "synthetic":
                return 5
            return None

        def next_heading_rank(index: int) -> int | None:
            number = index + 1
            while number <= len(self.lines):
                follower = self.line(number)
                if follower.kind == "page":
                    return None  # a line at the foot of a page does not lead the next page's heading
                if follower.kind == "blank":
                    number += 1
                    continue
                if self.missing_heading(follower):
                    return 5
                if follower.kind in ("banner", "candidate") and follower.kind == "banner":
                    number += 1  # several banner lines can lead one heading
                    continue
                return rank_of(follower)
            return None

        for line in self.lines:
            if line.no in consumed:
                continue
            kind, raw = line.kind, line.raw
            missing = self.missing_heading(line)
            if missing:
                add(Heading(line.no, 5, missing, synthetic=True))
                self.problem(line.no, "repair",
                             f"heading '{missing}' is missing in the book; inserted before this line")
                in_chapter_head = False
                # the line itself is body text of the inserted section
                continue
            if kind in ("page", "blank"):
                pending.append(line.no)
                continue
            if kind == "chapter":
                match = CHAPTER.match(raw)
                title, extra = match.group(2), ()
                if not title:
                    for number in range(line.no + 1, min(line.no + 3, len(self.lines)) + 1):
                        if self.line(number).kind == "candidate":
                            title, extra = self.line(number).raw, (number,)
                            consumed.add(number)
                            self.problem(number, "repair",
                                         f"'Chapter {match.group(1)}' has no title; taken from line {number}")
                            break
                chapter = int(match.group(1))
                add(Heading(line.no, 1, clean_text(title or f"Chapter {chapter}"), kind="chapter",
                             number=match.group(1), locator=f"chapter-{chapter}", extra_lines=extra))
                part_keys, expected_paren, in_chapter_head = set(), 1, True
                continue
            if kind == "toc" and in_chapter_head:
                match = TOC_ENTRY.match(raw)
                translated = not UNTRANSLATED.search(match.group(4) or "")
                self.toc.append(TocEntry(line.no, match.group(1), match.group(2), int(match.group(3)),
                                          translated))
                part_keys.add(match_key(match.group(2)))
                if not raw.split(": ", 1)[1].startswith("Page"):
                    self.problem(line.no, "repair", "table-of-contents entry without the word 'Page'")
                pending.clear()
                continue
            if kind == "minitoc":
                match = MINI_TOC.match(raw)
                page = int(match.group(3)) if match.group(3) else line.page
                self.toc.append(TocEntry(line.no, f"({match.group(1)})", match.group(2), page))
                pending.clear()
                continue
            rank = rank_of(line)
            if kind == "candidate" and rank == 5:
                following = next_heading_rank(line.no)
                if following is not None and following <= 3:
                    line.kind = "lead"
                    pending.append(line.no)
                    continue
            if kind == "banner":
                if next_heading_rank(line.no) is not None:
                    line.kind = "lead"
                    pending.append(line.no)
                else:
                    pending.clear()
                continue
            if rank is None:
                if kind in ("paren", "toc"):
                    line.kind = "text"
                pending.clear()
                continue
            in_chapter_head = False
            if kind == "subsection":
                match = SUBSECTION.match(raw)
                number = f"{match.group(1)}.{match.group(2)}"
                add(Heading(line.no, 3, clean_text(match.group(3)), number=number, locator=number))
            elif kind == "pickup":
                number = PICK_UP.match(raw).group(1)
                title, extra = raw, ()
                follower = self.line(line.no + 1) if line.no < len(self.lines) else None
                if follower and follower.kind == "candidate":
                    title, extra = f"{raw}: {follower.raw}", (follower.no,)
                    consumed.add(follower.no)
                add(Heading(line.no, 3, clean_text(title), locator=f"pick-up-rule-{number}",
                             extra_lines=extra))
            elif kind == "bracket":
                match = BRACKET_ITEM.match(raw)
                if not match.group(2):
                    self.problem(line.no, "repair", f"no space after '[{match.group(1)}]'")
                if chapter >= 2:
                    add(Heading(line.no, 2, clean_text(match.group(3)), number=match.group(1),
                                 locator=match.group(1)))
                else:
                    add(Heading(line.no, rank, clean_text(match.group(3)), number=f"[{match.group(1)}]"))
            elif kind == "paren":
                match = PAREN_ITEM.match(raw)
                add(Heading(line.no, 3, clean_text(match.group(2)), number=f"({match.group(1)})"))
                expected_paren += 1
            elif kind == "candidate":
                if rank == 2:
                    expected_paren = 1
                add(Heading(line.no, rank, clean_text(raw)))
        for heading in self.headings:
            for number in heading.extra_lines:
                self.line(number).kind = "title"
            if not heading.synthetic:
                self.line(heading.line).kind = "heading"
        self.check_numbering()

    def missing_heading(self, line: Line) -> str | None:
        text = line.raw.lstrip("\u2022").strip()
        for start, title in MISSING_HEADINGS.items():
            if text.startswith(start):
                return title
        return None

    def check_numbering(self) -> None:
        """Report gaps in the printed numbering (no 6.1; '[1]' without '[2]')."""
        seen: dict[str, list[int]] = {}
        for heading in self.headings:
            if heading.number and re.fullmatch(r"\d\.\d", heading.number):
                seen.setdefault(heading.number.split(".")[0], []).append(int(heading.number.split(".")[1]))
        for major, minors in seen.items():
            expected = list(range(1, max(minors) + 1))
            for minor in sorted(set(expected) - set(minors)):
                section = next(h for h in self.headings if h.number == major and h.chapter >= 2)
                first = next((h for h in self.headings if h.span_start > section.line and h.rank == 5), None)
                where = f"; '{first.title}' (line {first.line}) stands where it would be" if first else ""
                self.problem(section.line, "numbering", f"section {major}.{minor} is not printed{where}")

    # ----------------------------------------------------------------------------- pass 3: sections

    def build_sections(self) -> None:
        source = self.result.source.id
        first_start = self.headings[0].span_start if self.headings else len(self.lines) + 1
        fronts = []
        first_marker = self.markers[0].line
        if first_marker > 1 and first_marker < first_start:
            fronts.append((1, first_marker - 1, "Translator's preamble", "preamble", None))
            marker = self.markers[0]
            label = f"Pages {marker.printed}" if "-" in marker.printed else f"Page {marker.printed}"
            fronts.append((first_marker, first_start - 1, f"{label} (covers, introduction)",
                           title_slug(label), marker))
        elif first_start > 1:
            fronts.append((1, first_start - 1, "Front matter", "front", None))
        stack: list[Heading] = []
        for heading in self.headings:
            while stack and stack[-1].rank >= heading.rank:
                stack.pop()
            heading.parent = stack[-1] if stack else None
            heading.level = len(stack) + 1
            stack.append(heading)
        # locators: Chapter 2 first (the detailed rules get the plain slugs), then Chapter 1
        taken: set[str] = {front[3] for front in fronts}
        for heading in sorted(self.headings, key=lambda h: (-h.chapter, h.line)):
            if heading.locator:
                taken.add(heading.locator)
        for heading in sorted(self.headings, key=lambda h: (-h.chapter, h.line)):
            if heading.locator:
                continue
            base = self.heading_slug(heading)
            page = self.line(heading.line).page
            candidate, counter = base, 1
            if candidate in taken:
                candidate = f"{base}-p{page}"
            while candidate in taken:
                counter += 1
                candidate = f"{base}-p{page}-{counter}"
            if candidate != base:
                self.problem(heading.line, "duplicate",
                             f"heading slug '{base}' is already used; this section is '{source}:{candidate}'")
            heading.locator = candidate
            taken.add(candidate)
        for start, end, title, locator, marker in fronts:
            section = Section(id=f"{source}:{locator}", source_id=source, locator=locator, title=title,
                              level=1, kind="front", line=start, line_end=end,
                              page_start=marker.page if marker else None,
                              page_end=marker.last if marker else None)
            self.register(section, start, end)
        spans = [h.span_start for h in self.headings] + [len(self.lines) + 1]
        for index, heading in enumerate(self.headings):
            own_end = spans[index + 1] - 1
            tree_end = own_end
            for offset, later in enumerate(self.headings[index + 1:], start=index + 1):
                if later.level <= heading.level:
                    break
                tree_end = spans[offset + 1] - 1
            section = Section(id=f"{source}:{heading.locator}", source_id=source, number=heading.number,
                              locator=heading.locator, title=heading.title, level=heading.level,
                              parent_id=heading.parent.section.id if heading.parent else None,
                              kind=heading.kind, line=heading.line, line_end=tree_end,
                              page_start=self.line(heading.line).page)
            heading.section = section
            self.register(section, heading.span_start, own_end)
            if heading.line == tree_end == len(self.lines):
                self.problem(heading.line, "empty_section",
                             f"heading '{heading.title}' ends the file with no text")

    def heading_slug(self, heading: Heading) -> str:
        """Slug of a heading; a Japanese heading takes its slug from the gloss quoted on the next line."""
        if len(re.findall(r"[A-Za-z]", heading.title)) >= 3:
            return title_slug(heading.title)
        follower = self.line(heading.line + 1) if heading.line < len(self.lines) else None
        gloss = re.search(r"\u201c([^\u201d]+)\u201d", follower.raw) if follower else None
        if gloss and len(re.findall(r"[A-Za-z]", gloss.group(1))) >= 3:
            return "jp-" + title_slug(gloss.group(1))
        return title_slug(heading.title)

    def register(self, section: Section, start: int, end: int) -> None:
        if section.id in self.by_id:
            raise AssertionError(f"duplicate section id {section.id}")  # guarded by the slug loop
        self.sections.append(section)
        self.by_id[section.id] = section
        for number in range(start, end + 1):
            self.line(number).section = section.id

    def build_examples(self) -> None:
        source = self.result.source.id
        counters: dict[str, int] = {}
        for line in self.lines:
            if line.kind != "example":
                continue
            parent = self.by_id[line.section]
            block = [line.no]
            number = line.no + 1
            captioned = False
            while number <= len(self.lines):
                follower = self.line(number)
                if follower.kind == "note" and (captioned or re.search(r"\bfollowing\b", follower.raw)):
                    break  # a note after the example's picture introduces the next rule
                if follower.kind in ("caption", "note", "continuation", "blank"):
                    captioned = captioned or follower.kind == "caption"
                    block.append(number)
                elif follower.kind == "page":
                    after = self.neighbour(number - 1, 1)
                    if not (after and after.kind in ("caption", "note")) or after.section != parent.id:
                        break
                    block.append(number)
                else:
                    break
                number += 1
            while block and self.line(block[-1]).kind in ("page", "blank"):
                block.pop()
            rule = self.illustrated_rule(line.no, parent.id)
            counters[parent.id] = counters.get(parent.id, 0) + 1
            locator = f"{parent.locator}-ex{counters[parent.id]}"
            label = EXAMPLE.sub("", line.raw)
            gist = clean_text(label)
            if len(gist) > 70:
                gist = gist[:70].rsplit(" ", 1)[0] + "\u2026"
            section = Section(id=f"{source}:{locator}", source_id=source, locator=locator,
                              title=f"Example: {gist}", level=parent.level + 1, parent_id=parent.id,
                              kind="example", line=line.no, line_end=block[-1], page_start=line.page)
            if rule is None:
                self.problem(line.no, "unattached_example",
                             "no rule line precedes this example in its section")
            self.example_rules[section.id] = rule
            self.register(section, line.no, block[-1])

    def illustrated_rule(self, number: int, section_id: str) -> int | None:
        """The nearest rule line (bullet, list item or paragraph) before an example, in its section."""
        number -= 1
        while number >= 1:
            line = self.line(number)
            owner = self.by_id.get(line.section or "")
            if owner is None or (owner.id != section_id and owner.parent_id != section_id):
                return None
            if line.kind in ("bullet", "dash", "text", "quote") and owner.id == section_id:
                return number
            number -= 1
        return None
