"""The search query language: text -> tokens -> AST -> whoosh query.

A query is free text and ``"phrases"``, ``-word`` (exclude), ``OR`` (binds tighter than the implicit AND
between terms: ``a b OR c`` is ``a AND (b OR c)``), parentheses, and ``key:value`` filters (see
:data:`FILTERS` and ``docs/search.md``).  :func:`parse` turns a query into an AST of small frozen value
types whose ``to_string()`` round-trips (``parse(node.to_string()) == node``); :func:`to_whoosh` turns the
AST into a whoosh query, using a :class:`QueryContext` that knows the index (analysis, vocabulary,
synonyms, card names).  Every problem with a query raises :class:`kb.errors.InvalidQueryError` with the
0-based position of the offending character.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Union

from rapidfuzz import process
from whoosh import query as wq

from .errors import InvalidQueryError
from .text import fold_quotes, name_key

__all__ = [
    "Word",
    "Phrase",
    "Filter",
    "Not",
    "And",
    "Or",
    "Node",
    "FieldSpec",
    "FILTERS",
    "FILTER_KEYS",
    "STOP_WORDS",
    "TEXT_FIELDS",
    "Coordinated",
    "COORDINATION",
    "QueryContext",
    "tokenize",
    "parse",
    "to_whoosh",
    "text_words",
    "keyword_key",
]


# ------------------------------------------------------------------------------------------ filters


@dataclass(frozen=True)
class FieldSpec:
    """One filter key of the query language and the index field it searches.

    ``kind`` is ``keyword`` (exact value), ``numeric`` (with comparisons), ``text`` (words of a text
    field), ``name`` (words of titles and card names; ``name=`` is the exact whole name) or ``card``
    (documents that involve a card, resolved by name).
    """

    key: str
    aliases: tuple[str, ...]
    kind: str
    index_field: str
    values: tuple[str, ...] = ()  # closed vocabulary, checked while parsing
    help: str = ""


FILTERS: tuple[FieldSpec, ...] = (
    FieldSpec("kind", (), "keyword", "kind", ("section", "card", "ruling", "term"),
              "what a result is"),
    FieldSpec("source", ("src",), "keyword", "source", (),
              "rulebook id (prb2017, community, tcg-v10, cr-draft, md) or ruling source"),
    FieldSpec("region", (), "keyword", "region", ("tcg", "ocg", "md"), "TCG, OCG or Master Duel"),
    FieldSpec("type", ("t",), "keyword", "types", (),
              "card type line: monster, spell, trap, quick-play, counter, effect, tuner, link, warrior ..."),
    FieldSpec("attr", ("attribute", "a"), "keyword", "attr",
              ("dark", "light", "earth", "water", "fire", "wind", "divine"), "monster Attribute"),
    FieldSpec("race", ("mt",), "keyword", "race", (), "monster Type (Warrior, Spellcaster, ...)"),
    FieldSpec("level", ("lv", "lvl"), "numeric", "level", (), "Level"),
    FieldSpec("rank", (), "numeric", "rank", (), "Xyz Rank"),
    FieldSpec("link", ("lr",), "numeric", "link", (), "Link Rating"),
    FieldSpec("atk", (), "numeric", "atk", (), "ATK"),
    FieldSpec("def", (), "numeric", "def", (), "DEF"),
    FieldSpec("scale", ("pscale",), "numeric", "scale", (), "Pendulum Scale"),
    FieldSpec("o", ("text", "oracle"), "text", "body", (), "words of the text (card text, rule text)"),
    FieldSpec("name", ("n",), "name", "title", (), "words of the name or title; name= is the exact name"),
    FieldSpec("series", ("archetype", "arch"), "keyword", "series", (), "archetype / series"),
    FieldSpec("ruling", (), "card", "cards", (), "rulings that involve a card"),
    FieldSpec("card", (), "card", "cards", (), "anything that involves a card (its rulings, sections)"),
)

FILTER_KEYS: dict[str, FieldSpec] = {}
for _spec in FILTERS:
    for _key in (_spec.key, *_spec.aliases):
        FILTER_KEYS[_key] = _spec

COMPARISONS = ("<=", ">=", "<", ">", "=", ":")

# The index stores numeric fields (level, atk ...) as signed 32-bit integers: a value outside this range
# is an error of the query, named as such, rather than a failure of the index.
NUMERIC_RANGE = (-(2**31), 2**31 - 1)

# Parentheses and exclusions (``-``, ``NOT``) nest at most this deep: far beyond any real query, and
# well within the recursion of the parser and of the query compiler.
MAX_NESTING = 32

# Words dropped from free text (not from phrases): they carry no topic in a rules question.  Function
# words, question words and the filler of spoken questions ("what happens now", "am I able to");
# negations stay (rules text turns on "cannot").  Contractions are listed without the apostrophe, as
# the words are compared.
STOP_WORDS = frozenset("""
a an and are as at be been being but by for from had has have how i if in into is it its itself
me my of on or our so than that the their them then there these they this those to us was we were
what when where which while who whom why will with would you your yours does do did doing done can
could should shall may might must am just also any some such very still again about
now happen happens happened happening get gets got getting able allowed ok okay possible even really
actually exactly anyway im ive id youre whats thats theres isnt arent doesnt dont didnt wont
""".split())

# Free-text words search these index fields, with these weights (titles and names over body text).
TEXT_FIELDS: tuple[tuple[str, float], ...] = (("title", 1.5), ("alt", 1.5), ("context", 0.5),
                                              ("body", 1.0))

PHRASE_FIELDS = ("title", "alt", "body")  # fields indexed with positions

# Up to this many free-text units (words, synonyms, phrases) are all required; longer, question-like
# queries match any of them and rank by how many match and how well.
STRICT_WORDS = 3
EXACT_TITLE_BOOST = 1000.0  # the whole free text is the exact name/title: ranks first
PHRASE_BOOST = 2.0  # the free text appears as a phrase in the title or body
PROXIMITY_BOOST = 2.0  # two adjacent query words appear close together in the body ...
PROXIMITY_SLOP = 2  # ... in order, at most this many positions apart
SYNONYM_WEIGHT = 0.8  # an expansion counts a bit less than the words typed
COORDINATION = 2.0  # a long text's score is scaled by (share of its units matched) ** COORDINATION


class Coordinated(wq.Or):
    """Any child matches; the summed score is scaled by the share of children that matched, raised to
    :data:`COORDINATION` (a document answering more of a question's words ranks higher)."""


def keyword_key(value: str) -> str:
    """A keyword filter value as indexed: ``Quick-Play`` -> ``quickplay``, ``Beast-Warrior`` -> ``beastwarrior``."""
    return re.sub(r"[^0-9a-z]+", "", name_key(value))


# ------------------------------------------------------------------------------------------ AST


def _shown(query: str, limit: int = 120) -> str:
    """A query as quoted in an error message (cut short when long)."""
    return repr(query) if len(query) <= limit else f"{query[:limit]!r}... ({len(query)} characters)"


def _quote(value: str) -> str:
    return f'"{value}"' if (not value or re.search(r'[\s()"]', value)) else value


@dataclass(frozen=True)
class Word:
    """A free-text word."""

    text: str
    pos: int = field(default=0, compare=False, repr=False)

    def to_string(self) -> str:
        """The query text of this node."""
        return self.text


@dataclass(frozen=True)
class Phrase:
    """A quoted phrase: its words, adjacent and in order."""

    text: str
    pos: int = field(default=0, compare=False, repr=False)

    def to_string(self) -> str:
        """The query text of this node."""
        return f'"{self.text}"'


@dataclass(frozen=True)
class Filter:
    """``key op value``: ``key`` is the canonical key of :data:`FILTERS`, ``op`` one of ``: = < <= > >=``.

    Keyword values are normalised (``t:Quick-Play`` is ``type:quickplay``); numeric values are ints.
    """

    key: str
    op: str
    value: Union[str, int]
    pos: int = field(default=0, compare=False, repr=False)
    value_pos: int = field(default=0, compare=False, repr=False)

    def to_string(self) -> str:
        """The query text of this node."""
        value = str(self.value) if isinstance(self.value, int) else _quote(self.value)
        return f"{self.key}{self.op}{value}"


@dataclass(frozen=True)
class Not:
    """Exclude what ``child`` matches."""

    child: "Node"
    pos: int = field(default=0, compare=False, repr=False)

    def to_string(self) -> str:
        """The query text of this node."""
        inner = self.child.to_string()
        return f"-({inner})" if isinstance(self.child, (And, Or)) else f"-{inner}"


@dataclass(frozen=True)
class And:
    """Every child (free-text words: see :data:`STRICT_WORDS`)."""

    children: tuple

    def to_string(self) -> str:
        """The query text of this node."""
        return " ".join(child.to_string() for child in self.children)


@dataclass(frozen=True)
class Or:
    """Any child."""

    children: tuple

    def to_string(self) -> str:
        """The query text of this node."""
        return " OR ".join(f"({c.to_string()})" if isinstance(c, And) else c.to_string()
                           for c in self.children)


Node = Union[Word, Phrase, Filter, Not, And, Or]


# ------------------------------------------------------------------------------------------ lexer


@dataclass(frozen=True)
class Token:
    """One lexical token: ``kind`` is WORD, PHRASE, FILTER, OR, AND, NOT, MINUS, LPAREN or RPAREN."""

    kind: str
    text: str
    pos: int
    key: str = ""
    op: str = ""
    value_pos: int = 0


_FILTER_START = re.compile(r"([A-Za-z_]+)(<=|>=|<|>|=|:)")
_BARE = re.compile(r'[^\s()"]+')
_OPERATORS = {"OR": "OR", "AND": "AND", "NOT": "NOT", "|": "OR", "||": "OR", "&&": "AND"}


def _reads_as_name(key: str, op: str) -> bool:
    """Whether ``key:`` (not a filter key) is part of a name rather than a mistyped filter.

    Filter keys are typed in lower case; card names capitalise the word before a colon (``S:P Little
    Knight``, ``I:P Masquerena``).  So an unknown key with a capital letter, followed by ``:``, is text;
    an all-lower-case one (``colour:red``) is an unknown filter.
    """
    return op == ":" and key != key.lower()


def _read_value(query: str, start: int) -> tuple[str, int]:
    """Read a filter value at ``start`` (bare or quoted); return it and the end offset."""
    if start < len(query) and query[start] == '"':
        end = query.find('"', start + 1)
        if end < 0:
            raise InvalidQueryError(f"unclosed quote at {start} in {_shown(query)}", query, start)
        return query[start + 1:end], end + 1
    match = _BARE.match(query, start)
    return (match.group(0), match.end()) if match else ("", start)


def tokenize(query: str) -> list[Token]:
    """Split a query into tokens; raises InvalidQueryError (with position) for an unclosed quote."""
    tokens: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        ch = query[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            tokens.append(Token("LPAREN", ch, i))
            i += 1
        elif ch == ")":
            tokens.append(Token("RPAREN", ch, i))
            i += 1
        elif ch == '"':
            end = query.find('"', i + 1)
            if end < 0:
                raise InvalidQueryError(f"unclosed quote at {i} in {_shown(query)}", query, i)
            tokens.append(Token("PHRASE", query[i + 1:end], i))
            i = end + 1
        elif ch == "-" and i + 1 < n and not query[i + 1].isspace() and query[i + 1] not in ")-":
            tokens.append(Token("MINUS", ch, i))
            i += 1
        else:
            start = _FILTER_START.match(query, i)
            if start and start.group(1).lower() in FILTER_KEYS:
                value, end = _read_value(query, start.end())
                if not value:
                    raise InvalidQueryError(f"filter {start.group(0)!r} at {i} needs a value",
                                            query, start.end())
                tokens.append(Token("FILTER", value, i, key=start.group(1).lower(), op=start.group(2),
                                    value_pos=start.end()))
                i = end
                continue
            if start and start.end() < n and not query[start.end()].isspace() \
                    and not _reads_as_name(start.group(1), start.group(2)):
                key = start.group(1)
                close = process.extractOne(key.lower(), list(FILTER_KEYS), score_cutoff=70)
                hint = f" (did you mean {close[0]}:?)" if close else ""
                raise InvalidQueryError(f"unknown filter {key!r} at {i}{hint}; filters are "
                                        + ", ".join(spec.key for spec in FILTERS), query, i)
            match = _BARE.match(query, i)
            text = match.group(0)
            if text == "-":  # a dash between words is punctuation
                i = match.end()
                continue
            tokens.append(Token(_OPERATORS.get(text, "WORD"), text, i))
            i = match.end()
    return tokens


# ------------------------------------------------------------------------------------------ parser


def _keyword_value(spec: FieldSpec, raw: str, query: str, pos: int) -> str:
    if spec.key in ("source",):
        value = raw.strip().lower()
    elif spec.key in ("kind", "region"):
        value = raw.strip().lower()
    else:
        value = keyword_key(raw)
    if spec.values and value not in spec.values:
        if value.endswith("s") and value[:-1] in spec.values:  # kind:cards
            return value[:-1]
        raise InvalidQueryError(f"{spec.key}: cannot be {raw!r} (one of {', '.join(spec.values)})",
                                query, pos)
    if not value:
        raise InvalidQueryError(f"{spec.key}: needs a value, got {raw!r}", query, pos)
    return value


def _make_filter(token: Token, query: str) -> Filter:
    spec = FILTER_KEYS[token.key]
    op = token.op
    if spec.kind == "numeric":
        try:
            value = int(token.text)
        except ValueError:
            raise InvalidQueryError(f"{spec.key}{op} needs a whole number, got {token.text[:50]!r}",
                                    query, token.value_pos) from None
        low, high = NUMERIC_RANGE
        if not low <= value <= high:
            raise InvalidQueryError(f"{spec.key}{op}{token.text[:50]} is out of range: {spec.key} takes a "
                                    f"whole number from {low} to {high}", query, token.value_pos)
        return Filter(spec.key, "=" if op == ":" else op, value, token.pos, token.value_pos)
    allowed = (":", "=") if spec.kind == "name" else (":",) if spec.kind in ("text", "card") else (":", "=")
    if op not in allowed:
        raise InvalidQueryError(f"{spec.key} does not take {op!r} (use {' or '.join(allowed)})", query,
                                token.value_pos - len(op))
    if spec.kind == "keyword":
        return Filter(spec.key, ":", _keyword_value(spec, token.text, query, token.value_pos), token.pos,
                      token.value_pos)
    text = token.text.strip()
    if not text:
        raise InvalidQueryError(f"{spec.key}{op} needs a value", query, token.value_pos)
    return Filter(spec.key, op, text, token.pos, token.value_pos)


class _Parser:
    def __init__(self, query: str):
        self.query = query
        self.tokens = tokenize(query)
        self.i = 0
        self.depth = 0  # open parentheses and exclusions around the current token

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def error(self, message: str, pos: int):
        raise InvalidQueryError(f"{message} at {pos} in {_shown(self.query)}", self.query, pos)

    def parse(self) -> Node:
        node = self.parse_and()
        token = self.peek()
        if token is not None:  # only a stray ")" stops parse_and early
            self.error("unmatched ')'", token.pos)
        if node is None:
            self.error("empty query", 0)
        return node

    def parse_and(self) -> Node | None:
        items: list[Node] = []
        while (token := self.peek()) is not None and token.kind != "RPAREN":
            if token.kind == "AND":
                nxt = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else None
                if not items or nxt is None or nxt.kind in ("RPAREN", "OR", "AND"):
                    self.error("AND needs a term on each side", token.pos)
                self.i += 1
                continue
            node = self.parse_or()
            items.extend(node.children if isinstance(node, And) else (node,))
        if not items:
            return None
        return items[0] if len(items) == 1 else And(tuple(items))

    def parse_or(self) -> Node:
        parts = [self.parse_unary()]
        while (token := self.peek()) is not None and token.kind == "OR":
            self.i += 1
            nxt = self.peek()
            if nxt is None or nxt.kind in ("RPAREN", "OR", "AND"):
                self.error("OR needs a term after it", token.pos)
            parts.append(self.parse_unary())
        if len(parts) == 1:
            return parts[0]
        flat: list[Node] = []
        for part in parts:
            flat.extend(part.children if isinstance(part, Or) else (part,))
        return Or(tuple(flat))

    def nest(self, token: Token) -> None:
        """Enter a parenthesis or exclusion; the query may not nest deeper than :data:`MAX_NESTING`."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.error(f"{token.text!r} nested too deeply (at most {MAX_NESTING} levels of parentheses "
                       "and exclusions)", token.pos)

    def parse_unary(self) -> Node:
        token = self.peek()
        if token.kind in ("MINUS", "NOT"):
            self.i += 1
            nxt = self.peek()
            if nxt is None or nxt.kind in ("RPAREN", "OR", "AND"):
                self.error(f"nothing to exclude after {token.text!r}", token.pos)
            self.nest(token)
            child = self.parse_unary()
            self.depth -= 1
            return Not(child, token.pos)
        self.i += 1
        if token.kind == "LPAREN":
            self.nest(token)
            inner = self.parse_and()
            self.depth -= 1
            close = self.peek()
            if close is None:
                self.error("unclosed '('", token.pos)
            self.i += 1
            if inner is None:
                self.error("empty parentheses", token.pos)
            return inner
        if token.kind == "RPAREN":
            self.error("unmatched ')'", token.pos)
        if token.kind in ("OR", "AND"):
            self.error(f"{token.text} needs a term before it", token.pos)
        if token.kind == "PHRASE":
            text = " ".join(token.text.split())
            if not text:
                self.error("empty phrase", token.pos)
            return Phrase(text, token.pos)
        if token.kind == "FILTER":
            return _make_filter(token, self.query)
        return Word(token.text, token.pos)


def parse(query: str) -> Node:
    """Parse a query into its AST.

    :raises InvalidQueryError: with the 0-based ``position`` of the problem (unclosed quote or
        parenthesis, unknown filter, bad value, dangling ``OR``/``-``, empty query).
    """
    if not isinstance(query, str):
        raise InvalidQueryError(f"a query is text, got {type(query).__name__}", str(query), 0)
    return _Parser(fold_quotes(query)).parse()


def text_words(node: Node) -> list[str]:
    """The free-text words and phrases of a query (not filters, not excluded words), in order."""
    if isinstance(node, (Word, Phrase)):
        return [node.text]
    if isinstance(node, (And, Or)):
        return [w for child in node.children for w in text_words(child)]
    return []


# ------------------------------------------------------------------------------------------ to whoosh


@dataclass
class QueryContext:
    """What :func:`to_whoosh` needs to know about the index.

    :param analyze: text -> index tokens (the analyzer of the text fields, without stop words removed)
    :param is_known: token -> whether any text field holds it (unknown words get typo tolerance)
    :param synonyms: token tuple -> alternative token tuples (see kb.search.SYNONYM_GROUPS)
    :param resolve_card: (name, query, position) -> card ids; raises InvalidQueryError when unknown
    :param field_values: index field -> the values it holds (to reject a typo in a filter), or None
    """

    analyze: Callable[[str], list[str]]
    is_known: Callable[[str], bool] = lambda token: True
    synonyms: dict[tuple[str, ...], list[tuple[str, ...]]] = field(default_factory=dict)
    resolve_card: Callable[[str, str, int], list[int]] | None = None
    field_values: Callable[[str], Iterable[str] | None] = lambda index_field: None
    query: str = ""
    strict: bool = True  # False: free-text words are all optional (the relaxed retry)
    fuzzy: bool = True


def _fields_query(tokens: tuple[str, ...], ctx: QueryContext, weight: float = 1.0,
                  fuzzy: bool = False) -> wq.Query:
    """One word (or a phrase of tokens) in every text field, weighted."""
    subs: list[wq.Query] = []
    for fieldname, boost in TEXT_FIELDS:
        if len(tokens) > 1 and fieldname not in PHRASE_FIELDS:
            continue
        if len(tokens) == 1:
            subs.append(wq.Term(fieldname, tokens[0], boost=boost * weight))
        else:
            subs.append(wq.Phrase(fieldname, list(tokens), boost=boost * weight))
    if fuzzy and len(tokens) == 1 and ctx.fuzzy and not ctx.is_known(tokens[0]):
        token = tokens[0]
        if len(token) >= 4 and token.isalpha():
            maxdist = 2 if len(token) >= 8 else 1
            for fieldname, boost in TEXT_FIELDS:
                if fieldname != "context":
                    subs.append(wq.FuzzyTerm(fieldname, token, boost=boost * weight * 0.7,
                                             maxdist=maxdist, prefixlength=1))
    return wq.Or(subs)


def _is_compound(text: str) -> bool:
    """A word whose tokens belong together: ``quick-play``, ``spell/trap``, ``S:P``, Japanese text."""
    return bool(re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text)
                or re.fullmatch(r"\W*\w+(?:[-/.:]\w+)+\W*", text))


def _units(words: list[Word], ctx: QueryContext) -> list[list[tuple[tuple[str, ...], float]]]:
    """Free-text words -> scoring units: each a list of (token tuple, weight) alternatives.

    Words are analyzed; a compound word (``quick-play``, Japanese text) is one phrase unit; runs of
    tokens that spell a synonym (``gy``, ``remove from play``) get their alternatives; stop words are
    dropped unless nothing else is left.
    """
    flat: list[str] = []
    stops: list[bool] = []
    compounds: dict[int, int] = {}  # start -> end of a compound word's tokens
    for word in words:
        tokens = ctx.analyze(word.text)
        if len(tokens) > 1 and _is_compound(word.text):
            compounds[len(flat)] = len(flat) + len(tokens)
        is_stop = re.sub(r"\W+", "", word.text.lower()) in STOP_WORDS
        flat.extend(tokens)
        stops.extend([is_stop] * len(tokens))
    longest = max((len(key) for key in ctx.synonyms), default=0)
    units: list[list[tuple[tuple[str, ...], float]]] = []
    stop_units: list[bool] = []
    i = 0
    while i < len(flat):
        match = next((tuple(flat[i:i + size]) for size in range(min(longest, len(flat) - i), 0, -1)
                      if tuple(flat[i:i + size]) in ctx.synonyms), None)
        if match:
            units.append([(match, 1.0)] + [(alt, SYNONYM_WEIGHT) for alt in ctx.synonyms[match]])
            stop_units.append(False)
            i += len(match)
        elif i in compounds:
            units.append([(tuple(flat[i:compounds[i]]), 1.0)])
            stop_units.append(False)
            i = compounds[i]
        else:
            units.append([((flat[i],), 1.0)])
            stop_units.append(stops[i])
            i += 1
    content = [unit for unit, is_stop in zip(units, stop_units) if not is_stop]
    return content or units


def _unit_query(unit, ctx: QueryContext) -> wq.Query:
    alternatives = [_fields_query(tokens, ctx, weight, fuzzy=(weight == 1.0)) for tokens, weight in unit]
    return alternatives[0] if len(alternatives) == 1 else wq.Or(alternatives)


def _phrase_query(text: str, ctx: QueryContext) -> wq.Query:
    tokens = tuple(ctx.analyze(text))
    key = name_key(text)
    exact = [wq.Term("title_key", key, boost=EXACT_TITLE_BOOST)] if key else []
    if not tokens:
        return wq.Or(exact) if exact else wq.NullQuery
    return wq.Or([_fields_query(tokens, ctx)] + exact)


def _numeric(spec: FieldSpec, op: str, value: int) -> wq.Query:
    if op in ("=", ":"):
        return wq.NumericRange(spec.index_field, value, value)
    if op in ("<", "<="):
        return wq.NumericRange(spec.index_field, None, value, endexcl=(op == "<"))
    return wq.NumericRange(spec.index_field, value, None, startexcl=(op == ">"))


def _filter_query(node: Filter, ctx: QueryContext) -> wq.Query:
    spec = FILTER_KEYS[node.key]
    if spec.kind == "numeric":
        return _numeric(spec, node.op, node.value)
    if spec.kind == "keyword":
        known = ctx.field_values(spec.index_field)
        if known is not None and node.value not in set(known):
            known = sorted(known)
            close = [m[0] for m in process.extract(node.value, known, limit=3, score_cutoff=60)]
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InvalidQueryError(f"no {spec.key} {node.value!r}{hint}", ctx.query, node.value_pos)
        return wq.Term(spec.index_field, node.value)
    if spec.kind == "card":
        if ctx.resolve_card is None:
            raise InvalidQueryError(f"{spec.key}: needs the card tables, which this index lacks",
                                    ctx.query, node.value_pos)
        ids = ctx.resolve_card(node.value, ctx.query, node.value_pos)
        cards = wq.Or([wq.Term("cards", str(card_id)) for card_id in ids])
        return wq.And([wq.Term("kind", "ruling"), cards]) if spec.key == "ruling" else cards
    if spec.kind == "name" and node.op == "=":
        return wq.Term("title_key", name_key(node.value))
    tokens = ctx.analyze(node.value)
    if not tokens:
        raise InvalidQueryError(f"{spec.key}: {node.value!r} has no searchable words", ctx.query,
                                node.value_pos)
    fields = [spec.index_field] + (["alt"] if spec.kind == "name" else [])
    quoted = bool(re.search(r"\s", node.value))
    per_field = []
    for fieldname in fields:
        if quoted or len(tokens) > 1 and re.search(r"[-/\u3040-\u30ff\u3400-\u9fff]", node.value):
            per_field.append(wq.Phrase(fieldname, tokens))
        else:
            per_field.append(wq.And([wq.Term(fieldname, t) for t in tokens]) if len(tokens) > 1
                             else wq.Term(fieldname, tokens[0]))
    return per_field[0] if len(per_field) == 1 else wq.Or(per_field)


def _constant(q: wq.Query) -> wq.Query:
    """A filter: matches without adding to the score."""
    return wq.ConstantScoreQuery(q, 0.0)


def _compile(node: Node, ctx: QueryContext) -> wq.Query:
    if isinstance(node, And):
        return _compile_and(list(node.children), ctx)
    if isinstance(node, Word):
        return _compile_and([node], ctx)
    if isinstance(node, Phrase):
        return _phrase_query(node.text, ctx)
    if isinstance(node, Filter):
        return _constant(_filter_query(node, ctx))
    if isinstance(node, Or):
        return wq.Or([_compile(child, ctx) for child in node.children])
    if isinstance(node, Not):
        return wq.AndNot(wq.Every(), _compile_excluded(node.child, ctx))
    raise TypeError(f"not a query node: {node!r}")  # pragma: no cover - the parser makes only these


def _compile_excluded(node: Node, ctx: QueryContext) -> wq.Query:
    """What a ``-`` excludes: a word in any text field (exactly as typed, no typo tolerance)."""
    if isinstance(node, Word):
        tokens = ctx.analyze(node.text)
        return _fields_query(tuple(tokens), ctx) if tokens else wq.NullQuery
    return _compile(node, ctx)


def _compile_and(children: list[Node], ctx: QueryContext) -> wq.Query:
    """Filters and groups are required; free text (words and phrases) is required when short.

    Up to :data:`STRICT_WORDS` free-text units (a word, a synonym or a phrase) are all required; a
    longer, question-like text requires any of them and ranks by how many match and how well.
    """
    words = [c for c in children if isinstance(c, Word)]
    phrases = [c for c in children if isinstance(c, Phrase)]
    required: list[wq.Query] = []
    optional: list[wq.Query] = []
    excluded: list[wq.Query] = []
    for child in children:
        if isinstance(child, Not):
            excluded.append(_compile_excluded(child.child, ctx))
        elif not isinstance(child, (Word, Phrase)):
            required.append(_compile(child, ctx))
    units = _units(words, ctx) if words else []
    free = [_unit_query(u, ctx) for u in units] + [_phrase_query(p.text, ctx) for p in phrases]
    free = [q for q in free if q is not wq.NullQuery]
    if ctx.strict and len(free) <= STRICT_WORDS:
        required.extend(free)
    elif free:
        # a question-like text is coordinated; the relaxed retry of a short one lists any partial match
        required.append(Coordinated(free) if len(free) > STRICT_WORDS
                        else wq.Or(free) if len(free) > 1 else free[0])
    if words:
        optional.extend(_boosts(words, units, ctx))
    if not required:
        required = [wq.Every()]
    main = required[0] if len(required) == 1 else wq.And(required)
    for negative in excluded:
        main = wq.AndNot(main, negative)
    if optional:
        main = wq.AndMaybe(main, optional[0] if len(optional) == 1 else wq.Or(optional))
    return main


def _boosts(words: list[Word], units, ctx: QueryContext) -> list[wq.Query]:
    """Optional clauses that lift documents where the words form the name, a phrase, or stand close."""
    boosts: list[wq.Query] = []
    key = name_key(" ".join(w.text for w in words))
    if key:
        boosts.append(wq.Term("title_key", key, boost=EXACT_TITLE_BOOST))
    singles = [u[0][0] for u in units]
    tokens = [t for single in singles for t in single]
    if 2 <= len(units) <= 8:
        boosts.append(wq.Phrase("title", tokens, slop=1, boost=PHRASE_BOOST * 2))
        boosts.append(wq.Phrase("body", tokens, slop=1, boost=PHRASE_BOOST))
    if len(units) >= 2:
        for left, right in zip(singles, singles[1:]):
            if len(left) == 1 and len(right) == 1:
                boosts.append(wq.Phrase("body", [left[0], right[0]], slop=PROXIMITY_SLOP,
                                         boost=PROXIMITY_BOOST))
    return boosts


def to_whoosh(node: Node, ctx: QueryContext) -> wq.Query:
    """Turn a parsed query into a whoosh query over the kb.search schema.

    :raises InvalidQueryError: for a filter value the index does not hold (``source:nope``) or an
        unknown card in ``ruling:``/``card:``.
    """
    return _compile(node, ctx).normalize()
