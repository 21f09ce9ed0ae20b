""""Can I activate X (at a moment)?" for a card with an effect that only responds to activations beside
effects that do not (e.g. a Synchro Monster with a Quick Effect that negates an activation and a trigger in
the End Phase): "is it possible?" is asked both ways, the card activated at that moment on its
own and as the next link of a chain some Spell, Trap or monster effect started then; yes when one is
(``Frame.combine == "any"``), no when all are no.  Cards whose every effect responds are
:func:`kb.understand.frame_parts.responder_frame`'s.
"""

from __future__ import annotations

__all__ = ["partly_responds", "mixed_frame"]

_ACTIVATED = ("activation", "ignition", "trigger", "quick", "flip")


def partly_responds(card: dict, effects_of) -> bool:
    """Whether some but not all activated effects of the named card wait only for an activation."""
    if "card" not in card or card.get("effect") is not None or effects_of is None:
        return False
    effects = [e for e in effects_of(card["card"]) if e.get("kind") in _ACTIVATED]
    kinds = [[ev.get("type") for ev in ((e.get("condition") or {}).get("events") or [])] for e in effects]
    responding = [bool(k) and set(k) <= {"activation"} for k in kinds]
    return any(responding) and not all(responding)


def mixed_frame(card: dict, when: dict, used: set[int]):
    """The frame of the module doc: the responder questions and the plain activation, combined "any"."""
    from .frame_parts import responder_frame
    from .saying import card_phrase, moment_phrase

    frame = responder_frame(card, when, used)
    plain = {"ask": "activate", "card": frame.question["card"], **when}
    frame.alternatives = [*frame.alternatives, plain]
    frame.understood = (f"Can {card_phrase(card)} be activated{moment_phrase(when)}, on its own or in response to "
                        "some Spell, Trap or monster effect activated then?")
    return frame
