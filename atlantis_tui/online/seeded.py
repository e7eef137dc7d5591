"""Games whose chance came from a seed are never hosted online.

A game keeps the secret that all its chance comes from in its opening event
(``secret``, ``core.kernel.chance``). Saves written before games had one
(Atlantis's formats 0–1) drew their path, deck and reshuffles from
``random.Random(seed)`` with a 31-bit seed, and games of any game built
without a secret draw from a generator anyone can rebuild. Online, a watcher
sees the public part of the opening (the path's top tiles, say): trying every
seed until one lays the same table takes minutes, and gives the whole pile,
so every hand and every draw to come.

Such a game is therefore refused in one line, whatever its game: by
``atlantis host --resume`` before the save is touched (``check_save``), and by
``Table`` itself, which every hosted game goes through (``check_events``). On
one keyboard nothing changes: there the players see the same table anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.kernel.chance import is_secret
from core.kernel.errors import GameError, SaveFileError
from core.kernel.i18n import _


class SeededChance(GameError):
    """A game whose chance a watcher could work out, which cannot be hosted online."""


def keyed_by_secret(opening: object) -> bool:
    """Whether a game's opening event holds a secret (hex of at least 128 bits).

    Game-agnostic: an opening event without a ``secret`` field has none.
    """
    secret = getattr(opening, "secret", "")
    return isinstance(secret, str) and is_secret(secret)


def refusal(path: Path | None) -> str:
    """The one line that says why the game cannot be hosted, and what to do instead."""
    shown = str(path) if path is not None else _("this game")
    return _(
        "{save} cannot be hosted online: it dates from before games kept a secret, so "
        "anyone watching could work out its seed and with it every hand and draw; "
        "continue it on one keyboard (atlantis, then Load a saved game), or host a new game"
    ).format(save=shown)


def check_events(events: Sequence[Any], path: Path | None = None) -> None:
    """Raise ``SeededChance`` unless the game's opening event holds a secret."""
    if not events or not keyed_by_secret(events[0]):
        raise SeededChance(refusal(path))


def check_save(path: Path) -> None:
    """Raise ``SeededChance`` for a save whose opening event holds no secret.

    The file is only read (an older format is upcast in memory, not rewritten),
    so a refused save stays exactly as it was. A file that cannot be read at all
    is left for the loader to report in its own words.
    """
    from core.games import GAMES
    from core.kernel.savefile import read_save

    try:
        saved = read_save(path, GAMES, mode="keep_prefix")
    except (SaveFileError, ValueError):
        return
    if saved.events:
        check_events(saved.events, path)
