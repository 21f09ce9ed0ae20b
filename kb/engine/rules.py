"""The rules the engine applies, as data, each row citing the knowledge base sections that justify it.

:data:`RULES` is the ONE table of citations: every check of :mod:`kb.engine.engine` names a rule key,
and the answer's ``cites`` and ``quote`` come from that row.  Each row holds at most
:data:`MAX_CITES` ``sections``, best first (the book whose words decide the rule), and a ``quote``
``{"id": <one of its sections>, "text": <a sentence verbatim in that section's text>}``: the sentence
that states the rule.  The build validates that every cited section (and ruling) id exists in the store
and that every quote still occurs in its section (:func:`validate_citations`, registered by the
profiles build step); quotes are compared after :func:`normalise_quote_text`.

The other tables (:data:`SPELL_SPEEDS`, :data:`CARD_ACTIVATION`, :data:`DAMAGE_STEP`, :data:`SEGOC_GROUPS`
...) hold the facts themselves and refer to :data:`RULES` by key.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from ..text import fold_quotes
from .rule_table import ORIGIN, load_rule_table

__all__ = [
    "RULES",
    "SPELL_SPEEDS",
    "CARD_ACTIVATION",
    "EFFECT_ACTIVATION",
    "DAMAGE_STEP_TIMINGS",
    "DAMAGE_STEP",
    "DAMAGE_STEP_EXCEPTIONS",
    "SEGOC_GROUPS",
    "PHASES",
    "BATTLE_STEPS",
    "MAX_CITES",
    "citation",
    "normalise_quote_text",
    "quote_problems",
    "rule",
    "spell_speed",
    "cited_ids",
    "validate_citations",
]

MAX_CITES = 3  # sections a rule (and a step) cites at most

# key -> statement, the section ids that justify it (best first) and the sentence that states it: the rows of
# rules.toml (format: kb/engine/rule_table.py), then those kept beside the modules below
RULES: dict[str, dict] = load_rule_table(Path(__file__).with_name("rules.toml"))[0]

# the simulator's rules: rows kept beside the simulator in kb/engine/sim/rulebook.py, validated like these
from .sim.rulebook import SIM_RULES as _SIM_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_SIM_RULES)

# rule facts about costs, missing the timing and kinds of monsters (kb/engine/rule_facts.py)
from .rule_facts import FACT_RULES as _FACT_RULES  # noqa: E402  (data only at import time)

RULES.update(_FACT_RULES)

# Damage Step facts and permissions granted by other cards: rows kept in kb/engine/damage_step_rules.py
from .damage_step_rules import DAMAGE_STEP_RULES as _DAMAGE_STEP_RULES  # noqa: E402  (data only)

RULES.update(_DAMAGE_STEP_RULES)

# what happens after a negation (kb/engine/negated.py): rows kept in kb/engine/negated_rules.py
from .negated_rules import NEGATED_RULES as _NEGATED_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_NEGATED_RULES)

# chains told in words: phase triggers, the controller of an effect (kb/engine/chain_rows.py)
from .chain_rows import CHAIN_RULES as _CHAIN_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_CHAIN_RULES)

# rows only the claims table cites (kb/understand/claims/rules.toml and the claim sets' own rows in
# kb/understand/claims/sets/*.toml; read as files, kb.understand not imported)
_CLAIMS_DIR = Path(__file__).resolve().parents[1] / "understand" / "claims"
RULES.update(load_rule_table(_CLAIMS_DIR / "rules.toml")[0])
for _set_file in sorted((_CLAIMS_DIR / "sets").glob("*.toml")):
    RULES.update(load_rule_table(_set_file, other_tables=frozenset({"claim", "concepts"}))[0])

# the rules of generic cards and negation questions (kb/engine/generic.py, negation.py)
RULES.update(load_rule_table(Path(__file__).with_name("generic_rules.toml"))[0])

# (card_type, property or None, effect kind) -> (Spell Speed, rule key).  Most specific row wins.
SPELL_SPEEDS: list[tuple[str | None, str | None, str, int | None, str]] = [
    ("Trap", "Counter", "activation", 3, "counter_trap"),
    ("Trap", "Counter", "*", 2, "trap_effect_speed"),
    ("Trap", None, "activation", 2, "trap_speed"),
    ("Trap", None, "continuous", None, "not_activated"),
    ("Trap", None, "rule", None, "not_activated"),
    ("Trap", None, "*", 2, "trap_effect_speed"),
    ("Spell", "Quick-Play", "activation", 2, "quick_play_speed"),
    ("Spell", None, "activation", 1, "spell_card_speed"),
    ("Spell", None, "quick", 2, "spell_speed_table"),
    ("Spell", None, "continuous", None, "not_activated"),
    ("Spell", None, "rule", None, "not_activated"),
    ("Spell", None, "*", 1, "spell_effect_speed"),
    ("Monster", None, "quick", 2, "quick_speed"),
    ("Monster", None, "ignition", 1, "ignition_speed"),
    ("Monster", None, "trigger", 1, "trigger_speed"),
    ("Monster", None, "flip", 1, "flip"),
    ("Monster", None, "continuous", None, "not_activated"),
    ("Monster", None, "rule", None, "not_activated"),
    ("Monster", "pendulum", "*", 1, "spell_speed_table"),
    (None, None, "unknown", None, "psct"),
]

# When a Spell/Trap Card's own activation is allowed, by (card_type, property):
#   turn: "own" | "either";  open_only: only in an open game state (no chain, Spell Speed 1);
#   phases: allowed phases (None = any);  from_hand: may be activated from the hand;
#   set_turn: may be activated the turn it was Set;  hand_turn: whose turn for activation from the hand.
CARD_ACTIVATION: dict[tuple[str, str | None], dict] = {
    ("Spell", "Normal"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                          "rule": "spell_activation"},
    ("Spell", "Ritual"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                          "rule": "spell_activation"},
    ("Spell", "Continuous"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                              "rule": "spell_activation"},
    ("Spell", "Equip"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                         "rule": "spell_activation"},
    ("Spell", "Field"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                         "rule": "spell_activation"},
    ("Spell", "Quick-Play"): {"turn": "either", "phases": None, "from_hand": True, "hand_turn": "own",
                              "set_turn": False, "rule": "quick_play_activation"},
    ("Trap", "Normal"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                         "rule": "trap_activation"},
    ("Trap", "Continuous"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                             "rule": "trap_activation"},
    ("Trap", "Counter"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                          "rule": "trap_activation"},
}

# When an effect (not a card activation) may be activated, by kind.
EFFECT_ACTIVATION: dict[str, dict] = {
    "ignition": {"turn": "own", "phases": ["main1", "main2"], "open_only": True, "rule": "ignition"},
    "trigger": {"turn": "either", "phases": None, "event": True, "rule": "trigger"},
    "flip": {"turn": "either", "phases": None, "event": True, "rule": "flip"},
    "quick": {"turn": "either", "phases": None, "rule": "quick"},
}

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
BATTLE_STEPS = ("start", "battle", "damage", "end")
DAMAGE_STEP_TIMINGS = ("start", "before_calc", "calc", "after_calc", "end")

# What may be activated in each Damage Step timing: reason -> (timings allowed, rule key).
DAMAGE_STEP: dict[str, tuple[tuple[str, ...], str]] = {
    "counter_trap": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "negates_activation": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "mandatory": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "atk_def_change": (("start", "before_calc"), "damage_step_atk_def"),
    "timing:start": (("start",), "damage_step_specific"),
    "timing:before_calc": (("before_calc",), "damage_step_specific"),
    "timing:calc": (("calc",), "damage_step_specific"),
    "timing:after_calc": (("after_calc",), "damage_step_specific"),
    "timing:end": (("end",), "damage_step_specific"),
    "timing:damage_step": (("start", "before_calc"), "damage_step_specific"),
    "self_event_trigger": (DAMAGE_STEP_TIMINGS, "damage_step_triggers"),
    "battle_event": (("after_calc", "end"), "damage_step_battle_events"),
    "continuous_atk_def": (("start", "before_calc"), "damage_step_continuous_atk_def"),
}

# Cards the rules name as unusable in the Damage Step although a permission seems to apply:
# name -> which of its effects ("activation": the card's activation, "effect": its activated effects).
DAMAGE_STEP_EXCEPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "Evil Blast": (("activation",), "damage_step_exceptions"),
    "Scrap Sheen": (("activation",), "damage_step_exceptions"),
    "Zero Force": (("activation",), "damage_step_exceptions"),
    "Curse of Anubis": (("activation",), "damage_step_exceptions"),
    "Rocket Hand": (("quick", "ignition", "trigger"), "damage_step_exceptions"),
}

# SEGOC: groups in chain-link order; each is (whose: "turn"|"opponent", mandatory?)
SEGOC_GROUPS: list[tuple[str, bool]] = [("turn", True), ("opponent", True), ("turn", False), ("opponent", False)]


def rule(key: str) -> dict:
    """One row of :data:`RULES` (raises KeyError for an unknown key: a programming error)."""
    return RULES[key]


def citation(*keys: str) -> dict:
    """The ``cites`` (at most :data:`MAX_CITES` ids, best first) and ``quote`` of a step applying ``keys``.

    The first key is the rule that decides the step: its quote is the step's quote and its quoted section
    comes first; the best section of each further key follows, then the first rule's other sections.
    """
    if not keys:
        raise ValueError("a step needs at least one rule key")
    first = RULES[keys[0]]
    quote = first["quote"]
    ordered = [quote["id"]] + [RULES[key]["sections"][0] for key in keys[1:]] + first["sections"]
    for key in keys[1:]:
        ordered += RULES[key]["sections"] + RULES[key].get("rulings", [])
    ordered += first.get("rulings", [])
    out: list[str] = []
    for ident in ordered:
        if ident not in out:
            out.append(ident)
    return {"cites": out[:MAX_CITES], "quote": {"id": quote["id"], "text": quote["text"]}}


def spell_speed(card_type: str | None, prop: str | None, kind: str, *, section: str = "card") -> int | None:
    """The Spell Speed of an effect of ``kind`` on a card (``None`` for effects that are not activated)."""
    look_prop = "pendulum" if section == "pendulum" and card_type == "Monster" else prop
    for row_type, row_prop, row_kind, speed, _key in SPELL_SPEEDS:
        if row_type not in (None, card_type):
            continue
        if row_prop is not None and row_prop != look_prop:
            continue
        if row_kind not in ("*", kind):
            continue
        if kind in ("continuous", "rule") and row_kind == "*":
            return None
        return speed
    return None


def spell_speed_rule(card_type: str | None, prop: str | None, kind: str, *, section: str = "card") -> str:
    """The :data:`RULES` key behind :func:`spell_speed` for the same arguments."""
    look_prop = "pendulum" if section == "pendulum" and card_type == "Monster" else prop
    for row_type, row_prop, row_kind, _speed, key in SPELL_SPEEDS:
        if row_type not in (None, card_type) or (row_prop is not None and row_prop != look_prop):
            continue
        if row_kind in ("*", kind):
            return key
    return "spell_speed_table"


def cited_ids() -> tuple[set[str], set[str]]:
    """Every section id and every ruling id cited by :data:`RULES`."""
    sections, rulings = set(), set()
    for row in RULES.values():
        sections.update(row["sections"])
        rulings.update(row.get("rulings", []))
    return sections, rulings


def normalise_quote_text(text: str) -> str:
    """Text as quotes are compared: NFC, curly quotes and dashes folded (as the importers store section
    text, :func:`kb.text.fold_quotes`), every run of whitespace (line breaks included) one space."""
    return " ".join(fold_quotes(unicodedata.normalize("NFC", text)).split())


def quote_problems(section_text) -> list[str]:
    """Every :data:`RULES` row whose citations break the contract, as messages naming the row.

    :param section_text: ``section id -> text`` (``None`` for a section not in the store, which is then
        not checked here: unknown ids are reported by :func:`validate_citations`).
    """
    problems = []
    for key, row in RULES.items():
        where = f"{ORIGIN.get(key, 'kb/engine/rules.py')} RULES[{key!r}]"
        sections = row.get("sections") or []
        if not sections or len(sections) > MAX_CITES:
            problems.append(f"{where} must cite 1 to {MAX_CITES} sections, not {len(sections)}")
        quote = row.get("quote")
        if not isinstance(quote, dict) or not quote.get("id") or not quote.get("text"):
            problems.append(f"{where} has no quote {{\"id\", \"text\"}}")
            continue
        if quote["id"] not in sections:
            problems.append(f"{where} quotes {quote['id']}, which is not one of its sections")
        wanted = normalise_quote_text(quote["text"])
        if len(wanted.split()) < 4:
            problems.append(f"{where} quote is not a sentence: {quote['text']!r}")
            continue
        text = section_text(quote["id"])
        if text is not None and wanted not in normalise_quote_text(text):
            problems.append(f"{where} quote is no longer in {quote['id']}: {quote['text'][:80]!r}")
    return problems


def validate_citations(ctx) -> list[str]:
    """Build validator: every cited id must exist in the store (sources not built are reported once), every
    row cites at most :data:`MAX_CITES` sections and quotes a sentence still found in its section."""
    from sqlmodel import select

    from ..models import Ruling, Section, Source

    session = ctx.session
    section_ids = set(session.exec(select(Section.id)).all())
    source_ids = set(session.exec(select(Source.id)).all())
    sections, rulings = cited_ids()
    errors = []
    missing_sources = sorted({s.split(":", 1)[0] for s in sections} - source_ids)
    for ident in sorted(sections):
        source = ident.split(":", 1)[0]
        if source in source_ids and ident not in section_ids:
            errors.append(f"kb/engine/rules.py cites unknown section {ident}")
    if rulings:
        ruling_ids = set(session.exec(select(Ruling.id)).all())
        if ruling_ids:
            errors.extend(f"kb/engine/rules.py cites unknown ruling {r}" for r in sorted(rulings - ruling_ids))
    if missing_sources and ctx.only_sources is None:
        errors.append("kb/engine/rules.py cites sources that were not built: " + ", ".join(missing_sources))
    quoted = {row["quote"]["id"] for row in RULES.values() if isinstance(row.get("quote"), dict)
              and row["quote"].get("id")}
    texts = dict(session.exec(select(Section.id, Section.text).where(Section.id.in_(quoted))).all())
    errors.extend(quote_problems(texts.get))
    return errors
