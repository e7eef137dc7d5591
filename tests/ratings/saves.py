"""Hand-made saves for the ratings' tests: finished games whose places are chosen.

An Atlantis game is played to its end by random bots, then its end is rewritten with
the scores asked for (Atlantis places the seats by those scores, ties sharing a
place); an Atlantica game of five is played as it falls.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.check import actions_of
from core.atlantis.events import GameEnded, GameStarted
from core.games import GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.savefile import make_header, write_save
from core.services.simulate import play_game as play_any_game

Seat = tuple[str, str]
"""A seat: the player's name and ``human`` or ``bot:<kind>``."""


def created(day: int, hour: int = 12) -> str:
    """A header's start time: ``2026-03-<day>`` at ``hour`` UTC."""
    return f"2026-03-{day:02d}T{hour:02d}:00:00+00:00"


def atlantis_save(
    path: Path,
    seats: Sequence[Seat],
    scores: Sequence[int],
    when: str,
    seed: int = 1,
    finished: bool = True,
) -> Path:
    """An Atlantis save at ``path`` ending with ``scores`` (the best win, ties share),
    started ``when``; unfinished: its first moves only."""
    names = [name for name, _ in seats]
    game, _durations = play_game([make_bot("random") for _ in seats], seed, names=names)
    events = list(game.events)
    if finished:
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        events[-1] = GameEnded(scores=tuple(scores), winners=winners)
    else:
        events = events[:12]
    started = events[0]
    assert isinstance(started, GameStarted)
    header = make_header("atlantis", started.options, names, seed, tuple(k for _, k in seats))
    header = msgspec.structs.replace(header, created=when)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, header, events, actions_of(events))
    return path


def atlantica_save(path: Path, seats: Sequence[Seat], when: str, secret: str = "5" * 32) -> Path:
    """A finished Atlantica game of ``len(seats)`` played by random bots."""
    game = GAMES.get("atlantica")
    bots = [game.play.bots["random"](BotSettings()) for _ in seats]
    names = [name for name, _ in seats]
    played, _durations = play_any_game(game, bots, secret, names=names)
    assert game.is_over(played.state)
    options = game.options_of(played.state)
    header = make_header("atlantica", options, names, 0, tuple(k for _, k in seats))
    header = msgspec.structs.replace(header, created=when)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, header, played.events, played.actions)
    return path
