"""The rules the engine applies, as data, each row citing the knowledge base sections that justify it.

:data:`RULES` is the ONE table of citations: every check of :mod:`kb.engine.engine` names a rule key,
and the answer's ``cites`` come from that row.  The build validates that every cited section (and ruling)
id exists in the store (:func:`validate_citations`, registered by the profiles build step).

The other tables (:data:`SPELL_SPEEDS`, :data:`CARD_ACTIVATION`, :data:`DAMAGE_STEP`, :data:`SEGOC_GROUPS`
...) hold the facts themselves and refer to :data:`RULES` by key.
"""

from __future__ import annotations

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
    "cites",
    "rule",
    "spell_speed",
    "cited_ids",
    "validate_citations",
]

# key -> statement and the section / ruling ids that justify it
RULES: dict[str, dict] = {
    "spell_speed": {
        "statement": "A response must be Spell Speed 2 or higher and not lower than the Spell Speed of the "
                     "chain link it responds to; Spell Speed 3 may only be answered by Spell Speed 3.",
        "sections": ["community:7.8.1", "community:7.8", "community:7.9", "tcg-v10:spell-speeds",
                     "md:spell-speed", "prb2017:spell-speeds-p32"],
    },
    "spell_speed_table": {
        "statement": "Spell Speed 1: Spells other than Quick-Play, Ignition/Trigger/Flip effects; Spell Speed 2: "
                     "Normal and Continuous Traps, Quick-Play Spells, Quick Effects; Spell Speed 3: Counter Traps.",
        "sections": ["community:7.8.1", "cr-draft:204.2", "cr-draft:209.3", "cr-draft:212.3",
                     "tcg-v10:spell-speed-1", "tcg-v10:spell-speed-2", "tcg-v10:spell-speed-3"],
    },
    "not_activated": {
        "statement": "Continuous effects, summoning procedures and conditions are not activated: they start no "
                     "chain and cannot be chained.",
        "sections": ["community:9.2.1", "community:9.4.1", "community:7.8.2", "community:9.5"],
    },
    "chain_only_activations": {
        "statement": "A chain is only built by responding to the activation of a card or effect; summons, "
                     "costs and other actions cannot be chained to.",
        "sections": ["community:7.8.2", "community:7.8", "tcg-v10:actions-which-cannot-be-chained-to",
                     "md:what-are-chains"],
    },
    "activation_condition": {
        "statement": "A card or effect with an activation condition can only be activated when that condition "
                     "is met.",
        "sections": ["community:9.2.3", "community:9.1"],
    },
    "card_vs_effect_activation": {
        "statement": "Negating or responding to the activation of a card (a Spell/Trap Card) differs from an "
                     "effect's activation (a monster effect, or an effect of a card already face-up).",
        "sections": ["community:10.56", "community:10.57", "community:10.58",
                     "prb2017:card-activation-and-effect-activation", "md:negating-activations"],
    },
    "includes_effect": {
        "statement": "\"a card or effect that includes an effect that does [A]\" matches an activation whose "
                     "effect contains [A].",
        "sections": ["community:10.31"],
    },
    "would_effect": {
        "statement": "\"a card or effect that would do [A]\" matches an activation that would perform [A].",
        "sections": ["community:10.32"],
    },
    "summon_negation": {
        "statement": "\"When a monster would be Summoned\" effects are activated in the Summon Negation "
                     "Window, before the monster is on the field; only effects that negate the Summon start "
                     "that chain.",
        "sections": ["community:3.5", "community:10.60", "cr-draft:300.4", "cr-draft:300.4f", "cr-draft:300.4i",
                     "md:negating-summons"],
    },
    "summon_response": {
        "statement": "After a monster is Summoned outside a chain, there is a Summon Response Window where "
                     "\"when a monster is Summoned\" effects can be activated.",
        "sections": ["cr-draft:300.3", "community:3"],
    },
    "spell_activation": {
        "statement": "Normal, Continuous, Equip, Field and Ritual Spells are activated by the turn player in "
                     "their Main Phase when the game state is open (no chain), from the hand or Set on the "
                     "field.",
        "sections": ["community:4.1", "community:4.2", "cr-draft:204.3", "cr-draft:204.4", "tcg-v10:spell-cards",
                     "prb2017:activate-or-set-spells-or-traps"],
    },
    "quick_play_activation": {
        "statement": "A Quick-Play Spell can be activated from the hand during any phase of your own turn; "
                     "Set, it can also be activated in the opponent's turn, but not in the turn it was Set.",
        "sections": ["community:4.8", "cr-draft:209.4", "cr-draft:209.5", "cr-draft:209.6",
                     "tcg-v10:quick-play-spell-cards", "md:quick-play-spells"],
    },
    "trap_activation": {
        "statement": "A Trap Card must be Set before it is activated and cannot be activated in the turn it "
                     "was Set; it can be activated in either player's turn.",
        "sections": ["community:5", "community:5.1", "community:5.2", "cr-draft:210.3", "cr-draft:210.4",
                     "cr-draft:210.5", "tcg-v10:trap-cards", "md:traps"],
    },
    "counter_trap": {
        "statement": "Counter Traps are Spell Speed 3 and are normally activated in response to other "
                     "activations.",
        "sections": ["community:5.4", "cr-draft:212.3", "community:7.8.1", "tcg-v10:counter-trap-cards",
                     "md:counter-traps"],
    },
    "continuous_spell_trap": {
        "statement": "Continuous Spells/Traps stay on the field; their effects that activate are effects of "
                     "the face-up card, not the card's activation.",
        "sections": ["community:4.5", "community:5.3", "cr-draft:205.2", "cr-draft:211.2"],
    },
    "hand_trap_exception": {
        "statement": "A card that says it can be activated from the hand (or the turn it was Set) is an "
                     "exception to the Set-first rule: the card text overrides the rule.",
        "sections": ["community:7.1", "community:5"],
    },
    "ignition": {
        "statement": "Ignition Effects are Spell Speed 1 and are activated by declaring them during your Main "
                     "Phase when the game state is open.",
        "sections": ["community:9.4.2", "community:7.8.1", "tcg-v10:ignition-effect", "md:ignition"],
    },
    "trigger": {
        "statement": "Trigger Effects activate when their event happens; they are Spell Speed 1.",
        "sections": ["community:9.4.3", "community:7.8.1", "tcg-v10:trigger-effect", "md:trigger",
                     "prb2017:activation-timing-of-triggered-effects"],
    },
    "trigger_location": {
        "statement": "A trigger effect activates from the location the card is in when its event happens.",
        "sections": ["community:9.4.3.2"],
    },
    "quick": {
        "statement": "Quick Effects are Spell Speed 2 and can be activated in either player's turn whenever "
                     "their condition is met.",
        "sections": ["community:9.4.4", "community:7.9", "community:7.8.1", "tcg-v10:quick-effect",
                     "md:quick-effect"],
    },
    "flip": {
        "statement": "Flip effects activate when the monster is flipped face-up; they are Spell Speed 1.",
        "sections": ["community:2.3.1.1", "community:7.8.1", "tcg-v10:flip-effect"],
    },
    "monster_effect_location": {
        "statement": "A monster effect is activated from the location its text names (the hand, the GY ...), "
                     "otherwise from the field face-up.",
        "sections": ["community:9.4.3.2", "community:9.2.2"],
    },
    "phase_restriction": {
        "statement": "An effect that says \"During [a player's] [phase]\" can only be activated then.",
        "sections": ["community:9.1", "community:10.38"],
    },
    "turn_structure": {
        "statement": "A turn is Draw, Standby, Main 1, Battle (Start, Battle, Damage, End Steps), Main 2, End.",
        "sections": ["community:8", "community:8.5"],
    },
    "damage_step": {
        "statement": "In the Damage Step only Counter Traps, effects that negate activations, mandatory "
                     "effects, cards and effects that directly change ATK/DEF (until damage calculation), "
                     "and effects whose timing is specific to the Damage Step can be activated.",
        "sections": ["community:8.5.3.2", "community:8.5.3.1", "cr-draft:406.3", "tcg-v10:damage-step-rules",
                     "tcg-v10:limitations-on-activating-cards", "md:effect-activations-in-the-damage-step"],
    },
    "damage_step_atk_def": {
        "statement": "Cards and effects that directly change ATK/DEF can be activated at the start of the "
                     "Damage Step and before damage calculation, not during or after it.",
        "sections": ["community:8.5.3.2", "cr-draft:407.3", "cr-draft:408.4", "cr-draft:409.15"],
    },
    "damage_step_specific": {
        "statement": "Effects naming a Damage Step timing (\"at the start of the Damage Step\", \"during "
                     "damage calculation\", \"after damage calculation\", \"at the end of the Damage Step\") "
                     "activate at that timing.",
        "sections": ["community:8.5.3.1", "cr-draft:407.2", "cr-draft:408.3", "cr-draft:409.2", "cr-draft:410.2",
                     "cr-draft:411.3"],
    },
    "damage_step_battle_events": {
        "statement": "Effects whose activation timing is unique to the Damage Step (a monster destroyed by battle, "
                     "battle damage, damage taken) can be activated in the Damage Step after damage calculation.",
        "sections": ["community:8.5.3.2", "community:8.5.3.1", "cr-draft:410.2", "cr-draft:411.3"],
    },
    "damage_step_continuous_atk_def": {
        "statement": "Continuous Traps (and Traps that equip themselves) whose continuous effects directly change "
                     "ATK/DEF can be activated in the Damage Step until damage calculation.",
        "sections": ["community:8.5.3.2"],
    },
    "damage_step_summon_modify": {
        "statement": "Cards that Special Summon a monster and change only that monster's ATK/DEF cannot be "
                     "activated in the Damage Step for that reason alone.",
        "sections": ["community:8.5.3.2"],
    },
    "damage_step_exceptions": {
        "statement": "Some cards are ruled unusable in the Damage Step even though they change ATK/DEF: Evil "
                     "Blast, Scrap Sheen, Zero Force, Curse of Anubis and the Quick-like Effect of Rocket Hand.",
        "sections": ["community:8.5.3.2"],
    },
    "damage_step_triggers": {
        "statement": "Optional triggers about the card itself being Summoned, moved, flipped or destroyed "
                     "can be activated in the Damage Step; other optional triggers cannot.",
        "sections": ["community:8.5.3.2"],
    },
    "segoc": {
        "statement": "Simultaneous triggers form one chain: turn player's mandatory, then the opponent's "
                     "mandatory, then the turn player's optional, then the opponent's optional effects.",
        "sections": ["community:7.9.4.2", "community:7.9.4",
                     "tcg-v10:when-multiple-cards-are-activated-simultaneously", "md:segoc",
                     "prb2017:how-to-build-chains-with-effects-that-activate"],
    },
    "missing_timing": {
        "statement": "An optional \"When ... you can\" trigger misses the timing if its event was not the last "
                     "thing to happen; \"If ...\" effects and mandatory effects do not miss the timing.",
        "sections": ["community:7.9.5", "md:missing-the-timing-or-missing-the-activation-window",
                     "prb2017:during-the-resolution-of-a-chain", "md:glossary-missing-the-timing"],
    },
    "cost_vs_effect": {
        "statement": "Cards sent, discarded, banished or Tributed as a cost are not moved \"by a card effect\".",
        "sections": ["community:9.2.4", "community:9.2.4.3", "community:10.75.1"],
    },
    "cost": {
        "statement": "A cost is paid when the card or effect is activated (text between \":\" and \";\"); it "
                     "must be payable to activate.",
        "sections": ["community:9.2.4", "community:9.2.3.1", "prb2017:costs-p30", "md:glossary-pay-a-cost"],
    },
    "psct": {
        "statement": "Problem-Solving Card Text: activation condition before \":\", cost before \";\", effect "
                     "after it; \"You can\" marks an optional effect.",
        "sections": ["community:9.1", "community:9.2.3", "community:9.2.4"],
    },
    "targeting": {
        "statement": "An effect targets when its text says \"target\"; targets are chosen on activation.",
        "sections": ["community:9.2.5"],
    },
    "priority": {
        "statement": "The turn player has priority at the start of each phase and step; an open game state "
                     "lets them act first.",
        "sections": ["community:7.9.3", "community:7.9.1", "tcg-v10:turn-players-priority", "md:priority"],
    },
    "card_text_overrides": {
        "statement": "When card text and the rules disagree, the card text takes precedence.",
        "sections": ["community:7.1", "tcg-v10:rules-vs-card-effects"],
    },
    "once_per_turn": {
        "statement": "\"Once per turn\" limits an effect; \"You can only use this effect of X once per turn\" "
                     "limits every copy of the card.",
        "sections": ["community:9.5.1"],
    },
}

# (card_type, property or None, effect kind) -> (Spell Speed, rule key).  Most specific row wins.
SPELL_SPEEDS: list[tuple[str | None, str | None, str, int | None, str]] = [
    ("Trap", "Counter", "activation", 3, "counter_trap"),
    ("Trap", "Counter", "*", 2, "spell_speed_table"),
    ("Trap", None, "activation", 2, "trap_activation"),
    ("Trap", None, "continuous", None, "not_activated"),
    ("Trap", None, "rule", None, "not_activated"),
    ("Trap", None, "*", 2, "spell_speed_table"),
    ("Spell", "Quick-Play", "activation", 2, "quick_play_activation"),
    ("Spell", None, "activation", 1, "spell_activation"),
    ("Spell", None, "quick", 2, "spell_speed_table"),
    ("Spell", None, "continuous", None, "not_activated"),
    ("Spell", None, "rule", None, "not_activated"),
    ("Spell", None, "*", 1, "spell_speed_table"),
    ("Monster", None, "quick", 2, "quick"),
    ("Monster", None, "ignition", 1, "ignition"),
    ("Monster", None, "trigger", 1, "trigger"),
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


def cites(*keys: str) -> list[str]:
    """The section (and ruling) ids of one or more rules, in order, without repeats."""
    out: list[str] = []
    for key in keys:
        row = RULES[key]
        for ident in row["sections"] + row.get("rulings", []):
            if ident not in out:
                out.append(ident)
    return out


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


def validate_citations(ctx) -> list[str]:
    """Build validator: every cited id must exist in the store (sources not built are reported once)."""
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
    return errors
