"""The claims table's index (kb/understand/claims/table.py ``candidates``): the same claims, in the same
order, as trying every claim of the table for its form and allowed concepts."""

from __future__ import annotations

from kb.understand.claims import table


def _one_by_one(form: str, said: set[str]) -> list[str]:
    return [c.id for c in table.claims() if form in c.forms and said <= c.allowed]


def test_candidates_are_the_claims_allowing_every_concept_said_in_table_order():
    asked = [set()]
    for claim in table.claims():
        first = {sorted(group)[0] for group in claim.requires}
        asked += [first, first | set(claim.tolerates), first | {"not_a_concept"}, set(claim.tolerates)]
    for said in asked:
        for form in ("can", "must", "fact", "none"):
            assert [c.id for c in table.candidates(form, said)] == _one_by_one(form, said), (form, said)


def test_the_index_follows_a_reloaded_table():
    before = table.claims()
    table.claims.cache_clear()
    try:
        again = table.claims()
        assert again is not before
        claim = again[0]
        form = sorted(claim.forms)[0]
        said = {sorted(group)[0] for group in claim.requires}
        assert any(c is claim for c in table.candidates(form, said))  # positions of the new tuple
    finally:
        table.claims.cache_clear()
