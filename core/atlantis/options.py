"""Rule options (RULES.md V), recorded in every saved game."""

from __future__ import annotations

from typing import Literal

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=False):
    """The choices RULES.md leaves to the players. Defaults are the table's defaults.

    ``buy_limit`` is the number of purchases allowed per turn (T1); 0 means no
    limit. ``tile_set`` names the tile set; the tiles themselves are written in
    the ``GameStarted`` event, so a save never depends on a file elsewhere.
    """

    buy_limit: int = 1
    bought_cards_can_pay: bool = True
    paid_cards_to: Literal["discard", "box"] = "discard"
    start_player: Literal["seat1", "random"] = "seat1"
    tile_set: str = "default"
    open_hands: bool = False

    def allows_purchase(self, purchases_so_far: int) -> bool:
        """Whether one more purchase fits the ``buy_limit`` option (T1)."""
        return self.buy_limit == 0 or purchases_so_far < self.buy_limit


DEFAULT_OPTIONS = Options()
