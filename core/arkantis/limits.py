"""E1.3, E1.4: how long a game can last, and the option bots refuse.

With a finite ``move_limit`` every game ends: each removal takes at least one
of the 42 tokens and moves are counted, so at most 42 + ``move_limit`` ×
players turns are actions, plus one pass per player. Each turn is at most two
commands (the action or pass, then ending the turn), and a card is bought at
most once. With ``move_limit = none`` a game may never end (E1.4), so bots and
simulations refuse it.
"""

from __future__ import annotations

from core.arkantis.i18n import _
from core.arkantis.options import Options
from core.arkantis.state import MAX_PLAYERS, TOKENS, TOTAL_CARDS

LARGEST_MOVE_LIMIT = 99
"""The largest ``move_limit`` the options take (``Options.move_limit``)."""


def longest_game(move_limit: int = LARGEST_MOVE_LIMIT, players: int = MAX_PLAYERS) -> int:
    """E1.3: more commands than any game with this limit and table can take."""
    turns = TOKENS + move_limit * players + players
    return 2 * turns + TOTAL_CARDS


def bot_refusal(options: Options) -> str | None:
    """Why bots and simulations cannot play with ``options`` (E1.4), or ``None``."""
    if options.move_limit is None:
        return _(
            "E1.4: with no move limit a game may never end; bots and simulations need a move limit"
        )
    return None
