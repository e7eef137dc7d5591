"""A set of games, looked up by id: what the program offers.

The kernel never imports a game; ``core.games`` builds the one registry the
program uses, explicitly, and hands it to whatever needs to find a game by
the id a save file or a host names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from core.kernel.game_type import GameType
from core.kernel.i18n import SHELL, _

AnyGameType = GameType[Any, Any, Any, Any, Any]

DEFAULT_GAME = "atlantis"
"""The game a save names when it names none: every save written before there
were several games is an Atlantis game."""


class UnknownGame(ValueError):
    """An id no registered game has (from a file, a host or the command line)."""


class GameRegistry:
    """The registered games, in the order menus offer them."""

    def __init__(self, games: Iterable[AnyGameType]) -> None:
        """The games, in menu order. Each game's catalogue becomes a fallback of the
        shell's, so that a shell screen can show a sentence the game marked."""
        self._games: dict[str, AnyGameType] = {}
        for game in games:
            if game.id in self._games:
                raise TypeError(f"two games are registered as {game.id!r}")
            self._games[game.id] = game
            if game.presentation.catalogue is not None:
                SHELL.add_fallback(game.presentation.catalogue)

    def __iter__(self) -> Iterator[AnyGameType]:
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._games)

    def get(self, game_id: str) -> AnyGameType:
        """The game called ``game_id``; raises ``UnknownGame`` naming the ones there are."""
        try:
            return self._games[game_id]
        except KeyError:
            raise UnknownGame(
                _("unknown game {name} (choose from {names})").format(
                    name=repr(game_id), names=", ".join(self._games)
                )
            ) from None
