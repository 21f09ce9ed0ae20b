"""Chain questions about kinds of actions and cards, read whole and answered from the rules tables (the
entry point is :func:`kb.understand.chain_rules.read_chain_rule`):

- **chaining to an action that is no activation** (rule ``chain_only_activations``): a card asked as a
  chain link to a Summon, a Set, a battle position change or a cost paid — no.  Asked of a card that negates Summons or waits for a Summon, the words may mean "can it be
  activated when the monster is Summoned": ``unknown``;
- **an effect of a face-up Continuous / Equip / Field Spell or Continuous Trap whose card left the field
  before it resolved** (rules ``sim_left_field_*``, :data:`kb.engine.sim.rulebook.LEFT_FIELD_RULES`):
  an effect of a face-up Field Spell activated, the Field Spell destroyed by a chain link, and whether the
  effect still resolves — no;
- **who resolves an effect whose card changed control in the chain** (rule ``effect_controller``): a
  card's control taken by a later chain link, and whether its new controller resolves the effect — no: the
  player who activated it.
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_chain_to_action", "read_left_field", "read_control_change", "read_when_activated",
           "read_hand_copies", "read_resolved_stay", "chain_fact_answer"]

# ------------------------------------------------------------------- chaining to an action that is no activation

_ACTOR = r"(?:i|my opponent|the opponent|your opponent|they|he|she|a player|player a|player b)"
_MONSTER = r"(?:e\d+(?: 's| ' s)?|(?:a|an|the|my|their|his|her|its|my opponent's) (?:\w+ )?monster(?:'s| 's)?)"
_ACTIONS_STORY = [
    (re.compile(rf"^{_ACTOR} (?:normal |tribute |special |flip |fusion |synchro |xyz |link |ritual |pendulum )?"
                rf"(?:summons|summoned|sets|set) {_MONSTER}$"), "summon"),
    (re.compile(rf"^{_ACTOR} (?:manually )?(?:changes|changed|switches|switched) (?:the battle position of {_MONSTER}|"
                rf"{_MONSTER} battle position|{_MONSTER} to (?:attack|defense) position)$"), "position"),
    (re.compile(rf"^{_ACTOR} (?:tributes|tributed) {_MONSTER}$"), "tribute"),
    (re.compile(rf"^{_ACTOR} (?:pays|paid|pay) (?:\d+ )?(?:lp|life points|a cost|the cost)(?: as (?:a |the )?cost)?$"),
     "cost"),
]
_ACTION_WORDS = (
    r"(?P<act>(?:the|that|a|an|this|my opponent's|their|his|her) (?:(?:normal|tribute|special|flip|fusion|synchro|"
    r"xyz|link|ritual|pendulum) )?summon(?:ing)?|(?:the|that|a|this) (?:battle )?position change|"
    r"(?:the|that|a|this) (?:change of|change in|change to) (?:its |the |their )?(?:battle )?position|"
    r"(?:the|that|a|this) tribute|(?:the|that|a|this) (?:payment of (?:a|the|that|its) cost|cost payment|cost))"
)
# the action said as what a player does ("chain to their Flip Summon with X", "answer my opponent paying LP")
_ACTION_DONE = (
    rf"(?P<act>(?:{_ACTOR}|my opponent's|their|his|her) (?:(?:normal |tribute |special |flip |fusion |synchro |xyz |"
    rf"link |ritual |pendulum )?summoning {_MONSTER}|tributing {_MONSTER}|changing (?:the battle position of "
    rf"{_MONSTER}|{_MONSTER} battle position)|paying (?:\d+ )?(?:lp|life points|a cost|the cost|its cost)"
    rf"(?: as (?:a |the )?cost)?))"
)
# what is chained, said as no card: "can I chain a card to ..."
_ANY_CARD = r"(?:a card|anything|any card|a card or effect|an effect|any effect)"
_Q_CHAIN_TO = [
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player) (?:chain|activate|use|respond with) "
               rf"(?P<x>e\d+) (?:directly )?(?:to|in (?:a )?chain to|as a chain to|in a chain in response to) "
               rf"{_ACTION_WORDS}(?: itself)?$"),
    re.compile(rf"^(?:can|could|may) (?P<x>e\d+) be (?:chained|activated in (?:a )?chain) (?:directly )?to "
               rf"{_ACTION_WORDS}(?: itself)?$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) (?:chain|respond in a chain) "
               rf"(?:directly )?to {_ACTION_WORDS}(?: itself)?(?: with (?P<x>e\d+))?$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) respond to {_ACTION_WORDS}(?: itself)? "
               rf"(?:with a chain|by (?:starting a |making a )?chain(?:ing)?|in a chain|using a chain)$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) (?:chain|activate) {_ANY_CARD} "
               rf"(?:directly )?(?:to|in response to) {_ACTION_WORDS}(?: itself)?$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) (?:respond|chain) to {_ACTION_DONE} "
               rf"(?:by activating|by chaining|with|using) (?P<x>e\d+)$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) (?:respond|chain) to {_ACTION_DONE} "
               rf"(?:with a chain|by (?:starting a |making a )?chain(?:ing)?|in a chain)$"),
]
_ACTION_OF = {"summon": "summon", "position": "position", "tribute": "tribute", "cost": "cost"}


def _action_kind(words: str) -> str:
    if "summon" in words:
        return "summon"
    if "position" in words:
        return "position"
    if "tribut" in words:
        return "tribute"
    return "cost"


def read_chain_to_action(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    """ "Can I chain X to the Summon / that position change / the Tribute / the cost?" as a frame, or None."""
    *story, (asked, _ents) = sentences
    if len(story) > 1:
        return None
    told = None
    for text, _ in story:
        told = next((kind for pattern, kind in _ACTIONS_STORY if pattern.match(text)), None)
        if told is None:
            return None
    for pattern in _Q_CHAIN_TO:
        match = pattern.match(asked)
        if match:
            break
    else:
        return None
    action = _action_kind(match["act"])
    if told is not None and told != action:
        return None
    if action == "summon" and pattern in _Q_CHAIN_TO[-2:]:
        # "respond to my opponent Summoning a monster by activating X": it may mean activating X right after
        # the Summon (a response window), not chaining to it
        return Frame(None, "", "'respond to a Summon' may mean activating a card after the Summon, not chaining to it")
    if match["act"].split()[0] in ("that", "the", "this") and told is None and action != "cost":
        pass  # "the Summon" with no story: the Summon in general
    x = match.groupdict().get("x")
    item: dict = {}
    if x is not None:
        entity = skeleton.entities[int(x[1:])]
        if entity.kind == "card":
            item = {"card": entity.name}
            effects = effects_of(entity.name)
            if action == "summon" and _waits_for_summon(effects):
                return Frame(None, "", f"{entity.name} waits for a Summon or negates one: the question may ask "
                             "whether it can be activated when the monster is Summoned, not chained to it")
        elif entity.kind == "class":
            explicit = re.search(r"\bitself$|\bin (?:a )?chain to\b", asked) is not None  # "... the Summon itself"
            if action == "summon" and ("negate_summon" in (entity.cls.get("does") or []) or
                                       entity.cls.get("type") != "spell" and not explicit):
                # Traps and monster effects may negate or answer a Summon (Solemn Strike, Trap Hole ...)
                return Frame(None, "", f"{entity.text}: some cards of that kind negate or answer a Summon; the "
                             "question may ask whether one can be activated when the monster is Summoned")
            item = {"class": entity.cls}
        else:
            return None
    question = {"ask": "chain_rule", "rule": "chain_to_action", "action": action, "card": item or None}
    noun = {"summon": "a Summon", "position": "a change of battle position", "tribute": "a Tribute",
            "cost": "the payment of a cost"}[action]
    who = skeleton.entities[int(x[1:])].label() if x else "a card"
    skeleton.use(skeleton.live())
    return Frame(question, f"Can {who} be chained to {noun} (which is not an activation)?",
                 used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _waits_for_summon(effects: list[dict]) -> bool:
    for effect in effects:
        if "negate_summon" in (effect.get("categories") or []):
            return True
        for pattern in (effect.get("condition") or {}).get("events", []):
            if pattern.get("type") == "summon":
                return True
    return False


def _chain_to_action_answer(question: dict) -> dict:
    noun = {"summon": "Summoning a monster", "position": "changing a monster's battle position",
            "tribute": "Tributing", "cost": "paying a cost"}[question["action"]]
    detail = (f"{noun} is not the activation of a card or effect, so nothing can be chained to it; a card whose "
              f"activation waits for that event is activated afterwards as Chain Link 1 of a new chain")
    return {
        "answer": "no",
        "card": None,
        "resolved": {"action": question["action"]},
        "explanation": f"no: {detail}.",
        "steps": [{"check": "chain to an action", "result": "fail", "detail": detail,
                   **citation("chain_only_activations")}],
        "assumed": [],
        "rulings": [],
    }


# ------------------------------------------------- an effect of a card that stays on the field, which left it

_REMOVES = {"destroy": "destroys", "banish": "banishes", "return_to_hand": "returns to the hand",
            "send_to_gy": "sends to the GY"}
_REMOVE_WORDS = r"(?:destroy|destroys|destroying|banish|banishes|banishing|return|returns|bounce|bounces)"
_LEFT_STORY = re.compile(
    rf"^(?:(?P<a1>{_ACTOR}) (?:activate|activates|activated|use|uses|used) (?P<x>e\d+)(?: 's effect| ' s effect)?"
    # "A Continuous Trap activates its effect", "My Equip Spell's effect is activated"
    rf"|(?P<xs>e\d+) (?P<its>activates its effect|activated its effect|uses its effect|used its effect)"
    rf"|(?P<xp>e\d+) (?:is|was|gets|got) activated) "
    rf"(?:and )?(?:then )?(?P<a2>{_ACTOR}) (?:then )?(?:chains|chain|chained|responds with|responded with|activates|"
    rf"activated|activate) (?P<y>e\d+)"
    rf"(?: (?:to {_REMOVE_WORDS}|which {_REMOVE_WORDS}|that {_REMOVE_WORDS}|and {_REMOVE_WORDS}|targeting))?"
    rf"(?: (?P<z>it|that card|e\d+))?$"
)
_LEFT_QUESTION = re.compile(
    r"^(?:does|will|would|is|can) (?:(?:my|the|its|his|her|their|that|this) (?:card's )?effect|(?P<x>e\d+))"
    r"(?: (?:still|then|even))? (?:resolve|resolves|apply|be applied|get applied|applied|have any effect)$"
)


def _stays(card_type: str | None, prop: str | None) -> str | None:
    from ..engine.sim.rulebook import LEFT_FIELD_RULES

    return LEFT_FIELD_RULES.get(((card_type or "").capitalize(), (prop or "").capitalize()))


def read_left_field(skeleton: Skeleton, sentences, card_of) -> Frame | None:
    """An effect of a face-up Continuous card activated, its card destroyed or removed by a chain link, and
    whether the effect resolves, as a frame, or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match = _LEFT_STORY.match(told)
    ask = _LEFT_QUESTION.match(asked)
    if match is None or ask is None or match["a1"] == match["a2"] and match["a1"] in ("i",):
        return None
    x_said = match["x"] or match["xs"] or match["xp"]
    x = skeleton.entities[int(x_said[1:])]
    its_effect = bool(match["its"])  # "X activates its effect": an effect of the card on the field
    y = skeleton.entities[int(match["y"][1:])]
    removes = re.search(_REMOVE_WORDS, told.split(match["y"], 1)[1]) is not None
    if x.kind == "class":
        cls = x.cls
        if not (x.aside.get("effect_of") or x.aside.get("face") == "up" or its_effect) or \
                cls.get("effect") not in (None, "any"):
            return None  # the card's own activation is another rule (the simulator's)
        kind = (cls.get("type"), cls.get("property"))
        name = re.sub(r"^(My|A|An|The|That|This) ", lambda m: m.group(1).lower() + " ",
                      re.sub(r"['’]s effects?$", "", x.text))
    elif x.kind == "card":
        card = card_of(int(x_said[1:]))
        if card is None or not (x.aside.get("effect_of") or its_effect):
            return None
        kind = (card.card_type, card.property)
        name = card.name
    else:
        return None
    rule = _stays(*kind)
    if rule is None:
        return None
    # what removes it: a kind "that destroys/banishes/..." or a named card said to remove it
    if y.kind == "class":
        does = set(y.cls.get("does") or [])
        if not does & set(_REMOVES) or set(y.cls) - {"does", "type"}:
            return None
        if not y.text.lower().rstrip().endswith(tuple(_REMOVES.values())) and not removes:
            return None
    elif y.kind == "card":
        named = card_of(int(match["y"][1:]))
        targets_to_remove = named is not None and " targeting" in told and re.search(
            r"; (?:destroy|banish) (?:that target|it)\b|; return (?:that target|it) to the hand", named.text or "")
        if not removes and not targets_to_remove:
            return None  # "chains Mystical Space Typhoon" alone: whether it removes the card is not said
    else:
        return None
    z = match["z"]
    if z is None or z in ("it", "that card"):
        if z is None and y.kind == "class":
            return None
    else:
        target = skeleton.entities[int(z[1:])]
        if target.kind == "card" and x.kind == "card":
            if target.card_id != x.card_id:
                return None
        elif target.kind == "class" and x.kind == "class":
            if {k: v for k, v in target.cls.items() if k != "effect"} != {
                k: v for k, v in x.cls.items() if k != "effect"
            } or not target.text.lower().startswith(("that ", "this ", "the ", "my ")):
                return None
        else:
            return None
    if ask["x"]:
        asked_entity = skeleton.entities[int(ask["x"][1:])]
        if not (asked_entity.kind == x.kind and (asked_entity.card_id == x.card_id if x.kind == "card" else
                                                  asked_entity.cls == x.cls)):
            return None
    question = {"ask": "chain_rule", "rule": "left_field", "card": {"card": name} if x.kind == "card" else
                {"class": x.cls}, "kind": {"type": kind[0], "property": kind[1]}, "rule_key": rule}
    skeleton.use(skeleton.live())
    return Frame(question, f"Does the effect of {name} (activated on the field) resolve when the card is removed "
                 "from the field in response?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _left_field_answer(question: dict) -> dict:
    kind = question["kind"]
    what = f"{str(kind['property']).title()} {str(kind['type']).title()} Card"
    what = ("an " if what[0] in "AEIOU" else "a ") + what
    detail = (f"{what} removed from the field before an effect of that card on the field resolves: that effect "
              "does not resolve (this does not apply if it was removed to pay the cost of activating itself or "
              "one of its effects, which the question does not say)")
    return {
        "answer": "no",
        "card": None,
        "resolved": {"kind": kind},
        "explanation": f"no: {detail}.",
        "steps": [{"check": "card left the field", "result": "fail", "detail": detail,
                   **citation(question["rule_key"])}],
        "assumed": ["the card was removed by the chained card, not as a cost of its own effect"],
        "rulings": [],
    }



# ------------------------------------------------------------ who resolves an effect whose card changed control

_CONTROL_STORY = re.compile(
    rf"^(?P<a1>{_ACTOR}) (?:activate|activates|activated|use|uses|used) (?P<x>e\d+)(?: 's effect| ' s effect)? "
    rf"(?:and )?(?P<a2>{_ACTOR}) (?:then )?(?:chains|chain|chained|activates|activate|activated|responds with) "
    rf"(?P<y>e\d+) (?:to take|taking|and takes|which takes|that takes|to gain|gaining) control of "
    rf"(?:it|that monster|that card|(?P<x2>e\d+))$"
)
_CONTROL_QUESTION = re.compile(
    rf"^(?:(?:does|do|will|would) (?P<a3>{_ACTOR}) resolve|who resolves) (?:it|the effect|that effect|its effect|"
    rf"(?P<z>e\d+)(?: 's effect| ' s effect)?)$"
)
_PLAYERS = {"i": "A", "player a": "A", "a player": None}


def _player(actor: str) -> str | None:
    actor = actor.strip()
    if actor in _PLAYERS:
        return _PLAYERS[actor]
    return "B" if actor not in ("i",) else "A"


def read_control_change(skeleton: Skeleton, sentences, card_of) -> Frame | None:
    """X activated, its control taken by a card chained to it, and who resolves X's effect, as a frame, or
    None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match, ask = _CONTROL_STORY.match(told), _CONTROL_QUESTION.match(asked)
    if match is None or ask is None:
        return None
    first, second = _player(match["a1"]), _player(match["a2"])
    if None in (first, second) or first == second:
        return None
    x = skeleton.entities[int(match["x"][1:])]
    y = card_of(int(match["y"][1:]))
    if x.kind != "card" or y is None or not re.search(r"\b(?:take|gain) control\b", y.text or "", re.I):
        return None
    for other in (match["x2"], ask["z"]):
        if other is not None and skeleton.entities[int(other[1:])].card_id != x.card_id:
            return None
    asked_player = _player(ask["a3"]) if ask["a3"] else None
    if ask["a3"] and asked_player is None:
        return None
    question = {"ask": "chain_rule", "rule": "effect_controller", "card": {"card": x.name},
                "activated_by": first, "control_to": second, "asked": asked_player}
    who, whom = {"A": "I", "B": "my opponent"}, {"A": "me", "B": "my opponent"}
    said = (f"Does {who[asked_player]} resolve the effect of {x.name}" if asked_player else
            f"Who resolves the effect of {x.name}")
    skeleton.use(skeleton.live())
    return Frame(question, f"{said}, activated by {whom[first]}, after {y.name} gives {whom[second]} control of "
                 f"{x.name} in the chain?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _control_answer(question: dict) -> dict:
    first, asked = question["activated_by"], question.get("asked")
    name = question["card"]["card"]
    detail = (f"{first} activated the effect of {name}, so {first} is its controller and resolves it, even though "
              f"control of {name} changed before it resolved")
    answer = (("yes" if asked == first else "no") if asked else
              f"{first} ({'you' if first == 'A' else 'your opponent'}), the player who activated it")
    return {
        "answer": answer,
        "card": name,
        "resolved": {"card": name},
        "explanation": f"{answer}: {detail}.",
        "steps": [{"check": "controller of the effect", "result": "pass" if answer != "no" else "fail",
                   "detail": detail, **citation("effect_controller")}],
        "assumed": [],
        "rulings": [],
    }


# ------------------------------------------- cards used "when an effect / a card is activated", and what they answer

_RESPONDER = (
    r"(?:a card|cards|an effect|effects|a card or effect|cards or effects)(?: that (?:responds?|can be (?:used|activated)|"
    r"activates?|is activated|are activated|is used|are used)| (?:used|activated|usable))? (?:only )?"
    r"when (?P<w>an effect|a card|a card or effect|a card or an effect) is activated"
    r"(?: (?:like|such as|e\.g\.) (?P<x>e\d+))?"
)
_WHEN_Q = re.compile(
    rf"^can {_RESPONDER} (?:be chained|be activated|be used|respond|chain) (?:directly )?"
    rf"(?:to|in response to|in a chain to|against) (?:the activation of )?(?P<t>e\d+)$"
)
# what is activated: a card (a Spell's activation) or an effect (a monster's effect)
_TARGETS = {"spell": "card", "monster": "effect"}


def read_when_activated(skeleton: Skeleton, sentences, card_of) -> Frame | None:
    """Whether a card whose activation waits for an effect's activation may be chained to a kind of card
    (e.g. a Trap Card or a monster effect), as a frame, or None.  What is answered is a Spell Card's activation or a monster's effect (a Trap may be a
    Counter Trap: Spell Speed would decide)."""
    if len(sentences) != 1:
        return None
    match = _WHEN_Q.match(sentences[0][0])
    if match is None:
        return None
    target = skeleton.entities[int(match["t"][1:])]
    if target.kind != "class" or set(target.cls) - {"type", "property"} or target.cls.get("type") not in _TARGETS:
        return None
    if target.cls.get("type") == "monster" and target.cls.get("property"):
        return None
    what = _TARGETS[target.cls["type"]]
    waits = "effect" if "effect" in match["w"] else "card"
    if match["x"]:  # the example must be such a card
        example = card_of(int(match["x"][1:]))
        said = {"effect": r"when (?:a card or )?(?:an )?effect is activated|when a card or effect is activated",
                "card": r"when (?:your opponent activates )?a (?:Spell/Trap )?card is activated|"
                        r"when (?:your opponent|a player) activates a (?:Spell|Trap|Spell/Trap) Card"}[waits]
        if example is None or not re.search(said, example.text or "", re.I):
            return None
    question = {"ask": "chain_rule", "rule": "when_activated", "waits": waits, "answers": what,
                "target": {"class": target.cls}}
    skeleton.use(skeleton.live())
    return Frame(question, f"Can a card used \"when {'an effect' if waits == 'effect' else 'a card'} is activated\" "
                 f"respond to the activation of {target.text}?", used_entities=set(range(len(skeleton.entities))),
                 uses_story=True)


def _when_activated_answer(question: dict) -> dict:
    waits, what = question["waits"], question["answers"]
    yes = waits == "effect" or what == "card"
    rule = "when_effect_activated" if waits == "effect" else "when_card_activated"
    detail = (f"a card used \"when {'an effect' if waits == 'effect' else 'a card'} is activated\" "
              + ("can respond to the activation of a card or of an effect" if waits == "effect" else
                 ("responds to the activation of a card" if yes else
                  "cannot respond to the activation of an effect (a monster's effect is one)")))
    return {
        "answer": "yes" if yes else "no",
        "card": None,
        "resolved": {"target": question["target"]},
        "explanation": f"{'yes' if yes else 'no'}: {detail}.",
        "steps": [{"check": "what it responds to", "result": "pass" if yes else "fail", "detail": detail,
                   **citation(rule)}],
        "assumed": ["its other conditions (what the activation must include, Spell Speed) are met"] if yes else [],
        "rulings": [],
    }


# ------------------------------------------------ several copies of a monster whose trigger Special Summons itself

_COPIES_STORY = re.compile(
    r"^(?:when |if )?i take (?P<ev>battle |effect )?damage(?: from (?:my opponent's|an opponent's|a|an) "
    r"(?:monster|attack|card|monster's attack))? while (?:holding|i hold|i have|i'm holding|having|i am holding) "
    r"(?P<n>2|two|3|three|multiple|several) copies of (?P<x>e\d+)(?: in (?:my )?hand)?$"
)
_COPIES_QUESTION = re.compile(
    r"^can (?:both|all|they|both copies|all copies|all of them|both of them|each of them|all three)"
    r"(?: of them)? (?:activate|use|be activated)(?: their effects?| its effect| them)?"
    r"(?: in the same chain| in one chain| at the same time| together| simultaneously)?$"
)


def read_hand_copies(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    """Two copies of X in the hand when the event of X's trigger happens, and whether both may be links of
    one chain (X's Trigger Effect Special Summons itself from the hand), as a frame, or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match = _COPIES_STORY.match(told)
    if match is None or not _COPIES_QUESTION.match(asked):
        return None
    entity = skeleton.entities[int(match["x"][1:])]
    if entity.kind != "card":
        return None
    event = r"take (?:battle )?damage" if match["ev"] == "battle " else r"take damage\b"
    found = [
        e for e in effects_of(entity.name)
        if e.get("kind") == "trigger" and "special_summon" in (e.get("categories") or [])
        and re.search(r"Special Summon this card from your hand", e.get("text") or "")
        and re.search(event, (e.get("condition") or {}).get("raw") or "", re.I)
    ]
    if len(found) != 1 or found[0].get("optional") is None:
        return None
    question = {"ask": "chain_rule", "rule": "hand_copies", "card": {"card": entity.name},
                "optional": bool(found[0]["optional"])}
    skeleton.use(skeleton.live())
    return Frame(question, f"Can the Trigger Effects of several copies of {entity.name} in the hand (each Special "
                 "Summons itself) be activated in the same chain?", used_entities=set(range(len(skeleton.entities))),
                 uses_story=True)


def _hand_copies_answer(question: dict) -> dict:
    name, optional = question["card"]["card"], question["optional"]
    if optional:
        answer, rule = "no", "hand_self_summon_one"
        detail = (f"{name}'s optional Trigger Effect Special Summons itself from the hand: of several such effects "
                  "only one can be activated in a chain (only one copy)")
    else:
        answer, rule = "yes", "hand_self_summon_mandatory"
        detail = f"{name}'s Trigger Effect that Special Summons itself is mandatory: they all activate and form a chain"
    return {"answer": answer, "card": name, "resolved": {"card": name}, "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "triggers that Summon themselves", "result": "fail" if optional else "pass",
                       "detail": detail, **citation(rule)}],
            "assumed": [], "rulings": []}


# ---------------------------------------------- cards that resolved stay on the field until the chain has resolved

_STAY_STORY = re.compile(
    rf"^(?P<a>{_ACTOR}) (?:activate|activates|activated) (?P<x>e\d+) (?:and )?(?:(?P<a2>{_ACTOR}) )?(?:then )?"
    rf"(?:chain|chains|chained) (?P<y>e\d+)(?: to it)?$"
)
_STAY_QUESTION = re.compile(
    r"^(?:(?:when|while|as) (?P<x>e\d+|chain link 1) (?:resolves|is resolving|is resolved) )?(?:is|are) "
    r"(?P<y>e\d+|it|both cards|both of them|both (?P<kind>e\d+)|both) (?:still )?on the field"
    r"(?: (?:when|while|as) (?P<x2>e\d+|chain link 1) (?:resolves|is resolving))?$"
)
_GONE_AFTER = ("Normal", "Quick-Play", "Counter", "Ritual")


def read_resolved_stay(skeleton: Skeleton, sentences, card_of) -> Frame | None:
    """ "I activate X and chain Y. When X resolves, is Y still on the field?" (yes: Y goes to the GY only
    after the whole chain resolved) as a frame, or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match, ask = _STAY_STORY.match(told), _STAY_QUESTION.match(asked)
    if match is None or ask is None or not (ask["x"] or ask["x2"]) or (ask["x"] and ask["x2"]):
        return None
    x, y = card_of(int(match["x"][1:])), card_of(int(match["y"][1:]))
    if x is None or y is None or x.name == y.name:
        return None
    resolving = ask["x"] or ask["x2"]
    if resolving != "chain link 1" and (card_of(int(resolving[1:])) is None or card_of(int(resolving[1:])).name != x.name):
        return None
    asked_y = ask["y"]
    cards = [y] if not asked_y.startswith("both") else [x, y]
    if ask["kind"]:  # "both Trap Cards": a kind of card, which both must be
        kind = skeleton.entities[int(ask["kind"][1:])]
        if kind.kind != "class" or set(kind.cls) != {"type"} or kind.cls["type"] not in ("spell", "trap") or \
                any(c.card_type.lower() != kind.cls["type"] for c in cards):
            return None
    elif asked_y.startswith("e") and asked_y[1:].isdigit():
        named = card_of(int(asked_y[1:]))
        if named is None or named.name != y.name:
            return None
    for card in cards:
        if card.card_type not in ("Spell", "Trap") or card.property not in _GONE_AFTER:
            return None
        if card is y and re.search(r"\b(?:banish|return|shuffle|send) this card\b", card.text or "", re.I):
            return None  # its own resolution may move it
    names = " and ".join(c.name for c in cards)
    question = {"ask": "chain_rule", "rule": "resolved_stay", "cards": [c.name for c in cards],
                "resolving": x.name}
    skeleton.use(skeleton.live())
    return Frame(question, f"When {x.name} (Chain Link 1) resolves, {'are' if len(cards) > 1 else 'is'} {names} "
                 f"still on the field?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _resolved_stay_answer(question: dict) -> dict:
    names = " and ".join(question["cards"])
    detail = (f"{names} {'go' if len(question['cards']) > 1 else 'goes'} to the GY only after the whole chain has "
              f"resolved, so {'they are' if len(question['cards']) > 1 else 'it is'} still on the field while "
              f"{question['resolving']} resolves")
    return {"answer": "yes", "card": None, "resolved": {"cards": question["cards"]},
            "explanation": f"yes: {detail}.",
            "steps": [{"check": "cards that resolved", "result": "pass", "detail": detail,
                       **citation("resolved_cards_stay")}],
            "assumed": ["nothing in the chain destroyed or moved them"], "rulings": []}


def chain_fact_answer(question: dict) -> dict | None:
    """The answer to a ``chain_rule`` question of this module (None when the rule is not one of them)."""
    rule = question.get("rule")
    if rule == "chain_to_action":
        return _chain_to_action_answer(question)
    if rule == "left_field":
        return _left_field_answer(question)
    if rule == "effect_controller":
        return _control_answer(question)
    if rule == "when_activated":
        return _when_activated_answer(question)
    if rule == "hand_copies":
        return _hand_copies_answer(question)
    if rule == "resolved_stay":
        return _resolved_stay_answer(question)
    return None
