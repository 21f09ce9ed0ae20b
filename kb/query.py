"""The search query language: text -> tokens -> AST.

A query is free text and ``"phrases"``, ``-word`` (exclude), ``OR`` (binds tighter than the implicit AND
between terms: ``a b OR c`` is ``a AND (b OR c)``), parentheses, and ``key:value`` filters (see
:data:`FILTERS` and ``docs/search.md``).  :func:`parse` turns a query into an AST of small frozen value
types whose ``to_string()`` round-trips (``parse(node.to_string()) == node``);
:func:`kb.search.compiler.to_whoosh` turns the AST into a whoosh query.  Every problem with a query raises :class:`kb.errors.InvalidQueryError` with the
0-based position of the offending character.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from rapidfuzz import process

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
    "tokenize",
    "parse",
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
