"""A toy card game defined only here, to show the kit needs nothing of Atlantis.

Two players are dealt three of twelve cards numbered 1 to 12, hidden from each
other. In turn each plays a card face up and draws the top card of the pile
(hidden from the other) while there is one. When both hands are empty the game
ends; a player scores the cards he played. The pile's order comes from the
game's secret through the kernel's chance, and is recorded in the opening event.

Besides ``TOY``, which passes the whole kit, four variants break one promise
each, so that the kit's tests are seen to fail: ``LEAKY_VIEW`` shows the other
hand, ``LEAKY_EVENTS`` shows the other player's draws, ``PEEKING`` slips the
whole state into a view, where its bot reads the other hand, and ``UNSEEDED``
shuffles without the secret.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Iterable, Sequence
from functools import reduce

import msgspec
from msgspec.structs import replace

from core.kernel.bot_settings import BotSettings
from core.kernel.bots import bot_list
from core.kernel.chance import stream
from core.kernel.errors import IllegalMove, NotYourTurn
from core.kernel.game_type import (
    GameType,
    PlayerLimits,
    Playing,
    Presentation,
    Privacy,
    Records,
    Result,
    RulesTexts,
)

CARDS = tuple(range(1, 13))
HAND_SIZE = 3


class ToyOptions(msgspec.Struct, frozen=True):
    """No choices: a toy has one way to play."""

    open_hands: bool = False


class Started(msgspec.Struct, frozen=True, tag_field="type", tag="toy-started"):
    players: tuple[str, ...]
    deck: tuple[int, ...]
    secret: str = ""


class Drawn(msgspec.Struct, frozen=True, tag_field="type", tag="toy-drawn"):
    player: int
    cards: tuple[int, ...]
    count: int


class Played(msgspec.Struct, frozen=True, tag_field="type", tag="toy-played"):
    player: int
    card: int


class Ended(msgspec.Struct, frozen=True, tag_field="type", tag="toy-ended"):
    scores: tuple[int, ...]


ToyEvent = Started | Drawn | Played | Ended


class Play(msgspec.Struct, frozen=True, tag_field="type", tag="play"):
    seat: int
    card: int


ToyCommand = Play


class ToyState(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    current: int = 0
    over: bool = False
    secret: str = ""


class ToyView(msgspec.Struct, frozen=True, dict=True):
    seat: int
    state: ToyState
    hand_sizes: tuple[int, ...]
    deck_size: int


def setup(players: Sequence[str], options: ToyOptions, secret: str) -> list[ToyEvent]:
    deck = list(CARDS)
    stream(secret, "deck").shuffle(deck)
    started = Started(tuple(players), tuple(deck), secret)
    events: list[ToyEvent] = [started]
    for seat in range(len(players)):
        cards = tuple(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)])
        events.append(Drawn(seat, cards, len(cards)))
    return events


def evolve(state: ToyState, event: ToyEvent) -> ToyState:
    if isinstance(event, Started):
        count = len(event.players)
        return ToyState(
            event.players, event.deck, ((),) * count, ((),) * count, 0, False, event.secret
        )
    if isinstance(event, Drawn):
        hands = list(state.hands)
        hands[event.player] += event.cards
        return replace(state, hands=tuple(hands), deck=state.deck[event.count :])
    if isinstance(event, Played):
        hands, played = list(state.hands), list(state.played)
        hand = list(hands[event.player])
        hand.remove(event.card)
        hands[event.player] = tuple(hand)
        played[event.player] += (event.card,)
        following = (event.player + 1) % len(state.players)
        return replace(state, hands=tuple(hands), played=tuple(played), current=following)
    return replace(state, over=True)


def fold(events: Iterable[ToyEvent]) -> ToyState:
    events = list(events)
    first = evolve(ToyState((), (), (), ()), events[0])
    return reduce(evolve, events[1:], first)


def decide(state: ToyState, command: ToyCommand) -> list[ToyEvent]:
    if state.over:
        raise IllegalMove("E", "the game is over")
    if command.seat != state.current:
        raise NotYourTurn("it is not your turn")
    if command.card not in state.hands[command.seat]:
        raise IllegalMove("T", "you do not hold that card")
    events: list[ToyEvent] = [Played(command.seat, command.card)]
    if state.deck:
        events.append(Drawn(command.seat, state.deck[:1], 1))
    after = reduce(evolve, events, state)
    if not any(after.hands):
        events.append(Ended(tuple(map(sum, after.played))))
    return events


def to_act(state: ToyState) -> int | None:
    return None if state.over else state.current


def is_over(state: ToyState) -> bool:
    return state.over


def view_for(state: ToyState, seat: int) -> ToyView:
    hands = tuple(hand if player == seat else () for player, hand in enumerate(state.hands))
    hidden = replace(state, hands=hands, deck=(), secret="")
    return ToyView(seat, hidden, tuple(map(len, state.hands)), len(state.deck))


def event_for(event: ToyEvent, seat: int | None, open_hands: bool = False) -> ToyEvent:
    if seat is None:
        return event
    if isinstance(event, Drawn) and event.player != seat and not open_hands:
        return replace(event, cards=())
    if isinstance(event, Started):
        return replace(event, deck=(), secret="")
    return event


def legal_commands(state: ToyState) -> list[ToyCommand]:
    if state.over:
        return []
    return [Play(state.current, card) for card in sorted(state.hands[state.current])]


def describe(before: ToyState, event: ToyEvent) -> str:
    return type(event).__name__


def result(state: ToyState) -> Result:
    scores = tuple(map(sum, state.played))
    best = max(scores)
    ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
    return Result(scores, ranks, tuple(seat for seat, score in enumerate(scores) if score == best))


def plant(state: ToyState, seat: int, marker: int) -> ToyState:
    hands = tuple(
        hand if player == seat else (marker,) * len(hand) for player, hand in enumerate(state.hands)
    )
    return replace(state, hands=hands, deck=(marker,) * len(state.deck), secret=str(marker))


def plant_in_event(event: ToyEvent, seat: int | None, open_hands: bool, marker: int) -> ToyEvent:
    if seat is None:
        return event
    if isinstance(event, Drawn) and event.player != seat and not open_hands:
        return replace(event, cards=(marker,) * len(event.cards))
    if isinstance(event, Started):
        return replace(event, deck=(marker,) * len(event.deck), secret=str(marker))
    return event


class RandomToyBot:
    name = "random"

    def decide(self, view: ToyView, rng: random.Random) -> ToyCommand:
        return Play(view.seat, rng.choice(view.state.hands[view.seat]))


class HighToyBot:
    name = "high"

    def decide(self, view: ToyView, rng: random.Random) -> ToyCommand:
        return Play(view.seat, max(view.state.hands[view.seat]))


TOY: GameType[ToyState, ToyEvent, ToyCommand, ToyView, ToyOptions] = GameType(
    id="toy",
    name="Toy",
    players=PlayerLimits(2, 2),
    options_type=ToyOptions,
    event_type=ToyEvent,
    command_type=ToyCommand,
    setup=setup,
    decide=decide,
    decide_trusted=decide,
    evolve=evolve,
    fold=fold,
    to_act=to_act,
    is_over=is_over,
    legal_commands=legal_commands,
    result=result,
    privacy=Privacy(
        hides_information=True,
        view_for=view_for,
        event_for=event_for,
        plant=plant,
        plant_in_event=plant_in_event,
    ),
    records=Records(),
    presentation=Presentation(
        describe=describe,
        rules=RulesTexts("tests.conformance", "toy_game.py", {}),
    ),
    play=Playing(
        bots=bot_list(plain={"random": RandomToyBot, "high": HighToyBot}, searching={}),
        longest_game=len(CARDS),
    ),
)
"""The toy game, which passes the kit."""


def _view_showing_hands(state: ToyState, seat: int) -> ToyView:
    return ToyView(seat, replace(state, deck=(), secret=""), tuple(map(len, state.hands)), 0)


def _event_showing_draws(event: ToyEvent, seat: int | None, open_hands: bool = False) -> ToyEvent:
    return event_for(event, None if isinstance(event, Drawn) else seat, open_hands)


def _view_with_the_state(state: ToyState, seat: int) -> ToyView:
    view = view_for(state, seat)
    view.__dict__["whole"] = state  # a cache shared with the full state, say
    return view


class PeekingToyBot:
    """Plays as the other hand's cards say, read from what the view carries on the side."""

    name = "peeking"

    def decide(self, view: ToyView, rng: random.Random) -> ToyCommand:
        whole: ToyState = view.__dict__["whole"]
        mine = sorted(view.state.hands[view.seat])
        others = sum(card for hand in whole.hands for card in hand) + sum(whole.deck)
        return Play(view.seat, mine[others % len(mine)])


def _bots(settings: BotSettings) -> PeekingToyBot:
    return PeekingToyBot()


def _setup_without_the_secret(
    players: Sequence[str], options: ToyOptions, secret: str
) -> list[ToyEvent]:
    return setup(players, options, secrets.token_hex(16))


LEAKY_VIEW = dataclasses.replace(
    TOY, privacy=dataclasses.replace(TOY.privacy, view_for=_view_showing_hands)
)
"""Shows every hand in every view."""
LEAKY_EVENTS = dataclasses.replace(
    TOY, privacy=dataclasses.replace(TOY.privacy, event_for=_event_showing_draws)
)
"""Shows every draw to everybody."""
PEEKING = dataclasses.replace(
    TOY,
    privacy=dataclasses.replace(TOY.privacy, view_for=_view_with_the_state),
    play=dataclasses.replace(TOY.play, bots={"peeking": _bots}),
)
"""Its views carry the whole state on the side, and its bot reads it."""
UNSEEDED = dataclasses.replace(TOY, setup=_setup_without_the_secret)
UNPLANTED = dataclasses.replace(
    TOY, privacy=dataclasses.replace(TOY.privacy, plant=None, plant_in_event=None)
)
"""The toy as it is, hands hidden (``hides_information``), with no place to plant markers:
nothing of its privacy could be checked, so the kit must fail it."""
"""Deals from a secret of its own: the same secret gives another game."""
