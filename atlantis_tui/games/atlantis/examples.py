"""The shipped example games, offered in the Replay list beside the user's own.

The rulebook's worked examples X1–X3 and a complete 4-player game are made by
``core.atlantis.examples`` from the rules engine itself (the same code that writes the
repository's ``saves/`` folder), so they need no data files and work from an
installed wheel. A chosen example is written afresh into an ``examples``
folder under the save folder and replayed from there like any save: "play from
here" then knows its seats, and the user's own list and Continue never see it.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from core.atlantis.examples import SHIPPED
from core.atlantis.i18n import _
from core.atlantis.saves import write_save

PREFIX = "example:"
FOLDER = "examples"


class Example(NamedTuple):
    """One shipped game: its id (``example:rulebook-X1``) and what it shows."""

    id: str
    description: str


def examples() -> list[Example]:
    """The shipped games in the order ``core.atlantis.examples`` lists them."""
    found = []
    for name, shipped in SHIPPED.items():
        summary = _(shipped.summary)
        if name.startswith("rulebook-"):
            summary = _("Rulebook example {summary}").format(summary=summary)
        found.append(Example(PREFIX + name, summary))
    return found


def is_example(choice: str) -> bool:
    return choice.startswith(PREFIX)


def write_example(choice: str, save_dir: Path) -> Path:
    """Write the chosen example's save file (again) and return its path."""
    name = choice.removeprefix(PREFIX)
    make, seats, _summary = SHIPPED[name]
    folder = save_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.atlantis.jsonl"
    path.unlink(missing_ok=True)
    write_save(path, make(), seats)
    return path
