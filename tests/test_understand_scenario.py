"""Stories in words onto simulator scenarios (kb/understand/scenario.py): one or more sentences written
for these tests per story shape, the scenario each one maps to, the simulator's answer, and stories that
must give no scenario (a fact the question does not give, words no shape reads)."""

from __future__ import annotations

import pytest

from kb import engine
from kb.understand import understand
from kb.understand.answer import ask_plain


def _scenario(session, text):
    reading = understand(session, text)
    question = reading.frame.question if reading.frame else None
    return question if question and question.get("ask") == "scenario" else None


@pytest.mark.parametrize(
    "text,answer",
    [
        # battle: both monsters given by their stats
        (
            "My 2100 ATK monster attacks my opponent's 2100 ATK monster in Attack Position. Were both destroyed?",
            "yes",
        ),
        (
            "my 2400 atk monster attacks my opponent's attack position 1000 atk monster. are both monsters destroyed",
            "no",
        ),
        ("My 1200 ATK monster attacks a 1600 DEF Defense Position monster. Do I take 400 damage?", "yes"),
        ("My 1200 ATK monster attacks a 1600 DEF Defense Position monster. Do I take 1600 damage?", "no"),
        (
            "My 3000 ATK monster attacks a Defense Position monster (2500 DEF). Does my opponent take damage?",
            "no",
        ),
        (
            (
                "My 3000 ATK monster attacks my opponent's 2500 ATK Attack Position monster. Does my opponent take any "
                "battle damage?"
            ),
            "yes",
        ),
        ("My 1000 ATK monster attacks directly. How much damage does my opponent take?", "1000"),
        (
            "My 1700 ATK monster attacks my opponent's 1900 ATK Attack Position monster. Is my monster destroyed?",
            "yes",
        ),
        (
            "My opponent's 2000 ATK monster attacks my 1500 DEF Defense Position monster. Is my monster destroyed?",
            "yes",
        ),
        (
            (
                "My opponent's 2000 ATK monster attacks my 2500 DEF Defense Position monster. Is the attacking monster "
                "destroyed?"
            ),
            "no",
        ),
        (
            "My opponent's 1400 ATK monster attacks my Attack Position 1000 ATK monster. How much damage do I take?",
            "400",
        ),
        # named monsters: their printed stats (a stated stat must be the printed one)
        (
            "My Gene-Warped Warwolf (2000 ATK) attacks my opponent's Attack Position Giant Soldier of Stone "
            "(1300 ATK). How much damage does my opponent take?",
            "700",
        ),
        (
            "My Gene-Warped Warwolf attacks my opponent's Giant Soldier of Stone in Defense Position. "
            "Is Giant Soldier of Stone destroyed?",
            "no",
        ),
        # LP after a battle
        (
            "My opponent has 1000 LP. My 2500 ATK monster attacks directly. How many LP does my opponent have left?",
            "0",
        ),
        (
            "I have 525 LP. My opponent's 1800 ATK monster attacks my 1500 ATK Attack Position monster. "
            "How many LP do I have left?",
            "225",
        ),
        ("My 2500 ATK monster attacks directly. How many LP does my opponent lose?", "2500"),
        (
            "My 2000 ATK monster attacks my opponent's face-down Defense Position monster with 2500 DEF. "
            "How much damage do I take?",
            "500",
        ),
        # replay
        ("During the Damage Step my opponent Special Summons another monster. Will a replay happen?", "no"),
        # first turn
        ("Does the player going first draw in the Draw Phase of the first turn?", "no"),
        ("Can the first player enter the Battle Phase on the first turn of the Duel?", "no"),
        # hand size
        ("I hold 7 cards in hand during my End Phase. Do I have to discard?", "yes"),
        ("I have 6 cards in hand in the End Phase. Must I discard down to 6 cards?", "no"),
        # Normal Summons and Sets
        ("I already Normal Summoned a monster this turn. Can I Set another monster?", "no"),
        ("I Set a monster this turn. Can I then Normal Summon another monster this turn?", "no"),
        ("Can I Flip Summon a monster the same turn I Set it?", "no"),
        (
            (
                "All of my Main Monster Zones are full. Can I Tribute Summon a Level 6 monster by Tributing one of those "
                "monsters?"
            ),
            "yes",
        ),
        (
            (
                "All my Main Monster Zones are occupied. Can I Tribute Summon a Level 8 monster by tributing one of "
                "those monsters?"
            ),
            "no",
        ),
        ("Can I Tribute Summon a Level 6 monster by Tributing one monster?", "yes"),
        ("Can I Tribute Summon a Level 7 monster by Tributing 1 monster?", "no"),
        ("Can I Normal Summon a Level 3 monster by Tributing one monster?", "no"),
        (
            "All my Main Monster Zones are taken. Can I Normal Summon a monster into the Extra Monster Zone?",
            "no",
        ),
        ("Can I Normal Summon Sangan?", "yes"),
        # a chain that Special Summons a monster, then its trigger effect
        (
            (
                "Call of the Haunted, chained to Pot of Greed, Special Summons Magma Dragon. Can Magma Dragon's effect "
                "be activated?"
            ),
            "no",
        ),
        (
            (
                "My opponent activates Pot of Greed and I chain Call of the Haunted to Special Summon Magma Dragon. "
                "Does Magma Dragon's effect activate after the chain?"
            ),
            "no",
        ),
        (
            (
                "I activate Pot of Greed and chain Call of the Haunted to Special Summon Sangan. Can Sangan's effect be "
                "activated?"
            ),
            "no",
        ),
        (
            "Call of the Haunted, chained to Pot of Greed, Special Summons Magma Dragon. Does Magma Dragon "
            "miss the timing?",
            "yes",
        ),
        # Special Summoning a named monster: only when its Summoning condition decides
        ("Can Amaterasu be Special Summoned?", "no"),
        ("Can I Special Summon Sangan?", "yes"),
        # Extra Deck monsters into a zone (current rules)
        ("Can I Link Summon Decode Talker into a Main Monster Zone that no Link Monster points to?", "no"),
        ("Can I Synchro Summon Stardust Dragon into my Main Monster Zone?", "yes"),
        ("Can I Link Summon Decode Talker into the Extra Monster Zone?", "yes"),
        (
            "I already control a monster in the Extra Monster Zone. Can I Synchro Summon Stardust Dragon into "
            "the other Extra Monster Zone?",
            "no",
        ),
        # revival of a monster that was (not) properly Summoned
        (
            (
                "My Stardust Dragon was properly Synchro Summoned and then sent to the GY. Can an effect Special Summon "
                "it?"
            ),
            "yes",
        ),
        (
            (
                "My Stardust Dragon was sent from my Extra Deck to the GY without being Synchro Summoned. Can it be "
                "Special Summoned from the GY by a card effect?"
            ),
            "no",
        ),
        ("If I have 9 cards in hand at the end of my End Phase, do I have to discard?", "yes"),
        # positions and attacks, Summons at a phase
        ("Can I change the battle position of a monster that was Special Summoned this turn?", "no"),
        ("Can I change the battle position of a monster the same turn it was Flip Summoned?", "no"),
        ("Can I attack with a face-down Defense Position monster?", "no"),
        ("Can I attack directly while my opponent controls a monster?", "no"),
        ("Can a monster attack twice in the same Battle Phase?", "no"),
        ("Can I Normal Summon two monsters in one turn?", "no"),
        ("Can I attack during Main Phase 1?", "no"),
        ("Can I declare an attack during the End Step?", "no"),
        ("Can I Normal Summon a monster during my Battle Phase?", "no"),
        ("Can I Set a monster in Main Phase 2?", "yes"),
        ("I Set a monster this turn. Can I change its battle position?", "no"),
        ("Can I declare an attack in the Start Step?", "no"),
        ("I Normal Summoned a monster this turn. Can I change its battle position?", "no"),
        (
            "My monster has already attacked this turn. Can I switch it to Defense Position during Main Phase 2?",
            "no",
        ),
    ],
)
def test_story_shapes(session, text, answer):
    question = _scenario(session, text)
    if answer is None:
        assert question is None, question
        return
    assert question is not None, understand(session, text).reason
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert got["understood"].startswith("Simulated:")
    assert got["replay"] and got["parsed"] == question


def test_battle_scenario_shape(session):
    question = _scenario(
        session,
        "My 1500 ATK monster attacks my opponent's 1500 ATK Attack Position monster. "
        "Are both monsters destroyed?",
    )
    assert question["state"]["phase"] == "battle"
    assert question["state"]["players"]["A"]["monsters"] == [{"name": "my monster", "atk": 1500}]
    assert question["state"]["players"]["B"]["monsters"] == [
        {"name": "my opponent's monster", "position": "attack", "atk": 1500}
    ]
    assert [a["do"] for a in question["actions"]] == ["attack", "damage_calculation"]
    assert question["query"] == {"kind": "outcome", "destroyed": ["my monster", "my opponent's monster"]}


@pytest.mark.parametrize(
    "text",
    [
        # the number that decides the battle is not given
        "My 1500 ATK monster attacks a Defense Position monster. Do I take damage?",
        "My monster attacks my opponent's 1000 ATK Attack Position monster. Are both monsters destroyed?",
        # a target given by its ATK and its DEF, but no position: which of them battles is not said
        "My 1000 ATK monster attacks my opponent's 1000 ATK 1200 DEF monster. Is my opponent's monster destroyed?",
        # a story sentence no shape reads
        (
            "My 1800 ATK monster attacks my opponent's 1800 ATK Attack Position monster while Skill Drain is "
            "face-up. Are both monsters destroyed?"
        ),
        "I have 8 cards in hand. Do I have to discard down to 6?",  # not said: the End Phase
        "I have 8 cards in hand at the end of my End Phase. Do I have to discard down to 5?",
        # a named card whose Tributes are not given
        "Can I Normal Summon Blue-Eyes White Dragon?",
        # the question asks about a card the chain did not Summon
        (
            "Call of the Haunted, chained to Pot of Greed, Special Summons Magma Dragon. Can Sangan's effect be "
            "activated?"
        ),
        # a stated ATK that is not the printed one
        (
            "My Gene-Warped Warwolf (1900 ATK) attacks my opponent's Attack Position Giant Soldier of Stone. "
            "Are both monsters destroyed?"
        ),
        # no monster has that Level
        "Can I Normal Summon a Level 0 monster?",
        # whether a Link Monster points to the zone is not said
        "Can I Link Summon Decode Talker into a Main Monster Zone?",
        # a Nomi monster: its own procedure may Special Summon it
        "Can I Special Summon Dark Armed Dragon?",
        # LP asked with nothing in the story that changes them
        "I have 525 LP. How many LP do I have left?",
        # sent to the GY: whether it was Summoned before is not said
        "Stardust Dragon was sent to the GY. Can it be Special Summoned by a card effect?",
        # a card that is no monster attacking
        "Pot of Greed attacks my opponent's 1000 ATK Attack Position monster. Are both monsters destroyed?",
    ],
)
def test_no_scenario_when_a_fact_is_missing(session, text):
    assert _scenario(session, text) is None


@pytest.mark.parametrize(
    "text,answer",
    [
        # a fact left open is simulated every way it could be: the answer stands only when all agree
        ("My 3000 ATK monster attacks my opponent's Giant Soldier of Stone. Is Giant Soldier of Stone destroyed?",
         "yes"),  # 1300 ATK in Attack Position, 2000 DEF in Defense Position: destroyed either way
        ("My 1500 ATK monster attacks my opponent's Giant Soldier of Stone. Is Giant Soldier of Stone destroyed?",
         "unknown"),  # destroyed in Attack Position only
        ("Can I Tribute Summon a Level 7 monster?", "yes"),  # with two Tributes: possible for the kind
    ],
)
def test_a_fact_left_open_is_asked_every_way(session, text, answer):
    assert engine.ask(session, text)["answer"] == answer
