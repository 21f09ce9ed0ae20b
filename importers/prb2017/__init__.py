"""Importer for the OCG Perfect Rulebook 2017 fan translation (source ``prb2017``, seed 000).

Spec: ``../shared/notes/seed-000-perfect-rulebook-2017.md``.  Every paragraph, bullet, example and picture
caption of the book is one physical line and there are no blank lines, so the parser works line by line:

1. **Pages.**  ``Page N`` / ``Page N:`` / ``Pages 1-6:`` markers give each line a book page.  Eight
   printed labels are out of sequence (``Page 42`` between 46 and 47, ``Page 169`` between 190 and 192,
   duplicated labels ...); each gets an *inferred* page (the page after the previous one, or the previous
   page when there is no room before the next marker) and a ``page_anomaly`` problem keeping the printed
   label.  Pages without a marker (59, 89, 92, 73-74) are covered by the text of the marker before them
   (the page range of that text is widened and a ``page_gap`` problem is recorded).
2. **Headings.**  Chapters (``Chapter 1: Basic Rules``; ``Chapter 2`` takes its title from the next
   heading-shaped line), chapter parts (Chapter 1 lines that repeat a title of the chapter's own table of
   contents, Chapter 2 ``[N] Title``), numbered sections (Chapter 1 ``(N) Title`` in sequence and
   ``Pick Up Rule [N]``, Chapter 2 ``N.M Title``) and unmarked topic headings (short lines shaped like a
   title: no bullet, no final full stop/colon/exclamation mark, not a list, table, caption or note).
   Exclamation "banner" lines and kicker lines standing right before a heading are kept as that heading's
   lead text, never as headings.  A table of repairs adds the one heading the book lost (End Phase).
3. **Examples.**  ``Example:`` lines (plus the ``Exampe:`` typo and one unlabelled example) become
   ``kind="example"`` child sections of the topic section they sit in, with the picture captions and
   translator notes that follow them; their text starts with ``Rule: <the bullet they illustrate>``.
4. **Text.**  Cleaned with :func:`kb.text.clean_text`; bullets ``• ``, dash items ``- ``, captions as
   ``[Pictured: …]`` lines (the 4-line caption joined, the one missing its ``[`` repaired), translator notes
   as ``[TL note: …]`` lines (malformed openers repaired), the three malformed pipe tables rebuilt as
   Markdown tables, flow-chart arrows as ``↓``, and ``[p. N]`` lines where a page break falls inside a
   section.
5. **References** (``Explained in detail in page N``, ``(in page N)``, ``found on Page N``, ``next page``,
   the tables of contents, the preamble's page ranges) as ``Reference(kind="page")`` resolved inside the
   book to the section on that page whose title best matches the reference's context; the known wrong
   target and table-of-contents entries whose page disagrees with the heading are ``stale_reference``
   problems with the corrected locator.
6. **Terms** from :data:`TERMS` (the notes' glossary, term -> pages), each with its defining sentence.
7. **Card-name candidates** as the book marks them: quoted names, the name-shaped items of picture
   captions, dash-list items and typed list lines (``Name (Quick-Play Spell)``), as written.  The
   ``links`` build step decides which are cards (misspellings included) and scans the unquoted prose.
8. **Problems** for every page anomaly, gap, repair, malformed note, duplicated bullet, stale or
   unresolvable reference and every source inconsistency of :data:`KNOWN_INCONSISTENCIES`.
"""

from __future__ import annotations

from .book_data import KNOWN_INCONSISTENCIES, MISSING_HEADINGS, STALE_REFERENCES, TERMS
from .lines import PageMarker, caption_items, page_markers
from .parser import parse
from .patterns import PAGE_MARKER, SOURCE_ID

__all__ = [
    "SOURCE_ID",
    "PAGE_MARKER",
    "TERMS",
    "KNOWN_INCONSISTENCIES",
    "MISSING_HEADINGS",
    "STALE_REFERENCES",
    "PageMarker",
    "page_markers",
    "caption_items",
    "parse",
]
