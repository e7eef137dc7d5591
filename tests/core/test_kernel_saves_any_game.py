"""The kernel's game, save file, resume and replay work for any game, not only Atlantis.

A toy game (take 1 to 3 counters from a pile; who takes the last one wins) is
described by a ``GameType`` here and registered beside Atlantis: its saves name
it, are decoded with its own events and options, upcast with its own steps,
and carry action markers; its games are played, undone, redone, resumed after
a crash and taken up from a replay by the kernel alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import msgspec
import pytest

from core.atlantis.game_type import ATLANTIS
from core.atlantis.saves import read_save as read_atlantis_save
from core.kernel.errors import IllegalMove, SaveFileError
from core.kernel.events import ActionMarker, EventsUndone, events_in_force
from core.kernel.game import Game, Listener
from core.kernel.game_type import (
    GameType,
    PlayerLimits,
    Playing,
    Presentation,
    Privacy,
    Records,
    Result,
    RulesTexts,
)
from core.kernel.registry import GameRegistry
from core.kernel.replay import Replay, play_from_here
from core.kernel.save_lifecycle import Judgement, resume_save
from core.kernel.savefile import (
    FORMAT_VERSION,
    SavedGame,
    encode_line,
    make_header,
    parse_save,
    read_save,
    write_save,
)
from core.kernel.upgrade import Document

ROOT = Path(__file__).resolve().parents[2]


class PileOptions(msgspec.Struct, frozen=True):
    pile: int = 10
    """How many counters the pile starts with."""


class Started(msgspec.Struct, frozen=True, tag_field="type", tag="pile-started"):
    players: tuple[str, ...]
    options: PileOptions
    seed: int = 0


class Took(msgspec.Struct, frozen=True, tag_field="type", tag="took"):
    seat: int
    count: int


class Won(msgspec.Struct, frozen=True, tag_field="type", tag="won"):
    seat: int


PileEvent = Started | Took | Won | EventsUndone


class Take(msgspec.Struct, frozen=True, tag_field="type", tag="take"):
    seat: int
    count: int


class Pile(msgspec.Struct, frozen=True):
    players: int
    left: int
    to_act: int | None = 0


def _fold(events: Iterable[PileEvent]) -> Pile:
    state: Pile | None = None
    for event in events_in_force(list(events)):
        state = _evolve(state, event) if state is not None else _start(event)
    assert state is not None
    return state


def _start(event: PileEvent) -> Pile:
    assert isinstance(event, Started)
    return Pile(len(event.players), event.options.pile)


def _evolve(state: Pile, event: PileEvent) -> Pile:
    if isinstance(event, Took):
        return Pile(state.players, state.left - event.count, (event.seat + 1) % state.players)
    if isinstance(event, Won):
        return Pile(state.players, state.left, None)
    raise TypeError(event)


def _decide(state: Pile, command: Take) -> list[PileEvent]:
    if command.seat != state.to_act or not 1 <= command.count <= min(3, state.left):
        raise IllegalMove("T", "not so")
    took = Took(command.seat, command.count)
    return [took, Won(command.seat)] if command.count == state.left else [took]


def _setup(players: Sequence[str], options: PileOptions, secret: str) -> list[PileEvent]:
    return [Started(tuple(players), options)]


def _took_count(document: Document) -> Document:
    """Format 2 of the toy game wrote ``took.n``; format 3 writes ``took.count``."""
    if document.get("type") == "took" and "n" in document:
        document = {**document, "count": document["n"]}
        del document["n"]
    return document


PILE: GameType[Pile, PileEvent, Take, Pile, PileOptions] = GameType(
    id="pile",
    name="Pile",
    players=PlayerLimits(2, 3),
    options_type=PileOptions,
    event_type=PileEvent,
    command_type=Take,
    setup=_setup,
    decide=_decide,
    decide_trusted=_decide,
    evolve=_evolve,
    fold=_fold,
    to_act=lambda state: state.to_act,
    is_over=lambda state: state.to_act is None,
    legal_commands=lambda state: [],
    result=lambda state: Result((), (), ()),
    privacy=Privacy(
        hides_information=False,
        view_for=lambda state, seat: state,
        event_for=lambda event, seat, open_hands: event,
    ),
    records=Records(
        upgrades={2: _took_count},
    ),
    presentation=Presentation(
        describe=lambda state, event: "",
        rules=RulesTexts("core", "", {}),
    ),
    play=Playing(
        bots={},
    ),
)
GAMES = GameRegistry([ATLANTIS, PILE])


def _played(takes: Sequence[int], listener: Listener | None = None) -> Game[Pile, PileEvent, Take]:
    game = Game.new(PILE, ["Ann", "Bob"], listener=listener)
    for count in takes:
        seat = game.state.to_act
        assert seat is not None
        game.play(Take(seat, count))
    return game


def _judge(saved: SavedGame) -> Judgement:
    """The toy game has no full check: its markers are taken as they are."""
    return Judgement(None, len(saved.events), saved.actions or ())


def test_the_game_records_actions_and_its_save_reads_back(tmp_path: Path) -> None:
    heard: list[object] = []
    game = _played([3, 2], heard.append)
    game.undo(1)
    game.redo([Took(1, 2)])
    game.play(Take(0, 3))
    assert game.state.left == 2
    assert [a.start for a in game.actions] == [1, 2, 4, 5]
    assert heard == [
        Started(("Ann", "Bob"), PileOptions()),
        ActionMarker(0, 1),
        Took(0, 3),
        ActionMarker(1, 1),
        Took(1, 2),
        EventsUndone(1),
        ActionMarker(1, 1),
        Took(1, 2),
        ActionMarker(0, 1),
        Took(0, 3),
    ]
    path = tmp_path / "pile.atlantis.jsonl"
    header = make_header(PILE.id, PileOptions(), ("Ann", "Bob"), 0)
    write_save(path, header, game.events, game.actions)
    assert path.read_bytes().splitlines(keepends=True)[1:] == [encode_line(i) for i in heard]
    saved = read_save(path, GAMES)
    assert saved.header.game == "pile" and saved.header.options == PileOptions()
    assert saved.events == tuple(game.events) and saved.actions == tuple(game.actions)
    with pytest.raises(IllegalMove):
        game.play(Take(1, 3))


def test_a_save_of_a_game_not_offered_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "pile.atlantis.jsonl"
    write_save(path, make_header("pile", PileOptions(), ("Ann", "Bob"), 0), _played([1]).events)
    with pytest.raises(SaveFileError, match="unknown game 'pile'"):
        read_atlantis_save(path)
    assert read_save(path, GAMES).header.game == "pile"


def test_each_game_upcasts_its_own_lines() -> None:
    header = make_header("pile", PileOptions(pile=5), ("Ann", "Bob"), 0)
    old_header = msgspec.structs.replace(header, format=2)
    lines = [encode_line(old_header), encode_line(Started(("Ann", "Bob"), PileOptions(5)))]
    lines.append(b'{"type":"took","seat":0,"n":2}\n')
    saved = parse_save(b"".join(lines), GAMES)
    assert saved.format == 2 and saved.header.format == FORMAT_VERSION
    assert saved.events[1] == Took(0, 2) and saved.actions is None
    lines[0] = encode_line(msgspec.structs.replace(header, format=1))
    with pytest.raises(SaveFileError, match="format 1 cannot be upgraded to format 2"):
        parse_save(b"".join(lines), GAMES)


def test_a_crash_inside_an_action_is_dropped_on_resume(tmp_path: Path) -> None:
    game = _played([1, 1, 1, 3, 3, 1])  # the last take wins: took, then won
    path = tmp_path / "pile.atlantis.jsonl"
    write_save(
        path, make_header("pile", PileOptions(), ("Ann", "Bob"), 0), game.events, game.actions
    )
    path.write_bytes(path.read_bytes().removesuffix(encode_line(Won(1))))
    resumed = resume_save(path, GAMES, _judge)
    assert resumed.repaired
    assert resumed.events == tuple(game.events[:-2]) and resumed.actions == tuple(game.actions[:-1])
    again = Game(PILE, resumed.events, actions=resumed.actions)
    assert again.state.left == 1 and again.state.to_act == 1


def test_a_replay_turns_and_plays_from_here_by_the_actions() -> None:
    game = _played([1, 2, 1, 3])
    game.undo(1)
    game.play(Take(1, 1))
    replay = Replay(PILE, game.events, game.actions)
    assert replay.turn_starts == [0, 2, 3, 4]  # Bob's undone take and his take again: one turn
    assert replay.is_undone(4) and not replay.is_undone(5)
    assert replay.seek(99) == len(game.events) - 1
    assert replay.state == game.state
    kept, actions = play_from_here(game.events, 2, game.actions)
    assert kept == game.events[:3] and [a.start for a in actions] == [1, 2]
    taken_up = Game(PILE, kept, actions=actions)
    assert taken_up.state.left == 7 and taken_up.state.to_act == 0
