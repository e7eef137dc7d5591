"""Rule options (RULES.md V1), recorded in every saved game.

Each field documents itself for the players through ``msgspec.Meta``, as
Atlantis's do (see ``core/atlantis/options.py`` for the meaning of ``title``,
``description`` and ``extra``). The reason for each default stands at its rule.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from core.arkantis.i18n import N_

DEFAULT_DATA_SET = "default"
"""The data set shipped with the game (``core/arkantis/data/arkantis.toml``)."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=False):
    """The choices RULES.md V1 leaves to the players. Defaults are the table's defaults."""

    RULES_SECTION: ClassVar[str] = "V"
    """The section of the rules that describes these options."""

    setup_count: Annotated[
        Literal["per_row", "snake"],
        msgspec.Meta(
            title=N_("Setup count (S5.2)"),
            description=N_(
                "How the seven setup rolls count tokens (S5.2, S5.4): one token in "
                "each row, or a count that runs on along the rows."
            ),
            extra={"labels": {"per_row": N_("one per row"), "snake": N_("running count")}},
        ),
    ] = "per_row"
    modified_test: Annotated[
        Literal["count", "squares"],
        msgspec.Meta(
            title=N_("Modified sets (T4.1)"),
            description=N_(
                "When a set counts as modified (T4.1): its size changed, or its squares changed."
            ),
            extra={
                "labels": {"count": N_("its size changed"), "squares": N_("its squares changed")}
            },
        ),
    ] = "count"
    buy_timing: Annotated[
        Literal["own_turn", "any_time"],
        msgspec.Meta(
            title=N_("Buying cards (T6.2)"),
            description=N_(
                "When a player may buy cards (T6.2): in his own turn, or at any time "
                "before he has passed."
            ),
            extra={"labels": {"own_turn": N_("own turn"), "any_time": N_("any time")}},
        ),
    ] = "own_turn"
    # msgspec takes bounds on the number only, not on the union with None.
    move_limit: Annotated[
        Annotated[int, msgspec.Meta(ge=0, le=99)] | None,
        msgspec.Meta(
            title=N_("Moves per player (T3.4)"),
            description=N_(
                "How many times each player may move a token in the game (T3.4): a "
                "whole number from 0 to 99, or none for no limit (a game may then never end)."
            ),
            extra={"labels": {3: N_("three"), None: N_("no limit")}, "note": N_("none: no limit")},
        ),
    ] = 3
    tiebreak: Annotated[
        Literal["laid_cards", "shared"],
        msgspec.Meta(
            title=N_("Ties (E3)"),
            description=N_(
                "How a tie is broken (E3): by the most laid cards, then shared; or always shared."
            ),
            extra={"labels": {"laid_cards": N_("most laid cards"), "shared": N_("shared")}},
        ),
    ] = "laid_cards"
    data_set: Annotated[
        str,
        msgspec.Meta(
            description=N_(
                "The name of the card data set (S1.6); the cards themselves are "
                "recorded when the game starts."
            ),
            extra={"offered": False},
        ),
    ] = DEFAULT_DATA_SET
    open_hands: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Open hands (teaching)"),
            description=N_(
                "Whether every hand is shown to everybody, to teach or to play openly: on or off."
            ),
        ),
    ] = False

    def moves_allowed(self, used: int) -> bool:
        """Whether a player who has made ``used`` moves may make one more (T3.4)."""
        return self.move_limit is None or used < self.move_limit


DEFAULT_OPTIONS = Options()
