"""The tutor: how a lesson is judged, whatever its content.

A lesson (``Lesson``) opens on a prepared position (``core.positions``),
explains one idea and asks the learner for one command. ``check`` runs the
command through the rules (``decide``): a refusal is answered with its rule id
and what would be allowed (``core.explain``); a legal command that misses the
task is matched against the lesson's likely mistakes, each naming the rule it
misreads; the right command earns the lesson's explanation. ``Attempt``
describes a command the way the keys make it (pawn, destination, tile, gap),
so tests can replay both the right answer and the deliberate wrong ones.

The lessons themselves are in ``core.lessons``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import reduce

from msgspec.structs import replace

from core.board import Board
from core.choosing import ways_by_destination
from core.commands import AnyCommand, BuyCards, Move, PayFinalCrossing, Payment, PlaceBridge
from core.decide import decide
from core.describe import cards_phrase, space_phrase
from core.errors import IllegalMove
from core.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    GameStarted,
    PawnMoved,
    TileTaken,
)
from core.evolve import evolve, fold
from core.explain import explain_refusal
from core.i18n import N_, _
from core.items import LETTERS, Item, parse_item
from core.moves import MovePreview, final_debt, final_payments, move_payments
from core.positions import parse_cards, prepared_game
from core.state import MAINLAND, PAWN_LETTERS, State

LEARNER = 0
"""The learner always sits in seat 0 and is the player to act."""


# -- what the learner did ----------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """A command as the keys make it: a pawn and a destination, a tile to buy, or a gap.

    ``cards`` picks one way among several reaching the same destination
    (``"He Ol"``); without it the way the app offers first is used. ``rule``
    is, for a deliberate wrong attempt, the rule its feedback must name.
    """

    pawn: str = ""
    to: int | None = None
    cards: str = ""
    buy: str = ""
    bridge: int | None = None
    rule: str = ""


@dataclass(frozen=True)
class Outcome:
    """A legal command and the events it caused, with the facts lessons ask about."""

    before: State
    command: AnyCommand
    events: tuple[AnyEvent, ...]

    def _first(self, kind: type) -> object | None:
        return next((event for event in self.events if isinstance(event, kind)), None)

    @property
    def moved(self) -> PawnMoved | None:
        event = self._first(PawnMoved)
        return event if isinstance(event, PawnMoved) else None

    @property
    def pawn(self) -> int | None:
        return self.command.pawn if isinstance(self.command, Move) else None

    @property
    def destination(self) -> int | None:
        moved = self.moved
        return moved.landings[-1] if moved is not None else None

    @property
    def taken(self) -> str | None:
        """The tile taken (T6), as notation: ``St7``."""
        event = self._first(TileTaken)
        return str(self.before.tiles[event.tile]) if isinstance(event, TileTaken) else None

    @property
    def bought(self) -> str | None:
        """The tile returned to buy cards (T1), as notation."""
        event = self._first(CardsBought)
        return str(self.before.tiles[event.tile]) if isinstance(event, CardsBought) else None

    @property
    def bridged(self) -> int | None:
        event = self._first(BridgePlaced)
        return event.space if isinstance(event, BridgePlaced) else None

    def fields(self) -> dict[str, object]:
        """Values a lesson's sentences may name: ``{where}``, ``{took}``, ``{cards}`` …"""
        state = self.before
        moved, taken = self.moved, self._first(TileTaken)
        bought = self._first(CardsBought)
        drawn = sum(e.count for e in self.events if isinstance(e, CardsDrawn))
        value = state.tiles[bought.tile].value if isinstance(bought, CardsBought) else 0
        pawn = self.pawn
        return {
            "pawn": PAWN_LETTERS[pawn] if pawn is not None else "",
            "where": space_mark(state, moved.landings[-1]) if moved else "",
            "cards": cards_phrase(moved.cards) if moved else "",
            "owed": moved.owed if moved else 0,
            "took": tile_mark(state, taken.tile) if isinstance(taken, TileTaken) else _("nothing"),
            "tile": tile_mark(state, bought.tile) if isinstance(bought, CardsBought) else "",
            "value": value,
            "bought": value // 2,
            "drawn": drawn,
            "space": self.bridged or 0,
        }


def tile_mark(state: State, tile: int) -> str:
    """A tile as the path shows it: the item's letter and the value, ``O1``."""
    spec = state.tiles[tile]
    return f"{Item(spec.item).letter}{spec.value}"


def space_mark(state: State, space: int) -> str:
    """``O1 (space 4)``, or the Mainland."""
    top = state.top(space)
    if top is None:
        return space_phrase(state, space)
    return _("{tile} (space {n})").format(tile=tile_mark(state, top), n=space)


Check = Callable[[Outcome], bool]


@dataclass(frozen=True)
class Mistake:
    """A legal command that misses the task, recognised by ``when``; ``why`` names the rule."""

    when: Check
    rule: str
    why: str


@dataclass(frozen=True)
class Verdict:
    """The answer to one command: done or not, the rule to read, and what to say.

    ``broken`` is true when the rules refused the command (its rule was
    broken); a legal command that misses the task only points to the rule to
    read. ``events`` are what the right command caused (including the other
    players' final crossings when it ended the game); empty otherwise.
    """

    done: bool
    rule: str
    text: str
    events: tuple[AnyEvent, ...] = ()
    broken: bool = False
    quiz_missed: bool = False
    """The move was right but the lesson's question was answered wrong."""


@dataclass(frozen=True)
class Quiz:
    """A question about the lesson's position, answered before the right move is played.

    Trying every destination in turn finds the right move but not this answer:
    the learner has to read the position. ``truth`` works the answer out from
    the position with the rules, so the lesson's text can never disagree with
    them; it must be one of ``options``. ``hint`` follows a wrong answer and
    says how to find the right one without giving it.
    """

    question: str
    options: tuple[str, ...]
    truth: Callable[[State], str]
    hint: str

    def answer(self, state: State) -> int:
        """The index of the right option in ``state``."""
        return self.options.index(self.truth(state))

    def shown_options(self) -> tuple[str, ...]:
        """The options in the reader's language."""
        return tuple(option_text(option) for option in self.options)


#: The words a quiz's truth may answer with, besides tiles and numbers (English, as
#: the lessons write their options; ``option_text`` translates them).
QUIZ_WORDS = (N_("the Mainland"), N_("nothing"), N_("none"), N_("one"), N_("two"), N_("all three"))
_NEUTRAL_SPACE = re.compile(r"(?P<letter>[A-Z])(?P<value>\d+) \(space (?P<space>\d+)\)")


def option_text(option: str) -> str:
    """A quiz option, written in English notation in the lessons (``R2 (space 5)``), as
    the reader's language shows it (``N2 (case 5)`` in French)."""
    found = _NEUTRAL_SPACE.fullmatch(option)
    if found is None:
        return _(option) if option in QUIZ_WORDS else option
    tile = f"{parse_item(found['letter']).letter}{found['value']}"
    return _("{tile} (space {n})").format(tile=tile, n=found["space"])


def neutral_space(state: State, space: int) -> str:
    """``O1 (space 4)`` in English letters and words, as quiz options are written."""
    top = state.top(space)
    if top is None:
        return "the Mainland" if space == MAINLAND else "nothing"
    spec = state.tiles[top]
    return f"{LETTERS[Item(spec.item)]}{spec.value} (space {space})"


# -- a lesson ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One idea of the rules: a position, text, one task and how to judge it."""

    id: str
    title: str
    rules: tuple[str, ...]
    text: str
    task: str
    path: str
    goal: Check
    explanation: str
    solution: Attempt
    mistakes: tuple[Mistake, ...] = ()
    otherwise: str = ""
    """Said to a legal command that no mistake describes, naming ``otherwise_rule``."""
    otherwise_rule: str = ""
    """The rule ``otherwise`` is about; the lesson's first rule when empty."""
    refusals: Mapping[str, str] = field(default_factory=dict)
    """The lesson's own words for a refusal, by rule id, instead of the general advice."""
    wrong: tuple[Attempt, ...] = ()
    players: tuple[str, ...] = ("You", "Ann")
    hands: Mapping[str, str] = field(default_factory=dict)
    collected: Mapping[str, str] = field(default_factory=dict)
    home: Mapping[str, str] = field(default_factory=dict)
    """Pawns (letters) already on the Mainland, by player."""
    bridge_owners: tuple[str, ...] = ()
    quiz: Quiz | None = None
    """Asked once the right move is chosen, before it is played."""

    @property
    def rule(self) -> str:
        return self.rules[0]

    def events(self) -> list[AnyEvent]:
        """The events that open the lesson's position (a game like any other)."""
        events = prepared_game(
            self.path,
            self.players,
            hands=self.hands,
            collected=self.collected,
            current=self.players[LEARNER],
            bridge_owners=self.bridge_owners,
        )
        started = events[0]
        assert isinstance(started, GameStarted)
        pawns = [list(row) for row in started.pawns]
        for name, letters in self.home.items():
            for letter in letters:
                pawns[self.players.index(name)][PAWN_LETTERS.index(letter)] = MAINLAND
        names = (_("You"), *self.players[1:])
        started = replace(started, players=names, pawns=tuple(tuple(row) for row in pawns))
        return [started, *events[1:]]

    def start(self) -> State:
        return fold(self.events())


def check(lesson: Lesson, state: State, command: AnyCommand) -> Verdict:
    """Judge the learner's command in the lesson's position."""
    try:
        events = decide(state, command)
    except IllegalMove as refusal:
        rule, advice = explain_refusal(state, command, refusal)
        said = lesson.refusals.get(rule)
        if said:
            return Verdict(False, rule, _(said), broken=True)
        text = _("{reason}. {advice}").format(reason=_capital(refusal.reason), advice=advice)
        return Verdict(False, rule, text, broken=True)
    outcome = Outcome(state, command, tuple(events))
    if lesson.goal(outcome):
        after = reduce(evolve, events, state)
        return Verdict(True, lesson.rule, _(lesson.explanation), (*events, *settle_others(after)))
    for mistake in lesson.mistakes:
        if mistake.when(outcome):
            return Verdict(False, mistake.rule, _(mistake.why).format_map(outcome.fields()))
    rule = lesson.otherwise_rule or lesson.rule
    return Verdict(False, rule, _(lesson.otherwise).format_map(outcome.fields()))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def settle_others(state: State) -> list[AnyEvent]:
    """After the learner ends the game, the others pay their final crossings (E2) the
    least-overpaying way, so the lesson can show the final scores."""
    events: list[AnyEvent] = []
    while state.phase == "final_crossing" and state.to_act not in (None, LEARNER):
        seat = state.to_act
        assert seat is not None
        paid = decide(state, PayFinalCrossing(seat, final_payments(state, seat, 1)[0]))
        state = reduce(evolve, paid, state)
        events += paid
    return events


def command_for(state: State, attempt: Attempt) -> AnyCommand:
    """The command the keys would send for ``attempt`` (first payment suggested)."""
    if attempt.buy:
        tile = next(t for t in state.collected[LEARNER] if str(state.tiles[t]) == attempt.buy)
        return BuyCards(LEARNER, tile)
    if attempt.bridge is not None:
        return PlaceBridge(LEARNER, attempt.bridge)
    preview = way_for(state, attempt)
    payment = Payment()
    if preview.owed and preview.affordable:
        payment = move_payments(state, preview, limit=1)[0]
    return Move(LEARNER, preview.pawn, preview.cards, payment)


def ordered_ways(state: State, pawn: int, destination: int) -> list[MovePreview]:
    """The ways to one destination in the order the app lists them (cheapest first)."""
    return ways_by_destination(state, pawn).get(destination, [])


def way_for(state: State, attempt: Attempt) -> MovePreview:
    """The move ``attempt`` describes; ``RuntimeError`` if the lesson asks for a move the
    pawn cannot make."""
    pawn = PAWN_LETTERS.index(attempt.pawn or "A")
    wanted = tuple(sorted(parse_cards(attempt.cards))) if attempt.cards else None
    for preview in ordered_ways(state, pawn, attempt.to if attempt.to is not None else -1):
        if wanted is None or tuple(sorted(preview.cards)) == wanted:
            return preview
    raise RuntimeError(f"pawn {attempt.pawn} cannot reach space {attempt.to} that way")


# -- small predicates the lessons are written with ----------------------------------------------
def moved_to(space: int, pawn: str = "") -> Check:
    """The move ends on ``space`` (with pawn ``pawn`` when given)."""
    index = PAWN_LETTERS.index(pawn) if pawn else None
    return lambda o: o.destination == space and (index is None or o.pawn == index)


def moved_pawn_other_than(pawn: str) -> Check:
    index = PAWN_LETTERS.index(pawn)
    return lambda o: o.pawn is not None and o.pawn != index


def took(tile: str) -> Check:
    return lambda o: o.taken == tile


# -- what quizzes ask, worked out by the rules -----------------------------------------------
def landing_of(pawn: str, card: str) -> Callable[[State], str]:
    """Where ``card`` (``"Ri"``) would take the learner's ``pawn`` now (T4.1–T4.2)."""

    def truth(state: State) -> str:
        start = state.pawns[LEARNER][PAWN_LETTERS.index(pawn)]
        (item,) = parse_cards(card)
        return neutral_space(state, Board.of(state).landing(start, item))

    return truth


def tile_taken_from(space: int, pawn: str) -> Callable[[State], str]:
    """The tile the learner's ``pawn`` would take if it stopped on ``space`` (T6.1), and
    where it lies: ``O1 (space 4)``."""

    def truth(state: State) -> str:
        start = state.pawns[LEARNER][PAWN_LETTERS.index(pawn)]
        occupied = state.occupied() - {start} | {space}
        tile_space = Board.of(state).tile_to_take(space, occupied)
        return neutral_space(state, tile_space) if tile_space is not None else "nothing"

    return truth


def owed_by(pawn: str, destination: int) -> Callable[[State], str]:
    """What moving the learner's ``pawn`` to ``destination`` would owe for water (T5.1)."""

    def truth(state: State) -> str:
        ways = ordered_ways(state, PAWN_LETTERS.index(pawn), destination)
        return str(ways[0].owed)

    return truth


def pawns_before(space: int) -> Callable[[State], str]:
    """How many of the learner's pawns have still to cross ``space``: a number as words."""

    def truth(state: State) -> str:
        count = sum(position < space for position in state.pawns[LEARNER])
        return ("none", "one", "two", "all three")[count]

    return truth


def cards_bought_with(tile: str) -> Callable[[State], str]:
    """How many cards returning the learner's ``tile`` (``"Am7"``) buys (T1)."""

    def truth(state: State) -> str:
        held = next(t for t in state.collected[LEARNER] if str(state.tiles[t]) == tile)
        return str(state.tiles[held].value // 2)

    return truth


def drawn_after(attempt: Attempt) -> Callable[[State], str]:
    """How many cards the learner draws after ``attempt`` (T8)."""

    def truth(state: State) -> str:
        events = decide(state, command_for(state, attempt))
        return str(sum(e.count for e in events if isinstance(e, CardsDrawn)))

    return truth


def final_debt_after(attempt: Attempt, player: int) -> Callable[[State], str]:
    """What ``player`` owes at the final crossing once ``attempt`` ends the game (E2)."""

    def truth(state: State) -> str:
        after = reduce(evolve, decide(state, command_for(state, attempt)), state)
        return str(final_debt(after, player))

    return truth


def is_move(o: Outcome) -> bool:
    return isinstance(o.command, Move)


def is_bridge(o: Outcome) -> bool:
    return o.bridged is not None
