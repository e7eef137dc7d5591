"""The path from Atlantis to the Mainland, wrapped into rows to fit the width.

Each space is a cell two lines high. The top line is the top tile: its item
letter and value on the item's colour, and ``²`` when a second tile lies
beneath; water shows ``~``, with the gap's price on its first cell, or ``═B═``
when bridged. The bottom line shows the pawn standing there (its owner's
symbol and letter, in his colour), a destination label when a pawn is
selected, or the space number. Clicking a cell posts ``SpaceClicked``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from atlantis_tui import style as st
from atlantis_tui.selection import LABELS, Selection
from core.board import Board
from core.items import Item
from core.state import ATLANTIS, MAINLAND, PAWN_LETTERS, State

CELL = 4
END_CELL = 9
GUTTER = 1


@dataclass(frozen=True)
class PathMarks:
    """What to draw on top of the board: a selection and a move preview.

    ``labels`` maps destination spaces to their key labels; ``active`` is the
    highlighted destination; ``route`` the spaces landed on; ``paid_gaps`` the
    first spaces of the gaps the move pays for; ``take`` the tile's space.
    """

    selected: tuple[int, int] | None = None
    labels: dict[int, str] = field(default_factory=dict)
    active: int | None = None
    route: tuple[int, ...] = ()
    paid_gaps: frozenset[int] = frozenset()
    take: int | None = None
    changed: frozenset[int] = frozenset()

    @classmethod
    def for_selection(
        cls, seat: int, selection: Selection | None, changed: frozenset[int]
    ) -> PathMarks:
        """The marks of a chosen pawn: labelled destinations and the highlighted move."""
        if selection is None:
            return cls(changed=changed)
        preview = selection.preview
        labels = {d: LABELS[i] for i, d in enumerate(selection.destinations[: len(LABELS)])}
        return cls(
            selected=(seat, selection.pawn),
            labels=labels,
            active=selection.destination,
            route=preview.landings if preview else (),
            paid_gaps=frozenset(g.first for g in preview.crossings) if preview else frozenset(),
            take=preview.tile_space if preview else None,
        )


@dataclass(frozen=True)
class _Cell:
    space: int
    width: int
    top: Text
    bottom: Text


class PathView(Widget):
    """The 53 spaces between Atlantis and the Mainland, with pawns and water."""

    DEFAULT_CSS = """
    PathView {
        height: auto;
        padding: 0 1;
    }
    """

    state: reactive[State | None] = reactive(None)
    """A new position repaints; it lays the screen out again only when the number of rows
    changes (``watch_state``), which a move seldom does."""
    marks: reactive[PathMarks] = reactive(PathMarks)
    """Marks never change the height, so they repaint without a new layout."""
    compact: reactive[bool] = reactive(False, layout=True)
    """No blank line between rows, for small terminals."""

    class SpaceClicked(Message):
        """The player clicked a space (0 Atlantis, 54 Mainland)."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(
        self,
        state: State | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(PathView.state, state)
        self._hit_boxes: list[tuple[int, int, int, int]] = []

    def watch_state(self, old: State | None, new: State | None) -> None:
        width = self.content_region.width
        if not width or old is None or new is None:
            self.refresh(layout=True)
            return
        width = max(width, CELL)
        rows_before, rows_now = len(self._rows(width, old)), len(self._rows(width, new))
        self.refresh(layout=rows_now != rows_before)

    # -- layout -----------------------------------------------------------------
    def _rows(self, width: int, state: State | None = None) -> list[list[_Cell]]:
        """The cells of ``state`` (the one shown by default) in rows that fit ``width``."""
        cells = self._cells(state or self.state)
        rows: list[list[_Cell]] = [[]]
        used = 0
        for cell in cells:
            need = cell.width + (GUTTER if rows[-1] else 0)
            if rows[-1] and used + need > width:
                rows.append([])
                used, need = 0, cell.width
            rows[-1].append(cell)
            used += need
        return rows

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = len(self._rows(max(width, CELL)))
        return rows * self._row_height - (self._row_height - 2)

    @property
    def _row_height(self) -> int:
        return 2 if self.compact else 3

    def render(self) -> RenderableType:
        width = max(self.content_region.width or self.size.width, CELL)
        text = Text(no_wrap=True, overflow="crop")
        self._hit_boxes = []
        for number, row in enumerate(self._rows(width)):
            if number:
                text.append("\n" * (self._row_height - 1))
            top, bottom = Text(), Text()
            x = 0
            for index, cell in enumerate(row):
                if index:
                    top.append(" " * GUTTER)
                    bottom.append(" " * GUTTER)
                    x += GUTTER
                top.append_text(cell.top)
                bottom.append_text(cell.bottom)
                self._hit_boxes.append((number * self._row_height, x, x + cell.width, cell.space))
                x += cell.width
            text.append_text(top)
            text.append("\n")
            text.append_text(bottom)
        return text

    def on_click(self, event: Click) -> None:
        x, y = event.x - 1, event.y  # one column of padding on the left
        for row_y, start, end, space in self._hit_boxes:
            if row_y <= y <= row_y + 1 and start <= x < end:
                self.post_message(self.SpaceClicked(space))
                return

    # -- cells --------------------------------------------------------------------
    def _cells(self, state: State | None) -> list[_Cell]:
        if state is None:
            return []
        board = Board.of(state)
        marks = self.marks
        standing = {
            position: (seat, pawn)
            for seat, positions in enumerate(state.pawns)
            for pawn, position in enumerate(positions)
            if ATLANTIS < position < MAINLAND
        }
        cells = [self._end_cell(state, ATLANTIS, "Atlantis")]
        for space in range(board.first_land, board.last_land + 1):
            cells.append(self._space_cell(state, board, space, marks, standing.get(space)))
        cells.append(self._end_cell(state, MAINLAND, "Mainland"))
        return cells

    def _end_cell(self, state: State, space: int, name: str) -> _Cell:
        marks = self.marks
        top = Text(name.ljust(END_CELL), style=Style(bold=True, reverse=space == marks.active))
        bottom = Text()
        for seat, positions in enumerate(state.pawns):
            count = sum(1 for position in positions if position == space)
            if count:
                selected = (
                    marks.selected is not None
                    and marks.selected[0] == seat
                    and (state.pawns[seat][marks.selected[1]] == space)
                )
                bottom.append(
                    f"{st.player_tag(seat)}{count}",
                    st.player_style(seat) + Style(reverse=selected),
                )
        label = marks.labels.get(space)
        if label is not None:
            bottom.append(
                st.key_label(label), st.LABEL_ACTIVE if space == marks.active else st.LABEL
            )
        bottom.truncate(END_CELL, pad=True)
        return _Cell(space, END_CELL, top, bottom)

    def _space_cell(
        self,
        state: State,
        board: Board,
        space: int,
        marks: PathMarks,
        standing: tuple[int, int] | None,
    ) -> _Cell:
        stack = state.spaces[space]
        if stack:
            tile = state.tiles[stack[-1]]
            face = f"{Item(tile.item).letter}{tile.value}{'²' if len(stack) > 1 else ' '} "
            tile_style = st.ITEM_STYLES[tile.item]
            if space == marks.take:
                tile_style = tile_style + Style(underline=True, reverse=True)
            top = Text(face, style=tile_style)
        else:
            gap = board.gap_at(space)
            assert gap is not None
            if gap.bridged:
                top = Text("═B═ " if space == gap.first else "════", style=st.BRIDGE)
            else:
                paid = gap.first in marks.paid_gaps
                face = f"~{gap.price}~ " if space == gap.first else "~~~~"
                top = Text(face, style=st.WATER_PAID if paid else st.WATER)
        label = marks.labels.get(space)
        if label is not None:
            style = st.LABEL_ACTIVE if space == marks.active else st.LABEL
            bottom = Text(st.key_label(label).ljust(CELL), style=style)
        elif standing is not None:
            seat, pawn = standing
            selected = marks.selected == standing
            bottom = Text(
                f"{st.player_tag(seat)}{PAWN_LETTERS[pawn]}".ljust(CELL),
                style=st.player_style(seat) + Style(reverse=selected),
            )
        elif space == marks.take:
            bottom = Text("take", style=st.TAKE)
        else:
            bottom = Text(f"{space:>2}".ljust(CELL), style=st.DIM)
        if space in marks.changed and label is None:
            bottom.stylize(Style(underline=True))
        return _Cell(space, CELL, top, bottom)
