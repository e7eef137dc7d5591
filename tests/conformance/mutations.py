"""Damaged copies of a save, each with the lines where ``check`` must report it.

Every mutation here makes a file no play of the game could have written, so
``check`` must refuse it, whatever the game:

- a line that is not an event (not JSON, cut short, empty, an unknown type, a
  field of the wrong type): refused at that very line;
- the opening event again, later on, or any event after the game's end:
  refused at that line;
- one number of an event made far larger than any game holds: refused within
  the action the event belongs to, no later than its line (the lines before it
  are the game as it was played).

Deleting or swapping lines is left out on purpose: the result can be another
game the rules allow (two purchases the other way round), which ``check`` is
right to accept.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from tests.conformance.playouts import Playout

HUGE = 9_876_543_211
"""Larger than any seat, card, space, count or score a game holds."""
FIRST_EVENT_LINE = 2
"""Line 1 of a save is its header; event ``i`` is on line ``i + 2``."""


@dataclass(frozen=True)
class Mutation:
    """A damaged save and the first and last line ``check`` may name for it."""

    name: str
    lines: list[bytes]
    first: int
    last: int

    @property
    def data(self) -> bytes:
        return b"".join(line + b"\n" for line in self.lines)


def _int_paths(document: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where the whole numbers (not booleans) of a decoded JSON document are."""
    if isinstance(document, dict):
        for key, value in document.items():
            yield from _int_paths(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from _int_paths(value, (*path, index))
    elif isinstance(document, int) and not isinstance(document, bool):
        yield path


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = value


def _with_huge_number(line: bytes, rng: random.Random) -> bytes | None:
    document = msgspec.json.decode(line)
    paths = list(_int_paths(document))
    if not paths:
        return None
    _set(document, rng.choice(paths), HUGE)
    return msgspec.json.encode(document)


def _with_wrong_type(line: bytes) -> bytes:
    document = msgspec.json.decode(line)
    key = next(key for key in document if key != "type")
    value = document[key]
    document[key] = [1, 2] if isinstance(value, str) else "not this"
    return msgspec.json.encode(document)


def _with_unknown_type(line: bytes) -> bytes:
    document = msgspec.json.decode(line)
    document["type"] = "no-such-event"
    return msgspec.json.encode(document)


def line_mutations(lines: list[bytes], number: int) -> Iterator[Mutation]:
    """Line ``number`` (1-based, an event after the opening one) made unreadable."""
    index = number - 1
    line = lines[index]

    def replaced(name: str, new: bytes) -> Mutation:
        return Mutation(name, [*lines[:index], new, *lines[index + 1 :]], number, number)

    yield replaced("not JSON", b"this is not an event")
    yield replaced("cut short", line[: len(line) // 2])
    yield replaced("unknown event type", _with_unknown_type(line))
    yield replaced("a field of the wrong type", _with_wrong_type(line))
    yield Mutation("an empty line", [*lines[:index], b"", *lines[index:]], number, number)
    opening = lines[FIRST_EVENT_LINE - 1]
    yield Mutation("the opening again", [*lines[:index], opening, *lines[index:]], number, number)


def after_the_end(lines: list[bytes]) -> Mutation:
    """The last event written again after the game's end."""
    return Mutation("an event after the end", [*lines, lines[-1]], len(lines) + 1, len(lines) + 1)


def huge_number(
    lines: list[bytes], playout: Playout, number: int, seed: int, line_of: Sequence[int]
) -> Mutation | None:
    """One number of the event on line ``number`` made huge; ``None`` if it has none.

    ``line_of[i]`` is the file line of event ``i`` (a save also holds the markers of
    actions). The refusal may come on any line of the action, its marker included.
    """
    index = line_of.index(number)
    new = _with_huge_number(lines[number - 1], random.Random(seed))
    if new is None:
        return None
    first, _end = playout.command_span(index)
    damaged = [*lines[: number - 1], new, *lines[number:]]
    return Mutation("a huge number", damaged, line_of[first] - 1, number)
