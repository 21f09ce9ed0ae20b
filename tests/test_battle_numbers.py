"""Battle numbers: ATK/DEF arithmetic (kb/engine/sim/stats.py), what a Spell/Trap does to ATK read from its whole
text (card_stats.py), battle damage in the simulator (battle.py: direct, Attack/Defense Position, piercing, halved
or doubled), and the slot reader of questions in words (kb/understand/battle_slots*.py).

The two question files were written before the reader, by hand, varying subject, clause order, tense and casing,
with near-misses whose answer must stay "unknown" (tests/golden/ask_battle_numbers.jsonl, then
ask_battle_numbers2.jsonl written after the first version of the reader, without running it first; ask_battle_numbers3
in the seed set's formal style, written before running it, knowing the reader's words: a weaker test;
ask_battle_numbers4: near-misses (cards or acts the reader does not model) whose answer must not be a guess)."""

from __future__ import annotations

import json
import sys

import pytest

from kb.config import REPO_ROOT
from kb.engine.sim.stats import apply_changes, modify_damage
from kb.errors import BadQuestionError

SETS = {
    "ask_battle_numbers.jsonl": 57,  # before the reader 15 right; now 57 / 0 wrong / 16 unknown (7 must stay) of 73
    "ask_battle_numbers2.jsonl": 30,  # first run 26 right / 0 wrong; now 30 / 0 / 15 (5 of them must stay) of 45
    "ask_battle_numbers3.jsonl": 21,  # measured: 21 right / 0 wrong / 4 unknown (3 of them must stay) of 25
    "ask_battle_numbers4.jsonl": 1,  # precision near-misses: 1 right / 0 wrong / 19 unknown (8 must stay) of 20
    "ask_battle_numbers5.jsonl": 22,  # one per rule, casual; first run 12 right / 0 wrong / 8 unknown, now 22 of 22
}


def _value(original, *changes):
    return apply_changes(original, list(changes)).value


def test_increases_add_up_and_a_decrease_below_zero_is_stored():
    # md "Applying any effect that increases or decreases ATK/DEF": Harpie Girl 500 -800 +500 = 200, not 500
    assert _value(500, {"kind": "lose", "amount": 800}) == 0
    assert _value(500, {"kind": "lose", "amount": 800}, {"kind": "gain", "amount": 500}) == 200
    assert _value(1800, {"kind": "gain", "amount": 700}, {"kind": "lose", "amount": 200}) == 2300


def test_activated_set_freezes_and_original_changes_recalculate():
    # Wattaildragon 2500: +700 (Rush Recklessly), then Shrink (original halved): 1250 + 700
    assert _value(2500, {"kind": "gain", "amount": 700}, {"kind": "original_half"}) == 1950
    # +700 then halved (an activated set): 1600; then +500 applies on top
    assert _value(2500, {"kind": "gain", "amount": 700}, {"kind": "half"}) == 1600
    assert _value(2500, {"kind": "gain", "amount": 700}, {"kind": "half"}, {"kind": "gain", "amount": 500}) == 2100
    # doubled (activated set), then Shrink: the set is wiped, the original halved
    assert _value(1900, {"kind": "double"}, {"kind": "original_half"}) == 950
    # halves round up (prb2017 Decimal Values): 725 -> 363
    assert _value(725, {"kind": "half"}) == 363


def test_a_lasting_set_is_not_modelled():
    got = apply_changes(3000, [{"kind": "gain", "amount": 700}, {"kind": "double", "lasting": True, "by": "X"}])
    assert got.value is None and "lasting" in got.why


def test_a_stated_value_that_disagrees_is_not_answered():
    got = apply_changes(2000, [{"kind": "half", "stated": 1200}])
    assert got.value is None and "1200" in got.why


def test_battle_damage_halvings_do_not_stack():
    assert modify_damage(2800, ["half", "half"])[0] == 1400
    assert modify_damage(1600, ["double"])[0] == 3200
    assert modify_damage(1600, ["double", "half"])[0] is None
    assert modify_damage(1555, ["half"])[0] is None  # rounding of halved battle damage is not stated


def test_card_texts_are_read_whole(session):
    from kb.engine.sim.card_stats import read_card_stats
    from kb.engine.sim.cards import Catalog

    catalog = Catalog(session)
    rush = read_card_stats(catalog.card("Rush Recklessly"))
    assert rush.atk == [{"kind": "gain", "by": "Rush Recklessly", "lasting": False, "amount": 700}]
    big_bang = read_card_stats(catalog.card("Big Bang Shot"))
    assert big_bang.piercing and big_bang.atk[0]["amount"] == 400
    assert read_card_stats(catalog.card("Forbidden Lance")) is None  # "but is unaffected by ... other Spells/Traps"
    assert read_card_stats(catalog.card("Megamorph")) is None  # a lasting set of the current ATK
    assert read_card_stats(catalog.card("Legendary Sword")) is None  # "Equip only to a Warrior monster": not checked


def _battle(session, attacker: dict, target: dict | None, query: dict) -> dict:
    from kb.engine import ask

    state = {"phase": "battle", "players": {"A": {"monsters": [attacker]}, "B": {"monsters": [target] if target else []}}}
    return ask(session, {"ask": "scenario", "state": state, "actions": [
        {"do": "attack", "attacker": attacker.get("name") or attacker.get("card"),
         "target": (target.get("name") or target.get("card")) if target else None},
        {"do": "damage_calculation"}], "query": {"kind": "outcome", **query}})


def test_simulated_battles_with_changes(session):
    got = _battle(session, {"name": "mine", "atk": 1500, "atk_changes": [{"kind": "gain", "amount": 1000}]},
                  {"name": "theirs", "atk": 2000}, {"damage": "B"})
    assert got["answer"] == "500"
    assert any("md:applying-any-effect-that-increases-or-decreases-atk" in s.get("cites", []) for s in got["steps"])
    got = _battle(session, {"name": "mine", "atk": 2500, "piercing": True},
                  {"name": "theirs", "def": 1000, "position": "defense"}, {"damage": "B"})
    assert got["answer"] == "1500"
    got = _battle(session, {"name": "mine", "atk": 2500}, {"name": "theirs", "def": 1000, "position": "defense"},
                  {"damage": "B"})
    assert got["answer"] == "0"  # no piercing: no damage to the defender's controller
    got = _battle(session, {"card": "Harpie Girl", "atk_changes": [{"kind": "lose", "amount": 800},
                                                                     {"kind": "gain", "amount": 500}]},
                  None, {"damage": "B"})
    assert got["answer"] == "200"
    got = _battle(session, {"name": "mine", "atk": 2800, "battle_damage": ["half", "half"]}, None, {"damage": "B"})
    assert got["answer"] == "1400"


def test_relations_give_an_answer_only_when_every_sample_agrees(session):
    from kb.engine import ask

    assert ask(session, "If two Attack Position monsters with the same ATK battle, are both destroyed?")["answer"] == "yes"
    got = ask(session, "If I attack a Defense Position monster with higher DEF, how much damage do I take?")
    assert got["answer"] == "unknown"  # the amount depends on the numbers


def test_a_battling_monsters_own_battle_damage_effect_is_applied(session):
    # Susa Soldier: "The Battle Damage this card inflicts to your opponent's Life Points is halved."
    assert _battle(session, {"card": "Susa Soldier"}, None, {"damage": "B"})["answer"] == "1000"
    # Odd-Eyes Pendulum Dragon: "... any battle damage this card inflicts to your opponent is doubled." (2500 - 2000)
    got = _battle(session, {"card": "Odd-Eyes Pendulum Dragon"}, {"name": "theirs", "atk": 2000}, {"damage": "B"})
    assert got["answer"] == "1000"
    # Super Vehicroid - Stealth Union: "If this card attacks, its original ATK is halved." is not read: unknown
    got = _battle(session, {"card": "Super Vehicroid - Stealth Union"},
                  {"name": "theirs", "def": 1000, "position": "defense"}, {"damage": "B"})
    assert got["answer"] == "unknown"


def test_bad_changes_name_the_field(session):
    with pytest.raises(BadQuestionError) as exc:
        _battle(session, {"name": "mine", "atk": 1500, "atk_changes": [{"kind": "triple"}]}, None, {"damage": "B"})
    assert "atk_changes[0].kind" in str(exc.value)
    with pytest.raises(BadQuestionError) as exc:
        _battle(session, {"name": "mine", "atk": 1500, "atk_changes": [{"kind": "gain", "amount": "abc"}]}, None,
                {"damage": "B"})
    assert "amount" in str(exc.value)
    with pytest.raises(BadQuestionError):
        _battle(session, {"name": "mine", "atk": 1500, "battle_damage": ["triple"]}, None, {"damage": "B"})


@pytest.mark.parametrize("name", sorted(SETS))
def test_own_question_sets(session, full_kb, name):
    """No wrong answer on the own questions; right answers at or above the measured count; the near-misses
    (expect "unknown") stay unknown."""
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    try:
        import ask_eval
    finally:
        sys.path.pop(0)
    path = REPO_ROOT / "tests" / "golden" / name
    result = ask_eval.evaluate(session, ask_eval.load_items([path]), kb_path=full_kb)
    wrong = [(r["id"], r["expect"], r["got"]) for r in result["rows"] if r["outcome"] == "wrong"]
    right = sum(c.get("right", 0) for c in result["by_kind"].values())
    assert not wrong, f"wrong answers: {wrong}"
    assert right >= SETS[name], f"right answers dropped: {right} < {SETS[name]}"
    must_stay = {json.loads(line)["id"] for line in path.read_text().splitlines()
                 if line.strip() and json.loads(line)["expect"] == "unknown"}
    answered = [r["id"] for r in result["rows"] if r["id"] in must_stay and r["got"] != "unknown"]
    assert not answered, f"near-misses answered: {answered}"
