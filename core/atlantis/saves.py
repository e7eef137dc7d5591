"""Atlantis's saves: the kernel's save files and their life, bound to this game.

The kernel reads and writes saves of any game (``core.kernel.savefile``,
``core.kernel.save_lifecycle``); here is what only Atlantis knows:

- the header a game's ``GameStarted`` makes (``header_for``), and writing a
  game from its events (``write_save``);
- ``read_checked``: the one way a save is read to be shown or checked: read,
  re-run through the rules (``core.atlantis.check``), and cut before its first
  damaged line;
- ``resume_save`` with the game's judge (``core.atlantis.judging``), and whether reading a save must
  hide the hands (``hands_are_private``).

Only Atlantis saves are read here (``ATLANTIS_ONLY``): the program's list of
games is ``core.games``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from core.atlantis.check import actions_of
from core.atlantis.events import AnyEvent, GameEnded, GameStarted
from core.atlantis.game_type import ATLANTIS
from core.atlantis.judging import CheckedSave, checked, judge
from core.atlantis.options import Options
from core.kernel import save_lifecycle, savefile
from core.kernel.events import Action
from core.kernel.registry import GameRegistry
from core.kernel.save_lifecycle import ResumedSave
from core.kernel.savefile import HUMAN, ErrorMode, Header, SavedGame, make_header

ATLANTIS_ONLY = GameRegistry([ATLANTIS])
"""The games this module reads: Atlantis alone."""


def header_for(started: GameStarted, seats: tuple[str, ...] = ()) -> Header[Options]:
    """The header of a new save of the game ``started`` opens."""
    return make_header(ATLANTIS.id, started.options, started.players, started.seed, seats)


def write_save(
    path: str | Path,
    events: Iterable[AnyEvent],
    seats: tuple[str, ...] = (),
    actions: Sequence[Action] | None = None,
) -> None:
    """Write a whole game at once (exports, ``play from here``, simulations).

    ``actions`` say where each action begins (``Game.actions``); a list of
    events alone has them found by the full check, as an old save has.
    """
    events = list(events)
    if not events or not isinstance(events[0], GameStarted):
        raise TypeError("a save starts with a game-started event")
    found = actions_of(events) if actions is None else actions
    savefile.write_save(path, header_for(events[0], seats), events, found)


def read_save(path: str | Path, mode: ErrorMode = "raise") -> SavedGame:
    """Read an Atlantis save (see ``core.kernel.savefile.read_save``)."""
    return savefile.read_save(path, ATLANTIS_ONLY, mode)


def hands_are_private(saved: SavedGame) -> bool:
    """Whether reading the save must hide the hands: an unfinished game of two or more
    people at one keyboard, who may go on with it and must not see each other's cards.

    A prepared position (the rulebook's worked examples) is there to be studied, and
    shows everything.
    """
    started = saved.events[0] if saved.events else None
    if isinstance(started, GameStarted) and (started.pawns or started.collected):
        return False
    finished = bool(saved.events) and isinstance(saved.events[-1], GameEnded)
    seats = saved.header.seats or (HUMAN,) * len(saved.header.players)
    humans = sum(seat == HUMAN for seat in seats)
    return not finished and humans >= 2 and not saved.header.options.open_hands


def read_checked(path: str | Path) -> CheckedSave:
    """Read a save and run it through the rules, as every reader of a file must.

    Raises ``SaveFileError`` when not even the header can be read. Otherwise the
    first damaged line (one that cannot be read, or an event the rules do not
    give, or an action marker that is not where the rules find the action) is
    the ``problem``, and ``events`` stop before it: nothing the rules never gave
    is folded into a state, shown or counted.
    """
    return checked(read_save(path, mode="keep_prefix"))


def resume_save(path: Path, repair: bool = False) -> ResumedSave:
    """Read and check an Atlantis save to continue it (``save_lifecycle.resume_save``)."""
    return save_lifecycle.resume_save(path, ATLANTIS_ONLY, judge, repair)
