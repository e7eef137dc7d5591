"""Rule options (RULES.md V1), recorded in every saved game.

Each field documents itself for the players through ``msgspec.Meta``, as
Atlantis's do (see ``core/atlantis/options.py`` for the meaning of ``title``,
``description`` and ``extra``; ``extra["refused"]`` names why the form and
``--option`` refuse a value, ``atlantis_tui.rule_options``). The reason for each
default stands at its rule.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from core.atlantica.i18n import N_

DEFAULT_DATA_SET = "default"
"""The data set shipped with the game (``core/atlantica/data/atlantica.toml``)."""


def _yes_no(yes: str, no: str) -> dict[str, object]:
    return {"labels": {True: yes, False: no}}


def _round_spaces_refused(value: object) -> str | None:
    """V1: why the new-game form and ``--option`` refuse this value of ``round_spaces``
    (``marked`` when the data file marks no space), or ``None``. They set no data set
    (``data_set`` is not offered), so the value is weighed against the shipped one."""
    if value != "marked":
        return None
    # Imported here: ``data`` imports this module, and the file is read only when asked.
    from core.atlantica.data import default_data, round_spaces_refusal

    return round_spaces_refusal(Options(round_spaces="marked"), default_data())


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=False):
    """The choices RULES.md V1 leaves to the players. Defaults are the table's defaults."""

    RULES_SECTION: ClassVar[str] = "V"
    """The section of the rules that describes these options."""

    start_player: Annotated[
        Literal["seat1", "random"],
        msgspec.Meta(
            title=N_("Start player (S2)"),
            description=N_(
                "Who plays first (S2): seat 1 (the youngest player), or a seat drawn at random."
            ),
            extra={"labels": {"seat1": N_("seat 1"), "random": N_("random")}},
        ),
    ] = "seat1"
    round_spaces: Annotated[
        Literal["every", "marked"],
        msgspec.Meta(
            title=N_("Bistro round (S1.6)"),
            description=N_(
                "Which spaces paying the round may take from (S1.6, T5.3): every "
                "treasure and research space and each ship pile's top card, or only "
                "the spaces the data file marks."
            ),
            extra={
                "labels": {"every": N_("every space"), "marked": N_("marked spaces")},
                "refused": _round_spaces_refused,
            },
        ),
    ] = "every"
    joker_only_when_needed: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Pair only when needed (T2.5)"),
            description=N_(
                "Whether a pair may fill a slot only when single cards cannot pay "
                "the level (T2.5): on or off."
            ),
            extra=_yes_no(N_("only when needed"), N_("any time, once a turn")),
        ),
    ] = True
    hired_cards_seen_by_owner: Annotated[
        bool,
        msgspec.Meta(
            title=N_("See hired cards (T5.5)"),
            description=N_(
                "Whether a player may look at the divers he hired before his turn ends "
                "(T5.5): on or off."
            ),
        ),
    ] = False
    diver_reshuffle: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Reshuffle divers (T7)"),
            description=N_(
                "Whether the discard pile is shuffled into a new draw pile when the "
                "divers run out (T7): on or off."
            ),
        ),
    ] = True
    final_choices: Annotated[
        Literal["best", "ask"],
        msgspec.Meta(
            title=N_("Scoring choices (E3, E5)"),
            description=N_(
                "Who chooses the treasures released and the types of research cards "
                "R6 and R11 at scoring (E3, E5): the best for each player, or each player."
            ),
            extra={"labels": {"best": N_("the best"), "ask": N_("each player")}},
        ),
    ] = "best"
    tiebreak_count: Annotated[
        Literal["kept", "collected"],
        msgspec.Meta(
            title=N_("Ties (E7)"),
            description=N_(
                "Which treasure cards break a tie (E7): those kept after the release, "
                "or every treasure collected."
            ),
            extra={"labels": {"kept": N_("kept"), "collected": N_("collected")}},
        ),
    ] = "kept"
    data_set: Annotated[
        str,
        msgspec.Meta(
            description=N_(
                "The name of the card data set (S1.7); its numbers are recorded when "
                "the game starts."
            ),
            extra={"offered": False},
        ),
    ] = DEFAULT_DATA_SET
    open_hands: Annotated[
        bool,
        msgspec.Meta(
            title=N_("Open hands (teaching)"),
            description=N_(
                "Whether every hand and hired card is shown to everybody, to teach or "
                "to play openly: on or off."
            ),
        ),
    ] = False


DEFAULT_OPTIONS = Options()
