"""Atlantis's tutor: its lessons' positions, what its tasks and questions check.

How a lesson is judged is the kernel's (``core.kernel.tutor``): questions
first, then one command run through the rules, a refusal answered with its
rule, a legal command matched against the lesson's goal and likely mistakes.
This module gives it what is Atlantis's:

- ``Lesson``: a lesson whose position is a path in notation, hands, collected
  tiles, pawns already home (``core.atlantis.positions``);
- ``Outcome``: the facts of a legal command the lessons' goals and mistakes
  ask about (the pawn moved, where it stopped, the tile taken or bought, the
  bridge placed);
- ``TUTOR``: Atlantis's rules for judging (``decide``, advice on a refusal
  from ``core.atlantis.explain``, the others' final crossings after the last
  move) and ``check``, judging one command in a lesson;
- ``Attempt``: a command the way the keys make it (pawn, destination, tile,
  gap, or "no pawn can move"), so tests can replay both the right answer and
  the deliberate wrong ones (``command_for``);
- the facts questions ask, worked out by the rules (``landing_of``,
  ``water_owed`` …), and the phrases they are told with.

The lessons themselves are in ``core.atlantis.lessons``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce

from msgspec.structs import replace

from core.atlantis.board import Board, Gap
from core.atlantis.choosing import ways_by_destination, why_pawn_cannot_move
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
    PlaceBridge,
)
from core.atlantis.decide import decide
from core.atlantis.describe import cards_phrase, space_phrase
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    GameStarted,
    PawnMoved,
    TileTaken,
    TurnEnded,
)
from core.atlantis.evolve import evolve, fold
from core.atlantis.explain import explain, explain_refusal
from core.atlantis.hands import hand_of
from core.atlantis.i18n import N_, _, ngettext
from core.atlantis.items import LETTERS, Item, parse_item
from core.atlantis.moves import (
    MovePreview,
    final_debt,
    final_payments,
    legal_moves,
    move_payments,
    pawn_moves,
    payable_cards,
)
from core.atlantis.positions import parse_cards, prepared_game
from core.atlantis.state import MAINLAND, PAWN_LETTERS, State
from core.kernel import tutor
from core.kernel.tutor import LEARNER


# -- what the learner did ----------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """A command as the keys make it: a pawn and a destination, a tile to buy, or a gap.

    ``cards`` picks one way among several reaching the same destination
    (``"He Ol"``); without it the way the app offers first is used. A pawn
    without ``to`` is a pawn that has no move at all: only its key is pressed.
    ``stuck`` declares that no pawn can move (T9). ``rule`` is, for a
    deliberate wrong attempt, the rule its feedback must name.
    """

    pawn: str = ""
    to: int | None = None
    cards: str = ""
    buy: str = ""
    bridge: int | None = None
    stuck: bool = False
    rule: str = ""


@dataclass(frozen=True)
class Outcome(tutor.Outcome[State, AnyCommand, AnyEvent]):
    """A legal command and the events it caused, with the facts lessons ask about."""

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
        bridged = self.bridged
        gap = Board.of(state).gap_at(bridged) if bridged is not None else None
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
            "space": bridged or 0,
            "span": gap_span(gap) if gap is not None else "",
            "behind": pawns_behind_phrase(state, gap.first) if gap is not None else "",
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
"""What a lesson's goal and mistakes ask of a legal command."""
Mistake = tutor.Mistake[Outcome]
Verdict = tutor.Verdict[AnyEvent]
Fact = tutor.Fact[State]


class Quiz(tutor.Quiz[State]):
    """A question about a lesson's position (``core.kernel.tutor.Quiz``); its options are
    written in English notation and shown in the reader's (``option_text``)."""

    def option_text(self, option: str) -> str:
        return option_text(option)


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
@dataclass(frozen=True, kw_only=True)
class Lesson(tutor.Lesson[State, AnyEvent, AnyCommand, Outcome, Attempt]):
    """One idea of the rules (``core.kernel.tutor.Lesson``) on a position made of a path
    in notation (``core.atlantis.positions``), the players' hands and collected tiles,
    and the pawns already home."""

    path: str
    players: tuple[str, ...] = ("You", "Ann")
    hands: Mapping[str, str] = field(default_factory=dict)
    collected: Mapping[str, str] = field(default_factory=dict)
    home: Mapping[str, str] = field(default_factory=dict)
    """Pawns (letters) already on the Mainland, by player."""
    bridge_owners: tuple[str, ...] = ()

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


def _outcome(state: State, command: AnyCommand, events: tuple[AnyEvent, ...]) -> Outcome:
    return Outcome(state, command, events)


def _decide(state: State, command: AnyCommand) -> list[AnyEvent]:
    return decide(state, command)


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


TUTOR: tutor.Tutor[State, AnyEvent, AnyCommand, Outcome] = tutor.Tutor(
    decide=_decide,
    evolve=evolve,
    explain_refusal=explain_refusal,
    outcome=_outcome,
    settle=settle_others,
)
"""Atlantis's rules as the tutor judges a command with them."""


def check(lesson: Lesson, state: State, command: AnyCommand) -> Verdict:
    """Judge the learner's command in the lesson's position."""
    return TUTOR.check(lesson, state, command)


def happened(before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
    """What the right command caused, rule by rule: each event's rule id and why
    (``core.atlantis.explain``), the turn's end left out (the board shows whose turn it
    is). ``before`` is the position the command was played in."""
    told: list[tuple[str, str]] = []
    state = before
    for event in events:
        rule, why = explain(state, event)
        state = evolve(state, event)
        if rule and why and not isinstance(event, TurnEnded):
            told.append((rule, why))
    return told


def command_for(state: State, attempt: Attempt) -> AnyCommand:
    """The command the keys would send for ``attempt`` (first payment suggested)."""
    if attempt.buy:
        tile = next(t for t in state.collected[LEARNER] if str(state.tiles[t]) == attempt.buy)
        return BuyCards(LEARNER, tile)
    if attempt.bridge is not None:
        return PlaceBridge(LEARNER, attempt.bridge)
    if attempt.stuck:
        return DeclareStuck(LEARNER)
    if attempt.to is None:
        refused = why_pawn_cannot_move(state, LEARNER, PAWN_LETTERS.index(attempt.pawn))
        if refused is None:
            raise RuntimeError(f"pawn {attempt.pawn} can move: say where to")
        return refused.command
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
def _position(state: State, pawn: str, seat: int = LEARNER) -> int:
    return state.pawns[seat][PAWN_LETTERS.index(pawn)]


def _after(state: State, attempt: Attempt) -> tuple[State, tuple[AnyEvent, ...]]:
    events = tuple(decide(state, command_for(state, attempt)))
    return reduce(evolve, events, state), events


def landing_of(pawn: str, card: str) -> Fact:
    """Where one ``card`` (``"Ri"``) would take the learner's ``pawn`` now (T4.1–T4.2)."""
    (item,) = parse_cards(card)

    def landing(state: State) -> int:
        return Board.of(state).landing(_position(state, pawn), item)

    def worked(state: State) -> str:
        space, letter = landing(state), Item(item).letter
        if space == MAINLAND:
            return _(
                "No {letter} lies ahead of pawn {pawn}, so that card takes it to the "
                "Mainland (T4.2)."
            ).format(letter=letter, pawn=pawn)
        return _("The first {letter} ahead of pawn {pawn} is {where} (T4.1).").format(
            letter=letter, pawn=pawn, where=space_mark(state, space)
        )

    return Fact(lambda state: neutral_space(state, landing(state)), worked)


def stop_after(pawn: str, cards: str) -> Fact:
    """Where the learner's ``pawn`` stops playing ``cards`` (``"He Ri"``) in turn, each
    next card played because the last one landed on a pawn (T4.3)."""
    items = parse_cards(cards)

    def hops(state: State) -> list[int]:
        board, position = Board.of(state), _position(state, pawn)
        occupied = state.occupied() - {position}
        spaces: list[int] = []
        for item in items:
            position = board.landing(position, item)
            spaces.append(position)
            if position == MAINLAND or position not in occupied:
                break
        return spaces

    def worked(state: State) -> str:
        spaces = hops(state)
        if len(spaces) == 1:
            return _("The {first} card stops pawn {pawn} on {where}, which is free (T4.3).").format(
                first=Item(items[0]).letter, pawn=pawn, where=space_mark(state, spaces[0])
            )
        return _(
            "The {first} card lands on {where}, where a pawn stands, so the {second} card "
            "moves pawn {pawn} on from there, to {stop} (T4.3)."
        ).format(
            first=Item(items[0]).letter,
            second=Item(items[1]).letter,
            pawn=pawn,
            where=space_mark(state, spaces[0]),
            stop=space_mark(state, spaces[-1]),
        )

    return Fact(lambda state: neutral_space(state, hops(state)[-1]), worked)


def tile_taken_from(space: int, pawn: str, seat: int = LEARNER) -> Fact:
    """The tile ``seat``'s ``pawn`` would take if it stopped on ``space`` (T6.1–T6.3),
    and where it lies: ``O1 (space 4)``."""

    def tile_space(state: State) -> int | None:
        occupied = state.occupied() - {_position(state, pawn, seat)} | {space}
        return Board.of(state).tile_to_take(space, occupied)

    def answer(state: State) -> str:
        found = tile_space(state)
        return neutral_space(state, found) if found is not None else "nothing"

    def worked(state: State) -> str:
        found = tile_space(state)
        if found is None:
            return _(
                "Looking back from {stop}, no free land space is left: the pawn takes "
                "nothing (T6.3)."
            ).format(stop=space_mark(state, space))
        tile = space_mark(state, found)
        if space == MAINLAND:
            return _(
                "Arriving on the Mainland, a pawn takes the free tile nearest the "
                "Mainland: {tile} (T6.2)."
            ).format(tile=tile)
        text = _(
            "Looking back toward Atlantis from {stop}, the first land space without a "
            "pawn holds {tile} (T6.1)."
        ).format(stop=space_mark(state, space), tile=tile)
        if found == _position(state, pawn, seat):
            text += " " + _("The space the pawn leaves counts as free.")
        return text

    return Fact(answer, worked)


def _gap_term(gap: Gap) -> str:
    if gap.bridged:
        return _("0 (bridged water at {span})").format(span=gap_span(gap))
    return _("{price} (water at {span})").format(price=gap.price, span=gap_span(gap))


def water_owed(pawn: str, destination: int) -> Fact:
    """What the learner's ``pawn`` would owe for the water between its space and
    ``destination`` (T5.1, T5.3), whether or not a card of the hand goes there."""

    def gaps(state: State) -> list[Gap]:
        return Board.of(state).gaps_between(_position(state, pawn), destination)

    def worked(state: State) -> str:
        crossed = gaps(state)
        if not crossed:
            return _("Pawn {pawn} crosses no water on its way: it owes nothing (T5.1).").format(
                pawn=pawn
            )
        return _("On its way, pawn {pawn} crosses {terms} = {total} (T5.1).").format(
            pawn=pawn,
            terms=" + ".join(_gap_term(gap) for gap in crossed),
            total=sum(gap.cost for gap in crossed),
        )

    return Fact(lambda state: str(sum(gap.cost for gap in gaps(state))), worked)


def payable_after(card: str) -> Fact:
    """The most the learner could pay for water after a move playing ``card`` (T5.4)."""
    played = hand_of(parse_cards(card))

    def parts(state: State) -> tuple[list[int], int]:
        return list(state.collected[LEARNER]), sum(payable_cards(state, LEARNER, played))

    def total(state: State) -> int:
        tiles, cards = parts(state)
        return sum(state.tiles[tile].value for tile in tiles) + cards

    def worked(state: State) -> str:
        tiles, cards = parts(state)
        terms = [tile_mark(state, tile) for tile in tiles]
        if cards:
            terms.append(ngettext("{n} card", "{n} cards", cards).format(n=cards))
        return _(
            "You pay with what you held when your turn began, except the cards you play: "
            "{terms} = {total} (T5.4)."
        ).format(terms=" + ".join(terms) or "0", total=total(state))

    return Fact(lambda state: str(total(state)), worked)


COUNT_WORDS = ("none", "one", "two", "all three")
"""A number of pawns as the quizzes' options write it."""


def pawns_before(space: int) -> Fact:
    """How many of the learner's pawns have still to cross the water at ``space``."""

    def letters(state: State) -> list[str]:
        return [PAWN_LETTERS[p] for p, at in enumerate(state.pawns[LEARNER]) if at < space]

    def worked(state: State) -> str:
        gap = Board.of(state).gap_at(space)
        span = gap_span(gap) if gap is not None else str(space)
        found = letters(state)
        if not found:
            return _(
                "None of your pawns is before the water at {span}: they have all crossed it."
            ).format(span=span)
        return _("Before the water at {span} stand {pawns}.").format(
            span=span, pawns=pawns_phrase(state, LEARNER, found)
        )

    return Fact(lambda state: COUNT_WORDS[len(letters(state))], worked)


def gap_price(space: int) -> Fact:
    """What crossing the unbridged water at ``space`` costs (T5.1)."""

    def gap(state: State) -> Gap:
        found = Board.of(state).gap_at(space)
        assert found is not None, space
        return found

    def worked(state: State) -> str:
        water = gap(state)
        left, right = state.top(water.first - 1), state.top(water.last + 1)
        assert left is not None and right is not None
        return _(
            "The water at {span} lies between {left} and {right}: crossing it costs the "
            "lower value, {price} (T5.1)."
        ).format(
            span=gap_span(water),
            left=tile_mark(state, left),
            right=tile_mark(state, right),
            price=water.price,
        )

    return Fact(lambda state: str(gap(state).price), worked)


def cards_bought_with(tile: str) -> Fact:
    """How many cards returning the learner's ``tile`` (``"Am7"``) buys (T1)."""

    def held(state: State) -> int:
        return next(t for t in state.collected[LEARNER] if str(state.tiles[t]) == tile)

    def worked(state: State) -> str:
        value = state.tiles[held(state)].value
        return _("{tile} is worth {value}; half of that, rounded down, is {cards} (T1).").format(
            tile=tile_mark(state, held(state)), value=value, cards=value // 2
        )

    return Fact(lambda state: str(state.tiles[held(state)].value // 2), worked)


def drawn_after(attempt: Attempt) -> Fact:
    """How many cards the learner draws after ``attempt`` (T8, or T9 when stuck)."""

    def drawn(state: State) -> tuple[int, State]:
        after, events = _after(state, attempt)
        count = sum(e.count for e in events if isinstance(e, CardsDrawn) and e.reason != "buy")
        return count, after

    def worked(state: State) -> str:
        count, after = drawn(state)
        if attempt.stuck:
            return _(
                "A player who cannot move draws 2 cards, whatever his pawns on the Mainland (T9)."
            )
        home = after.on_mainland(LEARNER)
        return _(
            "After moving you draw 1 card, plus 1 for each of your pawns on the "
            "Mainland, the one arriving included: 1 + {home} = {total} (T8)."
        ).format(home=home, total=count)

    return Fact(lambda state: str(drawn(state)[0]), worked)


def taken_after(attempt: Attempt) -> Fact:
    """The tile the learner takes with ``attempt``, or ``nothing`` (T6, T9)."""

    def taken(state: State) -> TileTaken | None:
        _state, events = _after(state, attempt)
        return next((e for e in events if isinstance(e, TileTaken)), None)

    def answer(state: State) -> str:
        event = taken(state)
        return neutral_space(state, event.space) if event is not None else "nothing"

    def worked(state: State) -> str:
        event = taken(state)
        if event is None:
            return _(
                "A player who cannot move takes no tile: he shows his hand, draws 2 cards "
                "and his turn ends (T9)."
            )
        return _("That move takes {tile} (T6).").format(tile=space_mark(state, event.space))

    return Fact(answer, worked)


def final_debt_after(attempt: Attempt, player: int) -> Fact:
    """What ``player`` owes at the final crossing once ``attempt`` ends the game (E2)."""

    def after(state: State) -> State:
        return _after(state, attempt)[0]

    def worked(state: State) -> str:
        end = after(state)
        board = Board.of(end)
        terms = []
        for pawn, position in enumerate(end.pawns[player]):
            if position == MAINLAND:
                continue
            costs = [gap.cost for gap in board.gaps_between(position, MAINLAND)]
            sum_text = " + ".join(str(cost) for cost in costs) or "0"
            if len(costs) > 1:
                sum_text += f" = {sum(costs)}"
            terms.append(_("pawn {p}: {costs}").format(p=PAWN_LETTERS[pawn], costs=sum_text))
        return _(
            "When the game ends, each pawn of {name} still on the path pays for all the "
            "water ahead of it (E2): {terms}; {total} in all."
        ).format(name=end.players[player], terms=", ".join(terms), total=final_debt(end, player))

    return Fact(lambda state: str(final_debt(after(state), player)), worked)


def pawns_that_can_move() -> Fact:
    """How many of the learner's pawns have a legal move (T4.5, T9), with why each
    other pawn has none."""

    def movable(state: State) -> set[int]:
        return {preview.pawn for preview in legal_moves(state)}

    def worked(state: State) -> str:
        can = movable(state)
        holds_cards = sum(state.hands[LEARNER]) > 0
        sentences: list[str] = []
        trapped: list[str] = []
        for pawn, position in enumerate(state.pawns[LEARNER]):
            if pawn in can:
                sentences.append(_("Pawn {p} can move.").format(p=PAWN_LETTERS[pawn]))
            elif position != MAINLAND and holds_cards and not pawn_moves(state, pawn):
                # Pawns that no card can stop on a free space are told in one sentence.
                trapped.append(PAWN_LETTERS[pawn])
            else:
                sentences.append(why_pawn_stuck(state, pawn))
        if trapped:
            sentences.append(_cards_run_out(trapped))
        return " ".join(sentences)

    return Fact(lambda state: COUNT_WORDS[len(movable(state))], worked)


def _cards_run_out(letters: list[str]) -> str:
    return ngettext(
        "Pawn {p}: every card you hold lands it on a pawn, and your cards run out before "
        "it reaches a free space (T4.3, T4.5).",
        "Pawns {p}: every card you hold lands them on a pawn, and your cards run out "
        "before they reach a free space (T4.3, T4.5).",
        len(letters),
    ).format(p=join_letters(letters))


def why_pawn_stuck(state: State, pawn: int) -> str:
    """Why the learner's ``pawn`` has no legal move, from the moves the rules find."""
    letter = PAWN_LETTERS[pawn]
    if state.pawns[LEARNER][pawn] == MAINLAND:
        return _("Pawn {p} is on the Mainland already (T3).").format(p=letter)
    if not sum(state.hands[LEARNER]):
        return _("Pawn {p}: you hold no card to move it (T4.1).").format(p=letter)
    ways = pawn_moves(state, pawn)
    if not ways:
        return _cards_run_out([letter])
    cheapest = min(ways, key=lambda way: way.owed - way.payable)
    return _(
        "Pawn {p}: even its cheapest move owes {owed} for water, and you could pay at "
        "most {payable} (T4.5)."
    ).format(p=letter, owed=cheapest.owed, payable=cheapest.payable)


def why_no_move(state: State, command: AnyCommand) -> str:
    """A lesson's words for a refused move: why that pawn has no legal move at all."""
    pawn = command.pawn if isinstance(command, Move) else 0
    return why_pawn_stuck(state, pawn) + " " + _("Can any of your pawns move?")


# -- phrases ----------------------------------------------------------------------------------
def gap_span(gap: Gap) -> str:
    """The spaces of a stretch of water: ``8`` or ``3–4``."""
    return f"{gap.first}" if gap.first == gap.last else f"{gap.first}–{gap.last}"


def join_letters(letters: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(letters) < 2:
        return "".join(letters)
    return _("{first} and {last}").format(first=", ".join(letters[:-1]), last=letters[-1])


def pawns_phrase(state: State, seat: int, letters: list[str]) -> str:
    """``your pawns A and B`` or ``Ann's pawn A``."""
    joined = join_letters(letters)
    if seat == LEARNER:
        return ngettext("your pawn {letters}", "your pawns {letters}", len(letters)).format(
            letters=joined
        )
    return ngettext("{name}'s pawn {letters}", "{name}'s pawns {letters}", len(letters)).format(
        name=state.players[seat], letters=joined
    )


def pawns_behind_phrase(state: State, space: int) -> str:
    """Every pawn, of every player, still before ``space``: the pawns a bridge there
    would let cross for free (T5.3)."""
    parts = []
    for seat, positions in enumerate(state.pawns):
        letters = [PAWN_LETTERS[p] for p, at in enumerate(positions) if at < space]
        if letters:
            parts.append(pawns_phrase(state, seat, letters))
    if not parts:
        return _("no pawn at all")
    behind = "; ".join(parts)
    if all(at >= space for at in state.pawns[LEARNER]):
        behind = _("{others}, and none of yours").format(others=behind)
    return behind


def declared_stuck(o: Outcome) -> bool:
    return isinstance(o.command, DeclareStuck)


def is_move(o: Outcome) -> bool:
    return isinstance(o.command, Move)


def is_bridge(o: Outcome) -> bool:
    return o.bridged is not None


__all__ = [
    "COUNT_WORDS",
    "LEARNER",
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
    "cards_bought_with",
    "check",
    "command_for",
    "declared_stuck",
    "drawn_after",
    "final_debt_after",
    "gap_price",
    "gap_span",
    "happened",
    "is_bridge",
    "is_move",
    "join_letters",
    "landing_of",
    "moved_pawn_other_than",
    "moved_to",
    "neutral_space",
    "option_text",
    "ordered_ways",
    "pawns_before",
    "pawns_behind_phrase",
    "pawns_phrase",
    "pawns_that_can_move",
    "payable_after",
    "settle_others",
    "space_mark",
    "stop_after",
    "taken_after",
    "tile_mark",
    "tile_taken_from",
    "took",
    "water_owed",
    "way_for",
    "why_no_move",
    "why_pawn_stuck",
]
