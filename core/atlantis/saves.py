"""Atlantis's saves: the kernel's save files and their life, bound to this game.

The kernel reads and writes saves of any game (``core.kernel.savefile``,
``core.kernel.save_lifecycle``); here is what only Atlantis knows:

- the header a game's ``GameStarted`` makes (``header_for``), and writing a
  game from its events (``write_save``);
- ``read_checked``: the one way a save is read to be shown or checked: read,
  re-run through the rules (``core.atlantis.check``), and cut before its first
  damaged line;
- the judge ``resume_save`` gives the kernel, and whether reading a save must
  hide the hands (``hands_are_private``).

Only Atlantis saves are read here (``ATLANTIS_ONLY``): the program's list of
games is ``core.games``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from core.atlantis.check import CheckResult, Inconsistency, actions_of, check_events
from core.atlantis.events import AnyEvent, GameEnded, GameStarted
from core.atlantis.game_type import ATLANTIS
from core.atlantis.options import Options
from core.kernel import save_lifecycle, savefile
from core.kernel.errors import SaveFileError
from core.kernel.events import Action
from core.kernel.game import NO_SEAT
from core.kernel.i18n import _
from core.kernel.registry import GameRegistry
from core.kernel.save_lifecycle import Judgement, ResumedSave
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


class CheckedSave(msgspec.Struct, frozen=True):
    """A save read and re-run through the rules (see ``read_checked``).

    ``events`` are the file's events before its first damaged line, each one
    the rules give (all of them when ``problem`` is None); ``problem`` names that
    line and what is wrong with it, in one sentence that quotes no event (an
    event may hold a player's cards). ``read`` is everything that could be read,
    and ``result`` the rules' verdict on it, for ``atlantis check``, which says more.
    """

    read: SavedGame
    result: CheckResult
    events: tuple[AnyEvent, ...]
    problem: SaveFileError | None

    @property
    def header(self) -> Header[Any]:
        return self.read.header

    @property
    def broken_rule(self) -> Inconsistency | None:
        """The first rule the file breaks, if it holds a game at all."""
        return self.result.problem if self.read.events else None

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions among ``events``: from the file's markers, or for a file written
        before them, as the rules found them. The last one may be cut (``events``
        end inside it, at a crash or before the damaged line)."""
        kept = len(self.events)
        if self.read.actions is not None:
            return tuple(action for action in self.read.actions if action.start < kept)
        found = [action for action in self.result.actions if action.start < kept]
        known = {action.start for action in found}
        for start in self.result.command_starts:
            if start < kept and start not in known:
                # The action the rules refused begins before the damaged line: cut there.
                found.append(Action(start, NO_SEAT, kept - start + 1))
        return tuple(found)

    @property
    def game(self) -> SavedGame:
        """The sound part of the save, as a ``SavedGame`` whose ``error`` is the problem."""
        return msgspec.structs.replace(
            self.read,
            events=self.events,
            lines=self.read.lines[: len(self.events)],
            error=self.problem,
            actions=None if self.read.actions is None else self.actions,
        )


def read_checked(path: str | Path) -> CheckedSave:
    """Read a save and run it through the rules, as every reader of a file must.

    Raises ``SaveFileError`` when not even the header can be read. Otherwise the
    first damaged line (one that cannot be read, or an event the rules do not
    give, or an action marker that is not where the rules find the action) is
    the ``problem``, and ``events`` stop before it: nothing the rules never gave
    is folded into a state, shown or counted.
    """
    return checked(read_save(path, mode="keep_prefix"))


def checked(saved: SavedGame) -> CheckedSave:
    """``read_checked`` for a save already read with ``keep_prefix``."""
    result = check_events(saved.events, saved.lines, saved.header, saved.actions)
    problem = saved.error
    kept = len(saved.events)
    if result.problem is not None and saved.events:
        rule = result.problem
        reason = _("{rule}: {reason}").format(rule=rule.rule, reason=rule.brief or rule.reason)
        problem = SaveFileError(rule.line, reason)
        kept = _consistent_prefix(saved.events, result.events_checked)
    return CheckedSave(saved, result, saved.events[:kept], problem)


def _consistent_prefix(events: tuple[AnyEvent, ...], checked: int) -> int:
    """How many of the first ``checked`` events the rules give, cut or not.

    The events before the one refused are nearly always sound, but a shuffle is
    judged before the events of its action that come ahead of it: check the cut
    again (a game cut inside an action is consistent as far as it goes).
    """
    kept = checked
    while kept > 0:
        again = check_events(events[:kept])
        if again.ok:
            break
        kept = min(again.events_checked, kept - 1)
    return kept


def judge(saved: SavedGame) -> Judgement:
    """The full check, as the kernel's ``resume_save`` asks for it."""
    verdict = checked(saved)
    result = verdict.result
    if verdict.broken_rule is None:
        return Judgement(None, len(saved.events), result.actions)
    # Repaired, the game goes on from the start of the action the damage is in.
    kept = max((s for s in result.command_starts if s <= result.events_checked), default=0)
    whole = tuple(action for action in result.actions if action.end <= kept)
    return Judgement(verdict.problem, kept, whole)


def resume_save(path: Path, repair: bool = False) -> ResumedSave:
    """Read and check an Atlantis save to continue it (``save_lifecycle.resume_save``)."""
    return save_lifecycle.resume_save(path, ATLANTIS_ONLY, judge, repair)
