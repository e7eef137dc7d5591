"""Atlantica's tutor: its lessons' positions, what its tasks and questions check.

How a lesson is judged is the kernel's (``core.kernel.tutor``): questions
first, then one command run through the rules, a refusal answered with its
rule, a legal command matched against the lesson's goal and likely mistakes.
This module gives it what is Atlantica's:

- ``Lesson``: a lesson whose position is a prepared game (``setup.prepared_game``
  with ``events.Prepared``): the hands, what each player has collected, the
  displays, the top card of each ship pile, and the commands played before the
  learner's decision (``before``: an action earlier in the turn, or whole turns);
- ``Outcome``: the facts of a legal command that goals and mistakes ask about
  (where it acted and at which level, what it took, hired or paid, and how the
  learner's score as if the game ended now changed);
- ``TUTOR``: Atlantica's rules for judging, with advice for each refusal; after
  the right command the learner's turn is ended for him (T9), so the lesson
  shows the end of the turn: hired cards joining the hand, the displays
  refilled, or the game's end and its scores;
- ``Attempt``: a command the way the keys make it (a location, a level, the
  payment the builder offers in that order, the spaces chosen), so tests replay
  both the right answer and the deliberate wrong ones (``command_for``);
- the facts questions ask, worked out by the rules (``gain_of``,
  ``score_if_ended``, ``released_now`` …), and the words their options use.

The lessons themselves are in ``core.atlantica.lessons``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import TypeVar

from msgspec.structs import replace

from core.atlantica.cards import (
    DIVER_COLOURS,
    SHIP_PILES,
    TREASURE_COLOURS,
    TREASURE_TYPES,
    Pick,
    TreasureType,
    diver_colour,
    research_kind,
    ship_ids,
    treasure_ids,
    treasure_type,
)
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.data import default_data
from core.atlantica.decide import TAKES, decide
from core.atlantica.describe import describe
from core.atlantica.events import (
    AnyEvent,
    DiverCardsPlayed,
    DiversHired,
    GameEnded,
    GameScored,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    Prepared,
    ResearchChoicesMade,
    ResearchTaken,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.evolve import evolve, fold
from core.atlantica.i18n import N_, NC_, _, ngettext, pgettext
from core.atlantica.legal_commands import action_refusal
from core.atlantica.locations import (
    MAX_SLOTS_PER_TURN,
    TREASURE_SPACES,
    Location,
    rule_id,
    slots,
)
from core.atlantica.names import (
    a_card,
    crates_name,
    listed,
    location_name,
    pile_name,
    some_cards,
    type_name,
)
from core.atlantica.options import DEFAULT_OPTIONS, Options
from core.atlantica.payment import pair_refusal, payments
from core.atlantica.scoring import collected, crate_total, excess, score_for, score_now
from core.atlantica.setup import prepared_game
from core.atlantica.state import State
from core.kernel import tutor
from core.kernel.errors import IllegalMove
from core.kernel.tutor import LEARNER

_E = TypeVar("_E")


# -- what the learner did ----------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """A command as the keys make it: a location and a level (``s o b c``, ``1 2 3``), the
    payment the builder offers at ``payment`` (``Tab`` cycles them, plain payments
    first, then those with a pair, T2.5), and the spaces chosen; or a pass, or the end
    of the turn. ``cards`` and ``pair_slot`` name a payment the builder would not offer
    (a refused one). ``rule`` is, for a deliberate wrong attempt, the rule its feedback
    must name."""

    location: Location | None = None
    level: int = 1
    payment: int = 0
    picks: tuple[Pick, ...] = ()
    cards: tuple[str, ...] | None = None
    pair_slot: int | None = None
    pass_turn: bool = False
    end_turn: bool = False
    rule: str = ""


def treasure(*spaces: int) -> tuple[Pick, ...]:
    """Treasure spaces to take from (T3.2, T3.3)."""
    return tuple(Pick("treasure", space) for space in spaces)


def research(*spaces: int) -> tuple[Pick, ...]:
    """Research spaces to take from (T6.2, T6.3)."""
    return tuple(Pick("research", space) for space in spaces)


def command_for(state: State, attempt: Attempt, seat: int = LEARNER) -> AnyCommand:
    """The command the keys send for ``attempt`` in ``state``. A level the hand cannot pay
    is sent with no cards: the rules (and ``TUTOR``) say why."""
    if attempt.pass_turn:
        return Pass(seat)
    if attempt.end_turn or attempt.location is None:
        return EndTurn(seat)
    location, level = attempt.location, attempt.level
    cards, pair_slot = attempt.cards, attempt.pair_slot
    if cards is None:
        shown = replace(state, current=seat) if state.current != seat else state
        options = payments(shown, location, level) if 1 <= level <= 3 else []
        cards, pair_slot = options[attempt.payment % len(options)] if options else ((), None)
    return PerformAction(seat, location, level, cards, pair_slot, attempt.picks)


# -- what a legal command did --------------------------------------------------------------
@dataclass(frozen=True)
class Outcome(tutor.Outcome[State, AnyCommand, AnyEvent]):
    """A legal command and the events it caused, with the facts lessons ask about."""

    def _first(self, kind: type[_E]) -> _E | None:
        return next((event for event in self.events if isinstance(event, kind)), None)

    def _all(self, kind: type[_E]) -> list[_E]:
        return [event for event in self.events if isinstance(event, kind)]

    @property
    def played(self) -> DiverCardsPlayed | None:
        """The payment of the action (T2.3–T2.6), if the command was one."""
        return self._first(DiverCardsPlayed)

    @property
    def rule(self) -> str:
        """The action's rule (``T4.2``), empty for a pass or the end of a turn."""
        played = self.played
        return rule_id(played.location, played.level) if played is not None else ""

    @property
    def location(self) -> str:
        played = self.played
        return played.location if played is not None else ""

    @property
    def level(self) -> int:
        played = self.played
        return played.level if played is not None else 0

    @property
    def pair(self) -> bool:
        """Whether a pair filled a slot (T2.5)."""
        played = self.played
        return played is not None and played.pair_slot is not None

    @property
    def treasures(self) -> tuple[str, ...]:
        return tuple(card for event in self._all(TreasureTaken) for card in event.cards)

    @property
    def treasure_spaces(self) -> tuple[int, ...]:
        return tuple(sorted(space for event in self._all(TreasureTaken) for space in event.spaces))

    @property
    def ships(self) -> tuple[str, ...]:
        return tuple(event.card for event in self._all(ShipChartered))

    @property
    def research(self) -> tuple[str, ...]:
        return tuple(card for event in self._all(ResearchTaken) for card in event.cards)

    @property
    def took(self) -> tuple[str, ...]:
        """Every card the action took, treasures, ships and research."""
        return (*self.treasures, *self.ships, *self.research)

    @property
    def hired(self) -> int:
        """The divers hired (T5.1, T5.2)."""
        event = self._first(DiversHired)
        return event.count if event is not None else 0

    @property
    def passed(self) -> bool:
        return self._first(TurnPassed) is not None

    @property
    def ended(self) -> bool:
        return self._first(GameEnded) is not None

    @property
    def after(self) -> State:
        return reduce(evolve, self.events, self.before)

    @property
    def gain(self) -> int:
        """How the learner's score as if the game ended now changed (E3–E6)."""
        return score_now(self.after, LEARNER).total - score_now(self.before, LEARNER).total

    @property
    def final_score(self) -> int | None:
        """The learner's final score (E6), when the command ended the game."""
        scored = self._first(GameScored)
        return scored.scores[LEARNER].total if scored is not None else None

    def fields(self) -> dict[str, object]:
        """Values a lesson's sentences may name: ``{action}``, ``{took}``, ``{gain}`` …"""
        played = self.played
        action = (
            _("{location}, level {level} ({rule})").format(
                location=location_name(played.location), level=played.level, rule=self.rule
            )
            if played is not None
            else ""
        )
        took = some_cards(self.took) or _("nothing")
        return {
            "action": action,
            "Action": _capital(action),
            "took": took,
            "Took": _capital(took),
            "gain": f"{self.gain:+d}",
            "hired": self.hired,
            "cards": len(played.cards) if played is not None else 0,
            "score": score_now(self.after, LEARNER).total,
        }


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


Check = Callable[[Outcome], bool]
"""What a lesson's goal and mistakes ask of a legal command."""
Mistake = tutor.Mistake[Outcome]
Verdict = tutor.Verdict[AnyEvent]
Fact = tutor.Fact[State]

#: The words a quiz's truth may answer with, besides numbers, card names in notation and
#: player names (English, as the lessons write their options; ``option_text``
#: translates them).
QUIZ_WORDS = (
    N_("none"),
    N_("yes"),
    N_("no"),
    N_("nobody"),
    N_("white"),
    N_("yellow"),
    N_("red"),
    N_("green"),
    N_("blue"),
    N_("violet"),
    N_("level 1"),
    N_("level 2"),
    N_("level 3"),
)
QUIZ_TYPES = (
    NC_("treasure type", "architecture"),
    NC_("treasure type", "terracotta"),
    NC_("treasure type", "gold"),
    NC_("treasure type", "amphorae"),
    NC_("treasure type", "inscriptions"),
    NC_("treasure type", "statues"),
    NC_("treasure type", "armour"),
)
"""The treasure types a quiz may answer with, as ``names.type_name`` words them."""

_COLOUR_WORDS = dict(zip(DIVER_COLOURS, QUIZ_WORDS[4:10], strict=True))


class Quiz(tutor.Quiz[State]):
    """A question about a lesson's position (``core.kernel.tutor.Quiz``); its options
    are numbers, notation (``R7``), names and a few words, shown in the reader's
    language."""

    def option_text(self, option: str) -> str:
        if option in QUIZ_TYPES:
            return pgettext("treasure type", option)
        return _(option) if option in QUIZ_WORDS else option


# -- a lesson ----------------------------------------------------------------------------------
def _rest(cards: Sequence[str], used: set[str], top: str = "") -> tuple[str, ...]:
    """``cards`` not laid out, ``top`` first (a pile's order, top first)."""
    rest = tuple(card for card in cards if card not in used and card != top)
    return (top, *rest) if top else rest


@dataclass(frozen=True, kw_only=True)
class Lesson(tutor.Lesson[State, AnyEvent, AnyCommand, Outcome, Attempt]):
    """One idea of the rules (``core.kernel.tutor.Lesson``) on a prepared position:
    each player's hand and what he collected (treasures, ships, research), the two
    displays (``""`` an empty space), the card on top of each ship pile, optionally
    the main and hurricane piles (top first; the treasures laid nowhere else go to
    the box), and ``before``, the commands played before the learner's decision."""

    players: tuple[str, ...] = ("You", "Ann")
    hands: tuple[tuple[str, ...], ...]
    treasures: tuple[tuple[str, ...], ...] = ()
    ships: tuple[tuple[str, ...], ...] = ()
    research: tuple[tuple[str, ...], ...] = ()
    treasure_display: tuple[str, ...] = ()
    research_display: tuple[str, ...] = ()
    ship_tops: tuple[str, str, str] = ("", "", "")
    main_pile: tuple[str, ...] | None = None
    hurricane_pile: tuple[str, ...] | None = None
    start_player: int = LEARNER
    before: tuple[AnyCommand, ...] = ()
    options: Options = DEFAULT_OPTIONS

    def events(self) -> list[AnyEvent]:
        """The events that open the lesson's position (a game like any other)."""
        data = default_data()
        prepared = Prepared(
            hands=self.hands,
            treasures=self.treasures,
            ships=self.ships,
            research=self.research,
            treasure_display=self.treasure_display,
            research_display=self.research_display,
        )
        held = {
            card
            for rows in (self.hands, self.treasures, self.ships, self.research)
            for row in rows
            for card in row
        }
        laid = [
            card
            for rows in (self.hands, self.treasures, self.ships, self.research)
            for row in rows
            for card in row
        ]
        laid += [card for card in (*self.treasure_display, *self.research_display) if card]
        held |= set(laid)
        if len(held) != len(laid):
            # The lessons' data is the program's, never a player's: a card laid out twice
            # is a mistake in lessons.py.
            raise RuntimeError(f"lesson {self.id}: a card is laid out twice")
        ships = tuple(
            _rest(ship_ids(data, pile), held, top)
            for pile, top in zip(SHIP_PILES, self.ship_tops, strict=True)
        )
        piles: dict[str, tuple[str, ...]] = {}
        box: tuple[str, ...] = ()
        if self.main_pile is not None and self.hurricane_pile is not None:
            piles = {"treasures": self.main_pile, "hurricane": self.hurricane_pile}
            placed = held | set(self.main_pile) | set(self.hurricane_pile)
            box = _rest(treasure_ids(data), placed)
        events: list[AnyEvent] = prepared_game(
            (_("You"), *self.players[1:]),
            self.options,
            prepared,
            box=box,
            ships=ships,
            start_player=self.start_player,
            data=data,
            **piles,  # type: ignore[arg-type]
        )
        state = fold(events)
        for command in self.before:
            played = decide(state, command)
            state = reduce(evolve, played, state)
            events += played
        return events

    def start(self) -> State:
        return fold(self.events())


def _outcome(state: State, command: AnyCommand, events: tuple[AnyEvent, ...]) -> Outcome:
    return Outcome(state, command, events)


ADVICE: dict[str, str] = {
    "T2.1": N_("A turn has at most three actions."),
    "T2.2": N_("Each location serves once a turn: choose another one."),
    "T2.3": N_(
        "Each slot takes one card of a colour it shows (G|Y: green or yellow), and no card more."
    ),
    "T2.4": N_("A turn fills three slots at most: a lower level, or another turn."),
    "T2.5": N_(
        "A pair is two cards of one colour filling one slot, once a turn, and only when "
        "single cards cannot pay the level."
    ),
    "T2.7": N_("After an action the turn goes on or ends (n); passing is instead of acting."),
    "T2.8": N_("An action must take at least one card: choose a space that holds one."),
    "T3.2": N_("Level 2 of the submarine takes up to 2 cards from spaces 1 to 3."),
    "T3.3": N_("Level 3 of the submarine takes up to 3 cards from spaces 1 to 6."),
    "T3.5": N_("An emptied space stays empty until the turn ends."),
    "T4.4": N_("Each port level reaches its own pile only: A, B or C."),
    "T5.3": N_("Paying the round takes 1 or 2 cards, from two different locations."),
    "T5.4": N_("Paying the round takes its two cards from two different locations."),
    "T6.2": N_("Level 2 of the research centre takes one card from spaces 1 to 4."),
    "T6.3": N_("Level 3 of the research centre takes up to 2 cards from spaces 1 to 4."),
    "E1.2": N_("The game is over."),
}
"""What would have been allowed, by the rule a refusal names."""


def explain_refusal(state: State, command: AnyCommand, refusal: IllegalMove) -> tuple[str, str]:
    """The rule a refusal names, and what the rules allow instead, in one sentence."""
    advice = ADVICE.get(refusal.rule, "")
    return refusal.rule, _(advice) if advice else ""


def unpayable(state: State, location: Location, level: int) -> IllegalMove:
    """Why the hand cannot pay a level the rules would otherwise allow (T2.3, T2.5)."""
    hand = state.hands[state.current]
    lacking = [slot for slot in slots(location, level) if not any(c[0] in slot for c in hand)]
    names = ", ".join("|".join(slot) for slot in lacking)
    if len(lacking) > 1:
        return IllegalMove(
            "T2.3",
            _("no card of yours fits {slots}, and a pair fills only one slot").format(slots=names),
        )
    if state.pair_used:
        return IllegalMove(
            "T2.5", _("no card of yours fits {slot}, and your pair is used").format(slot=names)
        )
    return IllegalMove(
        "T2.5",
        _("no card of yours fits {slot}, and no two cards of one colour are left over").format(
            slot=names
        ),
    )


def judged(state: State, command: AnyCommand) -> list[AnyEvent]:
    """``decide``, except that an action sent without cards (a level the keys could not
    pay) is refused with the reason: the location's rule, or what the hand lacks."""
    if isinstance(command, PerformAction) and not command.cards and state.phase == "turn":
        refusal = action_refusal(state, command.location, command.level)
        if refusal is None and not payments(state, command.location, command.level):
            refusal = unpayable(state, command.location, command.level)
        if refusal is not None:
            raise refusal
    return decide(state, command)


def settle(state: State) -> list[AnyEvent]:
    """After the right command, the learner's turn ends (T9), unless it has already."""
    if state.phase == "turn" and state.current == LEARNER and state.acted:
        return decide(state, EndTurn(LEARNER))
    return []


TUTOR: tutor.Tutor[State, AnyEvent, AnyCommand, Outcome] = tutor.Tutor(
    decide=judged,
    evolve=evolve,
    explain_refusal=explain_refusal,
    outcome=_outcome,
    settle=settle,
)
"""Atlantica's rules as the tutor judges a command with them."""


def check(lesson: Lesson, state: State, command: AnyCommand) -> Verdict:
    """Judge the learner's command in the lesson's position."""
    return TUTOR.check(lesson, state, command)


def refused(lesson: Lesson, state: State, refusal: IllegalMove) -> Verdict:
    """A refusal met before any command is made (the keys asked for a pair the rules do
    not allow now), answered as ``check`` answers a refused command."""
    rule, advice = explain_refusal(state, EndTurn(LEARNER), refusal)
    said = lesson.refusals.get(rule)
    if isinstance(said, str) and said:
        return tutor.Verdict(False, rule, _(said), broken=True)
    reason = _capital(refusal.reason)
    return tutor.Verdict(False, rule, f"{reason}. {advice}".strip(), broken=True)


# -- what the right command caused, told to the learner ---------------------------------------
def happened(before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
    """What the right command caused, event by event (no rule id: ``""``), ``before``
    being the position it was played in. The learner's seat is called "You", so what
    the learner did is told in the second person ("You take …", "Your turn ends",
    never "You takes", "You's turn"); the rest as the game's log tells it."""
    told: list[tuple[str, str]] = []
    state = before
    for event in events:
        sentence = to_learner(state, event) or describe(state, event)
        state = evolve(state, event)
        if sentence:
            told.append(("", sentence))
    return told


def _spaces(spaces: tuple[int, ...]) -> str:
    return listed([str(space) for space in spaces])


def to_learner(state: State, event: AnyEvent) -> str:
    """``event`` told to the learner when the learner did it or is named in it; "" when
    the game's own sentence (``describe``) says it already."""
    match event:
        case DiverCardsPlayed(player=tutor.LEARNER):
            text = _("You act at {location}, level {level} ({rule}), paying {colours}.").format(
                location=location_name(event.location),
                level=event.level,
                rule=rule_id(event.location, event.level),
                colours=" ".join(card[0] if card else "?" for card in event.cards),
            )
            if event.pair_slot is not None:
                text += " " + _("A pair fills slot {number}.").format(number=event.pair_slot + 1)
            return text
        case TreasureTaken(player=tutor.LEARNER):
            cards, places = some_cards(event.cards), _spaces(event.spaces)
            if event.via == "round":
                return _("You take {cards} from treasure space {spaces} (the round).").format(
                    cards=cards, spaces=places
                )
            return ngettext(
                "You take {cards} from treasure space {spaces}.",
                "You take {cards} from treasure spaces {spaces}.",
                len(event.spaces),
            ).format(cards=cards, spaces=places)
        case ResearchTaken(player=tutor.LEARNER):
            cards, places = some_cards(event.cards), _spaces(event.spaces)
            if event.via == "round":
                return _("You take {cards} from research space {spaces} (the round).").format(
                    cards=cards, spaces=places
                )
            return ngettext(
                "You take {cards} from research space {spaces}.",
                "You take {cards} from research spaces {spaces}.",
                len(event.spaces),
            ).format(cards=cards, spaces=places)
        case ShipChartered(player=tutor.LEARNER):
            if event.via == "round":
                sentence = _("You charter {ship} ({crates}) from {pile} (the round).")
            else:
                sentence = _("You charter {ship} ({crates}) from {pile}.")
            return sentence.format(
                ship=a_card(event.card), crates=crates_name(event.card), pile=pile_name(event.pile)
            )
        case DiversHired(player=tutor.LEARNER):
            return ngettext(
                "You hire {count} diver, face down.",
                "You hire {count} divers, face down.",
                event.count,
            ).format(count=event.count)
        case TurnPassed(player=tutor.LEARNER):
            return ngettext(
                "You pass and draw {count} diver.",
                "You pass and draw {count} divers.",
                event.count,
            ).format(count=event.count)
        case HiredDiversJoinedHand(player=tutor.LEARNER):
            return ngettext(
                "Your {count} hired diver joins your hand.",
                "Your {count} hired divers join your hand.",
                event.count,
            ).format(count=event.count)
        case HurricaneDrawn(player=tutor.LEARNER):
            return _("You draw the hurricane: one last turn each, {names}.").format(
                names=", ".join(state.players[seat] for seat in event.final_turns)
            )
        case TreasuresReleased(player=tutor.LEARNER):
            return ngettext(
                "You release {count} treasure for want of crates: {cards}.",
                "You release {count} treasures for want of crates: {cards}.",
                len(event.cards),
            ).format(count=len(event.cards), cards=some_cards(event.cards))
        case ResearchChoicesMade(player=tutor.LEARNER):
            parts = [
                _("R6 counts {type}").format(type=type_name(kind)) for kind in event.r6_types
            ] + [_("R11 joins {type}").format(type=type_name(kind)) for kind in event.r11_types]
            if not parts:
                return _("You have made your scoring choices.")
            return _("You choose: {choices}.").format(choices="; ".join(parts))
        case TurnEnded(player=tutor.LEARNER):
            if event.next_player is None:
                return _("Your turn ends.")
            return _("Your turn ends; {next} plays.").format(next=state.players[event.next_player])
        case TurnEnded(next_player=tutor.LEARNER):
            return _("{name}'s turn ends; you play.").format(name=state.players[event.player])
        case GameScored() if event.winners == (tutor.LEARNER,):
            totals = ", ".join(
                _("{name} {points}").format(name=state.players[seat], points=score.total)
                for seat, score in enumerate(event.scores)
            )
            if event.tie_break:
                return _("Scores: {totals}. You win on the treasure count (E7).").format(
                    totals=totals
                )
            return _("Scores: {totals}. You win.").format(totals=totals)
    return ""


# -- small predicates the lessons are written with ----------------------------------------------
def at(location: str, level: int | None = None) -> Check:
    """The command was an action at ``location`` (at ``level``)."""
    return lambda o: o.location == location and (level is None or o.level == level)


def is_action(o: Outcome) -> bool:
    return o.played is not None


# -- what quizzes ask, worked out by the rules -----------------------------------------------
def _after(state: State, attempt: Attempt) -> tuple[State, PerformAction]:
    """The position after a legal action (the lesson's question asks about it)."""
    command = command_for(state, attempt, state.current)
    try:
        events = judged(state, command)
    except IllegalMove as refusal:
        raise RuntimeError(f"a lesson's question asks about a refused action: {refusal}") from None
    assert isinstance(command, PerformAction)
    return reduce(evolve, events, state), command


def _action_words(command: PerformAction) -> str:
    return _("{location}, level {level} ({rule})").format(
        location=location_name(command.location),
        level=command.level,
        rule=rule_id(command.location, command.level),
    )


def score_change_words(state: State, after: State, seat: int = LEARNER) -> str:
    """What changed in ``seat``'s score, part by part: ``amphorae 5 → 10``, research cards
    and releases (S1.3, E3–E5)."""
    before_score, after_score = score_now(state, seat), score_now(after, seat)
    types_before = {item.type: item.points for item in before_score.treasures}
    types_after = {item.type: item.points for item in after_score.treasures}
    parts = [
        _("{type} {before} → {after}").format(
            type=type_name(kind), before=types_before.get(kind, 0), after=types_after.get(kind, 0)
        )
        for kind in TREASURE_TYPES
        if types_before.get(kind, 0) != types_after.get(kind, 0)
    ]
    research_before = {item.card: item.points for item in before_score.research}
    parts += [
        _("{card} {before} → {after}").format(
            card=research_kind(item.card),
            before=research_before.get(item.card, 0),
            after=item.points,
        )
        for item in after_score.research
        if research_before.get(item.card, 0) != item.points
    ]
    if len(before_score.released) != len(after_score.released):
        parts.append(
            _("released {before} → {after} (E3)").format(
                before=len(before_score.released), after=len(after_score.released)
            )
        )
    return ", ".join(parts) or _("nothing changes")


def gain_of(attempt: Attempt) -> Fact:
    """How many points the action ``attempt`` adds to the learner's score as if the game
    ended then (S1.3, E3–E6)."""

    def gain(state: State) -> int:
        after, _command = _after(state, attempt)
        return score_now(after, state.current).total - score_now(state, state.current).total

    def worked(state: State) -> str:
        after, command = _after(state, attempt)
        return _("{action}: {changes}; {before} → {after} points, {gain:+d}.").format(
            action=_capital(_action_words(command)),
            changes=score_change_words(state, after, state.current),
            before=score_now(state, state.current).total,
            after=score_now(after, state.current).total,
            gain=gain(state),
        )

    return Fact(lambda state: str(gain(state)), worked)


def score_if_ended(seat: int = LEARNER) -> Fact:
    """``seat``'s score if the game ended now (E3–E6)."""

    def worked(state: State) -> str:
        score = score_now(state, seat)
        text = _("{name}: treasures {treasures} + research {research} = {total} (E4–E6).").format(
            name=state.players[seat],
            treasures=score.treasure_points,
            research=score.research_points,
            total=score.total,
        )
        if score.released:
            text += " " + ngettext(
                "{n} treasure is released first (E3).",
                "{n} treasures are released first (E3).",
                len(score.released),
            ).format(n=len(score.released))
        return text

    return Fact(lambda state: str(score_now(state, seat).total), worked)


def paying_colour(location: Location, level: int = 1) -> Fact:
    """The colour of the one card of the learner's hand that pays ``location``'s level."""

    def colour(state: State) -> str:
        found = {diver_colour(cards[0]) for cards, _pair in payments(state, location, level)}
        return _COLOUR_WORDS[found.pop()] if len(found) == 1 else "none"

    def worked(state: State) -> str:
        wanted = "|".join(slots(location, level)[0])
        return _("{rule} takes {slot}; of your cards only the {colour} one fits (T2.3).").format(
            rule=rule_id(location, level), slot=wanted, colour=_(colour(state))
        )

    return Fact(colour, worked)


def level_reaching(space: int) -> Fact:
    """The lowest submarine level that can take the treasure on ``space`` (T3.1–T3.3)."""

    def lowest(state: State) -> int:
        for level in (1, 2, 3):
            highest = TAKES.get(("submarine", level), (1, 1))[1]
            if space <= highest:
                return level
        return 3

    def worked(state: State) -> str:
        return _(
            "Level 1 takes space 1 (T3.1), level 2 spaces 1–3 (T3.2), level 3 spaces 1–{last} "
            "(T3.3): space {space} needs level {level}."
        ).format(last=TREASURE_SPACES, space=space, level=lowest(state))

    return Fact(lambda state: f"level {lowest(state)}", worked)


def pair_allowed(location: Location, level: int) -> Fact:
    """Whether a pair may fill a slot of ``location``'s ``level`` now (T2.5)."""

    def refusal(state: State) -> IllegalMove | None:
        return pair_refusal(state, location, level)

    def worked(state: State) -> str:
        refused = refusal(state)
        if refused is None:
            return _("Yes: single cards cannot pay {rule}, so a pair may (T2.5).").format(
                rule=rule_id(location, level)
            )
        return _("No ({rule}): {reason}.").format(rule=refused.rule, reason=refused.reason)

    return Fact(lambda state: "no" if refusal(state) else "yes", worked)


def cards_paid(attempt: Attempt) -> Fact:
    """How many diver cards the action ``attempt`` plays (T2.3, T2.5)."""

    def count(state: State) -> int:
        return len(_after(state, attempt)[1].cards)

    def worked(state: State) -> str:
        command = _after(state, attempt)[1]
        slots_count = len(slots(command.location, command.level))
        pair = command.pair_slot is not None
        return _(
            "{action} has {slots} slots, one card each{pair}: {count} cards (T2.3, T2.5)."
        ).format(
            action=_capital(_action_words(command)),
            slots=slots_count,
            pair=_(", one of them filled by a pair") if pair else "",
            count=count(state),
        )

    return Fact(lambda state: str(count(state)), worked)


def hand_after_turn(attempt: Attempt) -> Fact:
    """How many diver cards the learner holds once the turn ends after ``attempt``
    (T2.6, T5.5, T9.1)."""

    def count(state: State) -> int:
        after, _command = _after(state, attempt)
        ended = reduce(evolve, decide(after, EndTurn(state.current)), after)
        return len(ended.hands[state.current])

    def worked(state: State) -> str:
        after, command = _after(state, attempt)
        held = len(state.hands[state.current])
        hired = len(after.hired[state.current])
        return _(
            "You hold {held}, pay {paid} (T2.6) and hire {hired} face down; they join your "
            "hand when the turn ends (T9.1): {held} − {paid} + {hired} = {total}."
        ).format(held=held, paid=len(command.cards), hired=hired, total=count(state))

    return Fact(lambda state: str(count(state)), worked)


def hired_usable(attempt: Attempt) -> Fact:
    """Whether the divers ``attempt`` hires are in the hand before the turn ends (T5.5)."""

    def usable(state: State) -> bool:
        after, _command = _after(state, attempt)
        hired = after.hired[state.current]
        return bool(hired) and all(card in after.hands[state.current] for card in hired)

    def worked(state: State) -> str:
        after, _command = _after(state, attempt)
        return ngettext(
            "No: the {n} diver hired lies face down in front of you and joins your hand only "
            "when your turn ends (T5.5, T9.1).",
            "No: the {n} divers hired lie face down in front of you and join your hand only "
            "when your turn ends (T5.5, T9.1).",
            len(after.hired[state.current]),
        ).format(n=len(after.hired[state.current]))

    return Fact(lambda state: "yes" if usable(state) else "no", worked)


def slots_left() -> Fact:
    """The slots the turn may still fill (T2.4)."""

    def count(state: State) -> int:
        return MAX_SLOTS_PER_TURN - state.slots_used

    def worked(state: State) -> str:
        return ngettext(
            "A turn fills 3 slots; {used} is filled: {left} left (T2.4).",
            "A turn fills 3 slots; {used} are filled: {left} left (T2.4).",
            state.slots_used,
        ).format(used=state.slots_used, left=count(state))

    return Fact(lambda state: str(count(state)), worked)


def released_now(seat: int = LEARNER) -> Fact:
    """How many treasures ``seat`` would release if the game ended now (E3)."""

    def worked(state: State) -> str:
        held, boxes = len(collected(state, seat)), crate_total(state, seat)
        return _("{held} treasures, {crates} crates: {n} released (E3).").format(
            held=held, crates=boxes, n=excess(state, seat)
        )

    return Fact(lambda state: str(excess(state, seat)), worked)


def release_cost(seat: int = LEARNER) -> Fact:
    """How many points the release costs ``seat`` now: the score with crates for every
    treasure, less the score as it is (E3, E4)."""

    def unbound(state: State) -> int:
        kept = score_for(state, seat, (), *_types(state, seat))
        return max(kept.total, score_now(state, seat).total)

    def cost(state: State) -> int:
        return unbound(state) - score_now(state, seat).total

    def worked(state: State) -> str:
        score = score_now(state, seat)
        released = some_cards(score.released) or _("nothing")
        return _(
            "The best release is {cards}: {total} points instead of {unbound}, {cost} lost (E3)."
        ).format(cards=released, total=score.total, unbound=unbound(state), cost=cost(state))

    return Fact(lambda state: str(cost(state)), worked)


def _types(state: State, seat: int) -> tuple[tuple[TreasureType, ...], tuple[TreasureType, ...]]:
    """``R6`` and ``R11`` types for a score with nothing released: each the type held most."""
    kinds = [research_kind(card) for card in state.research[seat]]
    held: list[TreasureType] = [treasure_type(card) for card in collected(state, seat)]
    most: TreasureType = max(TREASURE_TYPES, key=held.count) if held else TREASURE_TYPES[0]
    return (most,) * kinds.count("R6"), (most,) * kinds.count("R11")


def research_worth(space: int) -> Fact:
    """What the research card on ``space`` would score for the learner, taken now (E5)."""

    def card_at(state: State) -> str:
        return state.research_display[space - 1]

    def worth(state: State) -> int:
        card = card_at(state)
        taken = replace(
            state,
            research=tuple(
                (*held, card) if seat == state.current else held
                for seat, held in enumerate(state.research)
            ),
        )
        score = score_now(taken, state.current)
        return next(item.points for item in score.research if item.card == card)

    def worked(state: State) -> str:
        card = card_at(state)
        seat = state.current
        kind = research_kind(card)
        counted = {
            "R7": ngettext("{n} blue treasure", "{n} blue treasures", _blue(state, seat)),
            "R8": ngettext(
                "{n} research card with it",
                "{n} research cards with it",
                len(state.research[seat]) + 1,
            ),
            "R9": ngettext("{n} ship", "{n} ships", len(state.ships[seat])),
        }.get(kind)
        if counted is None:
            return _("{card} on space {space} would score {points} for you (E5.2).").format(
                card=kind, space=space, points=worth(state)
            )
        return _("{card} on space {space} counts {counted}: {points} for you (E5.2).").format(
            card=kind,
            space=space,
            counted=counted.format(n=worth(state)),
            points=worth(state),
        )

    return Fact(lambda state: str(worth(state)), worked)


def _blue(state: State, seat: int) -> int:
    return sum(1 for card in state.treasures[seat] if treasure_type(card) == "ARC")


def colours_kept(seat: int = LEARNER) -> Fact:
    """How many treasure colours ``seat``'s kept treasures show (R4, R5, E5.2)."""

    def count(state: State) -> int:
        kept = list(collected(state, seat))
        for card in score_now(state, seat).released:
            kept.remove(card)
        return len({TREASURE_COLOURS[treasure_type(card)] for card in kept})

    def worked(state: State) -> str:
        kinds = sorted({treasure_type(card) for card in collected(state, seat)})
        return _("Your treasures: {types}, {n} colours (E5.2).").format(
            types=", ".join(type_name(kind) for kind in kinds), n=count(state)
        )

    return Fact(lambda state: str(count(state)), worked)


def next_after_turn() -> Fact:
    """Who plays when the learner's turn ends: a player's name, or ``nobody`` when the
    game ends then (E1.1, E1.2)."""

    def who(state: State) -> str:
        final = state.final_turns
        if final == (state.current,):
            return "nobody"
        return state.players[(state.current + 1) % state.player_count]

    def worked(state: State) -> str:
        if state.hurricane_holder is None:
            return _("The hurricane is not out: the next player plays (T9.5).")
        holder = state.players[state.hurricane_holder]
        if who(state) == "nobody" and state.hurricane_holder == LEARNER:
            return _(
                "You drew the hurricane, so your turn is the very last: after it the game "
                "ends and is scored (E1.1, E1.2)."
            )
        if who(state) == "nobody":
            return _(
                "{name} drew the hurricane, so {name} plays the very last turn: after it "
                "the game ends and is scored (E1.1, E1.2)."
            ).format(name=holder)
        return _("{name} drew the hurricane and plays last; {next} plays before (E1.1).").format(
            name=holder, next=who(state)
        )

    return Fact(who, worked)


__all__ = [
    "ADVICE",
    "LEARNER",
    "QUIZ_TYPES",
    "QUIZ_WORDS",
    "TUTOR",
    "Attempt",
    "Check",
    "Fact",
    "Lesson",
    "Mistake",
    "Outcome",
    "Quiz",
    "Verdict",
    "at",
    "cards_paid",
    "check",
    "colours_kept",
    "command_for",
    "explain_refusal",
    "gain_of",
    "hand_after_turn",
    "happened",
    "hired_usable",
    "is_action",
    "judged",
    "level_reaching",
    "next_after_turn",
    "pair_allowed",
    "paying_colour",
    "refused",
    "release_cost",
    "released_now",
    "research",
    "research_worth",
    "score_change_words",
    "score_if_ended",
    "settle",
    "slots_left",
    "to_learner",
    "treasure",
]
