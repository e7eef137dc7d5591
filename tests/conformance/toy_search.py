"""The toy game with what the kernel's search, simulate and bench need besides the kit.

The toy of ``toy_game.py`` scores every card a player plays, and a player plays
every card he is dealt or draws, so no choice of his changes any score: a
search could not beat chance there. ``SEARCH_TOY`` keeps the toy's events,
commands, state, views and bots, and changes one rule, the score: a card
scores its value only if it beats the card played just before it (the first
card always scores). It seats two to four, since the deal leaves no card over
at four, and adds the ``search`` bot: a determinized search that guesses the
other hands and the pile from the cards it has not seen.

Everything is module-level, so the descriptor pickles (``simulate --jobs``).
"""

from __future__ import annotations

import dataclasses
import math
import random
from functools import reduce

from msgspec.structs import replace

from core.kernel.game_type import GameType, PlayerLimits, Result
from core.services.search import DeterminizedSearch, SearchGame
from tests.conformance import toy_game
from tests.conformance.toy_game import (
    CARDS,
    TOY,
    Ended,
    HighToyBot,
    RandomToyBot,
    ToyCommand,
    ToyEvent,
    ToyOptions,
    ToyState,
    ToyView,
)


def beating_scores(played: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each seat's cards that beat the card played before them, summed.

    The seats play in turn and all play the same number of cards, so the
    ``k``-th card of the game is seat ``k % n``'s card number ``k // n``.
    """
    count = len(played)
    scores = [0] * count
    previous = 0
    for index in range(sum(map(len, played))):
        seat = index % count
        card = played[seat][index // count]
        if card > previous:
            scores[seat] += card
        previous = card
    return tuple(scores)


def decide(state: ToyState, command: ToyCommand) -> list[ToyEvent]:
    """The toy's own moves; only the closing scores differ."""
    events = toy_game.decide(state, command)
    if isinstance(events[-1], Ended):
        after = reduce(toy_game.evolve, events[:-1], state)
        events[-1] = Ended(beating_scores(after.played))
    return events


def result(state: ToyState) -> Result:
    scores = beating_scores(state.played)
    best = max(scores)
    ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
    return Result(scores, ranks, tuple(seat for seat, score in enumerate(scores) if score == best))


def determinize(view: ToyView, rng: random.Random) -> ToyState:
    """The other hands and the pile dealt at random from the cards the seat has not seen."""
    state = view.state
    seen = {*state.hands[view.seat], *(card for cards in state.played for card in cards)}
    unseen = [card for card in CARDS if card not in seen]
    rng.shuffle(unseen)
    hands = list(state.hands)
    for player, size in enumerate(view.hand_sizes):
        if player != view.seat:
            hands[player] = tuple(unseen[:size])
            del unseen[:size]
    return replace(state, hands=tuple(hands), deck=tuple(unseen[: view.deck_size]))


def _play(state: ToyState, command: ToyCommand) -> ToyState:
    return reduce(toy_game.evolve, decide(state, command), state)


def _reward(state: ToyState, seat: int) -> float:
    scores = result(state).scores
    best_other = max(value for player, value in enumerate(scores) if player != seat)
    return math.tanh((scores[seat] - best_other) / 10)


def _seat(view: ToyView) -> int:
    return view.seat


def _candidates(view: ToyView) -> list[ToyCommand]:
    return toy_game.legal_commands(view.state)


def _never(start: ToyState, state: ToyState, seat: int) -> bool:
    return False


SEARCH = SearchGame(
    seat=_seat,
    candidates=_candidates,
    determinize=determinize,
    play=_play,
    is_over=toy_game.is_over,
    to_act=toy_game.to_act,
    view_for=toy_game.view_for,
    rollout=RandomToyBot().decide,
    horizon_reached=_never,
    reward=_reward,
)


class SearchBot(DeterminizedSearch[ToyState, ToyView, ToyCommand]):
    name = "search"


def _random_bot(settings: object) -> RandomToyBot:
    return RandomToyBot()


def _high_bot(settings: object) -> HighToyBot:
    return HighToyBot()


def _search_bot(settings: object) -> SearchBot:
    budget = getattr(settings, "time_budget", 1.0)
    iterations = getattr(settings, "iterations", None)
    return SearchBot(SEARCH, time_budget=budget, iterations=iterations)


SEARCH_TOY: GameType[ToyState, ToyEvent, ToyCommand, ToyView, ToyOptions] = dataclasses.replace(
    TOY,
    players=PlayerLimits(2, 4),
    decide=decide,
    decide_trusted=decide,
    result=result,
    play=dataclasses.replace(
        TOY.play, bots={"random": _random_bot, "high": _high_bot, "search": _search_bot}
    ),
)
"""The toy scored by beating the card before, with a search bot."""
