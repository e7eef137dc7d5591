"""Rule options (RULES.md V), recorded in every saved game.

Each field documents itself for the players through ``msgspec.Meta``: ``title``
is its label on the new-game form, ``description`` names the values it takes,
and ``extra`` says how the form and ``--option`` show it:

- ``labels``: the form's name for each value (for a number, the form offers
  these values only; the command line takes any number within the bounds);
- ``note``: what a special value means, shown by ``--help``;
- ``offered``: ``False`` for a field the players do not set.

These texts are marked with ``N_`` and translated when shown. The metadata
changes neither the encoding nor the defaults: the bounds only refuse, when a
save is read, a value no version of the game could have written.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from core.atlantis.i18n import N_


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=False):
    """The choices RULES.md leaves to the players. Defaults are the table's defaults.

    ``buy_limit`` is the number of purchases allowed per turn (T1); 0 means no
    limit. ``tile_set`` names the tile set; the tiles themselves are written in
    the ``GameStarted`` event, so a save never depends on a file elsewhere.
    """

    RULES_SECTION: ClassVar[str] = "V"
    """The section of the rules that describes these options (``atlantis rules V``)."""

    buy_limit: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=99,
            title=N_("Purchases per turn (T1)"),
            description=N_(
                "How many times a player may buy cards in one turn (T1): "
                "a whole number from 0 to 99, where 0 means no limit."
            ),
            extra={"labels": {1: N_("one"), 0: N_("unlimited")}, "note": N_("0: no limit")},
        ),
    ] = 1
    bought_cards_can_pay: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Bought cards can pay for water (T1/T5.4)"),
            description=N_(
                "Whether cards bought in a turn may pay for crossing water in that "
                "same turn (T1, T5.4): on or off."
            ),
        ),
    ] = True
    paid_cards_to: Annotated[
        Literal["discard", "box"],
        msgspec.Meta(
            title=N_("Paid cards go to (T5.5)"),
            description=N_(
                "Where the cards paid for crossing water go (T5.5): the discard "
                "pile, to be shuffled back in, or the box, out of the game."
            ),
            extra={"labels": {"discard": N_("the discard pile"), "box": N_("the box")}},
        ),
    ] = "discard"
    start_player: Annotated[
        Literal["seat1", "random"],
        msgspec.Meta(
            title=N_("Start player (S5)"),
            description=N_(
                "Who plays first (S5): the player in seat 1, or a player drawn at random."
            ),
            extra={"labels": {"seat1": N_("seat 1"), "random": N_("random")}},
        ),
    ] = "seat1"
    tile_set: Annotated[
        str,
        msgspec.Meta(
            description=N_(
                "The name of the tile set; the tiles themselves are recorded when the game starts."
            ),
            # A tile set is its tiles, read from a file with them: a name alone
            # would record a set the game does not use.
            extra={"offered": False},
        ),
    ] = "default"
    open_hands: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Open hands (teaching)"),
            description=N_(
                "Whether every hand is shown to everybody, to teach or to play openly: on or off."
            ),
        ),
    ] = False

    def allows_purchase(self, purchases_so_far: int) -> bool:
        """Whether one more purchase fits the ``buy_limit`` option (T1)."""
        return self.buy_limit == 0 or purchases_so_far < self.buy_limit


DEFAULT_OPTIONS = Options()
