"""How save files are named: every one ends in ``SUFFIX``, and names its game.

A module of its own, so that the start menu can list a save folder without
loading the save format (msgspec, the events) when the folder holds no save.

A new game is saved as ``20260101-200000-arkantis-Ann-Bob.atlantis.jsonl``:

- the time first, so that a folder sorted by name is in the order the games were
  started, as it always was;
- then the game's id, as ``--game`` and the save's header spell it (lower case,
  one word), so that a file manager tells an ArkantiS game from an Atlantis one
  at a glance, next to the time where the eye starts reading;
- then the players, whose names vary in length, last;
- and ``SUFFIX`` unchanged, the one every reader (Load, Continue, ``stats``) looks
  for: the game is in the name, not in the suffix, so saves named before the
  game was (``20250101-200000-Ann-Bob.atlantis.jsonl``, ``game-00042.atlantis.jsonl``)
  are found as they always were. The name is for people; which game a save is of
  is read from its header, never from its name.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence

SUFFIX = ".atlantis.jsonl"
"""Every save file's name ends so."""

STAMP = "%Y%m%d-%H%M%S"
"""When a game was started, as its save's name begins: ``20260101-200000``."""

_STAMPED = re.compile(r"\d{8}-\d{6}")
_SIMULATED = re.compile(r"game-(\d+)(?:-[a-z0-9_]+)?" + re.escape(SUFFIX))
"""A simulation's save: ``game-00042-arkantis.atlantis.jsonl``, or before saves named
their game, ``game-00042.atlantis.jsonl``."""


def game_save_stem(game_id: str, players: Sequence[str], when: _dt.datetime | None = None) -> str:
    """The name (without ``SUFFIX``) of a new game's save, hot-seat or hosted:
    ``20260101-200000-arkantis-Ann-Bob``, started ``when`` (default: now)."""
    stamp = (when or _dt.datetime.now()).strftime(STAMP)
    return "-".join([stamp, game_id, *players])


def names_game(stem: str, game_id: str) -> bool:
    """Whether a save's name already names ``game_id`` (as one of its words)."""
    return game_id.casefold() in stem.casefold().split("-")


def with_game(stem: str, game_id: str) -> str:
    """``stem`` naming its game: after its time if it starts with one (a save named
    before the game was: ``20250101-200000-Ann-Bob``), in front otherwise
    (``rulebook-X1``); unchanged if it names the game already."""
    if names_game(stem, game_id):
        return stem
    stamped = _STAMPED.match(stem)
    if stamped is not None and stem[stamped.end() : stamped.end() + 1] == "-":
        return f"{stamped.group()}-{game_id}{stem[stamped.end() :]}"
    return f"{game_id}-{stem}"


def played_on_stem(
    game_id: str,
    position: int,
    source_stem: str | None = None,
    players: Sequence[str] = (),
    when: _dt.datetime | None = None,
) -> str:
    """The name of a game played on from ``position`` of another (play-from-here): the
    source's name, naming its game, then ``-from-N``; a record with no file (a game
    just finished) is named as a new game of ``players`` would be."""
    if source_stem is None:
        base = game_save_stem(game_id, players, when)
    else:
        base = with_game(source_stem, game_id)
    return f"{base}-from-{position}"


def simulation_save_name(number: int, game_id: str) -> str:
    """The file a simulation saves its game ``number`` in: ``game-00042-arkantis.atlantis.jsonl``
    (numbered first, so that the folder sorted by name is in the order of the run)."""
    return f"game-{number:05d}-{game_id}{SUFFIX}"


def simulation_number(name: str) -> int | None:
    """The number of a simulation's save called ``name``, whether it names its game or
    was saved before saves did (``game-00042.atlantis.jsonl``); None for another file."""
    found = _SIMULATED.fullmatch(name)
    return int(found.group(1)) if found is not None else None
