"""Full-text search over rule sections, glossary terms, cards and rulings (whoosh).

The index lives in ``<kb>/index`` and is written by the ``search-index`` build step, inside the new
knowledge-base version directory, so it is swapped in atomically with the store.  One document per
section, term, card and ruling; every document has the same text fields (``title``, ``alt`` for other
names, ``context`` for headings and involved cards, ``body``) plus keyword and numeric card fields for
the filters of the query language (:mod:`kb.query`).

Analysis (:func:`text_analyzer`): curly quotes and dashes folded, Unicode NFKC, case and accent folding,
Porter stemming for Latin words, overlapping character bigrams for Japanese (katakana folded to
hiragana), rule numbers such as ``201.4a`` kept whole.  Ranking is BM25F with field weights, plus
optional boosts for an exact name/title, the phrase, and adjacent words standing close; abbreviations
and synonyms (:data:`SYNONYM_GROUPS`, card nicknames from the Alias table) expand the query.

Public functions: :func:`search`, :func:`suggest`, :func:`open_index`, and the build step
:func:`build_index_step`.
"""

from __future__ import annotations

import html
import json
import math
import re
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz, process
from sqlmodel import select
from whoosh import highlight, index as windex, scoring
from whoosh.analysis import LowercaseFilter, StemFilter, Token, Tokenizer
from whoosh.analysis.filters import Filter as TokenFilter
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from .db import index_path
from .errors import InvalidQueryError, KnowledgeBaseMissingError
from .query import (FILTER_KEYS, And, Filter, Node, QueryContext, Word, keyword_key, parse, text_words,
                    to_whoosh)
from .text import fold_quotes, name_key

__all__ = [
    "SYNONYM_GROUPS",
    "KINDS",
    "FACETS",
    "text_analyzer",
    "build_schema",
    "build_index_step",
    "write_index",
    "open_index",
    "SearchIndex",
    "search",
    "suggest",
]

KINDS = ("section", "term", "card", "ruling")
FACETS = ("kind", "source", "region", "card_type")
MAX_LIMIT = 100
META_FILE = "kb-search-meta.json"

# Groups of expressions that mean the same thing to a player; each finds the others.  Abbreviations
# are listed with their expansion; stemming already joins word forms (banish/banished, timing/timed).
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("gy", "graveyard", "cemetery"),
    ("banish", "remove from play", "removed from play"),
    ("segoc", "simultaneous effects go on chain", "simultaneously"),
    ("ss", "special summon"),
    ("ns", "normal summon"),
    ("lp", "life points"),
    ("dp", "draw phase"),
    ("sp", "standby phase"),
    ("mp1", "main phase 1"),
    ("mp2", "main phase 2"),
    ("bp", "battle phase"),
    ("ep", "end phase"),
    ("ed", "extra deck"),
    ("emz", "extra monster zone"),
    ("mmz", "main monster zone"),
    ("stz", "spell trap zone", "spell & trap zone"),
    ("s/t", "spell/trap", "spell trap"),
    ("opt", "once per turn"),
    ("hopt", "hard once per turn", "once per turn"),
    ("tribute", "release"),
    ("xyz material", "overlay unit", "xyz materials"),
    ("def", "defense", "defence"),
    ("mr3", "master rule 3"),
    ("mr4", "master rule 4", "new master rule"),
    ("mr5", "master rule 5"),
    ("lingering effect", "floating effect"),
    ("hand trap", "handtrap"),
    ("spell speed 1", "ss1"),
    ("spell speed 2", "ss2"),
    ("spell speed 3", "ss3"),
    ("field spell", "field magic"),
    ("spell card", "magic card"),
    ("trap card", "trap"),
    ("summon", "summoning"),
)

# index field weights are in kb.query.TEXT_FIELDS; BM25 length normalisation per field:
WEIGHTING = scoring.BM25F(B=0.75, K1=1.2, title_B=0.4, alt_B=0.3, context_B=0.5, body_B=0.75)

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_TOKEN_RE = re.compile(rf"(?P<num>\d+(?:\.\d+)+[a-z]?)(?![\w.])|(?P<cjk>[{_CJK}]+)"
                       rf"|(?P<word>[^\W_{_CJK}]+(?:'[^\W_{_CJK}]+)*)")
_RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


class KbTokenizer(Tokenizer):
    """Latin words (apostrophes dropped), dotted rule numbers whole, Japanese runs as char bigrams."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        value = fold_quotes(value)
        if not tokenize:
            token.original = token.text = value
            token.boost, token.stopped = 1.0, False
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token
            return
        pos = start_pos
        for match in _TOKEN_RE.finditer(value):
            text = unicodedata.normalize("NFKC", match.group())
            if match.lastgroup == "cjk":
                grams = [(text, 0)] if len(text) == 1 else [(text[k:k + 2], k)
                                                            for k in range(len(text) - 1)]
            else:
                grams = [(text.replace("'", ""), 0)]
            for gram, offset in grams:
                token.text = gram
                token.boost, token.stopped = 1.0, False
                if keeporiginal:
                    token.original = gram
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar = start_char + match.start() + offset
                    token.endchar = (start_char + match.start() + offset + len(gram)
                                     if match.lastgroup == "cjk" else start_char + match.end())
                pos += 1
                yield token


class FoldFilter(TokenFilter):
    """Accents off Latin letters (``Café`` -> ``cafe``); katakana to hiragana for Japanese."""

    def __call__(self, tokens):
        for token in tokens:
            text = token.text
            if not text.isascii():
                if re.search(f"[{_CJK}]", text):
                    text = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)
                else:
                    text = "".join(c for c in unicodedata.normalize("NFKD", text)
                                   if not unicodedata.combining(c))
                token.text = text
            yield token


def text_analyzer():
    """The analyzer of every text field (and of query words)."""
    return KbTokenizer() | LowercaseFilter() | FoldFilter() | StemFilter(cachesize=200000)


def build_schema() -> Schema:
    """The whoosh schema of the search index."""
    analyzer = text_analyzer()
    return Schema(
        doc=ID(unique=True, stored=True),  # "<kind>/<id>"
        kind=ID(stored=True, sortable=True),
        source=ID(stored=True, sortable=True),
        region=KEYWORD(stored=True, sortable=True),
        card_type=ID(stored=True, sortable=True),
        title=TEXT(analyzer=analyzer, stored=True, phrase=True),
        title_key=KEYWORD(),
        alt=TEXT(analyzer=analyzer, phrase=True),
        context=TEXT(analyzer=analyzer, phrase=False),
        body=TEXT(analyzer=analyzer, stored=True, phrase=True),
        types=KEYWORD(),
        attr=ID(),
        race=ID(),
        series=KEYWORD(),
        cards=KEYWORD(),
        level=NUMERIC(int), rank=NUMERIC(int), link=NUMERIC(int), atk=NUMERIC(int), scale=NUMERIC(int),
        **{"def": NUMERIC(int)},
        info=STORED(),  # the kind-specific fields of a result
    )


# ------------------------------------------------------------------------------------------ build


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
    base = _RUBY.sub(lambda m: m.group(1), name_ja)
    reading = _RUBY.sub(lambda m: m.group(2), name_ja)
    return base if reading == base else f"{base}\n{reading}"


def _section_docs(session):
    from .models import CardMention, Section, Source

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    sections = session.exec(select(Section).order_by(Section.source_id, Section.order)).all()
    by_id = {s.id: s for s in sections}
    mentions: dict[str, set[int]] = {}
    for section_id, card_id in session.exec(select(CardMention.section_id, CardMention.card_id)).all():
        if card_id is not None:
            mentions.setdefault(section_id, set()).add(card_id)
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
            title_key=name_key(section.title), context="\n".join(reversed(crumbs)), body=section.text,
            cards=" ".join(str(c) for c in sorted(mentions.get(section.id, ()))),
            info={"id": section.id, "number": section.number, "section_kind": section.kind,
                  "pages": [section.page_start, section.page_end] if section.page_start else None,
                  "source_title": source.title if source else section.source_id})


def _term_docs(session):
    from .models import Section, Source, Term

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    titles = dict(session.exec(select(Section.id, Section.title)).all())
    for term in session.exec(select(Term).order_by(Term.source_id, Term.term)).all():
        source = sources.get(term.source_id)
        yield dict(
            doc=f"term/{term.id}", kind="term", source=term.source_id,
            region=" ".join(_regions(source.region if source else "")), title=term.term,
            title_key=name_key(term.term), context=titles.get(term.section_id, ""), body=term.definition,
            info={"id": term.id, "section_id": term.section_id, "official": term.official})


def _card_docs(session):
    from .models import Alias, Card

    aliases: dict[int, list[str]] = {}
    for alias, card_id in session.exec(select(Alias.alias, Alias.card_id)).all():
        aliases.setdefault(card_id, []).append(alias)
    for card in session.exec(select(Card).order_by(Card.name, Card.id)).all():
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
        doc = dict(
            doc=f"card/{card.id}", kind="card", source=card.source or "cards", region=" ".join(regions),
            card_type=card.card_type.lower(), title=card.name,
            title_key=" ".join(dict.fromkeys(filter(None, [card.name_key or name_key(card.name),
                                                           name_key(_RUBY.sub(r"\1", card.name_ja or ""))]
                                                    + [name_key(a) for a in aliases.get(card.id, [])]))),
            alt="\n".join([_japanese_names(card.name_ja)] + aliases.get(card.id, [])), body=body,
            types=" ".join(dict.fromkeys(t for t in types if t)),
            series=" ".join(keyword_key(s) for s in (card.series or [])), cards=str(card.id),
            info={"id": card.id, "password": card.password, "card_type": card.card_type,
                  "property": card.property, "monster_type": card.monster_type,
                  "attribute": card.attribute, "level": card.level, "rank": card.rank,
                  "link_rating": card.link_rating, "atk": card.atk, "def": card.defense,
                  "name_ja": _RUBY.sub(r"\1", card.name_ja or "")})
        if card.attribute:
            doc["attr"] = card.attribute.lower()
        if card.monster_type:
            doc["race"] = keyword_key(card.monster_type)
        for fieldname, value in (("level", card.level), ("rank", card.rank), ("link", card.link_rating),
                                 ("atk", card.atk), ("def", card.defense), ("scale", card.scale)):
            if value is not None:
                doc[fieldname] = int(value)
        yield doc


def _ruling_docs(session):
    from .models import Card, Ruling, RulingCard

    names = dict(session.exec(select(Card.id, Card.name)).all())
    involved: dict[str, list[int]] = {}
    for ruling_id, card_id in session.exec(select(RulingCard.ruling_id, RulingCard.card_id)).all():
        involved.setdefault(ruling_id, []).append(card_id)
    for ruling in session.exec(select(Ruling).order_by(Ruling.id)).all():
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


_WORD_RE = re.compile(r"[^\W\d_][\w'-]*[^\W_]|[^\W\d_]")


def write_index(session, directory: Path | str, *, log=print) -> dict:
    """Write the search index of the records in ``session`` into ``directory``; return counts.

    Also writes a small side file with the display vocabulary (for "did you mean"), the titles (for
    suggestions) and the card nicknames (for query expansion).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), build_schema())
    writer = ix.writer(limitmb=512, procs=1, multisegment=False)
    counts: Counter = Counter()
    vocabulary: Counter = Counter()
    titles: list[list] = []
    for docs in (_section_docs(session), _term_docs(session), _card_docs(session), _ruling_docs(session)):
        for doc in docs:
            writer.add_document(**{k: v for k, v in doc.items() if v not in (None, "")})
            counts[doc["kind"]] += 1
            for text in (doc["title"], doc.get("body", "")):
                vocabulary.update(w.lower() for w in _WORD_RE.findall(fold_quotes(text or "")))
            if doc["kind"] in ("card", "term", "section"):
                titles.append([doc["title"], doc["kind"], doc["info"]["id"]])
    writer.commit(optimize=True)
    from .models import Alias, Card

    nicknames = [[alias, name] for alias, name in session.exec(
        select(Alias.alias, Card.name).where(Alias.card_id == Card.id)).all()]
    meta = {"counts": dict(counts), "vocabulary": {w: n for w, n in vocabulary.items() if len(w) > 1},
            "titles": titles, "nicknames": nicknames}
    (directory / META_FILE).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    log("search index: " + ", ".join(f"{n} {kind}s" for kind, n in counts.items()))
    return dict(counts)


def build_index_step(ctx) -> None:
    """Build step: write the search index into the new knowledge base's ``index/`` directory."""
    ctx.session.commit()
    counts = write_index(ctx.session, index_path(ctx.kb_dir), log=ctx.log)
    ctx.add_summary("search", documents=sum(counts.values()))


# ------------------------------------------------------------------------------------------ reading


@dataclass
class SearchIndex:
    """An open search index: the whoosh index, a long-lived searcher, facet columns, side data."""

    path: Path
    index: object
    searcher: object
    lock: threading.Lock = field(default_factory=threading.Lock)
    _meta: dict | None = None
    _columns: dict | None = None
    _synonyms: dict | None = None
    _known: dict = field(default_factory=dict)
    _values: dict = field(default_factory=dict)

    @property
    def meta(self) -> dict:
        """The side file written with the index (vocabulary, titles, nicknames, counts)."""
        if self._meta is None:
            meta_file = self.path / META_FILE
            self._meta = json.loads(meta_file.read_text(encoding="utf-8")) if meta_file.exists() else {}
        return self._meta

    @property
    def columns(self) -> dict[str, list]:
        """Facet values by document number."""
        if self._columns is None:
            reader = self.searcher.reader()
            self._columns = {name: list(reader.column_reader(name)) for name in FACETS}
        return self._columns

    @property
    def synonyms(self) -> dict[tuple[str, ...], list[tuple[str, ...]]]:
        """Token sequence -> alternative token sequences (synonym groups and card nicknames)."""
        if self._synonyms is None:
            table: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
            analyze = self.analyze
            for group in SYNONYM_GROUPS:
                forms = [tuple(analyze(expr)) for expr in group]
                for form in forms:
                    if form:
                        alts = table.setdefault(form, [])
                        alts.extend(f for f in forms if f and f != form and f not in alts)
            for alias, name in self.meta.get("nicknames", []):
                form, target = tuple(analyze(alias)), tuple(analyze(name))
                if form and target and form != target and len(form) <= 3:
                    alts = table.setdefault(form, [])
                    if target not in alts:
                        alts.append(target)
            self._synonyms = table
        return self._synonyms

    def analyze(self, text: str) -> list[str]:
        """Index tokens of ``text``."""
        return [t.text for t in self.index.schema["body"].analyzer(text)]

    def is_known(self, token: str) -> bool:
        """Whether a title, name or body holds ``token``."""
        if token not in self._known:
            reader = self.searcher.reader()
            self._known[token] = any((f, token) in reader for f in ("title", "alt", "body"))
        return self._known[token]

    def field_values(self, fieldname: str) -> set[str] | None:
        """The values a keyword field holds (for checking filter values)."""
        if fieldname in ("kind", "cards", "region"):
            return None
        if fieldname not in self._values:
            self._values[fieldname] = {t.decode() if isinstance(t, bytes) else t
                                       for t in self.searcher.reader().lexicon(fieldname)}
        return self._values[fieldname]

    def resolve_card(self, name: str, query: str, position: int) -> list[int]:
        """Card ids for a card name in ``ruling:``/``card:`` (exact name or nickname, then closest)."""
        from whoosh import query as wq

        key = name_key(name)
        found = [int(self.searcher.stored_fields(n)["info"]["id"]) for n in self.searcher.docs_for_query(
            wq.And([wq.Term("kind", "card"), wq.Term("title_key", key)]))] if key else []
        if found:
            return found
        names = [t for t in self.meta.get("titles", []) if t[1] == "card"]
        match = process.extractOne(name, [t[0] for t in names], scorer=fuzz.WRatio, score_cutoff=90)
        if match and fuzz.ratio(name_key(match[0]), key) >= 85:
            return [names[match[2]][2]]
        close = [m[0] for m in process.extract(name, [t[0] for t in names], scorer=fuzz.WRatio, limit=3,
                                               score_cutoff=60)]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise InvalidQueryError(f"no card named {name!r}{hint}", query, position)

    def context(self, query: str, *, strict: bool = True) -> QueryContext:
        """The :class:`kb.query.QueryContext` of this index for one query."""
        has_cards = bool(self.meta.get("counts", {}).get("card"))
        return QueryContext(analyze=self.analyze, is_known=self.is_known, synonyms=self.synonyms,
                            resolve_card=self.resolve_card if has_cards else None,
                            field_values=self.field_values, query=query, strict=strict)


_OPEN: dict[Path, SearchIndex] = {}
_OPEN_LOCK = threading.Lock()


def open_index(kb_path: Path | str | None = None) -> SearchIndex:
    """The search index of a knowledge base, opened once per process (re-opened after a rebuild).

    :raises KnowledgeBaseMissingError: when the knowledge base has no search index.
    """
    path = index_path(kb_path).resolve()
    with _OPEN_LOCK:
        if path in _OPEN:
            return _OPEN[path]
        if not windex.exists_in(str(path)):
            raise KnowledgeBaseMissingError(f"no search index at {path} (run `kb build`)")
        ix = windex.open_dir(str(path))
        opened = SearchIndex(path=path, index=ix, searcher=ix.searcher(weighting=WEIGHTING))
        for stale in [p for p in _OPEN if p.parent.parent == path.parent.parent]:
            _OPEN.pop(stale).searcher.close()  # an older version of the same knowledge base
        _OPEN[path] = opened
        return opened


# ------------------------------------------------------------------------------------------ search


class _MarkFormatter(highlight.Formatter):
    """Wraps matched words in control characters, turned into plain text and HTML afterwards."""

    between = " \u2026 "

    def format_token(self, text, token, replace=False):
        return "\x02" + highlight.get_text(text, token, replace) + "\x03"


_HIGHLIGHTER = highlight.Highlighter(fragmenter=highlight.ContextFragmenter(maxchars=240, surround=70),
                                     formatter=_MarkFormatter())
SNIPPET_CHARS = 240


def _snippet(hit, body: str) -> tuple[str, str]:
    marked = ""
    if body:
        marked = _HIGHLIGHTER.highlight_hit(hit, "body", text=body, top=2) or ""
    if not marked:
        marked = body[:SNIPPET_CHARS] + ("\u2026" if len(body) > SNIPPET_CHARS else "")
    marked = " ".join(marked.split())
    plain = marked.replace("\x02", "").replace("\x03", "")
    rich = html.escape(marked).replace("\x02", "<mark>").replace("\x03", "</mark>")
    return plain, rich


def _with_filters(node: Node, kind: str | None, source: str | None, query: str) -> Node:
    extra = []
    if kind:
        if kind not in KINDS:
            raise InvalidQueryError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}", query, None)
        extra.append(Filter("kind", ":", kind))
    if source:
        extra.append(Filter("source", ":", source.strip().lower()))
    if not extra:
        return node
    children = node.children if isinstance(node, And) else (node,)
    return And(tuple(children) + tuple(extra))


def _facets(index: SearchIndex, docnums) -> dict[str, dict[str, int]]:
    columns = index.columns
    out = {}
    for name in FACETS:
        column = columns[name]
        counts: Counter = Counter()
        for docnum in docnums:
            value = column[docnum]
            if value:
                value = value.decode() if isinstance(value, bytes) else value
                if name == "region":
                    counts.update(value.split())
                else:
                    counts[value] += 1
        out[name] = dict(counts.most_common())
    return out


def _has_free_words(node: Node) -> bool:
    if isinstance(node, Word):
        return True
    return isinstance(node, And) and any(isinstance(c, Word) for c in node.children)


def search(kb_path, q: str, *, kind: str | None = None, source: str | None = None, limit: int = 10,
           page: int = 1) -> dict:
    """Search the knowledge base.

    :param q: a query in the language of :mod:`kb.query` (``docs/search.md``).
    :param kind: only this kind of result (section, term, card, ruling); same as ``kind:`` in ``q``.
    :param source: only this source (rulebook id or ruling source); same as ``source:`` in ``q``.
    :param limit: results per page (1-100); ``page`` is 1-based.
    :returns: ``{"query", "total", "page", "pages", "results": [{"kind", "id", "title", "snippet",
        "snippet_html", "score", "source", "region", ...}], "facets": {facet: {value: count}},
        "suggestions": [...], "relaxed": bool}``.  ``relaxed`` is true when no document held every
        word, so documents holding some of them are listed.  ``suggestions`` (did you mean) are given
        when nothing matched.
    :raises InvalidQueryError: for a query that does not parse, with the position of the problem.
    """
    if not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidQueryError(f"limit must be 1-{MAX_LIMIT}, got {limit!r}", str(q), None)
    if not isinstance(page, int) or page < 1:
        raise InvalidQueryError(f"page must be 1 or more, got {page!r}", str(q), None)
    index = open_index(kb_path)
    node = _with_filters(parse(q), kind, source, q)
    relaxed = False
    with index.lock:
        searcher = index.searcher
        compiled = to_whoosh(node, index.context(q))
        matched = list(searcher.docs_for_query(compiled))
        if not matched and _has_free_words(node):
            loose = to_whoosh(node, index.context(q, strict=False))
            matched = list(searcher.docs_for_query(loose))
            if matched:
                compiled, relaxed = loose, True
        total = len(matched)
        pages = max(1, math.ceil(total / limit))
        results = []
        if total and page <= pages:
            hits = searcher.search(compiled, limit=page * limit, terms=True)
            for hit in list(hits)[(page - 1) * limit:]:
                stored = hit.fields()
                info = dict(stored.get("info") or {})
                plain, rich = _snippet(hit, stored.get("body", ""))
                result = {"kind": stored["kind"], "id": info.pop("id"), "title": stored["title"],
                          "snippet": plain, "snippet_html": rich, "score": round(hit.score, 4),
                          "source": stored.get("source"),
                          "region": (stored.get("region") or "").split()}
                result.update(info)
                results.append(result)
        facets = _facets(index, matched)
    out = {"query": q, "parsed": node.to_string(), "total": total, "page": page, "pages": pages,
           "results": results, "facets": facets, "suggestions": [], "relaxed": relaxed}
    if not total:
        out["suggestions"] = suggest(kb_path, q)
    return out


def _closest_word(index: SearchIndex, word: str) -> str | None:
    vocabulary = index.meta.get("vocabulary", {})
    lowered = word.lower()
    if lowered in vocabulary or len(lowered) < 3 or not lowered.isalpha():
        return None
    candidates = process.extract(lowered, list(vocabulary), scorer=fuzz.ratio, limit=8,
                                 score_cutoff=70)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (round(c[1] / 8), vocabulary[c[0]]))
    return best[0]


def suggest(kb_path, q: str, *, limit: int = 5) -> list[str]:
    """Queries to try instead of ``q``: ``q`` with misspelled words corrected, then close names/titles.

    Also serves as type-ahead: names and titles starting with ``q`` come first among the titles.
    Never raises for a malformed query (it is read as plain words).
    """
    index = open_index(kb_path)
    out: list[str] = []
    try:
        node = parse(q)
        words = text_words(node)
    except InvalidQueryError:
        node, words = None, re.findall(r"[^\s\"()]+", q)
    with index.lock:
        corrected, changed = [], False
        for word in re.findall(r"\S+", " ".join(words)):
            core = re.sub(r"^\W+|\W+$", "", word)
            better = _closest_word(index, core) if core else None
            corrected.append(better or core)
            changed = changed or bool(better)
    if changed:
        fixed = " ".join(corrected)
        if node is not None and not isinstance(node, Word):
            rest = [c.to_string() for c in (node.children if isinstance(node, And) else (node,))
                    if not isinstance(c, Word)]
            fixed = " ".join([fixed] + rest) if rest else fixed
        out.append(fixed)
    text = " ".join(words) or q
    titles = index.meta.get("titles", [])
    if text.strip() and titles:
        names = [t[0] for t in titles]
        key = name_key(text)
        prefixed = [n for n in names if name_key(n).startswith(key)] if len(key) >= 3 else []
        prefixed.sort(key=len)
        close = [m[0] for m in process.extract(text, names, scorer=fuzz.WRatio, limit=limit * 2,
                                               score_cutoff=80)]
        for name in prefixed[:limit] + close:
            if name not in out and name_key(name) != key:
                out.append(name)
    return out[:limit]
