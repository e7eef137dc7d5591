"""Mining puzzles from saves: the decisions where one choice is clearly best.

Each decision of a save still in force (``core.services.review.positions_of``,
the review's own list) is weighed from its seat's view as the review weighs it
(the expert's candidates, and every legal command when there are at most
``ALL_WEIGHED``), in the same sampled worlds (``DeterminizedSearch.evaluate``).
It becomes a puzzle when:

- it has at least two legal commands and two weighed (a forced decision never does);
- the best choice is ahead of every other by at least a mistake's loss (the game's
  review thresholds, ``ReviewSearch.thresholds[1]``);
- a search ``depth`` times deeper (8 by default), with another seed, finds the same
  best choice, again ahead of every other by at least a mistake's loss.

Clear choices are rare (a few in a hundred decisions), so a quick look first
(``screen`` seconds, a tenth of the review's budget or so) passes over the decisions
whose best leads by less than half a mistake's loss: only the others are weighed at
the review's budget, and only those that pass are confirmed.

Every decision gets a generator made from the seed, the save's name and its place,
so a mining is the same for a given budget and seed whatever the number of
processes. What the puzzle holds is projected for the seat (``model``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.kernel.errors import GameError
from core.kernel.events import in_force_indices
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.replay import states_after
from core.kernel.save_lifecycle import read_checked
from core.services.puzzles.model import (
    INITIAL_RATING,
    Choice,
    Making,
    Puzzle,
    Source,
    as_json,
    puzzle_id,
)
from core.services.puzzles.position import events_rule_ids
from core.services.review import Position, positions_of, weighed

DEFAULT_BUDGET = 0.25
"""Seconds of the review's playouts per decision for the first search, about (a
modest budget: the deeper search confirms)."""
DEPTH = 8
"""How many times deeper the confirming search is than the first."""
SAVE_SUFFIX = ".atlantis.jsonl"
SCREEN = 0.02
"""The quick look's budget, in seconds of review playouts, about."""


@dataclass(frozen=True)
class MiningSettings:
    """A mining's budgets and seed (the confirming search uses ``seed + 1``)."""

    budget: float = DEFAULT_BUDGET
    seed: int = 1
    depth: int = DEPTH
    screen: float = SCREEN
    """Seconds of the quick look that passes over unclear decisions (0: none)."""

    @property
    def confirm_budget(self) -> float:
        return self.budget * self.depth


@dataclass(frozen=True)
class Candidate:
    """One decision to weigh, as sent to a worker process (the descriptor must pickle)."""

    position: Position
    save: str
    settings: MiningSettings


@dataclass(frozen=True)
class Found:
    """A decision both searches agree on: the commands (JSON) and the deeper values."""

    event: int
    best: int
    commands: tuple[Any, ...]
    values: tuple[float, ...]
    lead: float
    value_meaning: str
    thresholds: tuple[float, float, float]
    rule_ids: tuple[str, ...] = ()
    """The rules the answer's events name (``answer_rule_ids``), read in the real position."""


def _ranked(values: Sequence[float]) -> tuple[int, float]:
    """The index of the best value (the first among equals) and its lead on the next."""
    best = max(range(len(values)), key=lambda index: (values[index], -index))
    runner_up = max(value for index, value in enumerate(values) if index != best)
    return best, values[best] - runner_up


def weigh(candidate: Candidate) -> Found | None:
    """The decision as a puzzle's answer and values, or ``None``: not a clear choice."""
    position, settings = candidate.position, candidate.settings
    game = position.game
    if len(game.legal_commands(position.state)) < 2 or game.play.review_search is None:
        return None
    view = game.privacy.view_for(position.state, position.seat)
    reviewer = game.play.review_search(view)
    if reviewer is None:
        return None
    commands = weighed(reviewer, view, game.legal_commands(position.state))
    if len(commands) < 2:
        return None
    mistake = reviewer.thresholds[1]
    place = f"{candidate.save}:{position.event}"
    if settings.screen > 0:
        glance = max(2 * len(commands), round(settings.screen * reviewer.playouts_per_second))
        rng = random.Random(f"puzzle-screen:{settings.seed}:{place}")
        if _ranked(reviewer.search.evaluate(view, commands, rng, glance))[1] < mistake / 2:
            return None
    playouts = max(4 * len(commands), round(settings.budget * reviewer.playouts_per_second))
    first = reviewer.search.evaluate(
        view, commands, random.Random(f"puzzle:{settings.seed}:{place}"), playouts
    )
    best, lead = _ranked(first)
    if lead < mistake:
        return None
    deeper = reviewer.search.evaluate(
        view,
        commands,
        random.Random(f"puzzle-confirm:{settings.seed + 1}:{place}"),
        playouts * settings.depth,
    )
    confirmed, deeper_lead = _ranked(deeper)
    if confirmed != best or deeper_lead < mistake:
        return None
    return Found(
        position.event,
        best,
        tuple(as_json(command) for command in commands),
        tuple(round(value, 3) for value in deeper),
        round(deeper_lead, 3),
        reviewer.value_meaning,
        reviewer.thresholds,
        answer_rule_ids(game, position.state, commands[best]),
    )


class SeatEvents:
    """The events of a record as each seat received them, worked out once per record."""

    def __init__(self, game: AnyGameType, events: Sequence[Any]) -> None:
        self.game = game
        self.events = list(events)
        states = states_after(game, events)
        self.revealed = [
            game.privacy.with_revealed(e, s) for e, s in zip(events, states, strict=True)
        ]
        self.open_hands = bool(states) and game.privacy.hands_open(game.options_of(states[0]))

    def before(self, event: int, seat: int) -> tuple[Any, ...]:
        """The events in force before event number ``event``, as ``seat`` received them."""
        kept = in_force_indices(self.events[:event])
        return tuple(
            as_json(self.game.privacy.event_for(self.revealed[index], seat, self.open_hands))
            for index in kept
        )


def answer_rule_ids(game: AnyGameType, state: Any, command: Any) -> tuple[str, ...]:
    """The rule ids of the spec that give the answer's events (``events_rule_ids``);
    empty when it names none."""
    try:
        events = game.decide(state, command)
    except Exception:  # the answer is legal here; a game that says otherwise names no rule
        return ()
    return events_rule_ids(game, state, events)


def puzzle_of(
    candidate: Candidate, found: Found, seat_events: SeatEvents, seed: int | None
) -> Puzzle:
    """The puzzle a confirmed decision makes, holding only what its seat saw: of the
    position's state, only the seat's view and what is public (names, options)."""
    position, settings = candidate.position, candidate.settings
    game = position.game
    view = as_json(game.privacy.view_for(position.state, position.seat))
    events = seat_events.before(position.event, position.seat)
    # The answer first, even when rounding made its value equal another's.
    others = [index for index in range(len(found.commands)) if index != found.best]
    order = [found.best, *sorted(others, key=lambda index: -found.values[index])]
    return Puzzle(
        id=puzzle_id(game.id, position.seat, view, events),
        game=game.id,
        source=Source(candidate.save, position.event, seed),
        seat=position.seat,
        players=tuple(game.presentation.player_names(position.state)),
        options=as_json(game.options_of(position.state)),
        events=events,
        view=view,
        answer=found.commands[found.best],
        lead=found.lead,
        choices=tuple(Choice(found.commands[index], found.values[index]) for index in order),
        rule_ids=found.rule_ids,
        rating=INITIAL_RATING,
        made=Making(
            settings.budget,
            settings.seed,
            settings.confirm_budget,
            settings.seed + 1,
            found.value_meaning,
            found.thresholds,
        ),
    )


def saves_in(folder: Path) -> list[Path]:
    """The saves of a folder, by name (reviews and other files left out)."""
    return sorted(path for path in folder.iterdir() if path.name.endswith(SAVE_SUFFIX))


def mine(
    game: AnyGameType,
    saves: Iterable[Path],
    games: GameRegistry,
    settings: MiningSettings = MiningSettings(),
    jobs: int = 1,
    seeds: Mapping[str, int] | None = None,
    on_decision: Callable[[int, int], None] | None = None,
    skipped: Callable[[Path, str], None] | None = None,
) -> list[Puzzle]:
    """The puzzles of ``game`` in ``saves``, in the saves' order then the decisions'.

    A save of another game is passed over; one that cannot be read or breaks the
    rules is reported to ``skipped(path, reason)``. ``seeds`` gives the bot game's
    seed of a save (by file name), for the puzzles' source.
    """
    records: list[tuple[str, SeatEvents, list[Candidate]]] = []
    for path in saves:
        try:
            checked = read_checked(path, games)
            if checked.problem is not None:
                raise checked.problem
        except GameError as error:  # unreadable, or breaks the rules
            if skipped is not None:
                skipped(path, str(error))
            continue
        if checked.header.game != game.id or not checked.events:
            continue
        positions = positions_of(
            game, checked.events, checked.actions, settings.budget, settings.seed
        )
        candidates = [Candidate(position, path.name, settings) for position in positions]
        records.append((path.name, SeatEvents(game, checked.events), candidates))
    every = [candidate for _, _, candidates in records for candidate in candidates]
    found = _weighed(every, jobs, on_decision)
    by_place = {(c.save, c.position.event): f for c, f in zip(every, found, strict=True)}
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for name, seat_events, candidates in records:
        for candidate in candidates:
            result = by_place[(name, candidate.position.event)]
            if result is None:
                continue
            seed = seeds.get(name) if seeds is not None else None
            puzzle = puzzle_of(candidate, result, seat_events, seed)
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                puzzles.append(puzzle)
    return puzzles


def _weighed(
    candidates: Sequence[Candidate], jobs: int, on_decision: Callable[[int, int], None] | None
) -> list[Found | None]:
    """``weigh`` of every candidate, in order, on ``jobs`` processes."""
    found: list[Found | None] = []
    total = len(candidates)
    if jobs <= 1 or total <= 1:
        results: Iterable[Found | None] = map(weigh, candidates)
        for result in results:
            found.append(result)
            if on_decision is not None:
                on_decision(len(found), total)
        return found
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(weigh, candidates, chunksize=4):
            found.append(result)
            if on_decision is not None:
                on_decision(len(found), total)
    return found
