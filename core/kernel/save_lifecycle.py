"""A save file's life on disk: its name, its copies, its rewrites, and resuming it.

``core.kernel.savefile`` knows the format (a header, then the events with a
marker before each action, appended and flushed per line). This module owns
everything that happens to a save as a file, so that each policy is written once:

- names: ``unused_save_path`` (safe, never an existing file);
- whole files through ``core.kernel.atomic_files.replace_atomically`` (write beside, fsync,
  rename over, fsync the folder), so a crash leaves the old file or the new one;
- ``rewrite_save``: a save replaced by some of its events, header kept;
- ``copy_save``: a copy under a new name, never over an earlier copy;
- ``resume_save``: read a save to continue it, drop an action the file ends
  in the middle of, and, when asked, repair a damaged one (the original kept
  beside it as ``.damaged``).

Where each action begins comes from the file's markers. Only a save written
before markers leaves them to be found, by its game's full check (the
``Judge`` the caller gives, which also says whether the rules give every
event: a damaged save is not played on unless repaired).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from core.kernel.atomic_files import replace_atomically
from core.kernel.errors import SaveFileError
from core.kernel.events import Action, cut_action
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.save_names import SUFFIX
from core.kernel.savefile import (
    FORMAT_VERSION,
    HUMAN,
    Header,
    SavedGame,
    make_header,
    read_save,
    safe_save_path,
    save_bytes,
    write_save,
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


def rewrite_save(
    path: Path, header: Header[Any], events: Sequence[object], actions: Sequence[Action]
) -> None:
    """Replace a save by ``events`` and their ``actions``, keeping its header
    (creation time, seats, …) in the current format."""
    current = msgspec.structs.replace(header, format=FORMAT_VERSION)
    replace_atomically(path, save_bytes(current, events, actions))


def copy_save(path: Path, label: str = "copy") -> Path:
    """Copy a save beside it as ``<name>-copy`` (``-copy-2``, …); never overwrites."""
    target = unused_save_path(path.parent, f"{stem_of(path)}-{label}")
    replace_atomically(target, path.read_bytes())
    return target


class Judgement(msgspec.Struct, frozen=True):
    """A game's full check of a saved game, as resuming needs it.

    ``problem`` names the first line the rules do not give, in one sentence that
    quotes no event (None: they give every event); ``kept`` is how many events a
    repair keeps then, those before the action the damage is in; ``actions`` are
    the actions the rules find before it (when there is no problem, the last may
    be one the file ends inside).
    """

    problem: SaveFileError | None
    kept: int
    actions: tuple[Action, ...]
    opening_cut: bool = False
    """The record ends inside the game's opening (a crash while it was set up, some
    seats never dealt): consistent as far as it goes, but no game to play on."""


Judge = Callable[[SavedGame], Judgement]
"""A game's full check (``atlantis check``) of a save read with ``keep_prefix``."""


class DamagedSave(SaveFileError):
    """A save that cannot be played on as it is. ``kept`` events before the damage
    could be (0: none, so there is nothing to offer)."""

    def __init__(self, damage: SaveFileError, kept: int) -> None:
        super().__init__(damage.line, damage.reason)
        self.kept = kept


class ResumedSave(msgspec.Struct, frozen=True):
    """A save read once, ready to play on.

    ``events`` are the events to continue from; ``actions`` where each action
    begins among them (all whole); ``repaired`` says the file was rewritten
    (the original kept as ``.damaged``).
    """

    header: Header[Any]
    events: tuple[Any, ...]
    actions: tuple[Action, ...]
    repaired: bool = False

    @property
    def command_starts(self) -> tuple[int, ...]:
        """The index of the first event of each action."""
        return tuple(action.start for action in self.actions)


def header_contradiction(game: AnyGameType, saved: SavedGame) -> SaveFileError | None:
    """The game-started line, when the header names other players or options than it.

    One of the two was changed, and readers trust the header (the list of saves,
    the statistics) as the rules trust the opening. Every game's specification
    records its rule options under V.
    """
    if not saved.events:
        return None
    try:
        opened = game.fold(list(saved.events[:1]))
        players, options = tuple(game.presentation.player_names(opened)), game.options_of(opened)
    except Exception:
        return None  # an opening the rules cannot follow: the game's judge names its rule
    # A game whose state keeps no options (a test's toy) has only its players compared.
    same_options = options is None or options == saved.header.options
    if players == tuple(saved.header.players) and same_options:
        return None
    line = saved.lines[0] if saved.lines else 2
    return SaveFileError(line, _("V: the header does not match the game-started event"))


def _judged(game: AnyGameType, judge: Judge, saved: SavedGame) -> Judgement:
    """The game's judgement of a save, after the kernel's own check of its header."""
    contradiction = header_contradiction(game, saved)
    if contradiction is not None:
        return Judgement(contradiction, 0, ())
    return judge(saved)


def resume_save(path: Path, games: GameRegistry, judge: Judge, repair: bool = False) -> ResumedSave:
    """Read a save of one of ``games`` to continue it.

    An action the file ends in the middle of (a crash while it was being
    written, never shown as done) is dropped, as its marker says. A damaged
    file raises ``DamagedSave`` naming the line, unless ``repair``: then the
    game goes on from the whole actions before the damage, the file is
    rewritten with them, and the original is kept beside it as ``.damaged``.
    Raises ``SaveFileError`` when not even the header can be read.
    """
    saved = read_save(path, games, mode="keep_prefix")
    judged = _judged(games.get(saved.header.game), judge, saved)
    damage = judged.problem or saved.error
    if judged.problem is not None:
        actions, keep = judged.actions, judged.kept
    else:
        actions = judged.actions if saved.actions is None else saved.actions
        keep = len(saved.events)
        cut = cut_action(actions, keep)
        if cut is not None:
            keep = cut.start
    if damage is not None and not repair:
        raise DamagedSave(damage, keep)
    if judged.opening_cut:
        line = saved.lines[-1] if saved.lines else 2
        raise SaveFileError(
            line,
            _(
                "the file ends before the game was set up (some seats were never dealt): "
                "there is no game to continue"
            ),
        )
    events = list(saved.events[:keep])
    if not events:
        raise SaveFileError(2, _("nothing of the game can be kept"))
    kept_actions = tuple(action for action in actions if action.end <= keep)
    changed = keep < len(saved.events) or damage is not None or len(kept_actions) < len(actions)
    if changed:
        shutil.copyfile(path, path.with_name(path.name + DAMAGED_SUFFIX))
    if changed or saved.format < FORMAT_VERSION:
        # An older format is rewritten too, so that lines appended now never
        # follow lines of another format (and its actions get their markers).
        rewrite_save(path, saved.header, events, kept_actions)
    return ResumedSave(saved.header, tuple(events), kept_actions, changed)


# -- reading a save to show it, of any game ---------------------------------------------


class CheckedSave(msgspec.Struct, frozen=True):
    """A save read and re-run through its game's rules (see ``read_checked``).

    ``events`` are the file's events before its first damaged line, each one the
    rules give (all of them when ``problem`` is None); ``problem`` names that line
    and what is wrong with it, in one sentence that quotes no event (an event may
    hold a player's cards). ``read`` is everything that could be read;
    ``broken_rule`` the first rule the file breaks, said in full for ``atlantis
    check`` (it may quote events), or ``None``; ``events_checked`` how many events
    the rules gave; ``finished`` whether the events checked end the game.
    """

    read: SavedGame
    events: tuple[Any, ...]
    problem: SaveFileError | None
    actions: tuple[Action, ...]
    """The actions among ``events`` (the file's markers, or as the rules found them);
    the last one may be cut (``events`` end inside it)."""
    broken_rule: str | None = None
    events_checked: int = 0
    finished: bool = False

    @property
    def header(self) -> Header[Any]:
        return self.read.header

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


def check_save(game: AnyGameType, saved: SavedGame) -> CheckedSave:
    """The game's full verdict on ``saved`` (read with ``keep_prefix``): its own
    ``check``, or one made from its ``judge`` (no judge: every event read is taken)."""
    if game.records.check is not None:
        verdict: CheckedSave = game.records.check(saved)
        return verdict
    contradiction = header_contradiction(game, saved)
    if contradiction is not None:
        judged: Judgement | None = Judgement(contradiction, 0, ())
    else:
        judged = game.records.judge(saved) if game.records.judge is not None else None
    if judged is None or judged.problem is None:
        events = saved.events
        if saved.actions is not None:
            actions = saved.actions
        else:
            actions = judged.actions if judged is not None else ()
        actions = tuple(action for action in actions if action.start < len(events))
        finished = bool(events) and game.is_finished(events)
        return CheckedSave(saved, events, saved.error, actions, None, len(events), finished)
    events = saved.events[: judged.kept]
    whole = tuple(action for action in judged.actions if action.end <= judged.kept)
    broken = str(judged.problem)
    return CheckedSave(saved, events, judged.problem, whole, broken, judged.kept, False)


def read_checked(path: str | Path, games: GameRegistry) -> CheckedSave:
    """Read a save of one of ``games`` and run it through its game's rules, as every
    reader of a file must.

    Raises ``SaveFileError`` when not even the header can be read. Otherwise the
    first damaged line is the ``problem``, and ``events`` stop before it: nothing
    the rules never gave is folded into a state, shown or counted.
    """
    saved = read_save(path, games, mode="keep_prefix")
    return check_save(games.get(saved.header.game), saved)


def hands_are_private(game: AnyGameType, saved: SavedGame) -> bool:
    """Whether reading the save must hide the hands: an unfinished game of two or more
    people at one keyboard, who may go on with it and must not see each other's cards.

    A prepared position (``GameType.records.prepared``: a rulebook's worked example) is
    there to be studied, and shows everything; so does a game whose options show
    every hand (``GameType.privacy.hands_open``).
    """
    started = saved.events[0] if saved.events else None
    if started is not None and game.records.prepared is not None and game.records.prepared(started):
        return False
    finished = game.is_finished(saved.events)
    seats = saved.header.seats or (HUMAN,) * len(saved.header.players)
    humans = sum(seat == HUMAN for seat in seats)
    return not finished and humans >= 2 and not game.privacy.hands_open(saved.header.options)


def header_of(game: AnyGameType, events: Sequence[Any], seats: tuple[str, ...] = ()) -> Header[Any]:
    """The header of a new save of the game ``events`` record (players and options from
    the state after its opening event, the seed from its ``seed`` field, if any)."""
    if not events:
        raise TypeError("a save starts with the game's opening event")
    opened = game.fold(list(events[:1]))
    seed = getattr(events[0], "seed", 0)
    return make_header(
        game.id,
        game.options_of(opened),
        game.presentation.player_names(opened),
        seed if isinstance(seed, int) else 0,
        seats,
    )


def write_game(
    path: str | Path,
    game: AnyGameType,
    events: Sequence[Any],
    seats: tuple[str, ...] = (),
    actions: Sequence[Action] | None = None,
    header: Header[Any] | None = None,
) -> None:
    """Write a whole game at once (exports, ``play from here``): ``header`` (default:
    made from the events, ``header_of``) and ``actions`` (default: as the game's
    ``find_actions`` finds them)."""
    if actions is None:
        actions = (
            tuple(game.records.find_actions(events))
            if game.records.find_actions is not None
            else ()
        )
    made = header if header is not None else header_of(game, events, seats)
    write_save(path, made, events, actions)
