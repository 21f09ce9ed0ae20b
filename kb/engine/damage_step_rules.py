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
    "battle_destroyed_target": {
        "statement": "A monster marked for destruction by battle cannot be targeted until it is sent to the GY at "
                     "the end of the Damage Step.",
        "sections": ["cr-draft:409.7", "community:8.5.3.1"],
        "quote": {"id": "cr-draft:409.7",
                  "text": "A monster marked for destruction by battle cannot be targeted by cards or effects until "
                          "it is sent to the Graveyard at the End of the Damage Step."},
    },
    "battle_destroyed_limits": {
        "statement": "Monsters destroyed by battle stay on the field until the end of the Damage Step, but cannot be "
                     "targeted, have their battle positions changed or their ATK/DEF changed.",
        "sections": ["community:8.5.3.1", "cr-draft:409.5"],
        "quote": {"id": "community:8.5.3.1",
                  "text": "They cannot be targeted by cards or effects, have their battle positions changed, or "
                          "have their ATK/DEF changed"},
    },
    "battle_destroyed_cost": {
        "statement": "A monster destroyed by battle (not yet sent to the GY) cannot be used as a cost to activate a "
                     "card or an optional effect, but can for a mandatory effect.",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1",
                  "text": "But they can be used as a cost to activate a mandatory effect, such as \"Doomcaliber "
                          "Knight\""},
    },
    "battle_destroyed_cost_optional": {
        "statement": "A monster destroyed by battle (not yet sent to the GY) cannot be used as a cost to activate a "
                     "card or an optional effect.",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1",
                  "text": "They cannot be used as a cost to activate a card or an optional effect"},
    },
    "battle_destroyed_continuous": {
        "statement": "The Continuous Effects of a monster destroyed by battle stop applying at once.",
        "sections": ["cr-draft:409.6", "community:8.5.3.1"],
        "quote": {"id": "cr-draft:409.6",
                  "text": "If a monster marked for destruction by battle has a Continuous effect it stops applying "
                          "immediately after it is marked for destruction."},
    },
    "battle_destroyed_quick": {
        "statement": "The optional Quick Effects of a monster destroyed by battle can no longer be activated.",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1", "text": "Their optional Quick Effects can no longer be activated"},
    },
    "battle_destroyed_hand": {
        "statement": "A monster destroyed by battle cannot be returned to the hand by card effects (unless the "
                     "effect says it can return destroyed monsters).",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1", "text": "They cannot be returned to the hand by card effects"},
    },
    "battle_destroyed_negate": {
        "statement": "The effects of a monster destroyed by battle can still be negated.",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1", "text": "Their effects can still be negated"},
    },
    "battle_destroyed_removed": {
        "statement": "Before a monster destroyed by battle is sent to the GY, card effects can still destroy it, send "
                     "it to the GY or banish it.",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1",
                  "text": "it is possible for them to be destroyed by card effects, sent to the GY by card effects, "
                          "or banished by card effects before that can occur"},
    },
    "damage_step_flip_when": {
        "statement": "An attacked face-down monster is not flipped at the start of the Damage Step but before "
                     "damage calculation.",
        "sections": ["md:before-damage-calculation", "community:8.5.3.1", "cr-draft:408.2"],
        "quote": {"id": "md:before-damage-calculation",
                  "text": "If the monster being attacked is face-down, flip it face-up."},
    },
    "damage_step_flip_continuous": {
        "statement": "The Continuous Effects of a monster flipped face-up by an attack apply at once.",
        "sections": ["md:before-damage-calculation", "community:8.5.3.1"],
        "quote": {"id": "md:before-damage-calculation",
                  "text": "If a monster is flipped face-up and it has a Continuous Effect, such as [card] or [card], "
                          "that effect is immediately applied."},
    },
    "damage_step_flip_self_destroy": {
        "statement": "A monster flipped face-up by an attack whose Continuous Effect destroys itself under "
                     "conditions that are met is not destroyed before damage calculation, but after it (if it "
                     "is not destroyed by battle).",
        "sections": ["community:8.5.3.1"],
        "quote": {"id": "community:8.5.3.1",
                  "text": "the monster is not destroyed yet and the Damage Step proceeds normally, until after "
                          "damage calculation"},
    },
    "damage_step_end_without_calc": {
        "statement": "The End of the Damage Step still occurs when damage calculation was not conducted (the "
                     "attack target left the field): \"at the end of the Damage Step\" effects can be activated.",
        "sections": ["community:8.5.3.3"],
        "quote": {"id": "community:8.5.3.3",
                  "text": "A card whose effect reads \"at the end of the Damage Step\" can be activated even if "
                          "damage calculation has not been conducted"},
    },
    "damage_step_having_attacked": {
        "statement": "A monster whose attack reached the Damage Step is treated as having attacked, even if no "
                     "damage calculation followed.",
        "sections": ["prb2017:damage-step", "community:8.5.3.3"],
        "quote": {"id": "prb2017:damage-step",
                  "text": "If an attack progresses until the Damage Step, that attacking monster is treated as "
                          "\"having attacked\"."},
    },
    "battle_destroyed_sent": {
        "statement": "Monsters destroyed by battle are sent to the GY at the start of the End of the Damage Step.",
        "sections": ["cr-draft:411.2", "prb2017:end-of-the-damage-step", "cr-draft:409.5"],
        "quote": {"id": "cr-draft:411.2",
                  "text": "At the start of the End of the Damage Step all monsters marked for destruction are sent "
                          "to the Graveyard, no cards or effects can be activated before this."},
    },
    "damage_step_no_replay": {
        "statement": "A change in the number of the opponent's monsters during the Damage Step does not cause a "
                     "replay.",
        "sections": ["prb2017:damage-step", "community:8.5.3.1"],
        "quote": {"id": "prb2017:damage-step",
                  "text": "Even if the number of monsters the opponent controls changes during the Damage Step, a "
                          "replay is not triggered."},
    },
    "damage_step_own_event": {
        "statement": "Effects that activate when the card itself is Special Summoned, flipped face-up, destroyed, "
                     "banished, added to the hand (moved to another place) can be activated in the Damage Step.",
        "sections": ["prb2017:damage-step", "cr-draft:406.3", "community:8.5.3.2"],
        "quote": {"id": "prb2017:damage-step",
                  "text": "Monster Effects that activate when the monster itself is Special Summoned successfully / "
                          "effects that activate when the card itself is destroyed, banished, added to the hand, "
                          "etc."},
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
