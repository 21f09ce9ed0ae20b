"""A lasting effect said to apply: "While X is applying, can I attack directly?",
"while X's effect is applied", "with X's effect active".

The named card becomes the question's ``"applying": [{"card": X}]`` (answered by
:func:`kb.engine.permissions.answer_with_permissions`, which reads X's text as a permission and answers
"unknown" when it grants nothing read there).  Only the activation of a card can be asked this way; the
words are marked used only when the frame takes them, so any other question keeps them unused (unknown).
"""

from __future__ import annotations

import re

from .skeleton import ENT, Skeleton

__all__ = ["read_applying", "possessive"]


def possessive(name: str) -> str:
    """The name with a possessive ending: "Temple of the Kings'", "Makyura the Destructor's"."""
    return name + ("'" if name.endswith("s") else "'s")


_APPLYING = re.compile(
    rf"(?:^|\s)(?:while|with|as long as|whilst) (?:the effect of )?(?P<x>{ENT})(?: 's)?(?: effect)? "
    r"(?:is |being )?(?:still )?(?:applying|being applied|applied|active|in effect)(?=\s*(?:,|$|\s))"
)
# "if I control X", "while X is face-up on the field": a grant that applies while the card is on the field
_ON_FIELD = re.compile(
    rf"(?:^|\s)(?:(?:while|if|when|as long as|whilst) (?P<ctl>i|you) control (?:a face-up )?(?P<x>{ENT})|"
    rf"(?:while|if|when|as long as|whilst|with) (?P<y>{ENT}) (?:is )?(?:face-up )?on (?:the|my|your) field)"
    r"(?=\s*(?:,|$|\s))"
)


def _with_applying(question: dict, item: dict) -> dict:
    return dict(question, applying=list(question.get("applying") or []) + [item])


def _controller(card) -> str | None:
    return card.get("controller") if isinstance(card, dict) else None


def read_applying(skeleton: Skeleton, frames: list) -> None:
    """Give each activation frame the card said to be applying (see the module doc)."""
    text, spans = skeleton.text_of(skeleton.live())
    match = _APPLYING.search(text)
    on_field = False
    if not match:
        match, on_field = _ON_FIELD.search(text), True
        if not match:
            return
    group = "x" if match.groupdict().get("x") else "y"
    pieces = Skeleton.pieces_between(spans, *match.span())
    entity_piece = next(i for i in Skeleton.pieces_between(spans, *match.span(group)))
    n = skeleton.pieces[entity_piece].entity
    entity = skeleton.entities[n]
    if entity.kind != "card" or not entity.name:
        return
    owner = {"asker": "A", "opponent": "B"}.get(entity.aside.get("controller"))
    if on_field and match.groupdict().get("ctl"):
        owner = owner or "A"
    taken = False
    for frame in frames:
        question = frame.question
        if question is None or question.get("ask") not in ("activate", "chain") or n in frame.used_entities:
            continue
        asked = _controller(question.get("card")) or "A"
        if (owner or "A") != asked:  # a grant is its controller's ("you can activate ..."): whose is said
            continue
        item = {"card": entity.name, "controller": owner or asked, **({"while": "on_field"} if on_field else {})}
        frame.question = _with_applying(question, item)
        frame.alternatives = [_with_applying(q, item) for q in frame.alternatives]
        for other in frame.also:
            other.question = _with_applying(other.question, item) if other.question else None
        frame.used_entities.add(n)
        whose = "" if owner is None else ("my " if owner == "A" else "my opponent's ")
        frame.understood = f"While {whose}{possessive(entity.name)} effect applies: {frame.understood}"
        taken = True
    if taken:
        skeleton.use(pieces)
