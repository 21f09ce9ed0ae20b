"""Passes 4-8 of the parser: section text and pages, references, terms, card-name candidates, checks."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from kb.models import CardMention, Reference, Term
from kb.text import clean_text, fold_quotes

from ..base import looks_like_card_name, quoted_mentions, section_for_page
from .book_data import COPIED_CLASS, KNOWN_INCONSISTENCIES, STALE_REFERENCES, TERMS
from .lines import (Line, TocEntry, bracket_depth, caption_items, key_words, match_key, match_tokens,
                    split_sentences, title_slug)
from .patterns import (BACK_REFERENCE, DEFINING_KINDS, DUPLICATE_MIN_LENGTH, NAMING_CUE, PAGE_RANGE,
                       PAGE_REFERENCE, PICTURED, RELATIVE_PAGE, THIS_PAGE, TL_NOTE, TYPED_CARD)


class ContentPasses:
    """Mixin of :class:`importers.prb2017.parser.Parser`: passes 4-8."""

    # ----------------------------------------------------------------------------- pass 4: text, pages

    def render_line(self, line: Line) -> str | None:
        raw, kind = line.raw, line.kind
        if kind in ("page", "blank", "heading", "title", "continuation"):
            return None
        if line.render is not None or kind == "table":
            return line.render
        if kind == "bullet":
            return "\u2022 " + clean_text(raw[1:])
        if kind == "dash":
            return "- " + clean_text(raw[1:])
        if kind == "note":
            return self.render_note(line)
        if kind == "caption":
            if not raw.startswith("["):
                self.problem(line.no, "repair", "picture caption without its opening '[' repaired")
                return clean_text("[" + raw)
            if bracket_depth(raw) < 0:
                self.problem(line.no, "malformed", "caption has more ']' than '['")
            return clean_text(raw)
        if kind == "flow":  # "||" over "\/" draws one arrow; "|| text" is an arrow with a label
            if raw == "||":
                return None
            return "\u2193" + (" " + clean_text(raw[2:]) if raw.startswith("||") else "")
        return clean_text(raw)

    def render_note(self, line: Line) -> str:
        raw = line.raw
        match = TL_NOTE.match(raw)
        body = raw[match.end():]
        repaired = raw.startswith("(") or raw.endswith("]]")
        while body.endswith("]]") or body.endswith(")"):
            body = body[:-1]
        body = body[:-1] if body.endswith("]") else body
        if repaired:
            self.problem(line.no, "repair",
                         "malformed translator-note brackets normalised to '[TL note: ...]'")
        if bracket_depth(body) < 0:
            self.problem(line.no, "malformed", "translator note has an extra ']' inside it")
        return f"[TL note: {clean_text(body)}]"

    def build_text(self) -> None:
        bodies: dict[str, list[str]] = {s.id: [] for s in self.sections}
        started: dict[str, bool] = {}
        for line in self.lines:
            if not line.section:
                continue
            section = self.by_id[line.section]
            if line.kind == "page":
                if started.get(section.id) and line.page is not None:
                    marker = next(m for m in self.markers if m.line == line.no)
                    label = f"[p. {marker.page}]"
                    if str(marker.page) != marker.printed:
                        label = f"[p. {marker.page} (printed 'Page {marker.printed}')]"
                    bodies[section.id].append(label)
                continue
            text = self.render_line(line)
            if text:
                bodies[section.id].append(text)
                started[section.id] = True
        for section in self.sections:
            lines = bodies[section.id]
            while lines and lines[-1].startswith("[p. "):
                lines.pop()
            if section.kind == "example":
                rule = self.example_rules.get(section.id)
                if rule is not None:
                    lines.insert(0, "Rule: " + (self.render_line(self.line(rule)) or "").lstrip("\u2022 -"))
            section.text = "\n".join(lines)

    def build_pages(self) -> None:
        for section in self.sections:
            if section.page_start is None and section.kind != "front":
                first = next((self.line(n).page for n in range(section.line, (section.line_end or 0) + 1)
                              if self.line(n).page is not None), None)
                section.page_start = first
            if section.kind == "front":
                continue
            his = [self.line(n).page_hi for n in range(section.line, section.line_end + 1)
                   if self.line(n).kind not in ("page", "blank") and self.line(n).page_hi is not None]
            section.page_end = max(his + ([section.page_start] if section.page_start else []), default=None)

    # ----------------------------------------------------------------------------- pass 5: references

    def build_references(self) -> None:
        source = self.result.source.id
        toc_lines = {entry.line: entry for entry in self.toc}
        for line in self.lines:
            if not line.section or line.kind in ("page", "blank"):
                continue
            folded = line.folded
            found: list[tuple[str, int, str]] = []  # (raw, page, context)
            if line.no in toc_lines and line.kind == "toc":
                entry = toc_lines[line.no]
                found.append((line.raw, entry.page, entry.title))
            else:
                for match in PAGE_REFERENCE.finditer(line.raw):
                    found.append((match.group(0), int(match.group(1)), line.raw))
                for match in THIS_PAGE.finditer(line.raw):
                    found.append((match.group(0), line.page, line.raw))
                for match in RELATIVE_PAGE.finditer(line.raw):
                    found.append((match.group(0), (line.page_hi or line.page) + 1, line.raw))
                for match in PAGE_RANGE.finditer(line.raw):
                    found.append((match.group(0), int(match.group(1)), line.raw))
            for raw, page, context in found:
                ref = Reference(section_id=line.section, raw=raw, kind="page", target_source=source,
                                target_locator=f"page:{page}", line=line.no)
                for pattern, printed, corrected, why in STALE_REFERENCES:
                    if page == printed and re.search(pattern, folded):
                        ref.target_locator = f"page:{corrected}"
                        self.problem(line.no, "stale_reference", f"'{raw}' points at page {printed}; "
                                                                 f"corrected to page {corrected}: {why}")
                if line.no in toc_lines:
                    self.check_toc_entry(ref, toc_lines[line.no])
                self.resolve(ref, context)
                self.result.references.append(ref)

    def check_toc_entry(self, ref: Reference, entry: TocEntry) -> None:
        """Compare a table-of-contents entry with the heading it lists (same number, else same title)."""
        if not entry.translated:
            ref.unresolved_reason = f"page {entry.page} ('{entry.title}') was not translated in this edition"
            self.problem(entry.line, "unresolved", ref.unresolved_reason)
            return
        scope = self.by_id[self.line(entry.line).section]
        pool = [s for s in self.sections if s.kind == "section" and scope.line < s.line <= scope.line_end]
        numbered = [s for s in pool if entry.number and s.number == entry.number]
        scored = [(fuzz.token_sort_ratio(key_words(entry.title), key_words(s.title)), s)
                  for s in (numbered or pool)]
        score, best = max(scored, key=lambda pair: (pair[0], -pair[1].level, -pair[1].order),
                          default=(0, None))
        if best is None or (not numbered and score < 80):
            self.problem(entry.line, "toc_mismatch",
                         f"table-of-contents entry '{entry.title}' matches no heading")
            return
        if score < 100:
            self.problem(entry.line, "toc_mismatch", f"table-of-contents entry '{entry.title}' is printed as "
                                                     f"'{best.title}' (line {best.line})")
        if best.page_start != entry.page:
            ref.target_locator = f"page:{best.page_start}"
            self.problem(entry.line, "stale_reference", f"table of contents puts '{entry.title}' on page "
                                                        f"{entry.page}; it starts on page {best.page_start}")

    def resolve(self, ref: Reference, context: str) -> None:
        """Resolve a page reference to the section on that page whose title best matches its context."""
        if ref.unresolved_reason:
            return
        page = int(ref.target_locator.split(":")[1])
        pool = [s for s in self.sections if s.kind not in ("example", "front") and s.page_start is not None]
        starting = [s for s in pool if s.page_start == page]
        covering = [s for s in pool if s.page_start <= page <= (s.page_end or s.page_start)]
        candidates = starting or covering
        if not candidates:
            ref.unresolved_reason = f"page {page} is not in the translated text (pages 7-196)"
            self.problem(ref.line, "unresolved", f"'{ref.raw}': {ref.unresolved_reason}")
            return
        referring = self.by_id[ref.section_id]
        wanted = match_tokens(context) | match_tokens(referring.title)
        scored = [(len(wanted & match_tokens(s.title)), s) for s in candidates if s.id != ref.section_id]
        best_score = max((score for score, _ in scored), default=0)
        if best_score > 0:
            target = min((s for score, s in scored if score == best_score), key=lambda s: (s.level, s.order))
        else:
            target = section_for_page(pool, page)
        ref.target_id = target.id

    # ----------------------------------------------------------------------------- pass 6: terms

    def build_terms(self) -> None:
        source = self.result.source.id
        seen: set[str] = set()
        for term, pages, pattern in TERMS:
            found = self.find_definition(pages, pattern or re.escape(term))
            slug = title_slug(term) if title_slug(term) != "untitled" else match_key(term)
            term_id = f"{source}:term:{slug}"
            if term_id in seen:
                term_id = f"{term_id}-{pages[0]}"
            seen.add(term_id)
            if found is None:
                self.problem(None, "term_not_found",
                             f"no defining sentence for '{term}' on page(s) {', '.join(map(str, pages))}")
                continue
            number, sentence = found
            self.result.terms.append(Term(id=term_id, source_id=source, term=term, definition=sentence,
                                          section_id=self.line(number).section, official=True, line=number))

    def find_definition(self, pages: tuple[int, ...], pattern: str) -> tuple[int, str] | None:
        regex = re.compile(pattern, re.IGNORECASE)
        cue = re.compile(r"\b(?:is|are) called\b|\bmeans?\b|\bis\b|\bare\b", re.IGNORECASE)
        for page in pages:
            best = None
            for line in self.lines:
                if line.kind not in DEFINING_KINDS or line.page is None:
                    continue
                if not line.page <= page <= (line.page_hi or line.page) or not regex.search(line.folded):
                    continue
                sentences = split_sentences(line.raw.lstrip("\u2022-").strip())
                for index, sentence in enumerate(sentences):
                    folded = fold_quotes(sentence)
                    if not regex.search(folded):
                        continue
                    rank = 0 if NAMING_CUE.search(folded) else 1 if cue.search(folded) else 2
                    if best is None or rank < best[0]:
                        best = (rank, line.no, self.definition_text(line, sentences, index))
                    if rank == 0:
                        break
                if best and best[0] == 0:
                    break
            if best:
                return best[1], best[2]
        return None

    def definition_text(self, line: Line, sentences: list[str], index: int) -> str:
        """The defining sentence, with the sentences it refers back to ("This is called ...") and the list
        it introduces ("... means the following actions:")."""
        start = index
        while start > 0 and index - start < 2 and BACK_REFERENCE.match(sentences[start]):
            start -= 1
        text = " ".join(sentences[start:index + 1])
        if text.endswith(":"):
            items, number = [], line.no + 1
            while number <= len(self.lines) and self.line(number).kind in ("dash", "page"):
                if self.line(number).kind == "dash":
                    items.append(self.line(number).raw[1:].strip())
                number += 1
            text = f"{text} {'; '.join(items)}" if items else text
        return clean_text(text)

    # ----------------------------------------------------------------------------- pass 7: card names

    def build_mentions(self) -> None:
        """Record what the book marks as a card name: quoted names (curly, straight, single), the
        comma-separated items of picture captions, dash-list items and typed list lines
        (``Dark Magic Inheritance (Quick-Play Spell)``).  The linker resolves them and also scans the
        unquoted prose."""
        for line in self.lines:
            if not line.section or line.kind in ("page", "blank"):
                continue
            for name, kind in quoted_mentions(line.raw):
                self.mention(line, name, kind)
            pictured = PICTURED.search(line.folded)
            if line.kind in ("caption", "continuation") or pictured:
                for item in caption_items(line.folded[pictured.start() if pictured else 0:]):
                    self.mention(line, item, kind="list")
            typed = TYPED_CARD.search(line.folded)
            if typed or line.kind == "dash":
                item = line.folded[:typed.start()] if typed else line.folded
                item = item.strip().lstrip("-").strip()
                if looks_like_card_name(item):
                    self.mention(line, item)

    def mention(self, line: Line, raw: str, kind: str = "name") -> None:
        self.result.mentions.append(CardMention(section_id=line.section, raw=raw, kind=kind, line=line.no))

    # ----------------------------------------------------------------------------- pass 8: checks

    def check_content(self) -> None:
        seen: dict[str, int] = {}
        for line in self.lines:
            if line.kind != "bullet" or len(line.raw) < DUPLICATE_MIN_LENGTH:
                continue
            key = match_key(line.raw)
            if key in seen:
                self.problem(line.no, "duplicate", f"bullet repeats line {seen[key]} word for word")
            else:
                seen[key] = line.no
        for line in self.lines:
            folded = line.folded
            for pattern, message in KNOWN_INCONSISTENCIES:
                if re.search(pattern, folded):
                    self.problem(line.no, "inconsistency", message)
            match = COPIED_CLASS.search(folded)
            if match and match.group(1) != match.group(2):
                kind, copied = match.group(1), match.group(2)
                self.problem(line.no, "inconsistency",
                             f"rule about {kind} Monsters speaks of 'a {copied} Monster Card that is "
                             f"banished' (copied from the {copied} rule)")
        if not any(h.kind == "chapter" for h in self.headings):
            self.problem(None, "unparsed", "no 'Chapter N' heading found")
        last_page = max((m.last for m in self.markers), default=0)
        expected = max([e.page for e in self.toc if e.translated]
                       + [e.page - 1 for e in self.toc if not e.translated], default=0)
        if last_page < expected:
            last_line = len(self.lines)
            self.problem(last_line, "truncated",
                         f"text ends on page {last_page} (line {last_line}); its tables of contents "
                         f"reach page {expected}")
