"""The profiles step with its cache (kb.build_cache) stores what kb.engine.profiles.build_profiles stores,
and reuses a card's profile only when neither the card's fields nor the code changed."""

from __future__ import annotations

import json

from sqlmodel import Session, select

from kb.build import BuildContext
from kb.build_cache import CACHE_FILE, build_profiles_cached, code_fingerprint
from kb.db import STORE_FILE, create_tables, make_engine
from kb.engine.profiles import build_profiles
from kb.models import Card, EffectProfile

CARDS = [  # written for this test: a Trap, a Quick-Play Spell, an Effect Monster, a Normal Monster
    dict(id=1, name="Test Barrier", name_key="testbarrier", card_type="Trap", property="Counter",
         text="When your opponent would Special Summon a monster: Pay 1000 LP; negate the Summon, and if you "
              "do, destroy that monster."),
    dict(id=2, name="Test Wind", name_key="testwind", card_type="Spell", property="Quick-Play",
         text="Target 1 Spell/Trap on the field; destroy that target."),
    dict(id=3, name="Test Knight", name_key="testknight", card_type="Monster", abilities=["Effect"],
         monster_type="Warrior", level=4, atk=1500, defense=1000,
         text="If this card is Normal Summoned: You can add 1 Level 4 monster from your Deck to your hand. "
              "You can only use this effect of this card once per turn."),
    dict(id=4, name="Test Dragon", name_key="testdragon", card_type="Monster", abilities=["Normal"],
         monster_type="Dragon", level=7, atk=2400, defense=2000, text="A dragon of legend."),
]


def _build(versions, name, cards, step, logs):
    kb_dir = versions / name
    kb_dir.mkdir(parents=True)
    engine = make_engine(kb_dir / STORE_FILE)
    create_tables(engine)
    with Session(engine) as session:
        for card in cards:
            session.add(Card(**card))
        session.commit()
        ctx = BuildContext(kb_dir=kb_dir, session=session, data_dir=kb_dir, rulebook_dir=kb_dir,
                           log=logs.append)
        step(ctx)
        rows = [(r.card_id, r.index, r.kind, r.spell_speed, r.complete, r.data)
                for r in session.exec(select(EffectProfile).order_by(EffectProfile.card_id, EffectProfile.index))]
    engine.dispose()
    return rows, ctx


def test_cached_step_stores_the_rows_of_build_profiles_and_reuses_unchanged_cards(tmp_path):
    logs: list[str] = []
    expected, plain = _build(tmp_path / "a.versions", "v1", CARDS, build_profiles, logs)
    first, ctx = _build(tmp_path / "b.versions", "v1", CARDS, build_profiles_cached, logs)
    assert first == expected and len(expected) >= 4
    assert ctx.summary["profiles"] == plain.summary["profiles"]
    assert ctx.state["validators"] == plain.state["validators"]
    assert logs[-1] == "profiles: 0 of 4 cards reused from the previous build"
    assert (tmp_path / "b.versions" / CACHE_FILE).exists()

    changed = [dict(c) for c in CARDS]
    changed[1]["text"] = "Target 1 monster on the field; destroy that target."
    again, _ = _build(tmp_path / "b.versions", "v2", changed, build_profiles_cached, logs)
    assert logs[-1] == "profiles: 3 of 4 cards reused from the previous build"
    fresh, _ = _build(tmp_path / "c.versions", "v1", changed, build_profiles, logs)
    assert again == fresh and again != first


def test_a_cache_of_other_code_or_unreadable_is_not_used(tmp_path):
    logs: list[str] = []
    versions = tmp_path / "kb.versions"
    _build(versions, "v1", CARDS, build_profiles_cached, logs)
    data = json.loads((versions / CACHE_FILE).read_text())
    assert data["code"] == code_fingerprint() and len(data["cards"]) == 4
    data["code"] = "other"
    (versions / CACHE_FILE).write_text(json.dumps(data))
    _build(versions, "v2", CARDS, build_profiles_cached, logs)
    assert logs[-1] == "profiles: 0 of 4 cards reused from the previous build"
    (versions / CACHE_FILE).write_bytes(b"\xff not json")
    rows, _ = _build(versions, "v3", CARDS, build_profiles_cached, logs)
    assert logs[-1] == "profiles: 0 of 4 cards reused from the previous build" and rows
    _build(versions, "v4", CARDS, build_profiles_cached, logs)
    assert logs[-1] == "profiles: 4 of 4 cards reused from the previous build"
