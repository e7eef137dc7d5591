"""A puzzle: one decision of a played game where one choice is clearly best.

A puzzle is mined from a reviewed save (``core.services.puzzles.mining``) and
holds only what the seat to act could see at that decision:

- ``events``: the game so far, each event as the seat received it (the game's
  ``with_revealed`` then ``event_for``, as online play sends it), so that the log
  of the game so far can be shown; another seat's hidden cards and the pile are
  never in it;
- ``view``: the seat's view at the decision (``GameType.privacy.view_for``). In Atlantica
  folding the projected events gives that view back; in Atlantis and ArkantiS it
  does not (the projected events hide how many cards the others and the pile hold,
  which the view shows), so the view is the authority for the position and
  ``core.services.puzzles.position`` rebuilds a state from it;
- ``answer``: the best command, as the review stores commands (JSON);
- ``choices``: every command weighed with its value (lead in points), best first.

A puzzle's ``id`` is derived from its position (game, seat, view, events): the
same decision mined again gets the same id, whatever the budgets.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from core.kernel.i18n import _

PUZZLE_FORMAT = 1
"""The version of a puzzle file's layout (``core.services.puzzles.files``)."""
INITIAL_RATING = 1500.0
"""A new puzzle's rating, Glicko-2's usual start (``core.services.puzzle_ratings``
moves it as players solve or miss it)."""


class Source(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a puzzle's position comes from: a save file and the index of the decision's
    first event in it (undone events counted, as a review counts them); ``seed`` is
    the seed of the bot game for a save ``atlantis simulate`` wrote, else ``None``."""

    save: str
    event: int
    seed: int | None = None

    def describe(self) -> str:
        """The source in a few words, for lists: ``game-00003.atlantis.jsonl, event 57``."""
        place = _("{save}, event {event}").format(save=self.save, event=self.event)
        if self.seed is None:
            return place
        return _("{place} (bot game, seed {seed})").format(place=place, seed=self.seed)


class Making(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a puzzle was made: the first search (the review's budget and seed) and the
    deeper one that confirmed it, and the review scale it was judged on."""

    budget: float
    """Seconds of the review's playouts per decision, about (``ReviewSearch``)."""
    seed: int
    confirm_budget: float
    confirm_seed: int
    value_meaning: str
    thresholds: tuple[float, float, float]
    """The review's inaccuracy, mistake and blunder losses: the lead over every other
    choice was at least the mistake's, in both searches."""


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One command weighed at the decision (as JSON) and its value on the review's scale."""

    command: Any
    value: float


class Puzzle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One decision to solve, exactly as its seat saw it (see the module's docstring)."""

    id: str
    game: str
    source: Source
    seat: int
    players: tuple[str, ...]
    options: Any
    """The rule options, as the save's header holds them (JSON)."""
    events: tuple[Any, ...]
    """The events before the decision, each as the seat received it (JSON)."""
    view: Any
    """The seat's view at the decision (JSON of the game's ``view_type``)."""
    answer: Any
    """The best command (JSON), as ``core.services.review.ReviewedDecision.best``."""
    lead: float
    """How far the answer's value is ahead of the second best choice's."""
    choices: tuple[Choice, ...]
    """Every command weighed, best first (the deeper search's values)."""
    rule_ids: tuple[str, ...]
    """The rules that matter for the decision, when the game names them (else empty)."""
    rating: float
    made: Making


class SetHeader(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="puzzle-set", tag_field="type"
):
    """The first line of a puzzle file: its layout, game, how it was made, and the one
    command that rebuilds it."""

    game: str
    made: str
    rebuild: str
    format: int = PUZZLE_FORMAT


def as_json(value: Any) -> Any:
    """A value as a puzzle file holds it (lists, not tuples: it reads back equal)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def puzzle_id(game: str, seat: int, view: Any, events: tuple[Any, ...]) -> str:
    """The id of a position: ``<game>-`` and 12 hex digits of a hash of what it is."""
    digest = hashlib.sha256(msgspec.json.encode([game, seat, view, list(events)])).hexdigest()
    return f"{game}-{digest[:12]}"


def second_best(puzzle: Puzzle) -> Choice | None:
    """The best choice after the answer (``None`` for a puzzle with one choice)."""
    others = [choice for choice in puzzle.choices if choice.command != puzzle.answer]
    return max(others, key=lambda choice: choice.value, default=None)
