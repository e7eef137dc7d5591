"""The review of a played game: how much each decision gave up, from its player's view.

For every action of a save still in force (undone ones are not reviewed), the
seat that acted is put back before it with what it could see then (its view:
the hidden cards it could not see are sampled, as the expert bot does, never
read from the record). The game's review search (``GameType.play.review_search``,
the expert bot's pieces) weighs the command played against its own candidates
in the same sampled worlds (``DeterminizedSearch.evaluate``): half the budget
finds the best of them, the other half measures it against the move played in
fresh worlds, so that the luck which made it look best is not counted. The values are
leads on the player's scale (points ahead of the best opponent); the loss is
how far the move played falls short of the best one found, and the game's
thresholds grade it: good, inaccuracy, mistake, blunder. A decision with a
single choice is ``forced``.

The command played is found from the record: the legal command of the real
position whose events are the action's (only to name it; its value is judged
from the view like any other). Every position is judged with a generator of
its own, made from the seed and its place in the record, so a review is the
same for a given budget and seed whatever the number of processes.

A review is kept beside its save (``NAME.review.json``), never inside it, with
the save's hash: a save changed since (played on, repaired) has no review.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from core.kernel.atomic_files import replace_atomically
from core.kernel.errors import IllegalMove, SaveFileError
from core.kernel.events import Action, in_force_indices
from core.kernel.i18n import _
from core.kernel.redo import redone_actions
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.replay import states_after
from core.kernel.save_lifecycle import read_checked, stem_of

REVIEW_FORMAT = 1
"""The version of a review file's layout; a review of another format is not read."""
REVIEW_SUFFIX = ".review.json"
DEFAULT_BUDGET = 1.0
"""Seconds per decision, about (``ReviewSearch.playouts_per_second`` makes it a number
of playouts, shared among the choices weighed, the same on any machine)."""
GOOD, INACCURACY, MISTAKE, BLUNDER, FORCED = "good", "inaccuracy", "mistake", "blunder", "forced"
ALL_WEIGHED = 16
"""A decision with at most this many legal commands has every one weighed; beyond,
the game's review search names the candidates (the move played always among them)."""
GRADES = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The grades of a decision with a choice, from the best to the worst."""


class ReviewedDecision(msgspec.Struct, frozen=True):
    """One decision of a save, judged from its seat's view.

    ``action`` is its place among the save's actions, ``event`` the index of its
    first event in the save (undone events counted, as a replay walks them);
    ``played`` and ``best`` are commands as the game's command union encodes them;
    values are leads on the review's scale (``Review.value_meaning``), ``loss`` how
    far the move played falls short of the best (never below 0).
    """

    action: int
    event: int
    end: int
    """The index after the action's last event: events ``event`` to ``end - 1`` are its."""
    seat: int
    played: Any
    best: Any
    played_value: float
    best_value: float
    loss: float
    grade: str
    choices: int
    """How many commands were weighed, the one played included."""


class Review(msgspec.Struct, frozen=True):
    """The review of one save: for which file (its hash), how it was made, and each
    decision judged."""

    save_hash: str
    game: str
    budget: float
    """Seconds per decision, about: see ``DEFAULT_BUDGET``."""
    seed: int
    value_meaning: str
    thresholds: tuple[float, float, float]
    decisions: tuple[ReviewedDecision, ...]
    format: int = REVIEW_FORMAT


def grade(loss: float, thresholds: Sequence[float]) -> str:
    """The grade of a loss: the worst whose threshold it reaches."""
    found = GOOD
    for name, threshold in zip(GRADES[1:], thresholds, strict=True):
        if loss >= threshold:
            found = name
    return found


def played_command(game: AnyGameType, state: Any, events: Sequence[Any]) -> Any | None:
    """The legal command of ``state`` that gives exactly ``events``, or ``None``."""
    wanted = list(events)
    for command in game.legal_commands(state):
        try:
            if game.decide(state, command) == wanted:
                return command
        except IllegalMove:
            continue
    return None


def _as_json(command: Any) -> Any:
    """A command as a review file holds it (lists, not tuples: it reads back equal)."""
    return msgspec.json.decode(msgspec.json.encode(command))


@dataclass(frozen=True)
class Position:
    """One decision to judge, as sent to a worker process (the descriptor must pickle)."""

    game: AnyGameType
    action: int
    event: int
    end: int
    seat: int
    state: Any
    played: Any
    budget: float
    seed: int


def weighed(reviewer: Any, view: Any, legal: Sequence[Any]) -> list[Any]:
    """The commands a decision weighs (the review's, a hint's, a puzzle's): the review
    search's candidates, and every one of the ``legal`` commands when there are at most
    ``ALL_WEIGHED`` (a choice among few, a scoring choice or a payment, is weighed
    whole, whatever the bot would have searched: the review judges the player's choice)."""
    commands = list(reviewer.search.game.candidates(view))
    if len(legal) <= ALL_WEIGHED:
        commands += [command for command in legal if command not in commands]
    return commands


def judge_position(position: Position) -> ReviewedDecision | None:
    """Weigh the command played against the review search's candidates, from the
    seat's view; ``None`` when the game cannot judge that view."""
    game = position.game
    view = game.privacy.view_for(position.state, position.seat)
    reviewer = game.play.review_search(view) if game.play.review_search is not None else None
    if reviewer is None:
        return None
    played = position.played
    legal = game.legal_commands(position.state)
    commands = weighed(reviewer, view, legal)
    if played not in commands:
        commands.append(played)
    if len(legal) <= 1:
        return _decision(position, played, (0.0, 0.0), FORCED, 1)
    rng = random.Random(f"review:{position.seed}:{position.event}")
    search = reviewer.search
    playouts = max(4 * len(commands), round(position.budget * reviewer.playouts_per_second))
    # Half the budget finds the best choice; the other half, in worlds of its own,
    # measures it against the move played (the best of many noisy means is too
    # good: measured again, it no longer is).
    means = search.evaluate(view, commands, rng, playouts // 2)
    mine = commands.index(played)
    best = max(range(len(commands)), key=lambda index: means[index])
    if best == mine:
        # Measured again too: the chart of the game shows this value beside others.
        value = round(search.evaluate(view, [played], rng, playouts // 2)[0], 3)
        values = (value, value)
    else:
        pair = search.evaluate(view, [played, commands[best]], rng, playouts // 2)
        values = (round(pair[0], 3), round(pair[1], 3))
    loss = _loss(values)
    if loss == 0.0:
        best = mine
    graded = grade(loss, reviewer.thresholds)
    return _decision(position, commands[best], values, graded, len(commands))


def _loss(values: tuple[float, float]) -> float:
    """How far the move played (``values[0]``) falls short of the best (``values[1]``)."""
    return max(0.0, round(values[1] - values[0], 3))


def _decision(
    position: Position, best: Any, values: tuple[float, float], graded: str, choices: int
) -> ReviewedDecision:
    """The judgement of ``position``: its move played against ``best``, with their values."""
    return ReviewedDecision(
        position.action,
        position.event,
        position.end,
        position.seat,
        _as_json(position.played),
        _as_json(best),
        values[0],
        values[1],
        _loss(values),
        graded,
        choices,
    )


def positions_of(
    game: AnyGameType,
    events: Sequence[Any],
    actions: Sequence[Action],
    budget: float,
    seed: int,
) -> list[Position]:
    """The decisions of a record to judge: each whole action still in force whose
    command the rules give back."""
    states = states_after(game, events)
    in_force = set(in_force_indices(events))
    redone = redone_actions(events, actions)
    positions = []
    for number, action in enumerate(actions):
        if action.start == 0 or action.end > len(events) or action.start not in in_force:
            continue
        before = states[action.start - 1]
        if game.to_act(before) != action.seat:
            continue
        # A redone action's command is found where it was first played (``redone_actions``).
        first = redone.get(action.start, action.start)
        played = played_command(game, states[first - 1], events[action.start : action.end])
        if played is None:
            continue
        positions.append(
            Position(
                game, number, action.start, action.end, action.seat, before, played, budget, seed
            )
        )
    return positions


def review_game(
    game: AnyGameType,
    events: Sequence[Any],
    actions: Sequence[Action],
    save_hash: str,
    budget: float = DEFAULT_BUDGET,
    seed: int = 1,
    jobs: int = 1,
    on_decision: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of a record; ``on_decision(done, total)`` hears each decision judged."""
    if game.play.review_search is None:
        raise ValueError(_("{game} has no review search").format(game=game.id))
    positions = positions_of(game, events, actions, budget, seed)
    found: list[ReviewedDecision | None] = []
    total = len(positions)
    if jobs <= 1 or total <= 1:
        for position in positions:
            found.append(judge_position(position))
            if on_decision is not None:
                on_decision(len(found), total)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for decision in pool.map(judge_position, positions):
                found.append(decision)
                if on_decision is not None:
                    on_decision(len(found), total)
    meaning, thresholds = _scale(game, positions)
    return Review(
        save_hash,
        game.id,
        budget,
        seed,
        meaning,
        thresholds,
        tuple(decision for decision in found if decision is not None),
    )


def _scale(
    game: AnyGameType, positions: Sequence[Position]
) -> tuple[str, tuple[float, float, float]]:
    """The review's scale and thresholds, as the game's review search gives them."""
    assert game.play.review_search is not None
    for position in positions:
        reviewer = game.play.review_search(game.privacy.view_for(position.state, position.seat))
        if reviewer is not None:
            return reviewer.value_meaning, reviewer.thresholds
    return "", (0.0, 0.0, 0.0)


# -- reading a review ------------------------------------------------------------------


def decision_at(review: Review, event: int) -> ReviewedDecision | None:
    """The decision whose action holds event number ``event`` of the save, if judged."""
    for decision in review.decisions:
        if decision.event <= event < decision.end:
            return decision
    return None


def decoded_command(game: AnyGameType, encoded: Any) -> Any | None:
    """A command as a review holds it, back in the game's command type (``None``: not
    one of the game's commands)."""
    try:
        return msgspec.convert(encoded, game.command_type)
    except msgspec.ValidationError:
        return None


def better_events(game: AnyGameType, before: Any, decision: ReviewedDecision) -> list[Any] | None:
    """The events the better move found would have given in the position ``before`` the
    decision (the real one: what a replay shows, with every hand), or ``None``: the
    move played was the best, or the rules refuse the better one there."""
    if decision.loss <= 0 or decision.best == decision.played:
        return None
    command = decoded_command(game, decision.best)
    if command is None:
        return None
    try:
        events: list[Any] = game.decide(before, command)
    except IllegalMove:
        return None
    return events


def mean_losses(review: Review) -> dict[int, tuple[float, int]]:
    """Each seat's mean loss per decision with a choice, and how many such decisions."""
    losses: dict[int, list[float]] = {}
    for decision in review.decisions:
        if decision.grade != FORCED:
            losses.setdefault(decision.seat, []).append(decision.loss)
    return {seat: (sum(found) / len(found), len(found)) for seat, found in losses.items()}


# -- the review beside its save ---------------------------------------------------------


def review_path(save: Path) -> Path:
    """Where a save's review is kept: ``NAME.review.json`` beside ``NAME.atlantis.jsonl``."""
    return save.with_name(stem_of(save) + REVIEW_SUFFIX)


def hash_of(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def review_file(
    save: Path,
    games: GameRegistry,
    budget: float = DEFAULT_BUDGET,
    seed: int = 1,
    jobs: int = 1,
    on_decision: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of a save file (not written: see ``write_review``). Raises
    ``SaveFileError`` for a file that cannot be read or breaks the rules."""
    digest = hash_of(save.read_bytes())
    checked = read_checked(save, games)
    if checked.problem is not None:
        raise checked.problem
    if not checked.events:
        raise SaveFileError(0, _("the save holds no game"))
    game = games.get(checked.header.game)
    return review_game(
        game, checked.events, checked.actions, digest, budget, seed, jobs, on_decision
    )


def write_review(save: Path, review: Review) -> Path:
    """Keep ``review`` beside ``save``, all at once; the path written."""
    path = review_path(save)
    replace_atomically(path, msgspec.json.format(msgspec.json.encode(review)) + b"\n")
    return path


def read_review(save: Path) -> Review | None:
    """The review kept beside ``save``, or ``None``: none, unreadable, of another
    format, or made of a save that has changed since (its hash differs)."""
    path = review_path(save)
    try:
        data = path.read_bytes()
        review = msgspec.json.decode(data, type=Review)
        current = hash_of(save.read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    if review.format != REVIEW_FORMAT or review.save_hash != current:
        return None
    return review
