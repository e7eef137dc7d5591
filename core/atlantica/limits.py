"""How long an Atlantica game can last (the conformance kit's bound).

A turn that takes a card takes one of the 111 treasure, ship and research
cards, and the game ends within a round of the hurricane coming up, which a
few treasure takes bring about. Hires (T5.1, T5.2) and passes (T8) take none
of them, though, and E2 stops only a round of passes that draws nothing, so
no bound holds for every way of playing: players who only hire could play on.
``longest_game`` is therefore a generous limit for play that takes cards now
and then (random players and the bots do), not a proof.
"""

from __future__ import annotations

from core.atlantica.options import Options
from core.atlantica.state import TOTAL_RESEARCH, TOTAL_SHIPS, TOTAL_TREASURES

COMMANDS_PER_TURN = 4
"""Up to three actions and the end of the turn (T2.1, T9)."""
IDLE_TURNS_PER_TAKE = 20
"""Turns without a take allowed, on average, for each card taken."""


def longest_game() -> int:
    """More commands than a game that takes cards now and then will give."""
    cards = TOTAL_TREASURES + TOTAL_SHIPS + TOTAL_RESEARCH
    return COMMANDS_PER_TURN * cards * IDLE_TURNS_PER_TAKE


def bot_refusal(options: Options) -> str | None:
    """Why bots and simulations cannot play with ``options``: never, every option plays."""
    return None
