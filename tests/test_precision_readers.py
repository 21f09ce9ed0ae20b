"""Precision of this session's new readers: questions written from the rulebooks by a reviewer (not by the
readers' authors) that each reader once answered WRONG, now answered right or left unknown.  A wrong yes/no
is worse than "unknown": each case names what the question says that the reader had ignored."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text,answer",
    [
        # claims: no player said -> both players' Field Zones (each may hold one)
        ("Can there be two Field Spells on the field?", "unknown"),
        ("Can two Field Spells be on the field at the same time?", "unknown"),
        # claims: a Tributed Pendulum Monster may come from the hand (Ritual); leaving / moved / bounced is not
        # "sent from the field to the GY"
        ("Does a tributed Pendulum Monster go to the Extra Deck?", "unknown"),
        ("Does a Pendulum Monster that leaves the field go to the Extra Deck?", "unknown"),
        ("Does a Pendulum Monster added to the hand from the field go to the Extra Deck?", "unknown"),
        ("Does a Pendulum Monster that is moved go to the Extra Deck?", "unknown"),
        ("If a Pendulum Monster on the field is sent to the GY, does it go to the Extra Deck?", "yes"),
        # claims: a Main Monster Zone said only as where the arrows point is not where the Link Monster is
        ("Can a Link Monster's arrows point to my opponent's Main Monster Zone?", "unknown"),
        ("Can a Link Monster point to my opponent's Main Monster Zone?", "unknown"),
        ("Can my Link Monster in the Main Monster Zone point to my opponent's Main Monster Zones?", "no"),
        # claims: a named card in a trailing condition is not what the claim is about
        ("can i activate mirror force while jinzo is in my hand", "unknown"),
        ("Can I activate Mirror Force from my hand?", "no"),
        # claims: who took control ("my opponent took control of my monster": not "a monster whose control I took")
        ("My opponent took control of my monster with Change of Heart. Can I Tribute it for a Tribute Summon?",
         "unknown"),
        ("My opponent took control of my monster. Can I use it as Xyz Material?", "unknown"),
        ("I took control of my opponent's monster with Change of Heart. Can I Tribute it for a Tribute Summon?", "yes"),
        # claims: whose Equip Spell vs whose monster
        ("Can I equip my opponent's Equip Spell to my monster?", "unknown"),
        ("Can an Equip Spell be equipped to my opponent's monster?", "yes"),
        # a card's activation against a told Summon: a Spell Speed 1 card waiting for no event is not activated
        # in answer to the opponent's Special Summon (whose turn is not said)
        ("can i activate dark hole when my opponent special summons", "unknown"),
        ("can i activate raigeki when my opponent normal summons", "no"),
        ("can i activate fiendish chain when my opponent special summons", "yes"),
        # a prohibition binding only its controller's opponent, on a card whose controller is not said
        ("While Dark Simorgh is face-up on the field, can I normal set a monster?", "unknown"),
        ("While my opponent's Dark Simorgh is face-up on the field, can I normal set a monster?", "no"),
        # timing acts: where the card was moved from against its own "sent from the field to the GY"
        ("does sangan activate if it is sent from my hand to the gy", "no"),
        ("does witch of the black forest activate if it is sent from my hand to the graveyard", "no"),
        ("does sangan activate if it is sent from the field to the gy", "yes"),
        ("does dandylion activate if it is sent from my hand to the gy", "yes"),
        # timing acts: Xyz Materials are attached, not sent to the GY; a bare "as material" says no kind
        ("does sangan activate if it is used as xyz material", "unknown"),
        ("does sangan activate if i use it as material", "unknown"),
        ("does sangan activate if i use it as link material", "yes"),
    ],
)
def test_reviewed_questions(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("parsed"))
