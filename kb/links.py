"""Links between records: the ``links`` build step.

Runs after the rulebook, card and ruling steps and connects what they imported:

* **card mentions** written in the rulebooks (:class:`~kb.models.CardMention`) get their ``card_id``:
  passcodes through :class:`~kb.models.CardPassword` (leading zeros lost in the text are harmless since
  passcodes are integers; a 9-digit typo is repaired when exactly one dropped digit gives a passcode of the
  card named beside it, and the repair is recorded), names through the card-name dictionary (exact
  normalised name, then a project alias or former name, then a conservative fuzzy match for misspellings,
  recorded as a ``variant_spelling`` problem).  The importers record what the text *marks* as a name
  (quotes, caption and list items); a comma list (kind ``"list"``) is split here at the commas that
  separate cards.  Archetype/series names (``"Blue-Eyes"``), Token names and rule words (``"Chain Link 1"``,
  ``"Tuner"``: every word game vocabulary or written in lower case somewhere in the books) link to nothing
  and are counted apart.  Every mention left unlinked becomes a ``ParseProblem(kind="unlinked_card")`` with
  its file and line.  In the books whose card names are mostly written unquoted
  (:data:`UNQUOTED_NAME_SOURCES`), section texts are also scanned for whole card names (longest match,
  capitalised as printed) and the finds are stored as mentions of kind ``"scanned"``.
* **cited rulings** (:class:`~kb.models.RulingCitation`, e.g. YGOrg titles) link to the cards their titles
  name (:class:`~kb.models.CitationCard`).
* **rulings ↔ rule sections** (:class:`~kb.models.RulingSection`) through the curated topic table
  ``data/topics.toml``: a ruling whose text uses one of a topic's phrases links to the topic's sections,
  with the phrase as the recorded reason.
* **conflicts** (:class:`~kb.models.Conflict`, :class:`~kb.models.ConflictSide`) from the curated
  ``data/conflicts.toml``; an unknown section id fails the build naming the conflict and the id.
* **same-topic links** (:class:`~kb.models.TopicLink`) between sections of different books: curated
  topics, terms defined in several books, identical section titles, and duplicated sections.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from sqlalchemy import insert
from sqlmodel import Session, select

from .card_names import (CardNameIndex, NameMatch, build_name_index, quoted_spans, resolve_name,
                         resolve_passcode, scan_card_names, term_names, word_surface)
from .curated import CONFLICTS_FILE, TOPICS_FILE, Topic, check_sections, load_conflicts, load_topics
from .models import (BuildInfo, Card, CardMention, CitationCard, Conflict, ConflictSide, ParseProblem, Ruling,
                     RulingCitation, RulingSection, Section, Source, Term, TopicLink)
from .text import fold_quotes, name_key

__all__ = [
    "UNQUOTED_NAME_SOURCES",
    "split_name_list",
    "link_mentions",
    "scan_unquoted_mentions",
    "link_citations",
    "link_rulings_to_sections",
    "store_conflicts",
    "link_same_topic",
    "link_records",
    "link_rate",
]

# Books that write many card names without quotes (the notes: prb2017 §3.1, seeds-002-004 §3), so their
# section texts are scanned for whole card names as well.  Community quotes every name.
UNQUOTED_NAME_SOURCES = ("prb2017", "tcg-v10", "cr-draft", "md")

# --------------------------------------------------------------------------------------- linking


def _source_files(session: Session) -> dict[str, str]:
    return dict(session.exec(select(Source.id, Source.file)).all())


def link_rate(linked: int, countable: int) -> str:
    """A linking rate as printed in the build summary (``"96.4%"``)."""
    return f"{100.0 * linked / countable:.1f}%" if countable else "-"


def split_name_list(index: CardNameIndex, written: str) -> list[str]:
    """The card names of a comma list as an importer recorded it (``"Mystical Space Typhoon, Forbidden
    Lance"``): consecutive items are kept together where together they are a card's exact name or alias
    (``"Yellow Baboon, Archer of the Forest"``); an item that is no card name splits at ``and``."""
    items = []
    for item in (item.strip() for item in written.split(",")):
        parts = re.split(r"\s+and\s+", item)
        if len(parts) > 1 and name_key(item) not in index.by_key and all(p[:1].isupper() for p in parts):
            items.extend(parts)  # "Bixi, Water of the Yang Zing and Mystery Shell Dragon"
        elif item:
            items.append(item)
    names, i = [], 0
    while i < len(items):
        for j in range(len(items), i + 1, -1):
            key = name_key(", ".join(items[i:j]))
            if key in index.by_key or key in index.aliases:
                names.append(", ".join(items[i:j]))
                i = j
                break
        else:
            names.append(items[i])
            i += 1
    return names


def _expand_lists(session: Session, index: CardNameIndex) -> None:
    """Replace each ``kind="list"`` mention by one ``kind="name"`` mention per name it holds."""
    for mention in session.exec(select(CardMention).where(CardMention.kind == "list")).all():
        names = split_name_list(index, mention.raw)
        mention.kind, mention.raw = "name", names[0] if names else mention.raw
        session.add(mention)
        for name in names[1:]:
            session.add(CardMention(section_id=mention.section_id, raw=name, kind="name", line=mention.line))
    session.flush()


def link_mentions(session: Session, index: CardNameIndex) -> dict[str, Counter]:
    """Set ``card_id`` on every rulebook card mention; record repairs, misspellings and unlinked mentions
    as problems.  Comma lists (``kind="list"``) are first split into names (:func:`split_name_list`).

    Returns, per source, a counter of outcomes (``mentions``, ``linked``, ``series``, ``tokens``,
    ``rules``, ``unlinked``, ``repairs``, ``fuzzy``).
    """
    _expand_lists(session, index)
    files = _source_files(session)
    source_of = dict(session.exec(select(Section.id, Section.source_id)).all())
    stats: dict[str, Counter] = defaultdict(Counter)
    cache: dict[tuple[str, int | None, str], NameMatch] = {}
    for mention in session.exec(select(CardMention).where(CardMention.kind != "scanned")).all():
        source_id = source_of.get(mention.section_id, mention.section_id.split(":", 1)[0])
        counts = stats[source_id]
        counts["mentions"] += 1
        cache_key = (mention.kind, mention.passcode, mention.raw)
        if cache_key not in cache:
            if mention.kind == "series":  # the text uses the name as an archetype ("Yubel" monsters)
                cache[cache_key] = NameMatch(None, "series", detail=mention.raw)
            elif mention.kind == "passcode" and mention.passcode is not None:
                cache[cache_key] = resolve_passcode(index, mention.passcode, mention.raw)
            else:
                cache[cache_key] = resolve_name(index, mention.raw)
        match = cache[cache_key]
        mention.card_id = match.card_id
        if match.how == "series":
            counts["series"] += 1
        elif match.how == "token":
            counts["tokens"] += 1
        elif match.how == "rule":
            counts["rules"] += 1
        elif match.linked:
            counts["linked"] += 1
            if match.how == "fuzzy":
                counts["fuzzy"] += 1
                session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""),
                                         line=mention.line, kind="variant_spelling",
                                         message=f"card name {mention.raw!r} is a misspelling of "
                                                 f"{index.names[match.card_id]!r}",
                                         excerpt=mention.raw[:300]))
            if match.how == "passcode_repair":
                counts["repairs"] += 1
                session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""),
                                         line=mention.line, kind="repair", message=match.detail,
                                         excerpt=mention.raw[:300]))
        else:
            counts["unlinked"] += 1
            why = match.detail or "no card of that name"
            session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""), line=mention.line,
                                     kind="unlinked_card",
                                     message=f"card mention {mention.raw!r} in {mention.section_id} "
                                             f"links to no card: {why}",
                                     excerpt=mention.raw[:300]))
        session.add(mention)
    session.flush()
    return stats


def _spans_of(text: str, names: set[str]) -> list[tuple[int, int]]:
    """Where the whole-word occurrences of ``names`` lie in ``text``."""
    return [(m.start(), m.end()) for name in names
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text)]


def scan_unquoted_mentions(session: Session, index: CardNameIndex,
                           sources: tuple[str, ...] = UNQUOTED_NAME_SOURCES) -> Counter:
    """Add ``kind="scanned"`` mentions for card names written unquoted in the section titles and texts
    of ``sources`` (skipping cards a section already mentions).  Returns the number added per source."""
    added: Counter = Counter()
    already = defaultdict(set)
    read: dict[str, set[str]] = defaultdict(set)  # the card names each section's importer recorded
    archetypes: dict[str, set[str]] = defaultdict(set)  # and the names it uses as archetypes
    for section_id, card_id, raw, kind in session.exec(select(CardMention.section_id, CardMention.card_id,
                                                              CardMention.raw, CardMention.kind)).all():
        if card_id is not None:
            already[section_id].add(card_id)
        if kind == "name" and raw and card_id is not None:
            read[section_id].add(raw)
        elif kind == "series" and raw:
            archetypes[section_id].add(raw)
    sections = session.exec(select(Section).where(Section.source_id.in_(sources))
                            .order_by(Section.source_id, Section.order)).all()
    labels: dict[str, set[str]] = defaultdict(set)  # one-word glossary terms and headings of each book
    for source_id, label in [*session.exec(select(Term.source_id, Term.term)).all(),
                             *((s.source_id, s.title) for s in sections)]:
        if label and len(label.split()) == 1:
            labels[source_id].add(word_surface(fold_quotes(label)))
    for section in sections:
        seen = already[section.id]
        title, text = section.title or "", section.text or ""
        # a name inside a longer name the importer read is no mention ("Numbing Grub in the Ice Barrier")
        covered = _spans_of(text, read[section.id])
        archetype = [(m.start(), m.end()) for name in archetypes[section.id]  # the quoted occurrences
                     for m in re.finditer("[\"']" + re.escape(name) + "[\"']", text)]
        own = frozenset(labels[section.source_id])
        finds = [(title, start, end, card_id, section.line)
                 for start, end, card_id in scan_card_names(index, title, labels=own)]
        for start, end, card_id in scan_card_names(index, text, labels=own):
            if any(a <= start and end <= b and b - a > end - start for a, b in covered):
                continue
            if any(a < end and start < b for a, b in archetype):
                continue  # "Ancient Gear" monsters
            # the heading's line plus the text lines before the name
            line = None if section.line is None else section.line + text.count("\n", 0, start)
            finds.append((text, start, end, card_id, line))
        for written, start, end, card_id, line in finds:
            if card_id in seen:
                continue
            seen.add(card_id)
            session.add(CardMention(section_id=section.id, raw=written[start:end], kind="scanned",
                                    card_id=card_id, line=line))
            added[section.source_id] += 1
    session.flush()
    return added


def link_citations(session: Session, index: CardNameIndex) -> Counter:
    """Link each cited ruling (``RulingCitation``) to the cards its title names: quoted names first,
    then whole card names written unquoted in the title."""
    counts: Counter = Counter()
    for citation in session.exec(select(RulingCitation)).all():
        counts["citations"] += 1
        title = citation.raw_title or citation.title
        cards = []
        for span in quoted_spans(title):
            match = resolve_name(index, span)
            if match.linked:
                cards.append(match.card_id)
        for _start, _end, card_id in scan_card_names(index, title, initial_words=True):
            cards.append(card_id)
        distinct = list(dict.fromkeys(cards))
        for card_id in distinct:
            session.add(CitationCard(citation_id=citation.id, card_id=card_id))
        counts["with_cards"] += bool(distinct)
        counts["links"] += len(distinct)
    session.flush()
    return counts


def _ruling_text(ruling: Ruling) -> str:
    if ruling.text_language != "en":
        return ""
    return "\n".join(part for part in (ruling.title, ruling.question, ruling.answer) if part)


def link_rulings_to_sections(session: Session, topics: list[Topic]) -> Counter:
    """Link rulings to the sections of every topic whose phrases their English text uses."""
    counts: Counter = Counter()
    known = set(session.exec(select(Section.id)).all())
    usable = []
    for topic in topics:
        sections = [s for s in topic.sections if s in known]
        if topic.pattern is not None and sections:
            needles = {" ".join(p.lower().split()) for p in topic.phrases}
            usable.append((topic, sections, needles))
    rows = []
    for ruling in session.exec(select(Ruling)).all():
        text = " ".join(_ruling_text(ruling).split())
        if not text:
            continue
        lower = text.lower()
        linked = {}
        for topic, sections, needles in usable:
            if not any(needle in lower for needle in needles):
                continue  # cheap test before the whole-word pattern
            found = topic.pattern.search(text)
            if not found:
                continue
            counts[topic.id] += 1
            reason = f"{topic.id}: the ruling says {found.group()!r}"
            for section_id in sections:
                linked.setdefault(section_id, reason)
        rows.extend({"ruling_id": ruling.id, "section_id": section_id, "reason": reason}
                    for section_id, reason in linked.items())
        counts["rulings_linked"] += bool(linked)
    if rows:
        session.execute(insert(RulingSection.__table__), rows)
    counts["links"] = len(rows)
    session.flush()
    return counts


def store_conflicts(session: Session, conflicts: list[dict], where: str = str(CONFLICTS_FILE)) -> int:
    """Validate the curated conflicts against the store and write them; returns how many were written.

    :raises KbError: naming the conflict and the section id when a side points at no section.
    """
    wanted = {side["section"]: f"conflict {c['id']!r}" for c in conflicts for side in c["sides"]}
    check_sections(session, where, wanted)
    known = set(session.exec(select(Section.id)).all())
    written = 0
    for conflict in conflicts:
        sides = [s for s in conflict["sides"] if s["section"] in known]
        if len(sides) < 2:
            continue  # partial build: one side's book was not imported
        session.add(Conflict(id=conflict["id"], topic=conflict["topic"], summary=conflict["summary"]))
        for side in sides:
            session.add(ConflictSide(conflict_id=conflict["id"], section_id=side["section"],
                                     position=side["position"]))
        written += 1
    session.flush()
    return written


# Section titles that say nothing about the topic: never a reason for a same-topic link.
GENERIC_TITLES = frozenset(name_key(t) for t in (
    "Example", "Examples", "Introduction", "Notes", "Note", "References", "General", "FAQ", "Other Rules",
    "Contents", "Table of Contents", "Sources", "Glossary", "Terminology", "Overview", "Summary",
    "Getting Started", "Game Cards", "How to Play", "Properties", "Rules", "Effect", "Situation",
))


def link_same_topic(session: Session, topics: list[Topic]) -> Counter:
    """Write ``TopicLink`` rows: curated topics, terms defined in several books, identical section
    titles in different books, and duplicated sections.  Returns counts per reason."""
    sections = {s.id: s for s in session.exec(select(Section)).all()}
    pairs: dict[tuple[str, str], str] = {}
    counts: Counter = Counter()

    def add(a: str, b: str, topic: str, reason: str, same_book_ok: bool = False) -> None:
        if a == b or a not in sections or b not in sections:
            return
        if not same_book_ok and sections[a].source_id == sections[b].source_id:
            return
        key = (a, b) if a < b else (b, a)
        if key not in pairs:
            pairs[key] = topic
            counts[reason] += 1

    for topic in topics:
        ids = [s for s in topic.sections if s in sections]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, topic.id, "curated")
    by_term = defaultdict(set)
    for term in session.exec(select(Term)).all():
        if term.section_id:
            for key in term_names(term.term):
                if len(key) >= 4:
                    by_term[key].add(term.section_id)
    for key, ids in sorted(by_term.items()):
        ids = sorted(ids)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, f"term:{key}", "term")
    by_title = defaultdict(list)
    for section in sections.values():
        key = name_key(section.title or "")
        if len(key) >= 6 and key not in GENERIC_TITLES and section.kind not in ("page", "example"):
            by_title[key].append(section.id)
    for key, ids in sorted(by_title.items()):
        books = {sections[s].source_id for s in ids}
        if len(books) < 2 or len(ids) > 6:
            continue  # one book only, or a title too common to mean one topic
        ids = sorted(ids)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, f"title:{sections[a].title}", "title")
    for section in sections.values():
        if section.duplicate_of:
            add(section.id, section.duplicate_of, "duplicate", "duplicate", same_book_ok=True)
    for (a, b), topic in sorted(pairs.items()):
        session.add(TopicLink(section_a=a, section_b=b, topic=topic[:200]))
    session.flush()
    return counts


# --------------------------------------------------------------------------------------- build step


def _validate_links(ctx) -> list[str]:
    """Validator run by the ``validate`` step: every link points at a record that exists."""
    session: Session = ctx.session
    cards = set(session.exec(select(Card.id)).all())
    sections = set(session.exec(select(Section.id)).all())
    errors = []
    for mention_id, card_id in session.exec(select(CardMention.id, CardMention.card_id)
                                            .where(CardMention.card_id.is_not(None))).all():
        if card_id not in cards:
            errors.append(f"card mention {mention_id} points at unknown card {card_id}")
    for conflict_id, section_id in session.exec(select(ConflictSide.conflict_id,
                                                       ConflictSide.section_id)).all():
        if section_id not in sections:
            errors.append(f"conflict {conflict_id} points at unknown section {section_id}")
    for ruling_id, section_id in session.exec(select(RulingSection.ruling_id,
                                                     RulingSection.section_id)).all():
        if section_id not in sections:
            errors.append(f"ruling {ruling_id} points at unknown section {section_id}")
    return errors[:20]


def link_records(ctx) -> None:
    """Build step ``links``: card mentions, cited rulings, ruling↔section topics, conflicts and
    same-topic links (see the module docstring).  Adds per-book linking rates to the build summary."""
    session: Session = ctx.session
    index = build_name_index(session)
    if not len(index):
        ctx.log("links: no cards in the store (run the cards step first); card mentions stay unlinked")
    stats = link_mentions(session, index) if len(index) else defaultdict(Counter)
    scanned = scan_unquoted_mentions(session, index) if len(index) else Counter()
    for source_id in sorted(set(stats) | set(scanned)):
        counts = stats[source_id]
        countable = counts["mentions"] - counts["series"] - counts["tokens"] - counts["rules"]
        ctx.add_summary(source_id, mentions=counts["mentions"], linked=counts["linked"],
                        link_rate=link_rate(counts["linked"], countable))
        ctx.log(f"links: {source_id}: {counts['linked']}/{countable} card mentions linked "
                f"({counts['fuzzy']} by fuzzy match, {counts['repairs']} repaired passcodes), "
                f"{counts['unlinked']} unlinked, {counts['series']} series names, {counts['tokens']} "
                f"Token names, {counts['rules']} rule words, {scanned[source_id]} more names found unquoted")
        if countable:
            session.add(BuildInfo(key=f"link_rate:{source_id}",
                                  value=f"{100.0 * counts['linked'] / countable:.1f}"))
    citations = link_citations(session, index) if len(index) else Counter()
    ctx.log(f"links: {citations['with_cards']}/{citations['citations']} cited rulings name a card "
            f"({citations['links']} links)")
    topics = load_topics(ctx.state.get("topics_file", TOPICS_FILE))
    check_sections(session, str(ctx.state.get("topics_file", TOPICS_FILE)),
                    {sid: f"topic {t.id!r}" for t in topics for sid in t.sections})
    rulings = link_rulings_to_sections(session, topics)
    ctx.log(f"links: {rulings['rulings_linked']} rulings linked to rule sections ({rulings['links']} links)")
    conflicts_file = ctx.state.get("conflicts_file", CONFLICTS_FILE)
    written = store_conflicts(session, load_conflicts(conflicts_file), str(conflicts_file))
    same = link_same_topic(session, topics)
    ctx.log(f"links: {written} conflicts; same-topic links {dict(same)}")
    ctx.state.setdefault("validators", []).append(_validate_links)
    ctx.state["links"] = {"mentions": {k: dict(v) for k, v in stats.items()}, "scanned": dict(scanned),
                          "citations": dict(citations), "rulings": dict(rulings), "conflicts": written,
                          "same_topic": dict(same)}
    session.commit()
