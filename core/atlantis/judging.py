"""Atlantis's full re-judge of a saved game, as readers and the kernel ask for it.

``checked`` re-runs a save already read through the rules (``core.atlantis.check``)
and cuts it before its first damaged line; ``judge`` is the same verdict in the
shape the kernel's ``resume_save`` and the descriptor (``GameType.records.judge``) take.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.atlantis.check import CheckResult, Inconsistency, check_events
from core.atlantis.events import AnyEvent
from core.atlantis.i18n import _
from core.kernel import save_lifecycle
from core.kernel.errors import SaveFileError
from core.kernel.events import Action
from core.kernel.game import NO_SEAT
from core.kernel.save_lifecycle import Judgement
from core.kernel.savefile import Header, SavedGame


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
        return Judgement(None, len(saved.events), result.actions, result.opening_cut)
    # Repaired, the game goes on from the start of the action the damage is in.
    kept = max((s for s in result.command_starts if s <= result.events_checked), default=0)
    whole = tuple(action for action in result.actions if action.end <= kept)
    return Judgement(verdict.problem, kept, whole)


def checked_save(saved: SavedGame) -> save_lifecycle.CheckedSave:
    """``checked`` in the kernel's shape (``GameType.records.check``): what the shell's readers
    of a save (``atlantis check``, ``log``, the replay) take of any game."""
    verdict = checked(saved)
    result = verdict.result
    broken = verdict.broken_rule
    return save_lifecycle.CheckedSave(
        verdict.read,
        verdict.events,
        verdict.problem,
        verdict.actions,
        None if broken is None else str(broken),
        result.events_checked,
        result.state is not None and result.state.is_over,
    )
