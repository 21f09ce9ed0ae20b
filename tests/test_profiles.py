"""Effect profiles read from card text: every kind of card, PSCT parts, and the stored build step."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from kb.config import dataset_path
from kb.engine.profiles import categories_of, parse_card, parse_condition, split_sentences, target_kinds
from kb.engine.profiles.targets import split_cost_and_target
from kb.models import EffectProfile


@pytest.fixture(scope="module")
def cards(datasets):
    with open(dataset_path("cards/yaml-yugi-cards.json", datasets), encoding="utf-8") as handle:
        return {record["name"]["en"]: record for record in json.load(handle)}


def _effects(cards, name):
    return parse_card(cards[name])


def test_normal_spell(cards):
    [effect] = _effects(cards, "Pot of Greed")
    assert (effect["kind"], effect["spell_speed"], effect["categories"]) == ("activation", 1, ["draw"])
    assert effect["complete"]


def test_quick_play_with_cost_and_target(cards):
    [effect] = _effects(cards, "Twin Twisters")
    assert effect["spell_speed"] == 2 and effect["cost_categories"] == ["discard"] and effect["targets"]
    assert "destroy" in effect["categories"]


def test_counter_trap_condition(cards):
    [effect] = _effects(cards, "Solemn Judgment")
    assert effect["spell_speed"] == 3 and effect["when_if"] == "when"
    kinds = [event["type"] for event in effect["condition"]["events"]]
    assert kinds == ["summon", "activation"]
    assert effect["condition"]["events"][0]["stage"] == "would"
    assert {"negate_summon", "negate_activation"} <= set(effect["categories"])


def test_continuous_trap_activate_by(cards):
    effects = _effects(cards, "Call of the Haunted")
    assert effects[0]["kind"] == "activation" and effects[0]["targets"]
    assert effects[0]["sources"]["special_summon"] == ["gy"]
    assert all(e["kind"] == "continuous" for e in effects[1:])


def test_hand_trap_bullets(cards):
    effect = _effects(cards, "Ash Blossom & Joyous Spring")[0]
    assert effect["kind"] == "quick" and effect["locations"] == ["hand"] and effect["once_per_turn"] == "hard"
    includes = effect["condition"]["events"][0]["includes"]
    assert {"add_to_hand:deck", "special_summon:deck", "send_to_gy:deck"} <= set(includes)


def test_trigger_if_and_when(cards):
    sangan = _effects(cards, "Sangan")[0]
    assert (sangan["kind"], sangan["when_if"], sangan["optional"]) == ("trigger", "if", False)
    assert sangan["condition"]["events"][0]["from"] == "field"
    tomato = _effects(cards, "Mystic Tomato")[0]
    assert (tomato["when_if"], tomato["optional"]) == ("when", True)
    assert tomato["condition"]["events"][0]["event"] == "destroyed_by_battle"


def test_flip_ignition_procedure_and_quick(cards):
    assert _effects(cards, "Man-Eater Bug")[0]["kind"] == "flip"
    gozuki = _effects(cards, "Gozuki")
    assert [e["kind"] for e in gozuki[:2]] == ["ignition", "trigger"]
    assert gozuki[0]["once_per_turn"] == "hard"
    assert _effects(cards, "Cyber Dragon")[0]["subkind"] == "summon_procedure"
    veiler = _effects(cards, "Effect Veiler")[0]
    assert veiler["kind"] == "quick" and veiler["condition"]["turn"] == "opponent"


def test_extra_deck_material_line_is_not_an_effect(cards):
    effects = _effects(cards, "Stardust Dragon")
    assert effects[0]["kind"] == "quick" and "Tuner" not in effects[0]["text"]
    assert effects[0]["condition"]["events"][0]["would"] == ["destroy"]


def test_damage_step_timing_and_hand_permission(cards):
    kuriboh = _effects(cards, "Kuriboh")[0]
    assert kuriboh["damage_step"] == ["calc"]
    impermanence = _effects(cards, "Infinite Impermanence")
    assert impermanence[0]["hand_activation"] is True
    assert impermanence[1]["subkind"] == "activation_permission"


def test_pendulum_effects(cards):
    pendulum = next(c for c in cards.values() if c.get("pendulum_effect") and "Once per turn" in
                    (c["pendulum_effect"].get("en") or ""))
    effects = parse_card(pendulum)
    assert effects[0]["section"] == "pendulum" and effects[0]["locations"] == ["pendulum_zone"]


def test_normal_monster_has_no_effects(cards):
    assert parse_card(cards["Blue-Eyes White Dragon"]) == []


def test_sentence_split_keeps_names_and_bullets():
    parts = split_sentences('Add 1 "D.D. Crow" from your Deck to your hand. You can only use this effect of '
                            '"Mr. Volcano" once per turn.\n● Draw 1 card.')
    assert len(parts) == 2 and parts[1].endswith("● Draw 1 card.")


def test_categories_ignore_embedded_conditions():
    cats, _ = categories_of("this turn, each time your opponent Special Summons a monster(s), immediately draw "
                            "1 card")
    assert "draw" in cats and "special_summon" not in cats


def test_condition_unparsed_is_reported():
    cond = parse_condition("When the moon is blue")
    assert cond["unparsed"]


def test_profiles_stored_for_every_card(session):
    rows = session.exec(select(EffectProfile).where(EffectProfile.index == 0)).all()
    assert len(rows) > 13000
    assert all(row.data["kind"] == row.kind for row in rows[:500])


@pytest.mark.parametrize("text,kinds", [
    ("Pay 1000 LP, then target 1 Spell/Trap on the field", ["spell_trap"]),
    ("Target 1 monster on the field", ["monster"]),
    ("targets exactly 1 Zombie monster on the field (and no other cards)", ["monster"]),
    ("Target 1 card on the field", ["card"]),
    ("targets this card", ["this_card"]),
    ("target 1 Spell Card in your GY", ["spell_trap"]),
])
def test_target_kinds(text, kinds):
    assert target_kinds(text) == kinds


def test_state_clauses_are_not_events():
    frog = parse_condition("Once per turn, during your Standby Phase, if this card is in your GY and you do not "
                           "control \"Treeborn Frog\"")
    assert frog["events"] == [] and frog["state"] and frog["phases"] == ["standby"] and frog["turn"] == "own"
    nibiru = parse_condition("During the Main Phase, if your opponent Normal or Special Summoned 5 or more monsters "
                             "this turn")
    assert nibiru["events"] == [] and nibiru["phases"] == ["main"]


def test_except_phases_and_several_phases():
    droll = parse_condition("If a card(s) is added from the Main Deck to your opponent's hand, except during the "
                            "Draw Phase")
    assert droll["except_phases"] == ["draw"] and droll["events"][0]["raw"].endswith("opponent's hand")
    sister = parse_condition("During either turn, except the End Phase")
    assert (sister["turn"], sister["except_phases"], sister["unparsed"]) == ("either", ["end"], [])
    assert parse_condition("During your opponent's Main Phase or Battle Phase")["phases"] == ["main", "battle"]
    assert parse_condition("During the Main or Battle Phase")["phases"] == ["main", "battle"]
    assert parse_condition("During each of your opponent's Standby Phases")["turn"] == "opponent"


def test_once_per_opponents_turn_and_quick_effect_if(cards):
    cond = parse_condition("Once per opponent's turn")
    assert (cond["once"], cond["turn"], cond["unparsed"]) == ("turn", "opponent", [])
    javelin = _effects(cards, "The Phantom Knights of Cursed Javelin")
    quick = [e for e in javelin if e["kind"] == "quick"]
    assert quick and quick[0]["spell_speed"] == 2 and "material" in quick[0]["condition"]["state"][0]
    assert all("Quick Effect if" not in part for e in javelin for part in e["unknown"])


def test_activation_location_and_cost_detach(cards):
    [effect] = _effects(cards, "XX-clusion")
    [alt] = effect["condition"]["events"][0]["alternatives"]
    assert alt["locations"] == ["hand"] and effect["complete"]
    detached = parse_condition("If this card is detached from an Xyz Monster and sent to the GY to activate that "
                               "monster's effect")
    assert detached["events"][0]["event"] == "detached" and "cost" in detached["events"][0]["by"]


def test_set_as_spell_is_a_procedure_and_set_turn_permission(cards):
    lancea = _effects(cards, "Artifact Lancea")
    assert lancea[0]["kind"] == "rule"
    [rock] = [e for e in _effects(cards, "Altergeist Haunted Rock") if e["kind"] == "activation"]
    assert rock["set_turn_activation"]


def test_includes_condition_in_third_person():
    cond = parse_condition("When a card or effect is activated that includes an effect that adds a card(s) from "
                           "the Deck to the hand")
    assert cond["unparsed"] == [] and "add_to_hand:deck" in cond["events"][0]["includes"]
    meister = parse_condition("When a card effect is activated in your opponent's GY")
    [alt] = meister["events"][0]["alternatives"]
    assert (alt["activation"], alt["locations"], meister["events"][0]["player"]) == ("effect", ["gy"], "opponent")


# ------------------------------------------------------------------ patterns checked against an independent reading

def _kinds_speeds(cards, name, section=None):
    return [(e["kind"], e["spell_speed"]) for e in _effects(cards, name)
            if e["kind"] in ("activation", "ignition", "trigger", "quick", "flip")]


@pytest.mark.parametrize("name,text_start", [
    ("Five-Headed Link Dragon", "Once per turn, during your opponent's End Phase"),
    ("Fortune Lady Every", "During your opponent's End Phase, if this card is in your GY"),
    ("Fortune Lady Every", "Once per turn, during your Standby Phase"),
    ("Garuda the Wind Spirit", "Once per turn, during your opponent's End Phase"),
    ("Gemini Summoner", "Once per turn, during your opponent's End Phase"),
    ("Diabolos, King of the Abyss", "Once per turn, during your opponent's Draw Phase, before their normal draw"),
    ("Snatch Steal", "Once per turn, during your opponent's Standby Phase"),
])
def test_phase_effects_are_spell_speed_1_triggers(cards, name, text_start):
    [effect] = [e for e in _effects(cards, name) if e["text"].startswith(text_start)]
    assert (effect["kind"], effect["spell_speed"]) == ("trigger", 1)


@pytest.mark.parametrize("name", ["S-Force Signify", "Radiant Typhoon Varuroon, the Marine Eidolon", "Magician's Rod",
                                  "The Dark Magicians"])
def test_if_a_card_is_activated_without_quick_effect_is_a_trigger(cards, name):
    [effect] = [e for e in _effects(cards, name) if e["condition"] and
                any(ev["type"] == "activation" for ev in e["condition"]["events"])]
    assert (effect["kind"], effect["spell_speed"]) == ("trigger", 1)


def test_when_activated_and_either_players_turn_stay_quick(cards):
    assert _effects(cards, "Ash Blossom & Joyous Spring")[0]["kind"] == "quick"
    [stennon] = [e for e in _effects(cards, "Laval Stennon") if "either player's turn" in e["text"]]
    assert (stennon["kind"], stennon["spell_speed"]) == ("quick", 2)


@pytest.mark.parametrize("name", ["Nimble Sunfish", "Mecha-Dog Marron", "Sasuke Samurai #3", "Spyder Spider"])
def test_older_wording_without_colon_is_a_trigger(cards, name):
    effect = _effects(cards, name)[0]
    assert (effect["kind"], effect["spell_speed"]) == ("trigger", 1) and effect["condition"]["events"]
    assert effect["complete"]


@pytest.mark.parametrize("name", ["Invasion of Flames", "Djinn Cursenchanter of Rituals", "Desrook Archfiend"])
def test_older_wording_prohibitions_and_rules_are_not_triggers(cards, name):
    assert not [e for e in _effects(cards, name) if e["kind"] == "trigger" and ":" not in e["text"]]


@pytest.mark.parametrize("name,cost,target", [
    ("Call of the Haunted", None, "targeting 1 monster in your GY"),
    ("Mystical Space Typhoon", None, "Target 1 Spell/Trap on the field"),
    ("Monster Reborn", None, "Target 1 monster in either GY"),
    ("Twin Twisters", "Discard 1 card", "target up to 2 Spells/Traps on the field"),
])
def test_targeting_is_not_a_cost(cards, name, cost, target):
    effect = _effects(cards, name)[0]
    assert (effect["cost"], effect["target_text"], effect["targets"]) == (cost, target, True)
    assert effect["target_kinds"]


def test_split_cost_and_target():
    assert split_cost_and_target("You can pay 1000 LP, then target 1 monster") == ("You can pay 1000 LP",
                                                                                 "target 1 monster")
    assert split_cost_and_target("You can target 1 card on the field") == ("", "target 1 card on the field")
    assert split_cost_and_target("You can discard 1 card") == ("You can discard 1 card", "")


@pytest.mark.parametrize("name,expected", [
    ("Seraphim Papillion", [("trigger", 1), ("quick", 2)]),
    ("Prediction Princess Tarotrei", [("trigger", 1), ("quick", 2), ("quick", 2)]),
    ("Nekroz of Gungnir", [("quick", 2), ("quick", 2)]),
    ("El Shaddoll Apkallone", [("trigger", 1), ("trigger", 1)]),
    ("Gem-Knight Amber", [("ignition", 1)]),
])
def test_bulleted_effects_are_read(cards, name, expected):
    assert _kinds_speeds(cards, name) == expected


def test_bulleted_once_per_turn_applies_to_the_bullets(cards):
    gungnir = [e for e in _effects(cards, "Nekroz of Gungnir") if e["kind"] == "quick"]
    assert [e["once_per_turn"] for e in gungnir] == ["hard", "hard"] and gungnir[0]["locations"] == ["hand"]


def test_effects_granted_to_other_monsters_are_not_this_cards(cards):
    # "... Effect Monsters in ... this card's column ... gain this effect. ● You can banish this card ... (Quick Effect)"
    assert _kinds_speeds(cards, "The Weather Rainy Canvas") == [("activation", 1)]


@pytest.mark.parametrize("name", ["Legacy of Yata-Garasu", "Dark Coffin"])
def test_activate_one_of_these_effects(cards, name):
    effect = _effects(cards, name)[0]
    assert effect["kind"] == "activation" and not [u for u in effect["unknown"] if "1 of these" in u]
    if name == "Legacy of Yata-Garasu":
        assert effect["complete"] and effect["categories"] == ["draw"] and effect["spell_speed"] == 2


@pytest.mark.parametrize("name", ["Cassimolar", "Labyrinth Wall Shadow"])
def test_start_of_battle_phase_is_a_trigger(cards, name):
    [effect] = [e for e in _effects(cards, name) if e["text"].startswith("At the start of")]
    assert (effect["kind"], effect["spell_speed"]) == ("trigger", 1)


@pytest.mark.parametrize("name,text_start,kind_speed", [
    ("Magidog", "If this card is sent to the Graveyard for the Synchro Summon", ("trigger", 1)),
    ("Spell Reactor・RE", "Once per turn, when your opponent activates a Spell Card", ("quick", 2)),
    ("Magical Scientist", "Pay 1000 Life Points to Special Summon", ("ignition", 1)),
    ("Throwstone Unit", "Tribute 1 Warrior-Type monster", ("ignition", 1)),
    ("Legendary Flame Lord", "Remove 3 Spell Counters from this card to destroy", ("ignition", 1)),
    ("Junk Gardna", "Once per turn, you can select 1 monster your opponent controls", ("quick", 2)),
    ("Shinobird Crow", "Once per turn, during either player's Damage Step, when", ("quick", 2)),
    ("Superheavy Samurai Soulbuster Gauntlet", "During either player's Damage Step, when", ("quick", 2)),
    ("Centur-Ion Gargoyle II", "During the Main Phase, if this card is a Continuous Trap", ("quick", 2)),
    ("Centur-Ion Trudea", "During the Main Phase, if this card is a Continuous Trap", ("quick", 2)),
])
def test_older_wordings_of_activated_effects(cards, name, text_start, kind_speed):
    [effect] = [e for e in _effects(cards, name) if e["text"].startswith(text_start)]
    assert (effect["kind"], effect["spell_speed"]) == kind_speed


@pytest.mark.parametrize("name", ["Genex Gaia", "Proxy Dragon", "Crusadia Arboria", "Star Drawing"])
def test_older_wording_replacements_are_not_triggers(cards, name):
    assert not [e for e in _effects(cards, name) if e["kind"] == "trigger" and ":" not in e["text"]]


@pytest.mark.parametrize("name", ["Gusto Gulldo", "Gusto Squirro", "Laval Forest Sprite", "Synchro Magnet"])
def test_tuner_whose_type_line_omits_effect_is_read(cards, name):
    assert [kind for kind, _ in _kinds_speeds(cards, name)] == ["trigger"]


def test_normal_tuner_flavor_text_has_no_effects(cards):
    normal_tuners = [c for c in cards.values() if c["card_type"] == "Monster" and
                     {"Normal", "Tuner"} <= set(t.strip() for t in (c.get("monster_type_line") or "").split("/"))]
    assert normal_tuners and all(effect["section"] == "pendulum" for card in normal_tuners for effect in parse_card(card))


@pytest.mark.parametrize("name,text_start", [
    ("Seismic Crasher", "Twice per turn, you can send"),
    ("Castle Gate", "Once per turn, if this card is in face-up Attack Position, you can Tribute"),
    ("Reshef the Dark Being", "Once per turn, by discarding 1 Spell Card"),
    ("Winged Minion", "Tribute this card, then target 1 Fiend monster"),
    ("Necro Defender", "During your Main Phase, you can remove from play this card"),
])
def test_older_wording_ignition_effects(cards, name, text_start):
    [effect] = [e for e in _effects(cards, name) if e["text"].startswith(text_start)]
    assert (effect["kind"], effect["spell_speed"]) == ("ignition", 1)


@pytest.mark.parametrize("name,text_start", [
    ("Genex Gaia", "If this card on the field would be destroyed"),
    ("Dark Effigy", "If you Tribute Summon a DARK Normal Monster, you can treat"),
    ("Star Drawing", "If this card is used for an Xyz Summon, you can treat it"),
])
def test_replacements_and_permissions_are_not_activated(cards, name, text_start):
    [effect] = [e for e in _effects(cards, name) if e["text"].startswith(text_start)]
    assert effect["kind"] in ("continuous", "rule")


# ------------------------------------------------------- "cannot activate ... in response to this activation"

@pytest.mark.parametrize("name, index, expected", [
    ("Nordic Relic Laevateinn", 0, {"players": "both", "what": "all"}),  # "Cards and effects cannot be activated"
    ("Anti-Magic Arrows", 0, {"players": "both", "what": "all"}),  # "Neither player can activate cards or effects"
    ("Uria, Lord of Searing Flames", 3, {"players": "both", "what": "spell_trap"}),  # its own sentence, after
    ("Odin's Eye", 1, {"players": "opponent", "what": "all"}),  # "Your opponent cannot activate ..."
])
def test_no_response_text_is_read_onto_the_activation_it_names(cards, name, index, expected):
    effects = _effects(cards, name)
    assert effects[index]["no_response"] == expected
    assert [e["index"] for e in effects if e["no_response"]] == [index]


def test_a_no_response_sentence_of_its_own_is_a_rule_not_an_effect(cards):
    sentence = [e for e in _effects(cards, "Uria, Lord of Searing Flames") if "in response" in e["text"]
                and e["index"] != 3]
    assert [(e["kind"], e["subkind"], e["spell_speed"]) for e in sentence] == [("rule", "no_response", None)]


def test_targeted_cards_only_are_not_a_general_bar(cards):
    # "Your opponent cannot activate the targeted cards in response" bars only those cards: not read as a bar
    assert not any(e["no_response"] for e in _effects(cards, "Mobius the Mega Monarch"))


def test_older_paid_summon_negation_on_a_continuous_trap_is_an_activated_effect(cards):
    # "Either player can pay 800 Life Points to negate the Special Summon of a monster(s)": an effect of the face-up
    # card, activated as the Summon would happen (Spell Speed 2), not a continuous effect
    [_, paid] = _effects(cards, "Royal Oppression")
    assert (paid["kind"], paid["spell_speed"]) == ("quick", 2)
    assert paid["condition"]["events"][0]["type"] == "summon" and paid["condition"]["events"][0]["stage"] == "would"
    assert "negate_summon" in paid["categories"]
