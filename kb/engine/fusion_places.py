"""Where a card that performs a Fusion Summon takes its Fusion Materials from, read from its text: "using
monsters from your hand or field as Fusion Material" (Polymerization), "... from your hand, Deck, or field",
"using monsters you control", "by banishing Fusion Materials ... from your field or GY".  Only the places its
text names: a Fusion Material from the Deck only when the card says so (prb2017 Fusion Summoning, cr 304.4).

``{"ask": "fusion_places", "card": "<name>", "from": "hand" | "field" | "deck" | "gy" | "extra" | "banished" |
"opponent_field", "face_down": true (a face-down monster on the field)}`` -> yes / no (unknown when the card's text names its places in words not read).
"""

from __future__ import annotations

import re

from ..errors import BadQuestionError

__all__ = ["PLACES", "material_places", "answer_fusion_places"]

PLACES = ("hand", "field", "deck", "gy", "extra", "banished", "opponent_field")
_SAID = {"hand": "the hand", "field": "the field (the player's monsters)", "deck": "the Deck", "gy": "the GY",
         "extra": "the Extra Deck", "banished": "banishment", "opponent_field": "the opponent's field"}
# one place as the text names it -> the places it means
_PLACE_WORDS = {"hand": ("hand",), "field": ("field",), "your side of the field": ("field",), "side of the field":
                ("field",), "either field": ("field", "opponent_field"), "deck": ("deck",), "main deck": ("deck",),
                "gy": ("gy",), "graveyard": ("gy",), "face-up extra deck": ("extra",), "extra deck": ("extra",)}
_FUSION = re.compile(r"Fusion Summon (?:1|one) (?:[^.;]*?)(?:using (?P<what>[^.;]*?)(?: as (?:the )?(?:Fusion )?"
                     r"Materials?)?(?=[.;]|$)|by (?:banishing|shuffling|sending|Tributing) (?P<what2>[^.;]*?)"
                     r"(?=[.;]|$))", re.I)
_FROM = re.compile(r"from (?:your |their |the )?(?P<list>[a-z -]+?(?:(?:, | or | and | and/or |, or |, and |, and/or )"
                   r"(?:your |their |the )?[a-z -]+?)*)(?=(?:,? (?:into|to|as|face-down|and place)\b|$))", re.I)
# a further place on a condition ("you can also use monsters in your Deck as material"): not read
_ALSO = re.compile(r"(?:can )?also use [^.;]*? as (?:Fusion )?Materials?", re.I)


def _split(words: str) -> set[str] | None:
    out: set[str] = set()
    for part in re.split(r",? (?:and/or|or|and) |, ", words.lower().strip()):
        part = re.sub(r"^(?:your|their|the) ", "", part.strip())
        if part in ("either field", "either player's field"):
            out |= {"field", "opponent_field"}
            continue
        found = _PLACE_WORDS.get(part)
        if found is None:
            return None
        out |= set(found)
    return out or None


def material_places(text: str) -> set[str] | None:
    """The places the card's one Fusion Summon takes its materials from, or None when not read (no such
    sentence, several, or words not read)."""
    found = list(_FUSION.finditer(text or ""))
    if len(found) != 1 or _ALSO.search(text or ""):
        return None
    what = (found[0]["what"] or found[0]["what2"] or "").strip()
    what = re.sub(r"\"[^\"]*\"", "X", what)
    if re.fullmatch(r"(?:\d+ )?monsters? you control", what, re.I):
        return {"field"}
    where = _FROM.search(what)
    if where is None:
        return None
    if re.search(r"your opponent controls|predator counter", what, re.I):
        return None  # another place said another way: not read
    return _split(where["list"])


def answer_fusion_places(session, question: dict) -> dict:
    """The answer to a ``fusion_places`` question (see the module doc)."""
    from .questions import resolve
    from .rules import citation

    place = question.get("from")
    if place not in PLACES:
        raise BadQuestionError(f"from: expected one of {', '.join(PLACES)}", "from", place)
    row = resolve(session, question.get("card") or "")
    places = material_places(row.text or "")
    base = {"card": row.name, "resolved": {"card": row.name, "from": place}, "assumed": [], "rulings": []}
    if places is None:
        step = {"check": "material places", "result": "unknown",
                "detail": f"where {row.name} takes Fusion Materials from is not read from its text",
                **citation("sim_fusion_places")}
        return {**base, "answer": "unknown", "steps": [step], "explanation": f"unknown: {step['detail']}."}
    answer = "yes" if place in places else "no"
    if question.get("face_down") and place != "field":
        raise BadQuestionError("face_down: only monsters on the field are face-down", "face_down", True)
    named = " and ".join(_SAID[p] for p in PLACES if p in places)
    detail = (f"{row.name} uses Fusion Materials from {named}" +
              ("" if answer == "yes" else f", not from {_SAID[place]}"))
    step = {"check": "material places", "result": "pass" if answer == "yes" else "fail", "detail": detail,
            **citation("sim_fusion_places")}
    steps = [step]
    if question.get("face_down") and answer == "yes":  # a face-down monster on the field is a monster there
        detail += "; face-down monsters on the field can be used too"
        steps.append({"check": "face-down", "result": "pass", "detail": "face-down monsters on the field can be used",
                      **citation("sim_fusion_face_down")})
    return {**base, "answer": answer, "steps": steps, "explanation": f"{answer}: {detail}."}
