"""Rows of :data:`kb.engine.rules.RULES` for the Damage Step facts (:mod:`kb.engine.damage_step`) and the
permissions other cards grant (:mod:`kb.engine.permissions`); merged into ``RULES`` and validated by the build
like every row (≤ 3 sections best first, a quote verbatim in one of them).  Data only: imports nothing."""

from __future__ import annotations

__all__ = ["DAMAGE_STEP_RULES"]

DAMAGE_STEP_RULES: dict[str, dict] = {
    "permission_trap_set_turn": {
        "statement": "Trap Cards cannot be activated the turn they are Set, but while an effect that lets a Trap "
                     "Card be activated the turn it was Set applies, it can be activated like one Set earlier.",
        "sections": ["prb2017:activating-trap-cards", "prb2017:setting-trap-cards"],
        "quote": {"id": "prb2017:activating-trap-cards",
                  "text": "However, if the effect of \"Temple of the Kings\" that says \"You can activate 1 Trap "
                          "Card the turn it was Set.\" is being applied, they can be activated just like Trap "
                          "Cards Set in previous turns."},
    },
    "permission_trap_from_hand": {
        "statement": "Trap Cards must be Set before they are activated, but while an effect that lets Trap Cards "
                     "be activated from the hand applies, they can be activated from the hand in either turn.",
        "sections": ["prb2017:activating-trap-cards", "community:5"],
        "quote": {"id": "prb2017:activating-trap-cards",
                  "text": "However, if the effect of \"Makyura the Destructor\" that says \"you can activate Trap "
                          "Cards from your hand.\" is applied, you can activate Trap Cards during either "
                          "player's turn when you have priority."},
    },
    "damage_step_flip": {
        "statement": "An attacked face-down monster is flipped face-up before damage calculation; its effects "
                     "that activate when it is flipped face-up (Flip effects included) do not activate then, "
                     "but after damage calculation.",
        "sections": ["md:before-damage-calculation", "cr-draft:408.2", "tcg-v10:activation-of-a-flip-effect"],
        "quote": {"id": "md:before-damage-calculation",
                  "text": "If the monster has a Trigger Effect that activates by being flipped face-up, it does "
                          "not activate yet."},
    },
    "damage_step_flip_after": {
        "statement": "Effects that activate when a monster is flipped face-up, and Flip effects, are activated "
                     "(and resolved) after damage calculation.",
        "sections": ["cr-draft:410.2", "prb2017:after-damage-calculation", "tcg-v10:activation-of-a-flip-effect"],
        "quote": {"id": "cr-draft:410.2",
                  "text": "Effects that say they can be activated \"after damage calculation\", \"when it "
                          "inflicts battle damage to the opponent\", \"when/if it is flipped face-up\" and Flip "
                          "Effects can be activated during After Damage Calculation."},
    },
    "damage_step_timing_passed": {
        "statement": "An effect that lists a particular Damage Step timing cannot be activated once other cards "
                     "activated at that timing have finished resolving.",
        "sections": ["cr-draft:406.5", "prb2017:damage-step", "prb2017:damage-step-ex2"],
        "quote": {"id": "cr-draft:406.5",
                  "text": "Effects that list a particular timing like \"at the start of the Damage Step\" or "
                          "\"during damage calculation\" cannot be activated after other cards that activate in "
                          "that timing finish resolving."},
    },
    "damage_step_continuous_unaffected": {
        "statement": "A Continuous Trap whose continuous effect directly changes ATK/DEF can be activated in the "
                     "Damage Step even if that effect would not affect any monster.",
        "sections": ["community:8.5.3.2"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Such Trap Cards can be activated even if their relevant Continuous-like Effect would "
                          "not affect any monsters"},
    },
    "damage_step_indirect": {
        "statement": "Cards and effects that only indirectly change ATK/DEF cannot be activated in the Damage Step "
                     "for that reason alone.",
        "sections": ["community:8.5.3.2", "cr-draft:406.3"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Optional Spell/Trap Cards and Quick/Quick-like Effects that can indirectly change the "
                          "ATK/DEF of a monster (such as \"Reverse Trap\" or \"Skill Drain\") cannot be "
                          "activated during the Damage Step for that reason alone"},
    },
    "damage_step_flip_left": {
        "statement": "The books disagree on a flipped monster that leaves the Monster Zone before damage "
                     "calculation ends: its flip-activated effects still activate (Master Duel guide), or not "
                     "(community rulings).",
        "sections": ["md:before-damage-calculation", "community:8.5.3.1"],
        "quote": {"id": "md:before-damage-calculation",
                  "text": "It will activate after damage calculation, even if the flipped monster leaves the "
                          "Monster Zone before then."},
    },
}
