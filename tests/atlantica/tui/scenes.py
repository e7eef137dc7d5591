"""Atlantica games in fixed situations for the screens' tests: fixed seeds, prepared
positions (RULES.md T2.5's pair, X1–X3's scoring), and an app that shows one
screen of them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App

import atlantis_tui
from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.session import GameSession, Seat
from core.atlantica.cards import HURRICANE, treasure_ids
from core.atlantica.commands import AnyCommand, Pass
from core.atlantica.data import default_data
from core.atlantica.events import AnyEvent, Prepared
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import DEFAULT_OPTIONS, Options
from core.atlantica.setup import prepared_game
from core.atlantica.state import State
from core.kernel.game import Game
from tests.atlantica.tui.local_session import LocalSession

__all__ = ["LocalSession", "real_app"]

DISPLAY = ("AMP-8", "GLD-9", "ARC-12", "STA-6", "TER-10", "EPI-7")
RESEARCH = ("R6-3", "R1-4", "R10-3", "R4-3")


def opening_session(players: int = 2) -> LocalSession:
    """A new game: Ann (here, first to play) against random bots, seed 4."""
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve"][:players]
    seats = [Seat(names[0])] + [Seat(name, "random") for name in names[1:]]
    return LocalSession.new(seats, seed=4)


def pair_events(options: Options = DEFAULT_OPTIONS) -> list[AnyEvent]:
    """T2.5's example: Ana holds W Y Y V V and nothing green or blue, so the port's
    level 2 (W|R + G|B) is paid W + a pair; Ben holds five cards she must not see."""
    return prepared_game(
        ("Ana", "Ben"),
        options,
        Prepared(
            hands=(("W1", "Y1", "Y2", "V1", "V2"), ("G1", "G2", "B1", "R1", "R2")),
            treasures=(("AMP-1", "AMP-2"), ("GLD-1",)),
            ships=(("A3-1",), ()),
            research=(("R6-1",), ("R1-1",)),
            treasure_display=DISPLAY,
            research_display=RESEARCH,
        ),
    )


def pair_session() -> LocalSession:
    """T2.5's position, Ana here against a random bot."""
    return LocalSession.of_events(pair_events(), [Seat("Ana"), Seat("Ben", "random")])


def hot_seat_session() -> LocalSession:
    """T2.5's position with two humans at one keyboard."""
    return LocalSession.of_events(pair_events(), [Seat("Ana"), Seat("Ben")])


def x_events(options: Options = DEFAULT_OPTIONS) -> list[AnyEvent]:
    """X1–X3: Maja, Andréa and Christian hold the rulebook's example cards; treasure
    space 6 is empty, the main pile too, and the hurricane lies on top of its pile, so
    the refill at the end of Maja's first turn draws it (T9.2, T9.4)."""
    held_treasures = (
        ("AMP-1", "AMP-2", "AMP-3", "GLD-1", "GLD-2", "GLD-3", "GLD-4", "EPI-1", "ARC-1"),
        (
            "ARM-1",
            *("ARC-2", "ARC-3", "ARC-4", "ARC-5", "ARC-6"),
            *("TER-1", "TER-2", "TER-3", "TER-4"),
        ),
        (
            *("ARM-2", "ARM-3", "EPI-2", "EPI-3", "EPI-4", "GLD-5"),
            *("TER-5", "TER-6", "TER-7", "STA-1", "STA-2", "STA-3", "STA-4", "AMP-4", "AMP-5"),
        ),
    )
    display = ("AMP-8", "GLD-9", "ARC-12", "STA-6", "TER-10", "")
    used = {card for row in held_treasures for card in row} | set(display[:5])
    left = [card for card in treasure_ids(default_data()) if card not in used]
    return prepared_game(
        ("Maja", "Andréa", "Christian"),
        options,
        Prepared(
            hands=(("G1", "Y1", "W1"), ("B1", "B2"), ("R1",)),
            treasures=held_treasures,
            ships=(("A3-1", "B4-1"), ("A2-1", "B4-2", "C4-1"), ("B5-1", "C5-1", "C5-2")),
            research=(
                ("R1-1", "R2-1", "R3-1", "R9-1", "R6-1"),
                ("R2-2", "R3-2", "R7-1", "R4-1"),
                ("R4-2",),
            ),
            treasure_display=display,
            research_display=RESEARCH,
        ),
        hurricane=(HURRICANE, *left[:10]),
        treasures=(),
        box=tuple(left[10:]),
    )


def finish(session: LocalSession) -> None:
    """Maja passes: the refill draws the hurricane; then everyone passes the last round
    (E1.1)."""
    for seat in (0, 1, 2, 0):
        session.play(Pass(seat))


def end_session() -> LocalSession:
    """X1–X3 scored: Christian 60, Andréa 50, Maja 40."""
    session = LocalSession.of_events(
        x_events(), [Seat("Maja"), Seat("Andréa", "random"), Seat("Christian", "random")]
    )
    finish(session)
    return session


def ask_session() -> LocalSession:
    """X1–X3 with ``final_choices = ask``, three humans: the game waits for choices."""
    options = Options(final_choices="ask")
    session = LocalSession.of_events(
        x_events(options), [Seat("Maja"), Seat("Andréa"), Seat("Christian")]
    )
    finish(session)
    return session


STYLESHEET = Path(atlantis_tui.__file__).parent / "atlantis.tcss"


class GameApp(App[None]):
    """An app that shows one Atlantica game screen (the shell's dialogs styled as in the app)."""

    CSS_PATH = STYLESHEET

    def __init__(self, session: LocalSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.session, 0))


def real_app(session: LocalSession, save_dir: Path) -> AtlantisApp:
    """The whole app on the same game, with the shell's own session (undo, saves)."""
    game: Game[State, AnyEvent, AnyCommand] = Game(ATLANTICA, session.events)
    return AtlantisApp(save_dir, GameSession(game, session.seats), bot_delay=0, game="atlantica")


def seats_of(names: Sequence[str]) -> list[Seat]:
    """Humans named ``names``."""
    return [Seat(name) for name in names]
