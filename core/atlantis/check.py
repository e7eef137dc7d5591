"""Re-running a recorded game through the rules (``atlantis check``).

Each command a player gave is rebuilt from the events it caused (a
``PawnMoved`` and its ``CrossingPaid`` make a ``Move``, and so on), handed to
``decide`` again, and what ``decide`` answers must match the file event for
event. Shuffles are taken from the file, after checking that they reorder
exactly the discard pile (T8) or, after an undo, the draw pile. The first
disagreement is reported with its line number and the rule it breaks.

A file of format 3 on says where each action begins (its action markers): the
markers must be exactly where the rules find the actions, with the seat that
acted and the number of events the action gave; a marker that says otherwise
is an inconsistency on the marker's line. This full re-judge is also how the
actions of a file written before markers are found, once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import reduce
from typing import Any, TypeVar

import msgspec

from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
    PlaceBridge,
    Resign,
)
from core.atlantis.decide import decide
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    EventsUndone,
    FinalCrossingPaid,
    GameStarted,
    PawnMoved,
    PileShuffled,
    PlayerResigned,
    PlayerStuck,
    rule_of,
    tag_of,
)
from core.atlantis.evolve import after_undo, evolve, initial_state
from core.atlantis.hands import cards_of, hand_of
from core.atlantis.i18n import _
from core.atlantis.items import ITEM_COUNT
from core.atlantis.moves import payable_cards
from core.atlantis.setup import LAYOUT_A, LAYOUT_B, deal
from core.atlantis.state import (
    CARDS_PER_ITEM,
    MAINLAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PATH_LENGTH,
    State,
)
from core.kernel.chance import is_secret
from core.kernel.errors import IllegalMove
from core.kernel.events import Action
from core.kernel.game import NO_SEAT
from core.kernel.savefile import Header


class Inconsistency(msgspec.Struct, frozen=True):
    """The first place where a recorded game breaks the rules."""

    line: int
    rule: str
    reason: str
    brief: str = ""
    """The reason without the events it quotes, for readers who must not see cards
    (empty when ``reason`` quotes none)."""

    def __str__(self) -> str:
        return _("line {line}: {rule}: {reason}").format(
            line=self.line, rule=self.rule, reason=self.reason
        )


class CheckResult(msgspec.Struct, frozen=True):
    """``state`` is the last consistent state; ``problem`` is None when all is well.

    ``command_starts`` are the positions where a player's action begins: the
    places a game can be taken up again ("play from here"). ``unfinished_action``
    is where the last action begins when the file ends inside it (a crash while
    it was being written): the state there is the one to resume from.
    ``actions`` are the actions the rules found whole (and the one the file
    ends inside, with as many events as the rules give it), as a save's
    markers record them.
    """

    state: State | None
    events_checked: int
    problem: Inconsistency | None = None
    command_starts: tuple[int, ...] = ()
    unfinished_action: int | None = None
    actions: tuple[Action, ...] = ()
    opening_cut: bool = False
    """The file ends inside the deal (a crash while the game was set up): consistent
    as far as it goes, but some seats were never dealt, so it cannot be played on."""

    @property
    def ok(self) -> bool:
        return self.problem is None


class _Refusal(Exception):
    def __init__(
        self, index: int, rule: str, reason: str, brief: str = "", line: int | None = None
    ) -> None:
        """``index``: the first event not checked; ``line``: the file line to name
        when it is not that event's (an action marker's)."""
        super().__init__(reason)
        self.index, self.rule, self.reason, self.brief = index, rule, reason, brief
        self.line = line


def _check_start(started: GameStarted) -> None:
    """S1–S5: the opening event describes a table the rules could lay."""
    players = len(started.players)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _Refusal(
            0, "S3", _("Atlantis is for 2 to 4 players, not {count}").format(count=players)
        )
    if len(started.path) != PATH_LENGTH:
        raise _Refusal(
            0,
            "S2",
            _("the path has {found} spaces, not {expected}").format(
                found=len(started.path), expected=PATH_LENGTH
            ),
        )
    if started.secret and not is_secret(started.secret):
        raise _Refusal(0, "S4", _("the game's secret is not hex of at least 128 bits"))
    if not 0 <= started.start_player < players:
        raise _Refusal(0, "S5", _("the start player is not one of the players"))
    placed = [t for stack in started.path for t in stack]
    placed += [t for tiles in started.collected for t in tiles]
    if any(not 0 <= t < len(started.tiles) for t in placed) or len(set(placed)) != len(placed):
        raise _Refusal(0, "S1", _("a tile is missing from the tile set or laid twice"))
    cards = Counter(started.deck)
    if any(cards[item] != CARDS_PER_ITEM for item in range(ITEM_COUNT)) or len(started.deck) != (
        CARDS_PER_ITEM * ITEM_COUNT
    ):
        raise _Refusal(0, "S1", _("the deck is not 105 cards, 15 of each item"))
    for rows in (started.pawns, started.collected, started.bridges):
        if rows and len(rows) != players:
            raise _Refusal(0, "S3", _("the prepared position does not match the players"))
    if any(len(row) != 3 or not all(0 <= p <= MAINLAND for p in row) for row in started.pawns):
        raise _Refusal(0, "S3", _("every player has three pawns on the board"))
    if not (started.pawns or started.collected or started.bridges):
        _check_layout(started)


def _check_layout(started: GameStarted) -> None:
    """S2: a normal game lays 26 A spaces, water, then 26 B spaces, with the stack heights."""
    heights = [h for h, n in LAYOUT_A for _copy in range(n)]
    heights += [0] + [h for h, n in LAYOUT_B for _copy in range(n)]
    if [len(stack) for stack in started.path] != heights:
        raise _Refusal(0, "S2", _("the path's stacks are not laid as S2 says"))
    for space, stack in enumerate(started.path, start=1):
        back = "A" if space < 27 else "B"
        if any(started.tiles[t].back != back for t in stack):
            raise _Refusal(
                0, "S2", _("space {space} holds a tile with the wrong back").format(space=space)
            )


def _payment_after(state: State, events: Sequence[AnyEvent], index: int) -> Payment:
    """The payment recorded after the move at ``index``.

    A save cut right after a move that owes a crossing does not say how it was
    paid; offering everything the player may pay with lets ``decide`` judge the
    move itself, and the payment it then makes lies past the cut, unchecked.
    """
    moved = events[index]
    assert isinstance(moved, PawnMoved)
    following = events[index + 1] if index + 1 < len(events) else None
    if isinstance(following, CrossingPaid):
        return Payment(following.tiles, following.cards)
    seat = moved.player
    if (
        following is not None
        or moved.owed <= 0
        or not 0 <= seat < state.player_count
        or not all(0 <= card < ITEM_COUNT for card in moved.cards)
    ):
        return Payment()
    allowed = payable_cards(state, seat, hand_of(moved.cards))
    return Payment(state.collected[seat], cards_of(allowed))


def _command_at(state: State, events: Sequence[AnyEvent], index: int) -> AnyCommand:
    """The command that produced the events starting at ``index``."""
    event = events[index]
    if isinstance(event, CardsBought):
        return BuyCards(event.player, event.tile)
    if isinstance(event, BridgePlaced):
        return PlaceBridge(event.player, event.space)
    if isinstance(event, PawnMoved):
        return Move(event.player, event.pawn, event.cards, _payment_after(state, events, index))
    if isinstance(event, PlayerStuck):
        return DeclareStuck(event.player)
    if isinstance(event, FinalCrossingPaid):
        return PayFinalCrossing(event.player, Payment(event.tiles, event.cards))
    if isinstance(event, PlayerResigned):
        return Resign(event.player)
    raise _Refusal(
        index,
        "T",
        _("a {event} event cannot start a player's action here").format(event=tag_of(event)),
    )


def _replay_command(state: State, events: Sequence[AnyEvent], index: int) -> tuple[State, int, int]:
    """Decide the command recorded at ``index`` again.

    Returns the new state, the index after the command's events in the file,
    and how many events the action has: more than the file holds when it ends
    inside the action.
    """
    command = _command_at(state, events, index)
    cursor = index

    def recorded_shuffle(current: State, cards: tuple[int, ...]) -> tuple[int, ...]:
        nonlocal cursor
        while cursor < len(events) and not isinstance(events[cursor], _SHUFFLES):
            cursor += 1
        if cursor == len(events):
            # The save ends before the shuffle (it was cut inside this command):
            # any order will do, as nothing past the end of the file is compared.
            return cards
        shuffled = events[cursor]
        assert isinstance(shuffled, _SHUFFLES)
        if sorted(shuffled.deck) != sorted(cards):
            if isinstance(shuffled, PileShuffled):
                reason = _("the shuffled draw pile is not the draw pile")
            else:
                reason = _("the reshuffled draw pile is not the discard pile")
            raise _Refusal(cursor, rule_of(shuffled), reason)
        cursor += 1
        return shuffled.deck

    def judged(deciding: State) -> list[AnyEvent]:
        """What the rules give from ``deciding``, compared with the file's events."""
        nonlocal cursor
        cursor = index
        try:
            produced = decide(deciding, command, recorded_shuffle)
        except IllegalMove as refusal:
            raise _Refusal(index, refusal.rule, refusal.reason) from None
        for offset, expected in enumerate(produced):
            position = index + offset
            if position >= len(events):
                break  # a save cut short inside a command: what is there is consistent
            found = events[position]
            if not _same(expected, found):
                raise _Refusal(
                    position,
                    rule_of(expected),
                    _("the rules give {expected} here, the file has {found}").format(
                        expected=_describe(expected), found=_describe(found)
                    ),
                    _brief_mismatch(expected, found),
                )
        return produced

    try:
        produced = judged(state)
    except _Refusal as refusal:
        # Shuffling the face-down pile before a draw tells nobody anything, so it is
        # legal whenever the file does it: the game does after an undo that showed
        # cards from the pile, but not for a redo (which restores the very cards the
        # undo took back), and a game played on from the events in force may hold
        # such a shuffle without the undo before it.
        try:
            produced = judged(msgspec.structs.replace(state, pile_seen=not state.pile_seen))
        except _Refusal:
            raise refusal from None
    end = min(index + len(produced), len(events))
    count = len(produced)
    if (
        end == index + count
        and isinstance(command, BuyCards)
        and _empty_draw(events, end, command.seat)
    ):
        end += 1  # a purchase of 0 cards may be recorded with an empty draw, or without
        count += 1
    return reduce(evolve, events[index:end], state), end, count


_SHUFFLES = (DeckReshuffled, PileShuffled)


def _same(expected: AnyEvent, found: AnyEvent) -> bool:
    """Whether the file's event is the one the rules give.

    A payment's tiles and cards are a multiset: ``[5, 1]`` pays what ``[1, 5]``
    pays, so their order in the file is free.
    """
    if isinstance(expected, CrossingPaid) and isinstance(found, CrossingPaid):
        return _sorted_payment(found) == _sorted_payment(expected)
    if isinstance(expected, FinalCrossingPaid) and isinstance(found, FinalCrossingPaid):
        return _sorted_payment(found) == _sorted_payment(expected)
    return found == expected


_Paid = TypeVar("_Paid", CrossingPaid, FinalCrossingPaid)


def _sorted_payment(event: _Paid) -> _Paid:
    return msgspec.structs.replace(
        event, tiles=tuple(sorted(event.tiles)), cards=tuple(sorted(event.cards))
    )


def _empty_draw(events: Sequence[AnyEvent], index: int, seat: int) -> bool:
    """A draw of no card for a purchase by ``seat`` at ``index`` (it changes nothing)."""
    if index >= len(events):
        return False
    event = events[index]
    return (
        isinstance(event, CardsDrawn)
        and event.player == seat
        and event.reason == "buy"
        and event.count == 0
        and not event.cards
    )


def _describe(event: AnyEvent) -> str:
    return msgspec.json.encode(event).decode()


def _brief_mismatch(expected: AnyEvent, found: AnyEvent) -> str:
    """A mismatch named by the events' types only: their fields may hold cards."""
    if tag_of(expected) == tag_of(found):
        return _("the file's {event} event is not the one the rules give here").format(
            event=tag_of(found)
        )
    return _("the rules give a {expected} event here, the file has {found}").format(
        expected=tag_of(expected), found=tag_of(found)
    )


def check_events(
    events: Sequence[AnyEvent],
    lines: Sequence[int] | None = None,
    header: Header[Any] | None = None,
    actions: Sequence[Action] | None = None,
) -> CheckResult:
    """Re-run every decision of a recorded game; report the first inconsistency.

    ``actions`` are those the file's markers announce (``SavedGame.actions``),
    checked against the actions the rules find; ``None`` for a file without
    markers.
    """
    line_of = list(lines) if lines is not None else [i + 2 for i in range(len(events))]
    if not events or not isinstance(events[0], GameStarted):
        return CheckResult(
            None,
            0,
            Inconsistency(
                line_of[0] if line_of else 2, "S2", _("the game does not start with game-started")
            ),
        )
    started = events[0]
    state: State | None = None
    index = 0
    starts: list[int] = []
    found: list[Action] = []
    unfinished: int | None = None
    markers = _Markers(actions, line_of, len(events))
    try:
        if header is not None and (
            header.players != started.players
            or header.options != started.options
            or header.seed != started.seed
        ):
            raise _Refusal(0, "V", _("the header does not match the game-started event"))
        _check_start(started)
        state = initial_state(started)
        index = 1
        try:
            index, state = _check_deal(events, state, started)
        except _Refusal as refusal:
            markers.none_before(refusal.index + 1)  # a marker in the deal is wrong first
            raise
        markers.none_before(index)
        opening_cut = index == len(events) and _deal_is_cut(index - 1, started)
        in_force = index
        history: list[tuple[int, State]] = []  # (events in force, state) before each command
        while index < len(events):
            event = events[index]
            if isinstance(event, EventsUndone):
                markers.none_at(index)
                restored, in_force = _undo(history, in_force, event.count, index)
                state = after_undo(state, restored)
                index += 1
                continue
            if state.is_over:
                raise _Refusal(index, "E1", _("events follow the end of the game"))
            if isinstance(event, PileShuffled):
                # Between actions (a game played on from a replay): legal, as any
                # shuffle of the face-down pile is, when it is the pile.
                markers.none_at(index)
                if sorted(event.deck) != sorted(state.deck):
                    raise _Refusal(index, "T", _("the shuffled draw pile is not the draw pile"))
                state = evolve(state, event)
                index += 1
                in_force += 1
                continue
            history.append((in_force, state))
            starts.append(index)
            seat = NO_SEAT if state.to_act is None else state.to_act
            try:
                state, after, count = _replay_command(state, events, index)
            except _Refusal as refusal:
                # A marker among the events before the refused one is wrong first.
                markers.none_within(index, refusal.index)
                raise
            action = Action(index, seat, count)
            markers.agree(action)
            found.append(action)
            if action.end > len(events):
                unfinished = index
            in_force += after - index
            index = after
        markers.none_left()
    except _Refusal as refusal:
        line = refusal.line if refusal.line is not None else line_of[refusal.index]
        return CheckResult(
            state,
            refusal.index,
            Inconsistency(line, refusal.rule, refusal.reason, refusal.brief),
            tuple(starts),
            actions=tuple(found),
        )
    return CheckResult(
        state, len(events), None, tuple(starts), unfinished, tuple(found), opening_cut
    )


class _Markers:
    """A file's action markers, checked against the actions the rules find."""

    def __init__(
        self, actions: Sequence[Action] | None, line_of: Sequence[int], event_count: int
    ) -> None:
        self._marked = actions is not None
        self._count = event_count
        # Markers stand on the lines just before their action's first event; those
        # after the last event (a crash right after writing one) announce no event.
        groups: dict[int, list[Action]] = {}
        for action in actions or ():
            groups.setdefault(action.start, []).append(action)
        self._at: dict[int, list[tuple[Action, int]]] = {}
        self._trailing: list[int] = []
        for start, group in groups.items():
            if start < event_count:
                first = line_of[start] - len(group)
            else:
                first = (line_of[event_count - 1] if event_count else 1) + 1
            lines = range(first, first + len(group))
            if start < event_count:
                self._at[start] = list(zip(group, lines, strict=True))
            else:
                self._trailing = list(lines)

    def _stray(self, index: int, line: int) -> _Refusal:
        return _Refusal(index, "T", _("an action marker stands where no action begins"), line=line)

    def _first_stray(self, start: int) -> _Refusal:
        return self._stray(start, self._at[start][0][1])

    def none_before(self, index: int) -> None:
        """No marker among the game's setup, before ``index``."""
        early = [start for start in self._at if start < index]
        if early:
            raise self._first_stray(min(early))

    def none_at(self, index: int) -> None:
        """No marker before an event that is no player's action."""
        if index in self._at:
            raise self._first_stray(index)

    def agree(self, action: Action) -> None:
        """The action the rules found has one marker, which says what it did, and no
        marker stands among its events."""
        if not self._marked:
            return
        entries = self._at.pop(action.start, None)
        if entries is None:
            raise _Refusal(action.start, "T", _("this action has no action marker before it"))
        if len(entries) > 1:
            raise self._stray(action.start, entries[0][1])
        marker, line = entries[0]
        if marker != action:
            raise _Refusal(
                action.start,
                "T",
                _(
                    "the action marker says seat {marked_seat} and {marked} events; "
                    "the rules give seat {seat} and {count}"
                ).format(
                    marked_seat=marker.seat,
                    marked=marker.count,
                    seat=action.seat,
                    count=action.count,
                ),
                line=line,
            )
        self.none_within(action.start, action.end - 1)

    def none_within(self, start: int, last: int) -> None:
        """No marker before the events after ``start`` up to ``last``, all of one action."""
        for inside in range(start + 1, min(last + 1, self._count)):
            if inside in self._at:
                raise self._first_stray(inside)

    def none_left(self) -> None:
        """Every marker stood before an action the rules found; at most one after the
        last event."""
        if self._at:
            raise self._first_stray(min(self._at))
        if len(self._trailing) > 1:
            raise self._stray(self._count, self._trailing[1])


def actions_of(events: Sequence[AnyEvent]) -> tuple[Action, ...]:
    """Where each action begins among ``events`` that do not say (a save written
    before action markers, a list of events made by hand), found by re-judging them.

    Events the rules do not give make one last action, up to the next undo or the end.
    """
    result = check_events(events)
    found = result.actions
    starts = result.command_starts
    if result.problem is None or not starts or (found and found[-1].start == starts[-1]):
        return found
    start = starts[-1]
    end = next(
        (i for i in range(start, len(events)) if isinstance(events[i], EventsUndone)),
        len(events),
    )
    if end == start:
        return found
    state = result.state
    seat = NO_SEAT if state is None or state.to_act is None else state.to_act
    return (*found, Action(start, seat, end - start))


def _undo(
    history: list[tuple[int, State]], in_force: int, count: int, index: int
) -> tuple[State, int]:
    """Go back to the state before the command where ``count`` events ago began."""
    target = in_force - count
    while history and history[-1][0] > target:
        history.pop()
    if count <= 0 or not history or history[-1][0] != target:
        raise _Refusal(index, "T", _("an undo must take back whole actions, after the deal"))
    return history.pop()[1], target


def _deal_is_cut(dealt: int, started: GameStarted) -> bool:
    """Whether a normal game's deal (S4) has more events than the ``dealt`` read: the
    record ends before every seat was dealt. A prepared position deals what it deals."""
    if started.pawns or started.collected or started.bridges:
        return False
    return dealt < len(deal(initial_state(started)))


def _check_deal(
    events: Sequence[AnyEvent], state: State, started: GameStarted
) -> tuple[int, State]:
    """S4: the deal draws from the top of the pile; a normal game deals 4, 5, 6, 7."""
    index = 1
    if started.pawns or started.collected or started.bridges:
        while index < len(events):
            event = events[index]
            if not (isinstance(event, CardsDrawn) and event.reason == "deal"):
                break
            if not 0 <= event.player < state.player_count:
                raise _Refusal(index, "S4", _("the deal names a seat that is not at the table"))
            if event.cards != state.deck[: event.count] or event.count != len(event.cards):
                raise _Refusal(index, "S4", _("dealt cards are not the top of the draw pile"))
            state = evolve(state, event)
            index += 1
        return index, state
    for expected in deal(state):
        if index >= len(events):
            return index, state
        if events[index] != expected:
            raise _Refusal(
                index, "S4", _("the deal is not 4, 5, 6, 7 cards from the top of the pile")
            )
        state = evolve(state, expected)
        index += 1
    return index, state
