"""Stage 3: the story, who did what in order, and the moment it happens in.

From the skeleton (:mod:`kb.understand.skeleton`): the clauses before the question become chain links
with their controllers ("my opponent activates X, I chain Y, then they chain Z"; "X (Chain Link 2)";
"Y, which was chained to Z"), Summons and attack declarations.  Moment and state phrases anywhere in the
question ("during damage calculation", "on my opponent's turn", "as a cost") are read by
:mod:`kb.understand.moments`.
A is the person asking ("I", "my"), B the other player; "Player A"/"Player B" are taken literally.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .link_numbers import first_link_said
from .skeleton import ENT, Skeleton

__all__ = [
    "Link",
    "Story",
    "ACTOR",
    "actor_player",
    "absorb_effect_phrases",
    "split_question",
    "read_story",
]

ACTOR = r"(?:player a|player b|my opponent|the opponent|your opponent|opponent|i|we|you|u|they|he|she)"
_ASKER = {"i", "we", "you", "u", "player a", "me", "my", "your", "our"}
_POSSESSIVE = (
    r"(?:a's|b's)|"
    r"(?:my opponent's|the opponent's|your opponent's|opponent's|my opponents|the opponents|your opponents|"
    r"their|his|her|my|your|our|"
    r"player a's|player b's)"
)


def actor_player(actor: str | None) -> str | None:
    """``"A"`` for the asker (or Player A), ``"B"`` for the other player, None when not said."""
    if not actor:
        return None
    actor = actor.strip()
    if actor in ("a", "b"):  # "A's Bixi" when the question names the players A and B
        return actor.upper()
    if actor.startswith("player b"):
        return "B"
    if actor.startswith("player a"):
        return "A"
    return "A" if actor in _ASKER else "B"


@dataclass
class Link:
    """One chain link of the story."""

    entity: int
    controller: str | None = None
    number: int | None = None


@dataclass
class Story:
    """What happened before the question, in order."""

    links: list[Link] = field(default_factory=list)
    summon: dict | None = None  # {"how": ..., "entity": n | None, "controller": ...}
    attack: str | None = None  # who declared an attack
    attack_cards: list[int] = field(default_factory=list)  # "attacks with a monster", "my monster is ..."
    # cards a link targets ("MST targeting my Set Mirror Force"): entity -> {"controller"?, "face"?}
    targets: dict = field(default_factory=dict)
    resolved: bool = False  # "after the chain resolves": a new chain
    order_conflict: str | None = None  # the story's order contradicts its own link numbers
    same_as: dict = field(default_factory=dict)  # a kind of card named again -> the link's entity


# ------------------------------------------------------------------------------ effect phrases

_EFFECT_OF = re.compile(
    rf"\b(?:the |its |an |a )?(?:(?:optional|mandatory|activated) )?(?:(?P<kind>graveyard|gy|hand|"
    rf"field|quick|ignition|trigger|flip|pendulum|monster|continuous) )?effects? of "
    rf"(?P<owner>the |a |an |my |your |their |my opponent's |the opponent's )?(?:already )?"
    rf"(?P<face>face-up |face up |set |face-down )?(?P<x>{ENT})\b"
)
_EFFECT_AFTER = re.compile(
    rf"\b(?P<x>{ENT}) (?:'s )?(?:(?P<kind>graveyard|gy|hand|quick|ignition|trigger|flip|"
    rf"pendulum|activated) )?(?:effects?|ability)\b"
)
_WHERE = {"graveyard": "gy", "gy": "gy", "hand": "hand", "field": "field"}


def absorb_effect_phrases(skeleton: Skeleton) -> None:
    """ "the Graveyard effect of X", "X's effect": the words join X (the effect, and where from)."""
    for pattern in (_EFFECT_OF, _EFFECT_AFTER):
        start = 0  # where to look next: past a match that absorbed no word ("X effect's activation")
        while True:
            text, spans = skeleton.text_of(skeleton.live())
            match = pattern.search(text, start)
            if not match:
                break
            entity_piece = next(i for i in Skeleton.pieces_between(spans, *match.span("x")))
            entity = skeleton.entities[skeleton.pieces[entity_piece].entity]
            entity.aside["effect_of"] = True
            kind = match.groupdict().get("kind")
            if match.groupdict().get("face"):
                entity.aside["face"] = "up" if "up" in match.group("face") else "down"
            owner = (match.groupdict().get("owner") or "").strip()
            if owner in ("my", "your"):
                entity.aside["controller"] = "asker"
            elif "opponent" in owner or owner == "their":
                entity.aside["controller"] = "opponent"
            if kind in _WHERE:
                entity.aside["location"] = _WHERE[kind]
            elif kind in ("quick", "ignition", "trigger", "flip", "pendulum"):
                entity.aside["effect_kind"] = kind
            others = [i for i in Skeleton.pieces_between(spans, *match.span()) if i != entity_piece]
            skeleton.drop(others)
            skeleton.use([entity_piece])
            start = 0 if others else match.end()  # the text is the same when nothing was dropped


# ------------------------------------------------------------------------------- the question

_MODAL = r"(?:can|could|may|will|would|does|do)"
_QUESTION_WORD = (
    r"(?:can|could|may|does|do|did|is|are|was|will|would|which|whose|who|what|what's|whats|when|am|should|must|has|have)"
)


_ASKS_ORDER = frozenset(
    "goes on|goes first|go on|go first|one goes|one is|one resolves|resolves first|order do|order does|"
    "order will|is chain|card goes|effect goes|trigger goes|chain link|the first".split("|")
)


def split_question(skeleton: Skeleton) -> tuple[list[int], list[int]]:
    """(story pieces, question pieces): the question is the last sentence asking something, from its
    question word; what comes before is the story."""
    live = skeleton.live()
    ends = [k for k, i in enumerate(live) if skeleton.pieces[i].text in (".", "?", "!", ";")]
    sentences, start = [], 0
    for k in ends:
        sentences.append((start, k + 1))
        start = k + 1
    if start < len(live):
        sentences.append((start, len(live)))
    if not sentences:
        return [], live
    asking = [s for s in sentences if skeleton.pieces[live[s[1] - 1]].text == "?"] or [sentences[-1]]
    begin, end = asking[-1]
    words = [skeleton.pieces[i].text for i in live[begin:end]]
    cut = 0
    for k, word in enumerate(words):  # "my opponent activates X, can I ...": the story ends at the comma
        if re.fullmatch(_QUESTION_WORD, word) and (
            k == 0 or words[k - 1] in (",", ":", "-", "so", "and", "then", "now")
        ):
            cut = k
            break
        if k > 0 and re.fullmatch(_MODAL, word) and not re.fullmatch(_QUESTION_WORD, words[0]):
            cut = k  # "if my opponent activates X can I chain Y" (no comma): the first modal verb asks
            break
        if k > 0 and word in ("which", "what", "what's", "whats") and " ".join(words[k + 1 : k + 3]) in _ASKS_ORDER:
            cut = k  # "... both trigger which one is chain link 1" (no punctuation)
            break
    return live[: begin + cut], live[begin + cut : end]


# ---------------------------------------------------------------------------------- the story

_OPT = r"(?:(?:then|now|also|first|later|immediately|again|still|in turn) )*"
_ACTIVATE = (
    r"(?:activates?|activated|activating|chains?|chained|chaining|uses?|used|responds? (?:by activating|"
    r"with)|responded with|plays?|played|flips?|flipped)"
)
_EVENT = re.compile(
    # "in response to X, I activate Y", "my opponent responds to X with Y": Y chained to X
    rf"(?:\bin response to (?:the activation of )?(?:{_POSSESSIVE} )?(?P<ly>{ENT}) ?,? (?P<lactor>{ACTOR}) {_OPT}"
    rf"{_ACTIVATE} (?:(?:my|his|her|their|its|the) (?:own )?)?(?P<lx>{ENT})"
    rf"|(?P<ractor>{ACTOR}) {_OPT}respond(?:s|ed)? to (?:the activation of )?(?:{_POSSESSIVE} )?(?:(?P<ry>{ENT})|"
    rf"(?P<ryit>that card|it|that)) (?:with|by activating|by chaining|using) (?:(?:my|his|her|their|the) (?:own )?)?"
    rf"(?P<rx>{ENT}))"
    rf"|(?:(?P<actor>{ACTOR}) {_OPT}{_ACTIVATE} (?:(?:my|his|her|their|its|the) (?:own )?)?(?P<x>{ENT})"
    rf"|(?P<px>{ENT}) (?:is|was|gets|got|has been|had been) (?:activated|chained|used)"
    rf"(?: by (?P<pactor>{ACTOR}))?)"
    rf"(?: as chain link (?P<n>\d+))?"
    rf"(?: (?:directly )?(?:to|in response to|on|against|in chain to) (?:the activation of |the effect of )?"
    rf"(?:{_POSSESSIVE} )?(?P<y>{ENT})"
    # "... chain Z to it", "... in response": to the link told just before
    rf"| (?:directly )?(?:to|in response to|in chain to|against) (?P<yit>that card|that effect|its activation|that "
    rf"activation|its effect|it|that|this)\b| (?P<bare>in response|as a response|in reply)\b)?"
    rf"(?: ?,? which (?:was|is|had been) (?:chained|activated) (?:to|in response to) "
    rf"(?:{_POSSESSIVE} )?(?P<z>{ENT}))?"
    rf"(?P<tail> (?:to|targeting|on|against) (?:their|my|his|her|its) own (?:card|monster|spell|trap)s?)?"
    rf"(?: ?,? targeting (?P<towner>{_POSSESSIVE} )?(?:own )?(?P<tface>set |face-down |face-up )?"
    rf"(?P<t>{ENT}))?"
)
# who Summons: a player, or an effect ("an effect Special Summons ...", "X Special Summons ...": a
# Summon performed by a resolving effect); "..., and Normal Summon a monster with it" (the link before)
_SUMMONER = (
    rf"(?:(?P<actor>{ACTOR})|(?P<effect>(?:an?|the|its|their|that|my|his|her|my opponent's|the opponent's) "
    rf"(?:card |monster |spell |trap |activated )?effect|{ENT}))"
)
_COUNTS = {"several": 2, "multiple": 2, "some": 2, "two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3}
_SUMMON = re.compile(
    rf"(?:{_SUMMONER} |(?P<elided>\band ))?{_OPT}(?:(?P<how>normal|tribute|flip|special|fusion|synchro|xyz|"
    rf"link|pendulum|ritual) )?summons? (?:(?P<count>a|an|one|the|several|multiple|some|two|three|four|five|"
    rf"2|3) )?(?:(?P<x>{ENT})|(?:\w+ )?monsters?)(?P<once> at once| at the same time| simultaneously)?"
    rf"(?P<with> (?:with|using|by|through) (?:it|its effect|that effect|the effect|this effect|that card|"
    rf"{ENT}))?"
    rf"(?P<resolving> (?:while|as|when) (?:it|that effect|the effect|that card) (?:resolves|is resolving)"
    rf"(?: as chain link \d+)?)?"
)
_ATTACK = re.compile(
    rf"(?P<actor>{ACTOR}) {_OPT}(?:declares? an attack|declared an attack|attacks?|attacked)\b"
    rf"(?: with (?P<with>{ENT}))?"
    rf"|(?P<target>{ENT}) (?:is|was|gets|got) attacked\b"  # "my monster is attacked": the other one attacks
    rf"|(?P<attacker>{ENT}) (?:declares? an attack|declared an attack|attacks)\b"  # "my opponent's monster attacks"
)
_NUMBERED = re.compile(rf"(?P<x>{ENT})")
_PRIORITY = re.compile(rf"\b(?:{ACTOR} )?pass(?:es|ed)? priority\b|\b{ACTOR} pass(?:es|ed)?(?= and\b| then\b| [.,;]|$)")
# "Chain Link 2 is X", "X is Chain Link 2": the link number of a card told in a list
_LINK_IS = re.compile(rf"\bchain link (?P<n>\d+) (?:is|was|:) (?:(?P<own>{_POSSESSIVE}) )?(?P<x>{ENT})|"
                      rf"(?:(?P<own2>{_POSSESSIVE}) )?(?P<y>{ENT}) (?:is|was) chain link (?P<m>\d+)\b")


def _owner_before(text: str, start: int) -> str | None:
    before = text[:start]
    match = re.search(rf"(?:^|\s)({_POSSESSIVE}) (?:own )?(?:set )?$", before)
    return actor_player(match.group(1).replace("'s", "")) if match else None


def _same_kind_links(story: Story, skeleton: Skeleton, entity: int, controller: str | None) -> list[Link]:
    """Links of an earlier card of the same kind that a kind of card named again as the card a later
    link is chained to refers to ("I activate a Quick-Play Spell, then chain X to my Quick-Play Spell":
    one link, not two); a different controller said is a different card."""
    said = skeleton.entities[entity]
    if said.kind != "class" or said.cls is None:
        return []
    controller = controller or {"asker": "A", "opponent": "B"}.get(said.aside.get("controller"))
    return [
        link
        for link in story.links
        if link.entity != entity
        and skeleton.entities[link.entity].kind == "class"
        and skeleton.entities[link.entity].cls == said.cls
        and (controller is None or link.controller in (None, controller))
    ]


def read_story(skeleton: Skeleton, indices: list[int]) -> Story:
    """The chain links, Summon and attack the story tells (its words marked used)."""
    story = Story()
    text, spans = skeleton.text_of(indices)
    for match in _PRIORITY.finditer(text):
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    link_is = {}  # entity -> link number said as "Chain Link N is X"
    link_owner = {}  # entity -> its controller said there ("Chain Link 2 is my opponent's X")
    for match in _LINK_IS.finditer(text):
        group, number = ("x", match["n"]) if match["x"] else ("y", match["m"])
        piece = Skeleton.pieces_between(spans, *match.span(group))[0]
        entity = skeleton.pieces[piece].entity
        if skeleton.entities[entity].kind == "card" and "link" not in skeleton.entities[entity].aside:
            link_is[entity] = int(number)
            owner = match["own"] or match["own2"]
            if owner:
                link_owner[entity] = actor_player(owner.replace("'s", "").strip())
            skeleton.use(Skeleton.pieces_between(spans, *match.span()))

    def entity_at(group_span) -> int:
        piece = Skeleton.pieces_between(spans, *group_span)[0]
        return skeleton.pieces[piece].entity

    def add(
        entity: int,
        controller: str | None,
        after: int | None = None,
        before: int | None = None,
        reference: bool = False,
    ) -> Link:
        card_id = skeleton.entities[entity].card_id
        same_kind = _same_kind_links(story, skeleton, entity, controller) if reference else []
        if len(same_kind) > 1:  # "... to my Quick-Play Spell" after two of them: which one is not said
            story.order_conflict = f"which {skeleton.entities[entity].label()} is meant is not said"
        for link in story.links:  # a card named again as the target of a later link is the same link
            if (
                link.entity == entity
                or (reference and card_id is not None and skeleton.entities[link.entity].card_id == card_id)
                or (len(same_kind) == 1 and link is same_kind[0])
            ):
                if same_kind and link is same_kind[0] or link.entity != entity:
                    story.same_as[entity] = link.entity  # a card named again: the same link
                if controller and not link.controller:
                    link.controller = controller
                return link
        link = Link(entity, controller, skeleton.entities[entity].aside.get("link"))
        anchor = before if before is not None else after
        position = next((k for k, existing in enumerate(story.links) if existing.entity == anchor), None)
        if position is None:
            story.links.append(link)
        else:
            story.links.insert(position if before is not None else position + 1, link)
        return link

    for match in _EVENT.finditer(text):
        if match.group("lx") or match.group("rx"):  # "in response to X, I activate Y" / "responds to X with Y"
            lead = "l" if match.group("lx") else "r"
            if lead == "r" and match.group("ryit"):
                if not story.links:
                    continue
                y = story.links[-1].entity
            else:
                y = add(entity_at(match.span(lead + "y")), _owner_before(text, match.start(lead + "y")),
                        reference=True).entity
            x_span = match.span(lead + "x")
            add(entity_at(x_span), actor_player(match.group(lead + "actor")) or _owner_before(text, x_span[0]),
                after=y)
            skeleton.use(Skeleton.pieces_between(spans, *match.span()))
            continue
        actor = match.group("actor") or match.group("pactor")
        x_span = match.span("x") if match.group("x") else match.span("px")
        x = entity_at(x_span)
        controller = actor_player(actor) or _owner_before(text, x_span[0])
        y = z = None
        if match.group("yit") and not story.links and first_link_said(link_is) is not None:  # "X is Chain Link 1"
            add(first_link_said(link_is), link_owner.get(first_link_said(link_is))).number = 1
        if match.group("yit") and not story.links:
            continue  # "in response to it" with no link told before: not read ("in response" alone may answer
            # a Summon or an attack: the link is read, Chain Link 1 if it is the first)
        if match.group("yit"):
            y = story.links[-1].entity
        if match.group("y"):
            y = add(entity_at(match.span("y")), _owner_before(text, match.start("y")), reference=True).entity
        link = add(x, controller, after=y)
        if match.group("n"):
            link.number = int(match.group("n"))
        if match.group("t"):
            said = {}
            owner = actor_player((match.group("towner") or "").replace("'s", "").strip() or None)
            if owner:
                said["controller"] = owner
            if match.group("tface"):
                said["face"] = "up" if "up" in match.group("tface") else "down"
            story.targets[entity_at(match.span("t"))] = said
        if match.group("z"):
            z = entity_at(match.span("z"))
            add(
                z,
                _owner_before(text, match.start("z")),
                before=y if y is not None else link.entity,
                reference=True,
            )
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    for match in _SUMMON.finditer(text):
        if not (match.group("actor") or match.group("effect") or match.group("elided")) and match.start() > 0:
            continue  # "... Special Summons a monster" with no one said Summoning: not read
        by_effect = bool(match.group("effect") or match.group("with") or match.group("resolving"))
        actor = match.group("actor")
        if match.group("elided") and story.links:  # "I activate X and Normal Summon a monster with it"
            actor = actor or {"A": "i", "B": "my opponent"}.get(story.links[-1].controller or "")
        count = _COUNTS.get(match.group("count") or "")
        said = skeleton.entities[entity_at(match.span("x"))].text.lower() if match.group("x") else ""
        if count is None and said.endswith("monsters"):
            count = 2 if match.group("once") else None  # "Pendulum Summons monsters at once"
        story.summon = {
            "how": match.group("how"),
            "controller": actor_player(actor),
            "entity": entity_at(match.span("x")) if match.group("x") else None,
            # "I activate X and Special Summon Y" may be X's resolution or a Summon of its own: not said
            "by": "effect" if by_effect else ("procedure" if match.group("actor") else None),
        }
        if count and count > 1:
            story.summon["count"] = count
        for group in ("with", "effect"):  # the card whose effect Summons ("with X", "X Special Summons")
            said = re.search(ENT + r"$", match.group(group) or "")
            if said:
                story.summon["cause"] = entity_at((match.end(group) - len(said.group()), match.end(group)))
                break
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    for match in _ATTACK.finditer(text):
        said = [entity_at(match.span(g)) for g in ("with", "target", "attacker") if match.group(g)]
        if any(skeleton.entities[n].kind != "class" for n in said):
            continue  # "attacks with Blue-Eyes": which monster may matter (its ATK ...): not read
        if match.group("target") or match.group("attacker"):
            owner = skeleton.entities[said[0]].aside.get("controller")
            if owner not in ("asker", "opponent"):
                continue  # whose monster is attacked (or attacks) is not said
            story.attack = "B" if (owner == "asker") == bool(match.group("target")) else "A"
        else:
            story.attack = actor_player(match.group("actor"))
        story.attack_cards.extend(said)
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    numbered = [
        n
        for n in sorted({i for i in (skeleton.pieces[p].entity for p in indices) if i is not None})
        if (skeleton.entities[n].aside.get("link") or n in link_is) and skeleton.entities[n].kind == "card"
    ]

    def number_of(n: int) -> int:
        return skeleton.entities[n].aside.get("link") or link_is[n]

    if not story.links and len(numbered) >= 2 and len({number_of(n) for n in numbered}) == len(numbered):
        # "Chain: X (Chain Link 1), Y (Chain Link 2), ..." / "Chain Link 1 is X, Chain Link 2 is Y"
        numbered.sort(key=number_of)
        story.links = [Link(n, link_owner.get(n), number_of(n)) for n in numbered]
        for k, piece in enumerate(indices):
            following = skeleton.pieces[indices[k + 1]].text if k + 1 < len(indices) else ""
            if skeleton.pieces[piece].entity in numbered or (
                skeleton.pieces[piece].text == "chain" and following == ":"
            ):
                skeleton.use([piece])
    for k, link in enumerate(story.links):
        if link.number is not None and link.number != k + 1:
            story.order_conflict = (
                f"{skeleton.entities[link.entity].label()} is said to be Chain Link "
                f"{link.number} but the story makes it Chain Link {k + 1}"
            )
    return story


_CAUSE = re.compile(
    rf"(?P<c>{ENT}) (?:destroys|destroyed|banishes|banished|sends|sent|tributes|returns)\b|"
    rf"\bby (?P<b>{ENT})\b"
)
# what happened to the triggering cards, without a card causing it: "... are destroyed by battle"
_HAPPENED = re.compile(
    r"\b(?:are|were|get|got|is|was) (?:both |each |all )?(?:destroyed|sent to the (?:gy|graveyard)|banished)"
    r"(?: by battle| at the same time| simultaneously| together)*\b|\b(?:destroy|destroyed) each other(?: in battle| by battle)?\b"
)
_TRIGGER_ASIDE = frozenset(
    "optional mandatory when if trigger triggers effect effects quick ignition flip a an the "
    "'when' 'if' when' 'when".split()
)


def read_triggers(skeleton: Skeleton, indices: list[int]) -> tuple[list[tuple[int, str]], set[int]] | None:
    """For "which goes on the chain first": the cards with an owner ("A's X", "my opponent's Y") in the
    order told, and the cards that caused the event ("Dark Hole destroys ..."); None when a card is neither.
    Asides that only say what kind of trigger a card has ("(mandatory trigger)") are read."""
    text, spans = skeleton.text_of(indices)
    triggers, causes = [], set()
    for match in _CAUSE.finditer(text):
        group = "c" if match.group("c") else "b"
        causes.add(skeleton.pieces[Skeleton.pieces_between(spans, *match.span(group))[0]].entity)
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    for match in _HAPPENED.finditer(text):
        skeleton.use(Skeleton.pieces_between(spans, *match.span()))
    for start, _end, piece in spans:
        entity = skeleton.pieces[piece].entity
        if entity is None or entity in causes or skeleton.entities[entity].kind != "card":
            continue
        owner = _owner_before(text, start)
        if owner is None:
            return None
        triggers.append((entity, owner))
        said = re.search(rf"(?:^|\s)(?:{_POSSESSIVE}) (?:own )?(?:set )?$", text[:start])
        skeleton.use(Skeleton.pieces_between(spans, said.start(), start + 1) + [piece])
        aside = skeleton.entities[entity].aside.get("text")
        if aside:
            words = {
                skeleton.tokens[k].low.strip("'\"")
                for k in range(aside[0] + 1, aside[1] - 1)
                if not skeleton.tokens[k].punct
            }
            if words <= _TRIGGER_ASIDE:
                for k in indices:
                    if any(aside[0] <= t < aside[1] for t in skeleton.pieces[k].tokens):
                        skeleton.use([k])
    return triggers, causes
