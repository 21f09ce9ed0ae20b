"""Card-name resolution: exact names, aliases, numbers, fuzzy matches, ambiguity, suggestions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlmodel import select

from kb.cards import NameIndex, autocomplete, match_name, name_index, name_tokens, resolve_card
from kb.db import open_session
from kb.errors import AmbiguousError, NotFoundError
from kb.models import Card

from .test_cards import build_cards_kb

NAMES_DEV = Path(__file__).resolve().parents[2] / "shared" / "eval" / "names-dev.jsonl"


@pytest.fixture(scope="module")
def db(tmp_path_factory, datasets):
    session = open_session(build_cards_kb(tmp_path_factory, datasets))
    yield session
    session.close()


def outcome(session, query):
    """The resolver's answer in the names-dev vocabulary: a card name, "ambiguous" or "not_found"."""
    try:
        return resolve_card(session, query).name
    except AmbiguousError:
        return "ambiguous"
    except NotFoundError:
        return "not_found"


def names_dev():
    if not NAMES_DEV.exists():
        return []
    return [json.loads(line) for line in NAMES_DEV.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.skipif(not NAMES_DEV.exists(), reason="names-dev set not present")
@pytest.mark.parametrize("item", names_dev(), ids=lambda item: item["id"])
def test_names_dev(db, item):
    assert outcome(db, item["q"]) == item["expect"]


@pytest.mark.parametrize("query, expected", [
    # exact names: case, punctuation, spacing, accents and curly quotes do not matter
    ("call of the haunted", "Call of the Haunted"),
    ("CALL  OF THE HAUNTED", "Call of the Haunted"),
    ("blueeyes white-dragon", "Blue-Eyes White Dragon"),
    ("maxx c", 'Maxx "C"'),
    ("Gravekeeper’s Spy", "Gravekeeper's Spy"),
    ("ash blossom and joyous spring", "Ash Blossom & Joyous Spring"),
    # Japanese names
    ("灰流うらら", "Ash Blossom & Joyous Spring"),
    # aliases: abbreviations, nicknames and former names
    ("mst", "Mystical Space Typhoon"),
    ("M.S.T.", "Mystical Space Typhoon"),
    ("CotH", "Call of the Haunted"),
    ("veiler", "Effect Veiler"),
    ("imperm", "Infinite Impermanence"),
    ("B. Skull Dragon", "Black Skull Dragon"),
    # numbers: passcodes with or without leading zeros, Konami ids, explicit prefixes
    ("5318639", "Mystical Space Typhoon"),
    ("05318639", "Mystical Space Typhoon"),
    ("%4909", "Mystical Space Typhoon"),
    ("kid:12950", "Ash Blossom & Joyous Spring"),
    ("36996508", "Dark Magician"),  # an alternate print's passcode
    # fuzzy: typos, missing words, word prefixes, plurals, dropped articles
    ("dark magican", "Dark Magician"),
    ("dark magicain girl", "Dark Magician Girl"),
    ("mystical space typhon", "Mystical Space Typhoon"),
    ("solemn judgement", "Solemn Judgment"),
    ("wisdom magician", "Wisdom-Eye Magician"),
    ("gravekeeper supernatural", "Gravekeeper's Supernaturalist"),
    ("book moon", "Book of Moon"),
    ("trojan horse", "The Trojan Horse"),
    ("3-hump lacoodas", "3-Hump Lacooda"),
    ("infinite impermanance", "Infinite Impermanence"),
    ("darkmagican", "Dark Magician"),
])
def test_resolves(db, query, expected):
    assert outcome(db, query) == expected


@pytest.mark.parametrize("query", ["tearlaments", "blue eyes", "red-eyes", "kashtira"])
def test_archetype_names_are_ambiguous(db, query):
    with pytest.raises(AmbiguousError) as info:
        resolve_card(db, query)
    candidates = info.value.candidates
    assert 1 < len(candidates) <= 10
    assert all(set(name_tokens(query)) & set(name_tokens(name)) for name in candidates)


def test_not_found_has_suggestions(db):
    with pytest.raises(NotFoundError) as info:
        resolve_card(db, "xyzzy qwerty")
    assert info.value.suggestions
    with pytest.raises(NotFoundError, match="empty"):
        resolve_card(db, "   ")


def test_duplicate_english_name_prefers_the_released_card(db):
    cards = db.exec(select(Card).where(Card.name == "Black Luster Soldier")).all()
    assert len(cards) == 2
    chosen = resolve_card(db, "black luster soldier")
    assert chosen.password == 5405694
    other = next(c for c in cards if c.id != chosen.id)
    assert resolve_card(db, f"id:{other.id}").id == other.id


def test_strict_matching_links_only_complete_names(db):
    assert match_name(db, "Jinzos", strict=True).name == "Jinzo"
    assert match_name(db, "Magicial Scientist", strict=True).name == "Magical Scientist"
    for fragment in ("destroyed", "Charmer", "a monster or monsters"):
        with pytest.raises((NotFoundError, AmbiguousError)):
            match_name(db, fragment, strict=True)


def test_match_reports_how(db):
    assert match_name(db, "Honest").how == "name"
    assert match_name(db, "ash").how == "alias"
    assert match_name(db, "14558127").how == "password"
    assert match_name(db, "dark magican").how == "fuzzy"


def test_autocomplete(db):
    names = autocomplete(db, "dark magician", limit=5)
    assert names[0] == "Dark Magician" and len(names) == 5
    assert all(n.lower().startswith("dark magician") for n in names)
    assert "Ash Blossom & Joyous Spring" in autocomplete(db, "ash blo")
    assert autocomplete(db, "") == []


def test_index_is_cached_per_file(db):
    assert name_index(db) is name_index(db)


def test_index_from_rows():
    index = NameIndex.build([(1, "Pot of Greed", "potofgreed", "", 55144522, 1),
                             (2, "Pot of Desires", "potofdesires", "", 35261759, 2)],
                            passwords=[(55144522, 1)], aliases=[("pog", 1)])
    assert index.match("pog").card_id == 1
    assert index.match("pot of desire").card_id == 2
    with pytest.raises(AmbiguousError):
        index.match("pot")


@pytest.mark.parametrize("query,name", [
    ("H.E.R.O. Flash!", "H.E.R.O. Flash!"),
    ("h.e.r.o. flash!", "H.E.R.O. Flash!"),
    ("H.E.R.O. Flash", "H.E.R.O. Flash!"),
    ("Hero Flash!!", "Hero Flash!!"),
    ("hero flash", "Hero Flash!!"),
    ("Rai-Mei", "Rai-Mei"),
    ("rai mei", "Rai-Mei"),
    ("Raimei", "Raimei"),
])
def test_exact_spelling_wins_over_a_name_equal_but_for_punctuation(db, query, name):
    assert resolve_card(db, query).name == name


def test_names_equal_but_for_punctuation_from_rows():
    index = NameIndex.build([(1, "Raimei", "raimei", "", 56260110, 1), (2, "Rai-Mei", "raimei", "", 82105704, 2)])
    assert (index.match("Rai-Mei").card_id, index.match("RAI-MEI").card_id, index.match("raimei").card_id) == (2, 2, 1)
    assert index.match("Rai-Mei").how == "name"
    assert set(index.complete("rai")) >= {"Raimei", "Rai-Mei"}


def test_fuzzy_length_band_finds_what_comparing_with_every_name_finds():
    """The written-name matcher compares a misspelt name only with names whose length can reach the
    cut-off; on names of many lengths and misspellings of each kind, the three best matches are the same
    (score and position) as comparing with every name."""
    import random

    from rapidfuzz import fuzz, process

    from kb import card_names as C

    rng = random.Random(5)
    words = ["dragon", "blue", "eyes", "white", "magician", "dark", "cyber", "end", "chaos", "emperor",
             "warrior", "knight", "storm", "mirror", "force", "jar", "pot", "greed", "of", "the"]
    index = C.CardNameIndex()
    index.fuzzy_keys = sorted({C.name_key(" ".join(rng.choices(words, k=rng.randint(1, 6)))) for _ in range(3000)})
    index.fuzzy_ids = list(range(len(index.fuzzy_keys)))
    C._fill_fuzzy_lengths(index)
    cutoff = C.FUZZY_CUTOFF - C.FUZZY_MARGIN
    for key in rng.sample(index.fuzzy_keys, 300):
        letters = list(key)
        for _ in range(rng.randint(0, 4)):
            at = rng.randrange(len(letters))
            letters[at:at + 1] = rng.choice([[], [letters[at], "x"], ["q"]])
        written = "".join(letters) + rng.choice(["", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"])
        everything = process.extract(written, index.fuzzy_keys, scorer=fuzz.ratio, limit=3, score_cutoff=cutoff)
        keys, positions = C._fuzzy_candidates(index, len(written))
        banded = process.extract(written, keys, scorer=fuzz.ratio, limit=3, score_cutoff=cutoff)
        assert [(score, pos) for _, score, pos in everything] == [(score, positions[p]) for _, score, p in banded]
