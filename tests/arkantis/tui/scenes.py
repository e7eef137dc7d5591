"""ArkantiS games in fixed situations for the screens' tests: fixed seeds, prepared
positions (RULES.md X2, X6), and an app that shows one screen of them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App

import atlantis_tui
from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.session import GameSession, Seat
from core.arkantis.board import from_picture, to_picture
from core.arkantis.cards import card_ids
from core.arkantis.commands import AnyCommand, Pass
from core.arkantis.data import default_data_set
from core.arkantis.events import AnyEvent, GameStarted
from core.arkantis.game_type import ARKANTIS
from core.arkantis.options import DEFAULT_OPTIONS
from core.arkantis.state import State
from core.kernel.game import Game
from tests.arkantis.tui.local_session import LocalSession

__all__ = ["LocalSession", "real_app"]

B0 = "##.##.# ##.##.# ..##..# ##.##.. ####### ...#### ####.#."
"""RULES.md X2–X5's board: removing B2 makes a red W5 stain and a blue set of 3."""


def prepared(
    picture: str,
    players: Sequence[str],
    pions: Sequence[int],
    hands: Sequence[Sequence[str]],
    laid: Sequence[Sequence[str]] = (),
) -> GameStarted:
    """A prepared position: the board drawn, the cards not held in the piles."""
    data = default_data_set()
    held = {card for hand in [*hands, *laid] for card in hand}
    orders: dict[str, list[str]] = {"orange": [], "emerald": []}
    for kind in data.kinds:
        orders[kind.colour] += [card for card in card_ids(kind) if card not in held]
    return GameStarted(
        tuple(players),
        DEFAULT_OPTIONS,
        data.name,
        data.hash,
        data.free_column,
        data.kinds,
        0,
        (),
        tuple(orders["orange"]),
        tuple(orders["emerald"]),
        board=to_picture(from_picture(picture)),
        pions=tuple(pions),
        hands=tuple(tuple(hand) for hand in hands),
        laid=tuple(tuple(cards) for cards in laid),
    )


def opening_session() -> LocalSession:
    """A new game: Ann (here, first to play) against a random bot, seed 4."""
    return LocalSession.new([Seat("Ann"), Seat("Bob", "random")], seed=4)


def stain_session() -> LocalSession:
    """X2's position: Ana to act, holding a W5 (stands) and an I4."""
    opening = prepared(
        B0, ("Ana", "Ben", "Cleo"), (4, 5, 6), (("W5-1", "I4-1"), ("I5-1",), ("L4-1",))
    )
    return LocalSession.of_events(
        [opening], [Seat("Ana"), Seat("Ben", "random"), Seat("Cleo", "random")]
    )


def hot_seat_session() -> LocalSession:
    """X2's position with three humans at one keyboard."""
    opening = prepared(
        B0, ("Ana", "Ben", "Cleo"), (4, 5, 6), (("W5-1", "I4-1"), ("I5-1",), ("L4-1",))
    )
    return LocalSession.of_events([opening], [Seat("Ana"), Seat("Ben"), Seat("Cleo")])


def tie_session() -> LocalSession:
    """X6: Ana and Ben both pass with 21; Ana laid two cards to Ben's one, so she wins (E3)."""
    opening = prepared(
        B0,
        ("Ana", "Ben"),
        (9, 13),
        (("F5-1", "I4-1"), ("T5-1",)),
        laid=(("W5-1", "T4-1"), ("I5-1",)),
    )
    session = LocalSession.of_events([opening], [Seat("Ana"), Seat("Ben")])
    session.play(Pass(0))
    session.play(Pass(1))
    return session


STYLESHEET = Path(atlantis_tui.__file__).parent / "atlantis.tcss"


class GameApp(App[None]):
    """An app that shows one ArkantiS game screen (the shell's dialogs styled as in the app)."""

    CSS_PATH = STYLESHEET

    def __init__(self, session: LocalSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.session, 0))


def real_app(session: LocalSession, save_dir: Path) -> AtlantisApp:
    """The whole app on the same game, with the shell's own session (undo, saves)."""
    game: Game[State, AnyEvent, AnyCommand] = Game(ARKANTIS, session.events)
    return AtlantisApp(save_dir, GameSession(game, session.seats), bot_delay=0, game="arkantis")
