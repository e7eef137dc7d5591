"""A toy card game for two to five seats, to play the shell with the most seats a game takes.

It has what the toy of the conformance kit lacks and Atlantica brings: up to five
seats; a turn of several commands (play one or two cards, then end the turn);
and, with ``final_choices = "ask"``, an end that waits for every player's
decision in turn after the game has ended (``to_act`` names each chooser, as
Atlantica's scoring choices E3/E5 do).

Thirty cards numbered 1 to 30 are shuffled from the game's secret; each seat is
dealt three, hidden from the others. In his turn a player plays one or two
cards face up (none when his hand is empty), then ends his turn and draws as
many cards as he played while the pile lasts (hidden). When every hand is
empty the game has ended: each player in seat order doubles one of the cards
he played (the highest, with ``final_choices = "best"``), and scores the sum.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import reduce
from typing import Literal

import msgspec
from msgspec.structs import replace

from core.kernel.bot_settings import BotSettings
from core.kernel.chance import stream
from core.kernel.errors import IllegalMove, NotYourTurn
from core.kernel.events import EventsUndone, events_in_force
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

CARDS = tuple(range(1, 31))
HAND_SIZE = 3
PLAYS_PER_TURN = 2
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
"""Five people, for tests that seat the most."""


class WideOptions(msgspec.Struct, frozen=True):
    """Who doubles a card at the end, and whether every hand is shown."""

    final_choices: Literal["best", "ask"] = "ask"
    open_hands: bool = False


class Started(msgspec.Struct, frozen=True, tag_field="type", tag="wide-started"):
    players: tuple[str, ...]
    options: WideOptions
    deck: tuple[int, ...]
    secret: str = ""


class Drawn(msgspec.Struct, frozen=True, tag_field="type", tag="wide-drawn"):
    player: int
    cards: tuple[int, ...]
    count: int


class Played(msgspec.Struct, frozen=True, tag_field="type", tag="wide-played"):
    player: int
    card: int


class TurnEnded(msgspec.Struct, frozen=True, tag_field="type", tag="wide-turn-ended"):
    player: int
    """The seat whose turn begins (the log's line for it is his)."""


class Ended(msgspec.Struct, frozen=True, tag_field="type", tag="wide-ended"):
    """Every hand is empty: the choices begin (or the scores, with ``best``)."""


class Chosen(msgspec.Struct, frozen=True, tag_field="type", tag="wide-chosen"):
    player: int
    card: int
    """The played card doubled (0: none played)."""


class Scored(msgspec.Struct, frozen=True, tag_field="type", tag="wide-scored"):
    scores: tuple[int, ...]


WideEvent = Started | Drawn | Played | TurnEnded | Ended | Chosen | Scored


class Play(msgspec.Struct, frozen=True, tag_field="type", tag="wide-play"):
    seat: int
    card: int


class EndTurn(msgspec.Struct, frozen=True, tag_field="type", tag="wide-end-turn"):
    seat: int


class Choose(msgspec.Struct, frozen=True, tag_field="type", tag="wide-choose"):
    seat: int
    card: int


WideCommand = Play | EndTurn | Choose


class WideState(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    options: WideOptions
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    current: int = 0
    turn: int = 1
    plays: int = 0
    """Cards played in the current turn."""
    phase: Literal["turn", "choosing", "over"] = "turn"
    choosing: int | None = None
    doubled: tuple[int, ...] = ()
    secret: str = ""


class WideView(msgspec.Struct, frozen=True):
    seat: int
    state: WideState
    hand_sizes: tuple[int, ...]
    deck_size: int


def setup(players: Sequence[str], options: WideOptions, secret: str) -> list[WideEvent]:
    deck = list(CARDS)
    stream(secret, "deck").shuffle(deck)
    events: list[WideEvent] = [Started(tuple(players), options, tuple(deck), secret)]
    for seat in range(len(players)):
        cards = tuple(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)])
        events.append(Drawn(seat, cards, len(cards)))
    return events


def evolve(state: WideState, event: WideEvent) -> WideState:
    count = len(state.players)
    if isinstance(event, Started):
        empty = ((),) * len(event.players)
        return WideState(
            event.players, event.options, event.deck, empty, empty, secret=event.secret
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
        return replace(state, hands=tuple(hands), played=tuple(played), plays=state.plays + 1)
    if isinstance(event, TurnEnded):
        turn = state.turn + (event.player <= state.current)
        return replace(state, current=event.player, plays=0, turn=turn)
    if isinstance(event, Ended):
        return replace(state, phase="choosing", choosing=0, doubled=())
    if isinstance(event, Chosen):
        following = event.player + 1
        return replace(
            state,
            doubled=(*state.doubled, event.card),
            choosing=following if following < count else None,
        )
    if isinstance(event, Scored):
        return replace(state, phase="over", choosing=None)
    raise TypeError(f"no evolve for {event!r}")  # an undo marker is folded, not evolved


def fold(events: Iterable[WideEvent]) -> WideState:
    kept = events_in_force(events)  # a resumed or undone game holds undo markers
    first = evolve(WideState((), WideOptions(), (), (), ()), kept[0])
    return reduce(evolve, kept[1:], first)


def _scores(state: WideState, doubled: Sequence[int]) -> tuple[int, ...]:
    return tuple(sum(played) + card for played, card in zip(state.played, doubled, strict=True))


def decide(state: WideState, command: WideCommand) -> list[WideEvent]:
    if state.phase == "over":
        raise IllegalMove("E", "the game is over")
    if command.seat != to_act(state):
        raise NotYourTurn("it is not your turn")
    if isinstance(command, Choose):
        if state.phase != "choosing":
            raise IllegalMove("E", "the game has not ended")
        if command.card not in (state.played[command.seat] or (0,)):
            raise IllegalMove("E", "you did not play that card")
        events: list[WideEvent] = [Chosen(command.seat, command.card)]
        if command.seat == len(state.players) - 1:
            events.append(Scored(_scores(state, (*state.doubled, command.card))))
        return events
    if state.phase != "turn":
        raise IllegalMove("E", "every player chooses a card to double")
    if isinstance(command, Play):
        if state.plays >= PLAYS_PER_TURN:
            raise IllegalMove("T", "two cards a turn at most")
        if command.card not in state.hands[command.seat]:
            raise IllegalMove("T", "you do not hold that card")
        return [Played(command.seat, command.card)]
    if state.plays == 0 and state.hands[command.seat]:
        raise IllegalMove("T", "play a card first")
    drawn = state.deck[: state.plays]
    events = [Drawn(command.seat, drawn, len(drawn))] if drawn else []
    after = reduce(evolve, events, state)
    if not any(after.hands):
        events.append(Ended())
        if state.options.final_choices == "best":
            best = tuple(max(played, default=0) for played in after.played)
            events += [Chosen(seat, card) for seat, card in enumerate(best)]
            events.append(Scored(_scores(after, best)))
        return events
    events.append(TurnEnded((command.seat + 1) % len(state.players)))
    return events


def to_act(state: WideState) -> int | None:
    if state.phase == "over":
        return None
    return state.choosing if state.phase == "choosing" else state.current


def is_over(state: WideState) -> bool:
    return state.phase == "over"


def view_for(state: WideState, seat: int) -> WideView:
    shown = state.options.open_hands
    hands = tuple(
        hand if player == seat or shown else () for player, hand in enumerate(state.hands)
    )
    hidden = replace(state, hands=hands, deck=(), secret="")
    return WideView(seat, hidden, tuple(map(len, state.hands)), len(state.deck))


def event_for(event: WideEvent, seat: int | None, open_hands: bool = False) -> WideEvent:
    if seat is None:
        return event
    if isinstance(event, Drawn) and event.player != seat and not open_hands:
        return replace(event, cards=())
    if isinstance(event, Started):
        return replace(event, deck=(), secret="")
    return event


def legal_commands(state: WideState) -> list[WideCommand]:
    seat = to_act(state)
    if seat is None:
        return []
    if state.phase == "choosing":
        return [Choose(seat, card) for card in sorted(set(state.played[seat]) or {0})]
    commands: list[WideCommand] = []
    if state.plays < PLAYS_PER_TURN:
        commands += [Play(seat, card) for card in sorted(state.hands[seat])]
    if state.plays or not state.hands[seat]:
        commands.append(EndTurn(seat))
    return commands


def describe(before: WideState, event: WideEvent) -> str:
    if isinstance(event, Played):
        return f"{before.players[event.player]} plays {event.card}"
    if isinstance(event, Chosen):
        return f"{before.players[event.player]} doubles {event.card}"
    return type(event).__name__


def result(state: WideState) -> Result:
    doubled = (*state.doubled, *(0,) * (len(state.players) - len(state.doubled)))
    scores = _scores(state, doubled)
    best = max(scores)
    ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
    return Result(scores, ranks, tuple(seat for seat, score in enumerate(scores) if score == best))


def turn_ended(event: WideEvent) -> bool:
    return isinstance(event, TurnEnded | Ended)


def turn_count(state: WideState) -> int:
    return state.turn


def plant(state: WideState, seat: int, marker: int) -> WideState:
    if state.options.open_hands:
        return replace(state, deck=(marker,) * len(state.deck), secret=str(marker))
    hands = tuple(
        hand if player == seat else (marker,) * len(hand) for player, hand in enumerate(state.hands)
    )
    return replace(state, hands=hands, deck=(marker,) * len(state.deck), secret=str(marker))


def plant_in_event(event: WideEvent, seat: int | None, open_hands: bool, marker: int) -> WideEvent:
    if seat is None:
        return event
    if isinstance(event, Drawn) and event.player != seat and not open_hands:
        return replace(event, cards=(marker,) * len(event.cards))
    if isinstance(event, Started):
        return replace(event, deck=(marker,) * len(event.deck), secret=str(marker))
    return event


class RandomWideBot:
    """Plays one or two cards at random, then ends the turn; doubles a card at random."""

    name = "random"

    def decide(self, view: WideView, rng: random.Random) -> WideCommand:
        commands = legal_commands(view.state)
        plays = [command for command in commands if isinstance(command, Play)]
        if plays and (view.state.plays == 0 or rng.random() < 0.5):
            return rng.choice(plays)
        return rng.choice([command for command in commands if not isinstance(command, Play)])


class HighWideBot:
    """Plays its highest card, then ends the turn; doubles its highest card."""

    name = "high"

    def decide(self, view: WideView, rng: random.Random) -> WideCommand:
        commands = legal_commands(view.state)
        if view.state.phase == "choosing" or view.state.plays == 0:
            return max(commands, key=lambda command: getattr(command, "card", 0))
        return EndTurn(view.seat)


def _random_bot(settings: BotSettings) -> RandomWideBot:
    return RandomWideBot()


def _high_bot(settings: BotSettings) -> HighWideBot:
    return HighWideBot()


WIDE: GameType[WideState, WideEvent, WideCommand, WideView, WideOptions] = GameType(
    id="wide",
    name="Wide",
    players=PlayerLimits(2, 5),
    options_type=WideOptions,
    event_type=WideEvent | EventsUndone,
    command_type=WideCommand,
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
        view_type=WideView,
    ),
    records=Records(),
    presentation=Presentation(
        describe=describe,
        rules=RulesTexts("tests.shell", "wide_game.py", {}),
        turn_ended=turn_ended,
    ),
    play=Playing(
        bots={"random": _random_bot, "high": _high_bot},
        longest_game=4 * len(CARDS) + 10,
        turn_count=turn_count,
    ),
)
"""The wide toy: two to five seats, turns of several commands, choices after the end."""
