"""Redo in a record: which events after an undo are the undone ones made again.

``Game.redo`` appends exactly the events the last undo took back, with the
markers of their actions. The rules alone need not give those events again
in the state the undo left: an undo that showed cards of a pile makes the
pile's next draw shuffle it first, so a purchase made again without the
shuffle is not what ``decide`` gives there. It is what redo gives, and redo
is the kernel's, so every game's judge asks a ``RedoStack`` whether a run of
events is a redo before it judges them as a new action.

The stack follows a record as ``Game`` follows play: an undo pushes the
events it took back (and their actions), a redo pops them, and any other
action empties it, since a new action makes what was undone unreachable.
Read to the end of a record (``redo_stack_of``), it is what redo may still
bring back, so a game continued from its save can be redone as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from core.kernel.events import Action, EventsUndone


class UndoneBlock(msgspec.Struct, frozen=True):
    """The events one undo took back, in order, and the actions among them
    (their starts counted from the block's first event); ``taken`` is where
    each event stands in the record."""

    events: tuple[object, ...]
    actions: tuple[Action, ...]
    taken: tuple[int, ...] = ()


class RedoStack:
    """The blocks redo may bring back at a point of a record, the last undo last."""

    def __init__(self) -> None:
        self.blocks: list[UndoneBlock] = []

    def undone(
        self, events: Sequence[object], taken: Sequence[int], actions: Sequence[Action]
    ) -> None:
        """An undo took back ``events[i]`` for each ``i`` in ``taken`` (indices of the
        record); ``actions`` are the record's actions (any that start among them count)."""
        offset = {index: k for k, index in enumerate(taken)}
        moved = tuple(
            action.moved(offset[action.start]) for action in actions if action.start in offset
        )
        self.blocks.append(
            UndoneBlock(tuple(events[index] for index in taken), moved, tuple(taken))
        )

    def redone_at(
        self, events: Sequence[object], index: int, marked: Mapping[int, Action] | None
    ) -> UndoneBlock | None:
        """The block whose redo begins at ``events[index]``, or ``None``.

        A redo appends the whole block, each action behind its marker as it was
        first recorded: ``marked`` are the record's markers by start (``None`` for
        a record without them), and a new action that merely begins with the
        block's events is no redo. A record that ends inside the redo (a crash
        while it was written) holds a prefix of it, which counts too.
        """
        if not self.blocks:
            return None
        block = self.blocks[-1]
        end = min(index + len(block.events), len(events))
        run = tuple(events[index:end])
        if not run or block.events[: len(run)] != run:
            return None
        if marked is not None:
            expected = {
                index + action.start: action.moved(index + action.start)
                for action in block.actions
                if index + action.start < end
            }
            found = {start: action for start, action in marked.items() if index <= start < end}
            if found != expected:
                return None
        return block

    def redone(self) -> UndoneBlock:
        """Redo took back the last undo: its block is no longer redoable."""
        return self.blocks.pop()

    def played(self) -> None:
        """A new action: nothing undone before it can be redone."""
        self.blocks.clear()


def redo_stack_of(events: Sequence[object], actions: Sequence[Action]) -> list[UndoneBlock]:
    """What redo may still bring back at the end of a record, the last undo last.

    ``actions`` index all of ``events`` (a save's markers, or a judge's finding).
    Only the record's shape is read: undo markers, where actions begin, and which
    actions repeat what an undo took back; the rules are not asked. A new action
    that gives exactly what the last undo took back counts as its redo, as it does
    in ``Game.play``: the two cannot be told apart, and lead to the same state.
    """
    return _follow(events, actions)[0]


def redone_actions(events: Sequence[object], actions: Sequence[Action]) -> dict[int, int]:
    """Where each redone action of a record begins → where it was first played.

    The decision was taken there; the state before the redo differs from the one
    before it only in what undo leaves behind (a pile marked seen, the count of
    undos), so a command that gives these very events is found there.
    """
    return _follow(events, actions)[1]


def _follow(
    events: Sequence[object], actions: Sequence[Action]
) -> tuple[list[UndoneBlock], dict[int, int]]:
    """The redo stack at the end of a record, and where each redone action began."""
    stack = RedoStack()
    starts = {action.start: action for action in actions}
    redone: dict[int, int] = {}
    in_force: list[int] = []
    index = 0
    while index < len(events):
        event = events[index]
        if isinstance(event, EventsUndone):
            taken = in_force[len(in_force) - event.count :]
            stack.undone(events, taken, actions)
            del in_force[len(in_force) - event.count :]
            index += 1
            continue
        if index in starts:
            block = stack.redone_at(events, index, starts)
            if block is not None and len(events) - index >= len(block.events):
                stack.redone()
                for action in block.actions:
                    first = block.taken[action.start]
                    redone[index + action.start] = redone.get(first, first)  # a redo's redo
                in_force.extend(range(index, index + len(block.events)))
                index += len(block.events)
                continue
            stack.played()
        in_force.append(index)
        index += 1
    return stack.blocks, redone
