"""The large board: chosen by the screen's size, drawn where it is clicked."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.path_view import PathView
from atlantis_tui.games.atlantis.payment import PaymentScreen
from core.atlantis.board import Board
from core.atlantis.events import PawnMoved
from tests.tui import scenes
from tests.tui.driver import settle


def _lines(path: PathView) -> list[str]:
    """The path as drawn, line by line."""
    return path.drawing()


def _hit_box(path: PathView, space: int) -> tuple[int, int, int, int, int]:
    return next(box for box in path._hit_boxes if box[4] == space)


def drawn(path: PathView) -> tuple[bool, bool, bool]:
    """How the path is drawn now: large, roomy (blank lines between the rows), compact.

    Read afresh after each resize, into new names: the same attributes change.
    """
    return path.large, path.roomy, path.compact


async def test_the_screen_chooses_large_tiles_only_when_there_is_room(save_dir: Path) -> None:
    """Large from 120×36 up, with blank lines between the rows from 44 lines up; the
    compact form on narrow screens."""
    app = scenes.midgame_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        path = app.screen.query_one(PathView)
        large, roomy, _compact = drawn(path)
        assert large and not roomy
        assert path.size.height == 4 * 3  # four rows of tiles, no blank line between
        await pilot.resize_terminal(119, 40)
        await pilot.pause()
        large, _roomy, _compact = drawn(path)
        assert not large
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        large, roomy, _compact = drawn(path)
        assert large and roomy
        assert path.size.height == 3 * 4 - 1  # three rows, a blank line between them
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        large, _roomy, compact = drawn(path)
        assert not large and compact
        assert app.screen.has_class("-narrow")


async def test_clicking_a_pawn_and_a_destination_moves_it_in_large_mode(save_dir: Path) -> None:
    """Ann clicks her pawn C on its tile, then a destination twice: the pawn goes there."""
    session = scenes.midgame_session()
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        path = screen.query_one(PathView)
        assert path.large
        start = session.state.pawns[0][2]
        top, _, left, _, _ = _hit_box(path, start)
        # The pawn's chip on the tile's second line; one column of padding comes first.
        assert "●C" in _lines(path)[top + 1][left : left + 7]
        await pilot.click(path, offset=(left + 1 + 2, top + 1))
        await pilot.pause()
        selection = screen.selection
        assert selection is not None and selection.pawn == 2
        destination = selection.destinations[-1]
        top, _, left, _, _ = _hit_box(path, destination)
        for _ in range(2):  # the first click highlights it, the second moves there
            await pilot.click(path, offset=(left + 3, top))
            await pilot.pause()
        if isinstance(app.screen, PaymentScreen):
            await pilot.press("enter")
        await settle(pilot, app)
        moved = next(e for e in session.events[91:] if isinstance(e, PawnMoved))
        assert (moved.player, moved.pawn, moved.start) == (0, 2, start)
        assert moved.landings[-1] == destination


class _PathApp(App[None]):
    """A lone large path, for checking its drawing against its hit boxes."""

    def __init__(self, roomy: bool) -> None:
        super().__init__()
        self.roomy = roomy

    def compose(self) -> ComposeResult:
        path = PathView(scenes.midgame_session().state)
        path.large, path.roomy = True, self.roomy
        yield path


async def test_each_hit_box_covers_its_own_tile_and_number() -> None:
    """At several widths, every space's box spans the cell that ends in its number,
    the gutters between cells answer no click, and Atlantis and the Mainland are named."""
    for width, roomy in ((120, False), (150, True), (200, True)):
        app = _PathApp(roomy)
        async with app.run_test(size=(width, 30)) as pilot:
            await pilot.pause()
            path = app.query_one(PathView)
            lines = _lines(path)
            covered: set[tuple[int, int]] = set()
            for top, bottom, left, right, space in path._hit_boxes:
                assert bottom - top == 2
                if space == 0:
                    assert "Atlantis" in lines[top][left:right]
                elif space == 54:
                    assert "Mainland" in lines[top][left:right]
                else:
                    assert lines[bottom][left:right].split()[-1] == str(space)
                covered.update((top, x) for x in range(left, right))
                assert right - left in (7, 10)
            assert path.state is not None
            board = Board.of(path.state)
            spaces = [0, *range(board.first_land, board.last_land + 1), 54]
            assert [box[4] for box in path._hit_boxes] == spaces
            # Clicking between two tiles of a row does nothing.
            top, _, _, right, space = path._hit_boxes[1]
            assert (top, right) not in covered
