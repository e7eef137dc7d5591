"""Apps in fixed situations, for snapshot tests: fixed seeds, prepared positions."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.session import GameSession, Seat
from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.events import AnyEvent, FinalCrossingPaid, PawnMoved
from core.atlantis.positions import prepared_game
from tests.core.helpers import opened

WATER_PATH = (
    "Fl2/Am6 | Ol4 | Cr6[Bob A] | He5 ~ ~ St3 | Ri2/Cr5 | Am7 ~B~ Fl1 | Ol6 | He2 | "
    "St5/Ri4 | Cr3 | Am1 ~ Ri6 | Fl4/Ol3 | He7 | St2"
)


def water_session() -> GameSession:
    """Ann to play in a short path with gaps, one of them bridged, Bob ahead."""
    events = prepared_game(
        WATER_PATH,
        ["Ann", "Bob"],
        hands={"Ann": "Ri He St Ol Am", "Bob": "Fl Fl Cr"},
        collected={"Ann": "Am5 Fl3 Cr2", "Bob": "Ol7"},
        current="Ann",
        bridge_owners=["Bob"],
    )
    return GameSession(opened(events), [Seat("Ann"), Seat("Bob", "greedy")])


def start_app(save_dir: Path) -> AtlantisApp:
    return AtlantisApp(save_dir, bot_delay=0)


def opening_app(save_dir: Path) -> AtlantisApp:
    session = GameSession.new([Seat("Ann"), Seat("Bob", "greedy")], seed=2024)
    return AtlantisApp(save_dir, session, bot_delay=0)


def water_app(save_dir: Path) -> AtlantisApp:
    return AtlantisApp(save_dir, water_session(), bot_delay=0)


def hot_seat_app(save_dir: Path) -> AtlantisApp:
    session = GameSession.new([Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=7)
    return AtlantisApp(save_dir, session, bot_delay=0)


def finished_app(save_dir: Path) -> AtlantisApp:
    bots = [make_bot("greedy"), make_bot("greedy"), make_bot("random")]
    game, _ = play_game(bots, seed=31, names=("Ann", "Bob", "Cleo"))
    session = GameSession(opened(game.events), [Seat("Ann"), Seat("Bob"), Seat("Cleo")])
    return AtlantisApp(save_dir, session, bot_delay=0)


def finished_events() -> list[AnyEvent]:
    bots = [make_bot("greedy"), make_bot("greedy"), make_bot("random")]
    game, _ = play_game(bots, seed=31, names=("Ann", "Bob", "Cleo"))
    return game.events


def first_paid_crossing(events: list[AnyEvent]) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, PawnMoved) and e.owed)


def replay_app(save_dir: Path) -> AtlantisApp:
    return AtlantisApp(save_dir, bot_delay=0)


def final_crossing_app(save_dir: Path) -> AtlantisApp:
    """The finished game stopped before Bob pays his final crossing; Bob is the human."""
    events = finished_events()
    bob_pays = next(
        i for i, e in enumerate(events) if isinstance(e, FinalCrossingPaid) and e.player == 1
    )
    seats = [Seat("Ann", "greedy"), Seat("Bob"), Seat("Cleo", "random")]
    return AtlantisApp(save_dir, GameSession(opened(events[:bob_pays]), seats), bot_delay=0)


def midgame_session() -> GameSession:
    """The greedy-greedy-random game of seed 31 at its 91st event: a bridge stands, tiles
    are stacked and taken, pawns are spread along the path, and Ann is to play."""
    session = GameSession(
        opened(finished_events()[:91]),
        [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "random")],
    )
    assert session.state.to_act == 0
    return session


def midgame_app(save_dir: Path) -> AtlantisApp:
    return AtlantisApp(save_dir, midgame_session(), bot_delay=0)
