"""The scenario a story of :mod:`kb.understand.scenario_stated` makes: the state (the monster followed, Equip
Spells on it, other monsters said to be on the field, Main Monster Zones filled when it returns), the actions
its events become, in order, with the phases they need, and the query its question asks."""

from __future__ import annotations

import re

__all__ = ["Build", "TOLD", "query_of"]

_ORDER = ("main1", "battle", "main2", "end")


class Build:
    """The scenario the story's events make (state, actions, the phase reached)."""

    def __init__(self, story, name_of) -> None:
        self.story, self.name_of = story, name_of
        mon = story.mon
        self.owner = mon["owner"]
        self.controller = self.owner
        self.phase = self.start = None
        self.actions: list = []
        self.players = {"A": {}, "B": {}}
        self.fillers = self.others = 0
        self.face_down = False  # flipped face-down by the story (and not back up)
        if mon.get("entity") is not None:
            self.label = "the monster"
            item = {"card": name_of(mon["entity"]), "id": self.label}
        else:
            self.label = "my monster" if self.owner == "A" else "my opponent's monster"
            item = {"name": self.label, "atk": 1000}
            if mon.get("kind") == "link":
                item.update(frame="link", link_arrows=["Top"], summoned="link", properly=True)
            else:
                item.update({"def": 1000, "level": 4})
        if mon.get("counters"):
            item["counters"] = mon["counters"]
        if mon.get("emz"):
            item["zone"] = "emz_left"
        self.item = item
        self.players[self.owner].setdefault("monsters", []).append(item)
        self.equip = None
        if mon.get("equip") is not None:
            equip = name_of(mon["equip"])
            self.players[self.owner]["spells_traps"] = [{"card": equip, "equipped_to": self.label}]
            self.equip = equip

    def prepare(self, events: list) -> None:
        """Monsters of the opponent an attack needs that the story implies ("one of their other monsters")."""
        need = max([2 if d.get("other") else 1 for op, d in events if op == "unattackable"] +
                   [1 for op, _d in events if op in ("direct_allowed", "opp_leaves", "replay_happened")] + [0])
        for _ in range(need):
            self.others += 1
            self.players["B"].setdefault("monsters", []).append(
                {"name": f"my opponent's other monster {self.others}", "atk": 1000, "def": 1000, "level": 4})

    def begin(self, phase: str) -> None:
        if self.phase is None:
            self.phase = self.start = phase

    def to_phase(self, phase: str) -> bool:
        if self.phase is None:
            self.begin(phase)
            return True
        if _ORDER.index(phase) < _ORDER.index(self.phase):
            return False
        if phase == "main2" and self.phase == "main1":  # Main Phase 2 comes after a Battle Phase
            self.actions.append({"do": "phase", "to": "battle"})
        if phase != self.phase:
            self.actions.append({"do": "phase", "to": phase})
            self.phase = phase
        return True

    def target(self) -> str | None:
        """The opponent's monster an attack of the story monster is aimed at (None: a direct attack)."""
        theirs = self.players["B"].get("monsters", [])
        return (theirs[0].get("name") or theirs[0].get("id")) if theirs else None

    def effect(self, op: str, **more) -> None:
        self.actions.append({"do": "effect", "op": op, "card": self.label, **more})
        if "card" in more:
            self.actions[-1]["card"] = more["card"]

    def event(self, op: str, d: dict) -> bool:
        if op == "earlier":
            return not self.actions
        if op == "summoned_now":
            self.item.update(summoned_this_turn=True, summoned="normal")
            return not self.actions
        if op == "position":
            if not self.to_phase("main1" if self.phase in (None, "main1") else "main2"):
                return False
            if d["manual"]:
                self.actions.append({"do": "change_position", "card": self.label, "player": self.controller})
            else:
                self.effect("change_position", **({"position": d["pos"]} if d["pos"] else {}))
            return True
        if op in ("attacked", "negated", "declared"):
            if self.controller != "A" or not self.to_phase("battle"):
                return False
            self.actions.append({"do": "attack", "attacker": self.label, "target": self.target()})
            if op == "negated":
                self.effect("negate_attack")
            elif op == "attacked":
                self.actions.append({"do": "damage_calculation"})
            return True
        if op in ("opp_leaves", "replay_happened"):
            target = self.target()
            if self.phase != "battle" or target is None:
                if op == "opp_leaves" or not self.event("declared", {}):
                    return False
                target = self.target()
            self.actions.append({"do": "move", "card": target, "to": d.get("to") or "hand", "by": "effect",
                                 "destroyed": bool(d.get("destroyed"))})
            self.gone = getattr(self, "gone", 0) + 1
            return True
        if op == "opp_summon":
            if self.phase != "battle":
                return False
            self.others += 1
            name = f"my opponent's new monster {self.others}"
            self.players["B"].setdefault("hand", []).append({"name": name, "atk": 1000, "def": 1000, "level": 4})
            self.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "hand", "player": "B"})
            self.came = getattr(self, "came", 0) + 1
            return True
        if op == "count_same":
            return getattr(self, "gone", 0) == getattr(self, "came", 0) > 0
        if op == "stop_attack":
            if not any(a.get("do") == "move" for a in self.actions):
                return False
            self.effect("stop_attack")
            return True
        if op in ("unattackable", "direct_allowed"):
            theirs = self.players["B"].get("monsters", [])
            if self.phase != "battle" or not theirs:
                return False
            card = (theirs[1] if d.get("other") and len(theirs) > 1 else theirs[0])["name"] if op == "unattackable" \
                else self.label
            self.effect("unattackable" if op == "unattackable" else "direct_attack_allowed", card=card)
            return True
        if op == "controls":
            player = self._zones_player(d)
            if player is None or self.actions:
                return False
            self.others += 1
            name = f"{'my' if player == 'A' else 'my opponent' + chr(39) + 's'} other monster {self.others}"
            mon = {"name": name, "atk": 1000, "def": 1000, "level": 4,
                   "position": "defense" if d["pos"] in ("defense", "defence") or d["face"].startswith("face-down")
                   or d["face"].startswith("face down") else "attack"}
            if d["face"].startswith("face-down") or d["face"].startswith("face down"):
                mon["face"] = "down"
            self.players[player].setdefault("monsters", []).append(mon)
            return True
        if op in ("flip_face_down", "flip_face_up"):
            self.begin("main1")
            self.face_down = op == "flip_face_down"
            self.effect(op, **({"position": d["pos"]} if op == "flip_face_up" and d["pos"] else {}))
            return True
        if op == "take_control":
            self.begin("main1")
            self.controller = "A" if self.owner == "B" else "B"
            self.effect("take_control", player=self.controller)
            return True
        if op == "return_control":
            if self.controller == self.owner or not self.to_phase("end"):
                return False
            self.effect("return_control")
            self.controller = self.owner
            return True
        if op == "zones_none":
            player = self._zones_player(d)
            if player is None:
                return False
            self._fill(player)
            return True
        if op == "gain_atk":
            self.begin("main1")
            self.effect("gain_atk", amount=d["amount"])
            return True
        if op == "banish_temporarily":
            self.begin("main1")
            self.effect("banish_temporarily")
            return True
        if op == "return_from_banishment":
            if not self.to_phase("end"):
                return False
            self.effect("return_from_banishment")
            return True
        if op in ("send", "tribute_cost"):
            self.begin("main1")
            by = "cost" if op == "tribute_cost" else "effect"
            self.actions.append({"do": "move", "card": self.label, "to": "gy", "by": by,
                                 "destroyed": d.get("destroyed", False)})
            return True
        return False

    def _zones_player(self, d: dict) -> str | None:
        if d.get("whose"):
            return "A" if d["whose"] == "my" else "B"
        who = d.get("actor")
        return who

    def _fill(self, player: str) -> None:
        """Fill ``player``'s free Main Monster Zones at this point of the story (monsters Special Summoned)."""
        on_field = len(self.players[player].get("monsters", [])) - (1 if player == self.owner and
                                                                    self.item.get("zone") == "emz_left" else 0)
        taken = 1 if (self.controller == player and player != self.owner) else 0
        gone = 1 if (self.controller != player and player == self.owner) else 0
        away = any(a.get("op") == "banish_temporarily" for a in self.actions) and player == self.owner
        free = 5 - on_field - taken + gone + (1 if away and not gone else 0)
        for _ in range(max(0, free)):
            self.fillers += 1
            name = f"{'my' if player == 'A' else 'my opponent'}{chr(39) + 's' if player == 'B' else ''} other monster " \
                   f"{self.fillers}"
            self.players[player].setdefault("hand", []).append({"name": name, "atk": 1000, "def": 1000, "level": 4})
            self.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "hand",
                                 "player": player})




TOLD = {"controls": "a monster of the opponent's (or mine) is on the field as said", "declared": "an attack is declared",
         "attacked": "it attacked", "negated": "its attack was negated", "position": "its battle position was changed",
         "zones_none": "that player's Main Monster Zones are full", "earlier": "it was Summoned on an earlier turn",
         "summoned_now": "it was Summoned this turn", "send": "it is sent to the GY", "gain_atk": "it gained ATK"}


def query_of(kind: str, qm: re.Match, build: Build, story) -> tuple[dict | None, str]:
    """The query the question asks and how it is said (None when the story does not fit it)."""
    label = build.label
    if kind == "change":
        if build.controller != "A" or build.face_down:  # face-down: is a Flip Summon "changing" it? not said
            return None, ""
        if qm.group("mp2") or build.phase in ("battle", "main2"):
            if not build.to_phase("main2"):
                return None, ""
        elif not build.to_phase("main1"):
            return None, ""
        build.actions.append({"do": "change_position", "card": label, "player": "A"})
        return {"kind": "legal"}, f"can A change the battle position of {label} (in {build.phase})"
    if kind == "flip_summon":
        if build.controller != "A" or not any(op == "flip_face_down" for op, _d in story.events):
            return None, ""
        if not build.to_phase("main2" if build.phase in ("battle", "main2") or qm.group("mp2") else "main1"):
            return None, ""
        build.actions.append({"do": "flip_summon", "card": label, "player": "A"})
        return {"kind": "legal"}, f"can A Flip Summon {label} now"
    if kind == "attack":
        if build.controller != "A" or not build.to_phase("battle"):
            return None, ""
        build.actions.append({"do": "attack", "attacker": label, "target": build.target()})
        return {"kind": "legal"}, f"can {label} declare an attack now"
    if kind == "replay":
        if not any(op in ("unattackable", "direct_allowed", "opp_leaves", "opp_summon") for op, _d in story.events):
            return None, ""
        return {"kind": "outcome", "replay": True}, "does a replay occur"
    if kind == "tribute_cost":
        build.begin("main1")
        build.actions.append({"do": "effect", "op": "tribute_for_cost", "card": label, "player": "A"})
        return {"kind": "legal"}, f"can A Tribute {label} for a cost"
    if kind == "attack_direct":
        if build.controller != "A" or not build.to_phase("battle"):
            return None, ""
        build.actions.append({"do": "attack", "attacker": label, "target": None})
        return {"kind": "legal"}, f"can {label} attack directly"
    if kind == "damage_step":
        if not any(op == "declared" for op, _d in story.events):
            return None, ""
        build.actions.append({"do": "damage_step"})
        return {"kind": "legal"}, "does the attack go on to the Damage Step"
    if not build.actions:
        return None, ""
    if kind == "whose":
        if not any(op in ("send", "tribute_cost") for op, _d in story.events):
            return None, ""
        return {"kind": "outcome", "whose": label}, f"whose GY is {label} in"
    if kind == "fate":
        ent = qm.groupdict().get("qent")
        if ent is not None or "equip" in qm.group(0):
            if getattr(build, "equip", None) is None or ent is not None and build.name_of(int(ent[1:])) != build.equip:
                return None, ""
            return {"kind": "outcome", "fate": build.equip}, f"what becomes of {build.equip}"
        moved = {"return_control", "return_from_banishment", "send", "tribute_cost", "banish_temporarily",
                 "banish_and_return"}
        if not moved & {op for op, _d in story.events}:
            return None, ""  # it stays where it was: "what happens" asks about something the story leaves open
        return {"kind": "outcome", "fate": label}, f"what becomes of {label}"
    if kind == "destroyed":
        ent = qm.group("qent")
        if ent is not None and build.name_of(int(ent[1:])) == getattr(build, "equip", None) or \
                ent is None and qm.group(0).endswith("equip spell destroyed"):
            if getattr(build, "equip", None) is None:
                return None, ""
            return {"kind": "outcome", "destroyed": build.equip}, f"is {build.equip} destroyed"
        if ent is not None:
            return None, ""
        return {"kind": "outcome", "destroyed": label}, f"is {label} destroyed"
    if kind == "stays":
        ent = qm.group("qent")
        card = build.equip if ent is not None or "equip" in qm.group(0) else label
        if card is None or ent is not None and build.name_of(int(ent[1:])) != card:
            return None, ""
        return {"kind": "outcome", "where": card, "is": "field"}, f"is {card} still on the field"
    if kind == "counters":
        if not story.mon.get("counters"):
            return None, ""
        removed = re.search(r"removed|lose", qm.group("cq"))
        if removed:
            return {"kind": "outcome", "counters": label, "is": 0}, f"are the counters on {label} removed"
        return {"kind": "outcome", "counters": label, "over": 0}, f"does {label} keep its counters"
    if kind == "atk":
        amount = int(qm.group("qamt"))
        gained = [d["amount"] for op, d in story.events if op == "gain_atk"]
        if gained != [amount]:
            return None, ""
        return {"kind": "outcome", "atk_change": label, "is": amount}, f"does {label} still have the {amount} ATK"
    if kind == "emz":
        if not story.mon.get("emz"):
            return None, ""
        return {"kind": "outcome", "zone": label, "is": "emz"}, f"is {label} back in the Extra Monster Zone"
    return None, ""
