"""A monster's ATK (or DEF) after changes applied one after another, by the rulebooks' layers (md "ATK/DEF
Modifiers"; prb2017 "If the ATK or DEF is increased ..."; rows in ``kb/engine/atk_calc.toml`` and
``battle_rules.toml``):

- increases and decreases add up, whatever applied before; a result below 0 is 0, but the decrease below 0 is
  "stored" and counts when the ATK is increased later (``atk_decrease_stored``);
- an activated effect that makes the current ATK become a value (halve, double, "becomes N") fixes it: earlier
  changes are not reapplied; later ones apply on top (``atk_set_not_reapplied``, ``atk_after_set``);
- an effect that changes the *original* ATK makes the new value the printed one: increases and decreases are
  recalculated on top, and an activated one wipes earlier activated effects that set the current ATK
  (``atk_original_recalculates``, ``atk_original_wipes_set``);
- halving rounds up (``stat_halve_round_up``).

What is not modelled answers ``None`` with the reason: a non-activated (lasting) effect that sets the current
ATK (whether earlier changes are reapplied depends on whether they were activated), a change of an unknown kind.

A change is ``{"kind": one of KINDS, "amount": N (gain, lose, set, original_set), "by": the card that applies it
or null, "lasting": true for a continuously applied (non-activated) effect}``; a change told without its card
is taken as an activated effect.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["BATTLE_FIELDS", "KINDS", "StatResult", "apply_changes", "battle_fields", "check_changes", "current",
           "half_up", "modify_damage"]

KINDS = ("gain", "lose", "set", "half", "double", "original_half", "original_double", "original_set")
_AMOUNT_KINDS = ("gain", "lose", "set", "original_set")
# fields of a monster object of a scenario's state (docs/simulator.md): changes told with the monster, whether it
# inflicts piercing battle damage, and what happens to the battle damage its opponent takes from its battles
BATTLE_FIELDS = ("atk_changes", "def_changes", "piercing", "battle_damage")
_DAMAGE_CHANGES = ("double", "half")


def half_up(value: int) -> int:
    """Half of ``value``, rounded up (LP, ATK and DEF halved)."""
    return (value + 1) // 2


@dataclass
class StatResult:
    """The value after the changes (``None``: not modelled, ``why`` says what), and one step per change."""

    value: int | None
    steps: list[dict] = field(default_factory=list)
    why: str | None = None
    assumed: list[str] = field(default_factory=list)


def check_changes(changes, where: str) -> list[dict]:
    """``changes`` validated (a list of change objects); raises :class:`BadQuestionError` naming the field."""
    from ...errors import BadQuestionError

    if not isinstance(changes, list):
        raise BadQuestionError(f"{where}: must be a list of changes ({changes!r})", where, changes)
    out = []
    for i, change in enumerate(changes):
        at = f"{where}[{i}]"
        if not isinstance(change, dict) or change.get("kind") not in KINDS:
            raise BadQuestionError(f"{at}.kind: expected one of {', '.join(KINDS)} ({change!r})", f"{at}.kind",
                                   change.get("kind") if isinstance(change, dict) else change)
        unknown = sorted(set(change) - {"kind", "amount", "by", "lasting", "stated"})
        if unknown:
            raise BadQuestionError(f"{at}.{unknown[0]}: unknown field ({change[unknown[0]]!r})", f"{at}.{unknown[0]}",
                                   change[unknown[0]])
        amount = change.get("amount")
        if change["kind"] in _AMOUNT_KINDS:
            if type(amount) is not int or amount < 0:
                raise BadQuestionError(f"{at}.amount: a whole number >= 0 is needed ({amount!r})", f"{at}.amount",
                                       amount)
        elif amount is not None:
            raise BadQuestionError(f"{at}.amount: {change['kind']} takes no amount ({amount!r})", f"{at}.amount",
                                   amount)
        stated = change.get("stated")
        if stated is not None and (type(stated) is not int or stated < 0):
            raise BadQuestionError(f"{at}.stated: a whole number >= 0 is needed ({stated!r})", f"{at}.stated", stated)
        if change.get("by") is not None and not isinstance(change["by"], str):
            raise BadQuestionError(f"{at}.by: must be a card name ({change['by']!r})", f"{at}.by", change["by"])
        if not isinstance(change.get("lasting", False), bool):
            raise BadQuestionError(f"{at}.lasting: must be true or false ({change['lasting']!r})", f"{at}.lasting",
                                   change["lasting"])
        out.append(change)
    return out


def _said(change: dict) -> str:
    kind, amount = change["kind"], change.get("amount")
    return {"gain": f"+{amount}", "lose": f"-{amount}", "set": f"becomes {amount}", "half": "halved",
            "double": "doubled", "original_half": "original halved", "original_double": "original doubled",
            "original_set": f"original becomes {amount}"}[kind]


def apply_changes(original: int, changes: list[dict], stat: str = "ATK") -> StatResult:
    """The ``stat`` of a monster whose original value is ``original`` after ``changes`` (in order)."""
    from ..rules import citation

    result = StatResult(None)
    layers: list[tuple[str, int]] = []  # ("add", delta) / ("set", value): activated sets only
    current, went_negative = original, False

    def running() -> int:
        value = original
        for kind, amount in layers:
            value = amount if kind == "set" else value + amount
        return value

    for change in changes:
        kind, amount, by = change["kind"], change.get("amount"), change.get("by")
        who = by or "an effect"
        if kind in ("half", "double", "set") and change.get("lasting"):
            result.why = (f"{who} sets the current {stat} by a lasting (non-activated) effect: whether the earlier "
                          f"changes are reapplied depends on how each was applied (not modelled)")
            return result
        if kind in ("gain", "lose"):
            had_set = any(k == "set" for k, _v in layers)
            layers.append(("add", amount if kind == "gain" else -amount))
            rule = "atk_after_set" if had_set else "atk_decrease_stored" if went_negative else "atk_add_up"
            said = f"{who}: {_said(change)} {stat}"
        elif kind in ("half", "double", "set"):
            shown = max(0, running())
            value = half_up(shown) if kind == "half" else shown * 2 if kind == "double" else amount
            rule = "stat_halve_round_up" if kind == "half" and shown % 2 else (
                "atk_set_not_reapplied" if any(k == "add" for k, _v in layers) else "atk_after_set")
            layers.append(("set", value))
            said = f"{who} makes the {stat} become {value}; earlier increases/decreases are not reapplied"
            if by is None:
                result.assumed.append(f"the {stat} change told without its card ({_said(change)}) is taken as an "
                                      f"activated effect: later changes apply on top of it")
        else:
            before = original
            original = half_up(original) if kind == "original_half" else original * 2 if kind == "original_double" \
                else amount
            wiped = [layer for layer in layers if layer[0] == "set"]
            if not change.get("lasting"):
                layers = [layer for layer in layers if layer[0] != "set"]
            rule = "atk_original_wipes_set" if wiped and not change.get("lasting") else "atk_original_recalculates"
            said = (f"{who} makes the original {stat} {original} (from {before}); "
                    + ("the earlier determined value is wiped and the increases are recalculated" if wiped else
                       "earlier increases/decreases are recalculated on it"))
        total = running()
        current = max(0, total)
        if total < 0:
            went_negative = True
            said += f" ({total}: the {stat} is 0, the decrease below 0 is stored)"
            rule = "atk_decrease_stored"
        stated = change.get("stated")
        if stated is not None and stated != current:
            result.why = f"after {who} the {stat} would be {current}, not {stated} as the question says"
            return result
        result.steps.append({"check": f"{stat} after {by}" if by else f"{stat} {_said(change)}", "result": "pass",
                             "detail": f"{said}: {stat} {current}", **citation(rule)})
    result.value = current
    return result


def battle_fields(obj: dict, where: str) -> dict | None:
    """The :data:`BATTLE_FIELDS` of a monster object, validated (None when it has none)."""
    from ...errors import BadQuestionError

    if not any(key in obj for key in BATTLE_FIELDS):
        return None
    out = {"atk_changes": check_changes(obj.get("atk_changes", []), f"{where}.atk_changes"),
           "def_changes": check_changes(obj.get("def_changes", []), f"{where}.def_changes"),
           "piercing": obj.get("piercing", False), "battle_damage": obj.get("battle_damage", [])}
    if not isinstance(out["piercing"], bool):
        raise BadQuestionError(f"{where}.piercing: must be true or false ({out['piercing']!r})", f"{where}.piercing",
                               out["piercing"])
    damage = out["battle_damage"]
    if not isinstance(damage, list) or any(d not in _DAMAGE_CHANGES for d in damage):
        raise BadQuestionError(f"{where}.battle_damage: a list of {', '.join(_DAMAGE_CHANGES)} ({damage!r})",
                               f"{where}.battle_damage", damage)
    return out


def current(inst, stat: str) -> StatResult:
    """The current ATK (``stat`` "atk") or DEF ("def") of a monster on the field: its printed value after the
    changes its state object told (None when the printed value is "?" or a change is not modelled)."""
    printed = inst.card.atk if stat == "atk" else inst.card.defense
    if printed is None:
        return StatResult(None, why=f"{inst.name}'s {stat.upper()} is \"?\" (or it has none)")
    changes = (inst.battle_stats or {}).get(f"{stat}_changes") or []
    if not changes:
        return StatResult(printed)
    return apply_changes(printed, changes, stat.upper())


def modify_damage(amount: int, changes: list[str]) -> tuple[int | None, str]:
    """Battle damage after the effects that halve or double it (community 7.3.1.2: halving before doubling;
    several halvings do not stack): (amount or None when both kinds apply, what was done)."""
    if not changes or amount == 0:
        return amount, ""
    if set(changes) == {"half"}:
        if amount % 2:
            return None, "halved to a value with a decimal (how battle damage is rounded is not stated)"
        return amount // 2, "halved once" + (" (effects that halve battle damage do not stack)"
                                                 if len(changes) > 1 else "")
    if changes == ["double"]:
        return amount * 2, "doubled"
    return None, "halved and doubled (several effects modifying battle damage are not modelled)"
