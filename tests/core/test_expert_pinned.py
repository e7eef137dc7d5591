"""The expert bot's choices, pinned: the same view, RNG and iteration budget give
the same command, whatever the search's code looks like inside.

The expected values were recorded from the expert as it was before its search
moved into the kernel (``core.services.search``); a change here is a change of
how the expert plays, never a refactoring.
"""

from __future__ import annotations

import hashlib
import random

import msgspec
import pytest

from core.atlantis.bots import BotSettings, make_bot
from core.atlantis.bots.expert_bot import ExpertBot
from core.atlantis.state import State
from core.atlantis.view import view_for
from tests.core.helpers import seeded_game

ITERATIONS = 40

# (seed, turns, players, at the final crossing, the expert's command as JSON)
POSITIONS = [
    (10, 11, 3, False, '{"type":"move","seat":1,"pawn":2,"cards":[5,2],"payment":{"tiles":[40],"cards":[]}}'),  # noqa: E501
    (11, 3, 4, False, '{"type":"move","seat":2,"pawn":0,"cards":[4],"payment":{"tiles":[],"cards":[]}}'),  # noqa: E501
    (12, 27, 2, False, '{"type":"move","seat":0,"pawn":2,"cards":[0],"payment":{"tiles":[],"cards":[]}}'),  # noqa: E501
    (13, 27, 3, False, '{"type":"move","seat":2,"pawn":1,"cards":[6],"payment":{"tiles":[27],"cards":[]}}'),  # noqa: E501
    (14, 11, 4, False, '{"type":"move","seat":2,"pawn":0,"cards":[1,3],"payment":{"tiles":[26],"cards":[]}}'),  # noqa: E501
    (16, 3, 3, False, '{"type":"move","seat":2,"pawn":1,"cards":[3,4],"payment":{"tiles":[],"cards":[2,3]}}'),  # noqa: E501
    (17, 11, 4, False, '{"type":"place-bridge","seat":2,"space":15}'),
    (18, 19, 2, False, '{"type":"place-bridge","seat":0,"space":11}'),
    (19, 3, 3, False, '{"type":"move","seat":2,"pawn":0,"cards":[0,2],"payment":{"tiles":[],"cards":[]}}'),  # noqa: E501
    (20, 27, 4, False, '{"type":"move","seat":2,"pawn":0,"cards":[2],"payment":{"tiles":[9],"cards":[]}}'),  # noqa: E501
    (21, 3, 2, False, '{"type":"move","seat":0,"pawn":2,"cards":[1],"payment":{"tiles":[],"cards":[]}}'),  # noqa: E501
    (15, 27, 2, False, '{"type":"move","seat":0,"pawn":2,"cards":[4],"payment":{"tiles":[16,68],"cards":[]}}'),  # noqa: E501
    (5, 0, 2, True, '{"type":"pay-final-crossing","seat":0,"payment":{"tiles":[80],"cards":[]}}'),
    (6, 0, 4, True, '{"type":"pay-final-crossing","seat":0,"payment":{"tiles":[11,28,46],"cards":[6]}}'),  # noqa: E501
    (7, 0, 3, True, '{"type":"pay-final-crossing","seat":0,"payment":{"tiles":[76],"cards":[]}}'),
]  # fmt: skip

# (seed, final scores, turns, events, SHA-256 of the events as a save writes them,
#  iterations searched by the expert in seat 0 and in seat 2)
WHOLE_GAMES = [
    (1, (8, 31, -12), 35, 166, "85f299ae30b245e43d630c47a6f145d5e1d60e32700351a498f50f4893ead10a", 84, 36),  # noqa: E501
    (2, (17, 24, 13), 31, 148, "a4793165cc8e52cdd4892594c1c30cfbc66ebc577d77325818bd3d6500069808", 66, 33),  # noqa: E501
]  # fmt: skip

_encoder = msgspec.json.Encoder()


def _position(seed: int, turns: int, players: int, final: bool) -> State:
    """Greedy bots play from ``seed`` until ``turns`` (or the final crossing)."""
    game = seeded_game(["Ann", "Bob", "Cleo", "Dan"][:players], seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    while not game.state.is_over:
        if game.state.phase == "final_crossing" if final else game.state.turn >= turns:
            break
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    return game.state


@pytest.mark.parametrize(("seed", "turns", "players", "final", "expected"), POSITIONS)
def test_the_expert_chooses_as_it_always_did(
    seed: int, turns: int, players: int, final: bool, expected: str
) -> None:
    state = _position(seed, turns, players, final)
    seat = state.to_act
    assert seat is not None
    bot = ExpertBot(time_budget=None, iterations=ITERATIONS)
    command = bot.decide(view_for(state, seat), random.Random(seed))
    assert _encoder.encode(command).decode() == expected


@pytest.mark.parametrize(
    ("seed", "scores", "turns", "events", "digest", "first", "third"), WHOLE_GAMES
)
def test_whole_expert_games_are_played_as_they_always_were(
    seed: int,
    scores: tuple[int, ...],
    turns: int,
    events: int,
    digest: str,
    first: int,
    third: int,
) -> None:
    """Two experts (6 and 3 iterations a decision) and a greedy bot: every event pinned."""
    game = seeded_game(["Ann", "Bob", "Cleo"], seed)
    bots = [
        make_bot("expert", BotSettings(time_budget=None, iterations=6)),
        make_bot("greedy"),
        make_bot("expert", BotSettings(time_budget=None, iterations=3)),
    ]
    rngs = [random.Random(seed * 31 + seat) for seat in range(3)]
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        game.play(bots[seat].decide(view_for(game.state, seat), rngs[seat]))
    written = b"".join(_encoder.encode(event) + b"\n" for event in game.events)
    assert (game.state.scores, game.state.turn, len(game.events)) == (scores, turns, events)
    assert hashlib.sha256(written).hexdigest() == digest
    searched = tuple(getattr(bots[seat], "searched_iterations") for seat in (0, 2))  # noqa: B009
    assert searched == (first, third)
