"""Effect profiles: coverage (cards fully profiled) and agreement with an independent reading of the same cards.

Usage::

    .venv/bin/python bench/profiles.py [--kb PATH | --dataset] [--top 25] [--json]
    .venv/bin/python bench/profiles.py --against ../shared/eval/effects-dev.jsonl [--dataset] [--examples 4] [--json]

Coverage reads the cards of a built knowledge base (default) or, with ``--dataset``, the card dataset.
Goals: >= 90% of Spells/Traps and >= 80% of Effect Monsters fully profiled.

``--against`` compares, per card (matched by passcode), the set of Spell Speeds of the activated effects
and the highest Spell Speed with an independent machine reading (EDOPro's card scripts, see
``../shared/eval/README.md``).  Every disagreeing card is put under one pattern, either a known place
where the independent reading departs from the printed rules, or a reading difference; the report
prints counts and example cards per pattern.  "Rules-consistent" agreement counts a card as agreeing
when its only differences are known departures.  "Chain answers" are, for every card and a chain link
of Spell Speed 1, 2 and 3, whether the card has an effect that can be chained to it (highest Spell
Speed >= max(2, link speed)): the chain questions whose answer follows from Spell Speed alone.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.engine.profiles import card_fields, parse_card  # noqa: E402

__all__ = ["coverage", "phrasing_key", "agreement", "classify", "main"]

ACTIVATED_KINDS = {"activation", "ignition", "trigger", "quick", "flip"}


def phrasing_key(part: str, words: int = 6) -> str:
    """A normalised prefix of an unparsed part: names become X, numbers N."""
    label, _, text = part.partition(": ")
    text = re.sub(r'"[^"]*"', "X", text)
    text = re.sub(r"\d+", "N", text)
    return f"{label}: " + " ".join(text.split()[:words])


def _records(args) -> list:
    """Cards as yaml-yugi records (``--dataset``) or KB rows, each with its passcodes."""
    if args.dataset:
        from kb.config import dataset_path
        with open(dataset_path("cards/yaml-yugi-cards.json"), encoding="utf-8") as handle:
            return [(card_fields(record), [record["password"]] if record.get("password") else [])
                    for record in json.load(handle)]
    from sqlmodel import select

    from kb.db import session_scope
    from kb.models import Card, CardPassword
    with session_scope(args.kb) as session:
        passwords: dict[int, list[int]] = defaultdict(list)
        for row in session.exec(select(CardPassword)).all():
            passwords[row.card_id].append(row.password)
        return [(card_fields(card), sorted(set(passwords[card.id]) | ({card.password} if card.password else set())))
                for card in session.exec(select(Card)).all()]


def coverage(cards: list[dict], top: int = 25) -> dict:
    """Coverage figures for a list of :func:`card_fields` dicts."""
    groups = {"spell_trap": [0, 0], "effect_monster": [0, 0]}
    phrasings: Counter = Counter()
    kinds: Counter = Counter()
    for fields in cards:
        effects = parse_card(fields)
        complete = all(not e["unknown"] for e in effects)
        if fields["card_type"] in ("Spell", "Trap"):
            group = "spell_trap"
        elif "Effect" in fields["abilities"] or fields["pendulum_text"]:
            group = "effect_monster"
        else:
            continue
        groups[group][0] += 1
        groups[group][1] += complete
        for effect in effects:
            kinds[effect["kind"]] += 1
            for part in effect["unknown"]:
                phrasings[phrasing_key(part)] += 1
    return {"spell_trap": {"cards": groups["spell_trap"][0], "complete": groups["spell_trap"][1],
                           "rate": round(groups["spell_trap"][1] / max(1, groups["spell_trap"][0]), 4)},
            "effect_monster": {"cards": groups["effect_monster"][0], "complete": groups["effect_monster"][1],
                               "rate": round(groups["effect_monster"][1] / max(1, groups["effect_monster"][0]), 4)},
            "kinds": dict(kinds.most_common()),
            "unparsed": phrasings.most_common(top)}


# ------------------------------------------------------------------------------ independent reading

_DAMAGE_CALC_EVENTS = ("EVENT_PRE_DAMAGE_CALCULATE", "EVENT_BATTLE_CONFIRM", "EVENT_PRE_BATTLE_DAMAGE",
                       "EVENT_BATTLE_START", "EVENT_DAMAGE_STEP_END", "EVENT_BATTLED")


# "An Xyz Monster that has this card as material gains this effect": the effect is the Xyz Monster's (printed
# rules), the independent reading registers it on this card
_GRANTED_AS_MATERIAL = re.compile(r"\b(?:has|have) this card as (?:Xyz )?(?:material|Material)s? gains?\b")


def _speeds(effects) -> set[int]:
    return {e["spell_speed"] for e in effects if e["kind"] in ACTIVATED_KINDS and e["spell_speed"]}


def _printed_rules_speed(fields: dict, entry: dict) -> int:
    """The independent reading's Spell Speed, corrected where it knowingly departs from the printed rules:
    an effect (not the card's activation) of a Trap Card is Spell Speed 2 (only a Counter Trap Card's
    activation is Spell Speed 3)."""
    if fields["card_type"] == "Trap" and entry["kind"] != "activate" and entry["speed"] == 1:
        return 2
    return entry["speed"]


def classify(fields: dict, effects: list[dict], entry: dict) -> tuple[str, bool]:
    """``(pattern, departs)`` for one card whose Spell Speed sets disagree.

    ``departs`` is True when the difference is a known place where the independent reading departs
    from the printed rules (or lists the card's effects incompletely), False for a reading difference.
    """
    mine, theirs = _speeds(effects), {e["speed"] for e in entry["activated"]}
    corrected = {_printed_rules_speed(fields, e) for e in entry["activated"]}
    text = fields["text"] + " " + fields["pendulum_text"]
    if mine == corrected:
        return "independent: Trap Card effects that work like triggers are Spell Speed 1", True
    quick_dc = [e for e in effects if e["kind"] == "quick" and e.get("quick_tag") and e["damage_step"]]
    if quick_dc and 2 in mine and 2 not in theirs and any(
            e["event"].split("+")[0] in _DAMAGE_CALC_EVENTS for e in entry["activated"] if e["kind"] == "trigger"):
        return "independent: a printed (Quick Effect) in the Damage Step is a trigger", True
    if _GRANTED_AS_MATERIAL.search(text) and theirs - mine and not (mine - theirs):
        return "independent: effects an Xyz Monster gains from this card as material listed as this card's", True
    if (entry.get("runtime_activated") or entry.get("grants")) and not (mine - theirs):
        return "independent: effects created during play / given to other cards (list incomplete)", True
    phase_events = [e for e in entry["activated"] if e["event"].startswith("EVENT_PHASE")]
    quick_phase = [e for e in effects if e["kind"] == "quick" and e["condition"] and
                   set(e["condition"]["phases"]) & {"standby", "end", "draw"}]
    if quick_phase and phase_events:
        return "reading: phase effect (Standby/End/Draw Phase) read as a Quick Effect", False
    chaining = [e for e in entry["activated"] if e["event"] == "EVENT_CHAINING"]
    act_quick = [e for e in effects if e["kind"] == "quick" and not e.get("quick_tag") and e["condition"] and
                 any(ev["type"] == "activation" for ev in e["condition"]["events"])]
    if act_quick and chaining and all(e["kind"] == "trigger" for e in chaining):
        return "reading: 'if a card or effect is activated' trigger read as a Quick Effect", False
    if "●" in text and theirs - mine:
        return "reading: effects written as ● bullets not read", False
    if fields["pendulum_text"] and any(e["kind"] == "activate" and "HAND" in e["range"] for e in entry["activated"]) \
            and 1 in theirs - mine:
        return "reading: a Pendulum Monster Card's activation in the Pendulum Zone", False
    old_style = [e for e in effects if e["kind"] == "continuous" and re.match(r"^(?:When|If|Each time)\b", e["text"])]
    if old_style and theirs - mine:
        return "reading: older wording without ':' (\"When ..., ...\") read as a continuous effect", False
    engine_only, independent_only = sorted(mine - theirs), sorted(theirs - mine)
    kinds_only = sorted({e["kind"] for e in effects if e["spell_speed"] in engine_only})
    their_kinds = sorted({e["kind"] for e in entry["activated"] if e["speed"] in independent_only})
    return (f"other: engine-only SS{engine_only} {kinds_only} / independent-only SS{independent_only} "
            f"{their_kinds}", False)


def agreement(records: list, independent: list[dict], examples: int = 4) -> dict:
    """Agreement of Spell Speed sets and highest Spell Speed with the independent reading (see module doc)."""
    by_password = {password: fields for fields, passwords in records for password in passwords}
    cards = matched = same_set = same_max = consistent = chain_total = chain_right = 0
    patterns: dict[str, dict] = {}
    for entry in independent:
        fields = by_password.get(entry["passcode"])
        cards += 1
        if fields is None:
            continue
        matched += 1
        effects = parse_card(fields)
        mine, theirs = _speeds(effects), {e["speed"] for e in entry["activated"]}
        corrected = {_printed_rules_speed(fields, e) for e in entry["activated"]}
        same_max += max(mine, default=0) == max(theirs, default=0)
        for link in (1, 2, 3):
            chain_total += 1
            chain_right += (max(mine, default=0) >= max(2, link)) == (max(corrected, default=0) >= max(2, link))
        if mine == theirs:
            same_set += 1
            consistent += 1
            continue
        pattern, departs = classify(fields, effects, entry)
        consistent += departs
        row = patterns.setdefault(pattern, {"pattern": pattern, "departs": departs, "cards": 0, "examples": []})
        row["cards"] += 1
        if len(row["examples"]) < examples:
            row["examples"].append(f"{fields['name']} (engine {sorted(mine)}, independent {sorted(theirs)})")
    rate = (lambda n: round(n / max(1, matched), 4))
    return {"cards": cards, "matched": matched, "same_speed_set": same_set, "same_speed_set_rate": rate(same_set),
            "same_highest_speed": same_max, "same_highest_speed_rate": rate(same_max),
            "rules_consistent": consistent, "rules_consistent_rate": rate(consistent),
            "chain_answers": chain_total, "chain_answers_right": chain_right,
            "chain_answers_rate": round(chain_right / max(1, chain_total), 4),
            "patterns": sorted(patterns.values(), key=lambda row: (not row["departs"], -row["cards"]))}


def _print_agreement(result: dict) -> None:
    print(f"cards {result['cards']}, matched by passcode {result['matched']}")
    print(f"same set of Spell Speeds   {result['same_speed_set']:6}  {result['same_speed_set_rate']:.1%}")
    print(f"same highest Spell Speed   {result['same_highest_speed']:6}  {result['same_highest_speed_rate']:.1%}")
    print(f"rules-consistent (set)     {result['rules_consistent']:6}  {result['rules_consistent_rate']:.1%}")
    print(f"chain answers by Spell Speed {result['chain_answers_right']}/{result['chain_answers']}  "
          f"{result['chain_answers_rate']:.1%}")
    for departs, title in ((True, "independent reading departs from the printed rules"), (False, "reading differences")):
        rows = [row for row in result["patterns"] if row["departs"] is departs]
        print(f"\n{title}: {sum(row['cards'] for row in rows)} cards")
        for row in rows:
            print(f"{row['cards']:6}  {row['pattern']}")
            for example in row["examples"]:
                print(f"          e.g. {example}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None, help="knowledge base directory (default data/kb)")
    parser.add_argument("--dataset", action="store_true", help="read the card dataset instead of a KB")
    parser.add_argument("--against", default=None, help="independent reading (effects-dev.jsonl) to compare with")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--examples", type=int, default=4, help="example cards per pattern")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records = _records(args)
    if args.against:
        try:
            with open(args.against, encoding="utf-8") as handle:
                independent = [json.loads(line) for line in handle if line.strip()]
        except (OSError, json.JSONDecodeError) as error:
            print(f"error: cannot read --against {args.against}: {error}", file=sys.stderr)
            return 2
        result = agreement(records, independent, args.examples)
    else:
        result = coverage([fields for fields, _ in records], args.top)
    result["seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    if args.against:
        _print_agreement(result)
    else:
        for group in ("spell_trap", "effect_monster"):
            row = result[group]
            print(f"{group:15} {row['complete']:6}/{row['cards']:6}  {row['rate']:.1%}")
        print("kinds:", ", ".join(f"{k} {v}" for k, v in result["kinds"].items()))
        print(f"commonest unparsed phrasings (top {args.top}):")
        for phrase, count in result["unparsed"]:
            print(f"{count:6}  {phrase}")
    print(f"{result['seconds']}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
