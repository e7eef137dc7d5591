"""The kit's one door to the kernel's save files, ``check``, resuming and replay.

Every use of ``core.kernel.savefile``, ``save_lifecycle`` and ``replay`` by the
kit goes through here, each function taking the game first, so that when the
kernel's save format learns to hold any game, adapting the kit is an edit of
this module alone.

At this commit the kernel's save files hold the events of one game, the
default one (``core.kernel.registry.DEFAULT_GAME``): ``unsupported`` says so
for any other, and the tests that need saves fail for a registered game the
kernel cannot save, and skip only for a game the program does not offer (the
toy game).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from core.games import GAMES
from core.kernel.errors import SaveFileError
from core.kernel.registry import DEFAULT_GAME, AnyGameType
from core.kernel.replay import Replay
from core.kernel.replay import play_from_here as kernel_play_from_here
from core.kernel.save_lifecycle import read_checked, resume_save
from core.kernel.savefile import read_save, write_save


def is_registered(game: AnyGameType) -> bool:
    """Whether the program offers ``game`` (and not just a test's game of the same id)."""
    return game.id in GAMES and GAMES.get(game.id) is game


def unsupported(game: AnyGameType) -> str | None:
    """Why the kernel cannot save ``game`` yet, or ``None`` when it can."""
    if game.id == DEFAULT_GAME:
        return None
    return f"the kernel's save files hold only {DEFAULT_GAME} games, not {game.id}"


def require_saves(game: AnyGameType) -> None:
    """Fail for a registered game the kernel cannot save; skip a test-only game."""
    reason = unsupported(game)
    if reason is None:
        return
    if is_registered(game):
        pytest.fail(reason)
    pytest.skip(f"{game.id} is not a registered game and {reason}")


def write(game: AnyGameType, path: Path, events: Sequence[Any]) -> None:
    """Write a whole save of ``events`` (a game's opening event first)."""
    write_save(path, events)


def read_events(game: AnyGameType, path: Path) -> list[Any]:
    """The events of a save, read strictly (a bad line raises ``SaveFileError``)."""
    return list(read_save(path).events)


def check(game: AnyGameType, path: Path) -> SaveFileError | None:
    """What ``atlantis check`` finds wrong in a save, with its line; ``None`` if nothing.

    The one reading every reader of a file goes through: a line that cannot be
    read and an event the rules would not give are both reported here.
    """
    return read_checked(path).problem


def resume(game: AnyGameType, path: Path) -> list[Any]:
    """The events a game saved at ``path`` goes on from (whole actions only)."""
    return list(resume_save(path).events)


def replay_states(game: AnyGameType, events: Sequence[Any]) -> list[Any]:
    """The state after each event, as the kernel's replay steps through them."""
    return list(Replay(list(events)).states)


def play_from_here(game: AnyGameType, events: Sequence[Any], position: int) -> list[Any]:
    """A new game's events, taken up from a replay at ``position``."""
    return kernel_play_from_here(events, position)
