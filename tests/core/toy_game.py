"""A toy card game, for testing the kernel's services on a game that is not Atlantis.

Twelve cards, 1 to 12, are shuffled from the game's secret; each player is
dealt three, the rest stay face down. In each round every player, in seat
order, plays one card face up; the highest card of the round takes the
round's cards, worth their values. The score is the points taken. Hands are
secret, so a bot that searches must guess them: enough for the determinized
search, simulate, bench and stats to be tried on a second game.

Everything is module-level, so the descriptor pickles (``simulate --jobs``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from functools import reduce

import msgspec

from core.kernel.chance import stream
from core.kernel.errors import IllegalMove
from core.kernel.game_type import GameType, PlayerLimits, Result, RulesTexts
from core.kernel.search import DeterminizedSearch, SearchGame

CARDS = tuple(range(1, 13))
HAND = 3


class ToyOptions(msgspec.Struct, frozen=True):
    hand: int = HAND
    """Cards dealt to each player."""


class Started(msgspec.Struct, frozen=True, tag_field="type", tag="started"):
    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    rest: tuple[int, ...]


class Played(msgspec.Struct, frozen=True, tag_field="type", tag="played"):
    seat: int
    card: int


class Ended(msgspec.Struct, frozen=True, tag_field="type", tag="ended"):
    scores: tuple[int, ...]


Event = Started | Played | Ended


class Play(msgspec.Struct, frozen=True, tag_field="type", tag="play"):
    seat: int
    card: int


class State(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    rest: tuple[int, ...]
    trick: tuple[int, ...] = ()
    """The cards of the round so far, in seat order."""
    points: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    """The cards of the rounds already taken (face up, so public)."""
    commands: int = 0
    over: bool = False
    scores: tuple[int, ...] = ()

    @property
    def current(self) -> int:
        return len(self.trick)


class View(msgspec.Struct, frozen=True):
    seat: int
    state: State
    """The state with the other hands and the rest emptied."""
    hand_sizes: tuple[int, ...]
    rest_size: int


def setup(players: Sequence[str], options: ToyOptions, secret: str) -> list[Event]:
    deck = list(CARDS)
    stream(secret, "deal").shuffle(deck)
    size = options.hand
    hands = tuple(
        tuple(sorted(deck[seat * size : (seat + 1) * size])) for seat in range(len(players))
    )
    return [Started(tuple(players), hands, tuple(deck[len(players) * size :]))]


def decide(state: State, command: Play) -> list[Event]:
    if state.over:
        raise IllegalMove("T0", "the game is over")
    if command.seat != state.current:
        raise IllegalMove("T1", "it is not that player's turn")
    if command.card not in state.hands[command.seat]:
        raise IllegalMove("T2", "that card is not in the hand")
    events: list[Event] = [Played(command.seat, command.card)]
    after = evolve(state, events[0])
    if not any(after.hands) and not after.trick:
        events.append(Ended(after.points))
    return events


def evolve(state: State, event: Event) -> State:
    if isinstance(event, Started):
        count = len(event.players)
        return State(event.players, event.hands, event.rest, points=(0,) * count)
    if isinstance(event, Played):
        hands = list(state.hands)
        hands[event.seat] = tuple(card for card in hands[event.seat] if card != event.card)
        trick = (*state.trick, event.card)
        points, taken = state.points, state.taken
        if len(trick) == len(state.players):
            winner = trick.index(max(trick))
            points = tuple(p + (sum(trick) if s == winner else 0) for s, p in enumerate(points))
            trick, taken = (), (*taken, *trick)
        return msgspec.structs.replace(
            state,
            hands=tuple(hands),
            trick=trick,
            points=points,
            taken=taken,
            commands=state.commands + 1,
        )
    return msgspec.structs.replace(state, over=True, scores=event.scores)


def fold(events: Iterable[Event]) -> State:
    iterator = iter(events)
    first = next(iterator)
    return reduce(evolve, iterator, evolve(State((), (), ()), first))


def to_act(state: State) -> int | None:
    return None if state.over else state.current


def is_over(state: State) -> bool:
    return state.over


def view_for(state: State, seat: int) -> View:
    hidden = tuple(hand if player == seat else () for player, hand in enumerate(state.hands))
    return View(
        seat,
        msgspec.structs.replace(state, hands=hidden, rest=()),
        tuple(len(hand) for hand in state.hands),
        len(state.rest),
    )


def event_for(event: Event, seat: int | None, open_hands: bool) -> Event:
    if isinstance(event, Started) and seat is not None and not open_hands:
        hands = tuple(hand if player == seat else () for player, hand in enumerate(event.hands))
        return Started(event.players, hands, ())
    return event


def legal_commands(state: State) -> list[Play]:
    seat = state.current
    return [Play(seat, card) for card in state.hands[seat]]


def describe(state: State, event: Event) -> str:
    if isinstance(event, Played):
        return f"{state.players[event.seat]} plays {event.card}"
    return type(event).__name__


def result(state: State) -> Result:
    scores = state.scores or state.points
    best = max(scores)
    ranks = tuple(1 + sum(other > mine for other in scores) for mine in scores)
    return Result(scores, ranks, tuple(s for s, value in enumerate(scores) if value == best))


# --- Bots -----------------------------------------------------------------------------


class RandomBot:
    name = "random"

    def decide(self, view: View, rng: random.Random) -> Play:
        return rng.choice(legal_commands(view.state))


class HighBot:
    name = "high"

    def decide(self, view: View, rng: random.Random) -> Play:
        return max(legal_commands(view.state), key=lambda play: play.card)


def determinize(view: View, rng: random.Random) -> State:
    """The other hands and the rest dealt at random from the cards the seat has not seen."""
    state = view.state
    seen = {*state.hands[view.seat], *state.trick, *state.taken}
    unseen = [card for card in CARDS if card not in seen]
    rng.shuffle(unseen)
    hands = list(state.hands)
    for player, size in enumerate(view.hand_sizes):
        if player != view.seat:
            hands[player] = tuple(sorted(unseen[:size]))
            del unseen[:size]
    return msgspec.structs.replace(state, hands=tuple(hands), rest=tuple(unseen))


def _play(state: State, command: Play) -> State:
    for event in decide(state, command):
        state = evolve(state, event)
    return state


def _reward(state: State, seat: int) -> float:
    scores = result(state).scores
    best_other = max(value for player, value in enumerate(scores) if player != seat)
    return math.tanh((scores[seat] - best_other) / 10)


def _candidates(view: View) -> list[Play]:
    return legal_commands(view.state)


def _seat(view: View) -> int:
    return view.seat


def _never(start: State, state: State, seat: int) -> bool:
    return False


_RANDOM = RandomBot()
SEARCH = SearchGame(
    seat=_seat,
    candidates=_candidates,
    determinize=determinize,
    play=_play,
    is_over=is_over,
    to_act=to_act,
    view_for=view_for,
    rollout=_RANDOM.decide,
    horizon_reached=_never,
    reward=_reward,
)


class SearchBot(DeterminizedSearch[State, View, Play]):
    name = "search"


def _random_bot(settings: object) -> RandomBot:
    return RandomBot()


def _high_bot(settings: object) -> HighBot:
    return HighBot()


def _search_bot(settings: object) -> SearchBot:
    budget = getattr(settings, "time_budget", 1.0)
    iterations = getattr(settings, "iterations", None)
    return SearchBot(SEARCH, time_budget=budget, iterations=iterations)


TOY: GameType[State, Event, Play, View, ToyOptions] = GameType(
    id="toy",
    name="Toy",
    players=PlayerLimits(2, 4),
    options_type=ToyOptions,
    event_type=Event,
    command_type=Play,
    setup=setup,
    decide=decide,
    decide_trusted=decide,
    evolve=evolve,
    fold=fold,
    to_act=to_act,
    is_over=is_over,
    view_for=view_for,
    event_for=event_for,
    legal_commands=legal_commands,
    describe=describe,
    result=result,
    bots={"random": _random_bot, "high": _high_bot, "search": _search_bot},
    rules=RulesTexts(package="tests.core", spec="RULES.md", rulebooks={}),
)
