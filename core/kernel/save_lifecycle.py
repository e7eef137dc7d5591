"""A save file's life on disk: its name, its copies, its rewrites, and resuming it.

``core.kernel.savefile`` knows the format (a header, then one event a line, appended
and flushed per event). This module owns everything that happens to a save
as a file, so that each policy is written once:

- names: ``unused_save_path`` (safe, never an existing file);
- whole files through ``core.kernel.atomic_files.replace_atomically`` (write beside, fsync,
  rename over, fsync the folder), so a crash leaves the old file or the new one;
- ``rewrite_save``: a save replaced by some of its events, header kept;
- ``copy_save``: a copy under a new name, never over an earlier copy;
- ``read_checked``: the one way a save is read to be shown or checked: read,
  re-run through the rules, and cut before its first damaged line;
- ``resume_save``: read and check a save once, drop an action the file ends
  in the middle of, and, when asked, repair a damaged one (the original kept
  beside it as ``.damaged``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from core.atlantis.check import CheckResult, Inconsistency, check_events
from core.atlantis.events import AnyEvent
from core.kernel.atomic_files import replace_atomically
from core.kernel.errors import SaveFileError
from core.kernel.i18n import _
from core.kernel.save_names import SUFFIX
from core.kernel.savefile import (
    FORMAT_VERSION,
    Header,
    SavedGame,
    encode_line,
    read_save,
    safe_save_path,
)

DAMAGED_SUFFIX = ".damaged"


def stem_of(path: Path) -> str:
    """A save's name without ``SUFFIX`` (``2026-…-Ann-Bob``)."""
    return path.name.removesuffix(SUFFIX)


def unused_save_path(directory: str | Path, name: str) -> Path:
    """A safe path for save ``name`` in ``directory`` that no file has yet.

    ``name``, ``name-2``, ``name-3``, … (see ``safe_save_path`` for what a
    name may hold).
    """
    first = safe_save_path(directory, name)
    candidate, number = first, 2
    while candidate.exists():
        candidate = safe_save_path(directory, f"{stem_of(first)}-{number}")
        number += 1
    return candidate


def save_bytes(header: Header, events: list[AnyEvent]) -> bytes:
    """A whole save file in the current format."""
    return b"".join([encode_line(header), *(encode_line(event) for event in events)])


def rewrite_save(path: Path, header: Header, events: list[AnyEvent]) -> None:
    """Replace a save by ``events``, keeping its header (creation time, seats, …)."""
    current = msgspec.structs.replace(header, format=FORMAT_VERSION)
    replace_atomically(path, save_bytes(current, events))


def copy_save(path: Path, label: str = "copy") -> Path:
    """Copy a save beside it as ``<name>-copy`` (``-copy-2``, …); never overwrites."""
    target = unused_save_path(path.parent, f"{stem_of(path)}-{label}")
    replace_atomically(target, path.read_bytes())
    return target


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
    def header(self) -> Header:
        return self.read.header

    @property
    def broken_rule(self) -> Inconsistency | None:
        """The first rule the file breaks, if it holds a game at all."""
        return self.result.problem if self.read.events else None

    @property
    def game(self) -> SavedGame:
        """The sound part of the save, as a ``SavedGame`` whose ``error`` is the problem."""
        return msgspec.structs.replace(
            self.read,
            events=self.events,
            lines=self.read.lines[: len(self.events)],
            error=self.problem,
        )


def read_checked(path: str | Path) -> CheckedSave:
    """Read a save and run it through the rules, as every reader of a file must.

    Raises ``SaveFileError`` when not even the header can be read. Otherwise the
    first damaged line (one that cannot be read, or an event the rules do not
    give) is the ``problem``, and ``events`` stop before it: nothing the rules
    never gave is folded into a state, shown or counted.
    """
    saved = read_save(path, mode="keep_prefix")
    result = check_events(saved.events, saved.lines, saved.header)
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


class DamagedSave(SaveFileError):
    """A save that cannot be played on as it is. ``kept`` events before the damage
    could be (0: none, so there is nothing to offer)."""

    def __init__(self, damage: SaveFileError, kept: int) -> None:
        super().__init__(damage.line, damage.reason)
        self.kept = kept


class ResumedSave(msgspec.Struct, frozen=True):
    """A save read and checked once, ready to play on.

    ``events`` are the events to continue from; ``command_starts`` the index of
    the first event of each action among them; ``repaired`` says the file was
    rewritten (the original kept as ``.damaged``).
    """

    header: Header
    events: tuple[AnyEvent, ...]
    command_starts: tuple[int, ...]
    repaired: bool = False


def resume_save(path: Path, repair: bool = False) -> ResumedSave:
    """Read and check a save to continue it.

    An action the file ends in the middle of (a crash while it was being
    written, never shown as done) is dropped. A damaged file raises
    ``DamagedSave`` naming the line (see ``read_checked``), unless ``repair``:
    then the game goes on from the whole actions before the damage, the file
    is rewritten with them, and the original is kept beside it as ``.damaged``.
    """
    checked = read_checked(path)
    saved, result, damage = checked.read, checked.result, checked.problem
    keep = len(saved.events)
    starts = result.command_starts
    if checked.broken_rule is not None:
        keep = max((s for s in starts if s <= result.events_checked), default=0)
    elif result.unfinished_action is not None:
        keep = result.unfinished_action
    if damage is not None and not repair:
        raise DamagedSave(damage, keep)
    events = list(saved.events[:keep])
    if not events:
        raise SaveFileError(2, _("nothing of the game can be kept"))
    changed = keep < len(saved.events) or damage is not None
    if changed:
        shutil.copyfile(path, path.with_name(path.name + DAMAGED_SUFFIX))
    if changed or saved.format < FORMAT_VERSION:
        # An older format is rewritten too, so that events appended now never
        # follow lines of another format.
        rewrite_save(path, saved.header, events)
    return ResumedSave(saved.header, tuple(events), tuple(s for s in starts if s < keep), changed)
