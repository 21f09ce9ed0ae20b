"""The documents of the search index, read from the store: one per section, term, card and ruling."""

from __future__ import annotations

import re

from sqlmodel import select

from ..card_names import DERIVED_ALIAS_KINDS
from ..query import keyword_key
from ..text import name_key

__all__ = ["all_documents", "early_documents", "rulebook_documents", "card_documents", "card_aliases", "CardDoc",
           "ruling_documents", "section_cards", "RUBY"]

RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


def _regions(label: str) -> list[str]:
    """A source's region label (``OCG/TCG (community)``, ``Master Duel``) as region keywords."""
    label = (label or "").lower()
    out = [r for r in ("ocg", "tcg") if r in label]
    if "master duel" in label or label == "md":
        out.append("md")
    return out


def _japanese_names(name_ja: str) -> str:
    """The Japanese name with its ruby readings: base text, then the reading spelled out."""
    if not name_ja:
        return ""
    base = RUBY.sub(lambda m: m.group(1), name_ja)
    reading = RUBY.sub(lambda m: m.group(2), name_ja)
    return base if reading == base else f"{base}\n{reading}"


def section_cards(session) -> dict[str, str]:
    """Section id -> its ``cards`` field: the ids of the cards its mentions are linked to (the ``links``
    build step links them)."""
    from ..models import CardMention

    mentions: dict[str, set[int]] = {}
    for section_id, card_id in session.exec(select(CardMention.section_id, CardMention.card_id)).all():
        if card_id is not None:
            mentions.setdefault(section_id, set()).add(card_id)
    return {section_id: " ".join(str(c) for c in sorted(cards)) for section_id, cards in mentions.items()}


def _section_docs(session, cards: dict[str, str] | None = None):
    from ..models import Reference, Section, Source

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    sections = session.exec(select(Section).order_by(Section.source_id, Section.order)).all()
    by_id = {s.id: s for s in sections}
    cards = section_cards(session) if cards is None else cards
    cited: dict[str, list[str]] = {}  # the entries of a section's References block (ruling titles)
    for section_id, raw in session.exec(select(Reference.section_id, Reference.raw)
                                        .where(Reference.in_block)).all():
        cited.setdefault(section_id, []).append(raw)
    order = {sid: s.order for sid, s in sources.items()}
    for section in sorted(sections, key=lambda s: (order.get(s.source_id, 99), s.order)):
        if section.duplicate_of:
            continue  # the same body is indexed under the section it repeats
        crumbs, parent = [], by_id.get(section.parent_id)
        while parent is not None and len(crumbs) < 8:
            crumbs.append(parent.title)
            parent = by_id.get(parent.parent_id)
        title = f"{section.number} {section.title}" if section.number else section.title
        source = sources.get(section.source_id)
        yield dict(
            doc=f"section/{section.id}", kind="section", source=section.source_id,
            region=" ".join(_regions(source.region if source else "")), title=title,
            title_key=name_key(section.title),
            context="\n".join(list(reversed(crumbs)) + cited.get(section.id, [])), body=section.text,
            cards=cards.get(section.id, ""),
            info={"id": section.id, "number": section.number, "section_kind": section.kind,
                  "pages": [section.page_start, section.page_end] if section.page_start else None,
                  "source_title": source.title if source else section.source_id})


def _term_docs(session):
    from ..models import Section, Source, Term

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    titles = dict(session.exec(select(Section.id, Section.title)).all())
    for term in session.exec(select(Term).order_by(Term.source_id, Term.term)).all():
        source = sources.get(term.source_id)
        yield dict(
            doc=f"term/{term.id}", kind="term", source=term.source_id,
            region=" ".join(_regions(source.region if source else "")), title=term.term,
            title_key=name_key(term.term), context=titles.get(term.section_id, ""), body=term.definition,
            info={"id": term.id, "section_id": term.section_id, "official": term.official})


def card_aliases(session) -> dict[int, list[str]]:
    """Card id -> its curated aliases, as the card documents' ``alt`` and ``title_key`` fields hold them.

    Curated aliases are written in ``alt`` and as name keys; nicknames derived from a name's own words are
    not (their words are the title's; a search for one is widened to the name by the index's nicknames)."""
    from ..models import Alias

    aliases: dict[int, list[str]] = {}
    for alias, card_id, kind in session.exec(select(Alias.alias, Alias.card_id, Alias.kind)).all():
        if kind not in DERIVED_ALIAS_KINDS:
            aliases.setdefault(card_id, []).append(alias)
    return aliases


class CardDoc(dict):
    """A card's document before its aliases are known (:func:`card_documents`): every field but
    ``title_key`` and ``alt``, which :meth:`with_aliases` adds (the only fields the aliases change)."""

    __slots__ = ("name_keys", "japanese")

    def with_aliases(self, aliases: list[str]) -> dict:
        """The whole document, given the card's curated aliases (:func:`card_aliases`)."""
        return {**self,
                "title_key": " ".join(dict.fromkeys(filter(None, self.name_keys + [name_key(a) for a in aliases]))),
                "alt": "\n".join([self.japanese] + aliases)}


def _card_docs(session):
    aliases = card_aliases(session)
    for doc in card_documents(session):
        yield doc.with_aliases(aliases.get(doc["info"]["id"], []))


def card_documents(session):
    """The cards' documents in docnum order, without the fields the aliases change (:class:`CardDoc`):
    they read the cards only, stored by the build's ``cards`` step."""
    from ..models import Card

    table = Card.__table__  # plain rows (attributes as the model's): no ORM objects to build
    for card in session.execute(select(table).order_by(table.c.name, table.c.id)).all():
        abilities = [keyword_key(a) for a in (card.abilities or [])]
        types = [keyword_key(card.card_type)] + abilities
        if card.property:
            types.append(keyword_key(card.property))
        if card.monster_type:
            types.append(keyword_key(card.monster_type))
        if {"fusion", "synchro", "xyz", "link"} & set(abilities):
            types.append("extra")
        regions = [r for r, status in (("tcg", card.tcg_status), ("ocg", card.ocg_status))
                   if status and status.lower() not in ("not yet released", "illegal", "unreleased")]
        body = "\n".join(t for t in (card.materials if card.materials and card.materials not in card.text
                                     else "", card.pendulum_text, card.text) if t)
        doc = CardDoc(
            doc=f"card/{card.id}", kind="card", source=card.source or "cards", region=" ".join(regions),
            card_type=card.card_type.lower(), title=card.name, body=body,
            types=" ".join(dict.fromkeys(t for t in types if t)),
            series=" ".join(keyword_key(s) for s in (card.series or [])), cards=str(card.id),
            info={"id": card.id, "password": card.password, "card_type": card.card_type,
                  "property": card.property, "monster_type": card.monster_type,
                  "attribute": card.attribute, "level": card.level, "rank": card.rank,
                  "link_rating": card.link_rating, "atk": card.atk, "def": card.defense,
                  "name_ja": RUBY.sub(r"\1", card.name_ja or "")})
        if card.attribute:
            doc["attr"] = card.attribute.lower()
        if card.monster_type:
            doc["race"] = keyword_key(card.monster_type)
        for fieldname, value in (("level", card.level), ("rank", card.rank), ("link", card.link_rating),
                                 ("atk", card.atk), ("def", card.defense), ("scale", card.scale)):
            if value is not None:
                doc[fieldname] = int(value)
        doc.name_keys = [card.name_key or name_key(card.name), name_key(RUBY.sub(r"\1", card.name_ja or ""))]
        doc.japanese = _japanese_names(card.name_ja)
        yield doc


def _ruling_docs(session):
    from ..models import Card, Ruling, RulingCard

    names = dict(session.exec(select(Card.id, Card.name)).all())
    involved: dict[str, list[int]] = {}
    for ruling_id, card_id in session.exec(select(RulingCard.ruling_id, RulingCard.card_id)).all():
        involved.setdefault(ruling_id, []).append(card_id)
    for ruling in session.execute(select(Ruling.__table__).order_by(Ruling.__table__.c.id)).all():
        cards = sorted(set(involved.get(ruling.id, [])))
        question = ruling.question.strip()
        body = f"{question}\n{ruling.answer}".strip() if question else ruling.answer
        title = ruling.title or ruling.heading or (question or ruling.answer)[:80]
        yield dict(
            doc=f"ruling/{ruling.id}", kind="ruling", source=ruling.source,
            region=" ".join(_regions(ruling.region)), title=title, title_key=name_key(title),
            context="\n".join([ruling.heading] + [names[c] for c in cards if c in names]), body=body,
            cards=" ".join(str(c) for c in cards),
            info={"id": ruling.id, "date": ruling.date, "ruling_kind": ruling.kind, "url": ruling.url,
                  "card_ids": cards, "language": ruling.text_language})



def all_documents(session):
    """Every document of the index, in docnum order (sections, terms, cards, rulings)."""
    for docs in (_section_docs(session), _term_docs(session), _card_docs(session), _ruling_docs(session)):
        yield from docs


def rulebook_documents(session):
    """The sections' and terms' documents, first in docnum order, without the sections' ``cards`` field
    (:func:`section_cards`): they read what the build's ``rulebooks`` step stores (no later step changes it)."""
    yield from _section_docs(session, cards={})
    yield from _term_docs(session)


def early_documents(session):
    """The documents that precede the rulings, in docnum order, without the sections' ``cards`` field
    (:func:`section_cards`): what they read is stored once the rulebooks, the cards and the aliases are
    (the build's ``rulings`` and ``links`` steps change none of it), so the index build can begin then."""
    for docs in (_section_docs(session, cards={}), _term_docs(session), _card_docs(session)):
        yield from docs


def ruling_documents(session):
    """The rulings' documents, in docnum order (after :func:`early_documents`)."""
    yield from _ruling_docs(session)
