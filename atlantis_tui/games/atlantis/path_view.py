"""The path from Atlantis to the Mainland, wrapped into rows to fit the width.

Each space is a cell two lines high. The top line is the top tile: its item
letter and value on the item's colour, and ``²`` when a second tile lies
beneath; water shows ``~``, with the gap's price on its first cell, or ``═B═``
when bridged. The bottom line shows the pawn standing there (its owner's
symbol and letter, in his colour), a destination label when a pawn is
selected, or the space number. Clicking a cell posts ``SpaceClicked``.

When the screen has room (``large``), each space is a tile three lines high
and seven cells wide: item letter and value (``²`` and a grey edge on a
stack) over the item's name, both on the item's colour; the pawn standing
there takes the name's place (its owner's symbol and letter on a dark chip),
and so does ``take`` on the tile a move takes. Under the tile are the space
number and a destination label when a pawn is chosen. Water is a band of ``≈`` that runs
through the gaps between its spaces, its price on the first; a bridge is a
``═`` deck across it, reaching the tiles on either bank. Atlantis and the
Mainland are land masses at the two ends, with the pawns on them counted.
The screen chooses the form by its size (``fit``); only tall screens keep a
blank line between the rows of large tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from atlantis_tui import style as st
from atlantis_tui.games.atlantis import style as board_style
from atlantis_tui.games.atlantis.item_styles import ITEM_STYLES
from atlantis_tui.games.atlantis.letters import bridge_letter
from atlantis_tui.games.atlantis.selection import LABELS, Selection
from core.atlantis.board import Board
from core.atlantis.describe import item_name
from core.atlantis.i18n import _
from core.atlantis.items import ITEMS, Item
from core.atlantis.state import ATLANTIS, MAINLAND, PAWN_LETTERS, State
from core.kernel.i18n import language

CELL = 4
END_CELL = 9
GUTTER = 1
STRIP_CACHE_SIZE = 2000
"""Lines kept rendered; a long game draws a few thousand different ones."""

LARGE_CELL = 7
"""Wide enough for every item's name ("amphora") and for ``take`` plus a number."""
LARGE_END_CELL = 10
LARGE_LINES = 3
LARGE_MIN_SIZE = (120, 36)
"""The smallest screen on which the large tiles leave the panels below enough room."""
ROOMY_HEIGHT = 44
"""From this screen height on, the panels below can spare a blank line between rows."""


def large_cell() -> int:
    """A large tile's width: 7, or the longest item name of the reader's language
    (French "couronne" is 8), so that every name shows whole on its tile."""
    return max(LARGE_CELL, *(len(item_name(item)) for item in ITEMS))


def fitted(name: str, width: int) -> str:
    """``name`` in ``width`` characters, cut with "…" when longer ("couronne" → "couron…")."""
    return name if len(name) <= width else name[: width - 1] + "…"


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
    """One space drawn as ``lines`` of text, each ``width`` cells wide.

    ``gap`` is the first space of the water the cell lies in (None on land);
    the large drawing uses it, with ``bridged`` and ``paid``, to run the water
    and the bridge through the gutter between two cells, and ``stacked`` to
    show the edge of a second tile peeking out from under the top one.
    """

    space: int
    width: int
    lines: tuple[Text, ...]
    gap: int | None = None
    bridged: bool = False
    paid: bool = False
    stacked: bool = False


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
    large: reactive[bool] = reactive(False, layout=True)
    """Tiles three lines high, for screens with room (``fit``); wins over ``compact``."""
    roomy: reactive[bool] = reactive(False, layout=True)
    """A blank line between rows of large tiles, for tall screens."""

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
        self._drawn = (0, 0)
        """The width and the number of rows last drawn, to tell when a new position needs a
        new layout."""
        self._hit_boxes: list[tuple[int, int, int, int, int]] = []
        self._strip_cache: dict[object, Strip] = {}
        """Rendered lines by their text, so an unchanged line is not rendered again."""
        self._strips_state: State | None = None
        self._strips_for: tuple[object, ...] = ()
        self._strips_drawn: list[Strip] = []
        """(first line, last line, first column, end column, space) of each cell drawn."""

    def fit(self, screen: Size) -> None:
        """Choose the large tiles, and the space between their rows, for a screen's size.

        Below ``LARGE_MIN_SIZE`` the panels under the path need the lines more.
        """
        self.large = screen.width >= LARGE_MIN_SIZE[0] and screen.height >= LARGE_MIN_SIZE[1]
        self.roomy = screen.height >= ROOMY_HEIGHT

    def watch_state(self, new: State | None) -> None:
        width, drawn = self._drawn
        if new is None or not width or width != max(self.content_region.width, CELL):
            self.refresh(layout=True)
            return
        self.refresh(layout=len(self._row_lengths(width, new)) != drawn)

    # -- layout -----------------------------------------------------------------
    def _widths(self, state: State | None) -> list[int]:
        """The width of each cell of ``state``, Atlantis to the Mainland.

        The rows depend on these alone, so the layout counts rows without drawing a cell.
        """
        if state is None:
            return []
        board = Board.of(state)
        end, cell = (LARGE_END_CELL, large_cell()) if self.large else (END_CELL, CELL)
        return [end, *[cell] * (board.last_land - board.first_land + 1), end]

    @staticmethod
    def _wrap(widths: list[int], width: int) -> list[int]:
        """How many cells go in each row, filling rows of ``width`` from the left."""
        rows = [0]
        used = 0
        for cell in widths:
            need = cell + (GUTTER if rows[-1] else 0)
            if rows[-1] and used + need > width:
                rows.append(0)
                used, need = 0, cell
            rows[-1] += 1
            used += need
        return rows

    def _row_lengths(self, width: int, state: State | None = None) -> list[int]:
        return self._wrap(self._widths(state or self.state), width)

    def _rows(self, width: int) -> list[list[_Cell]]:
        """The cells of the state shown, in rows that fit ``width``."""
        cells = self._cells(self.state)
        rows: list[list[_Cell]] = []
        start = 0
        for length in self._wrap([cell.width for cell in cells], width):
            rows.append(cells[start : start + length])
            start += length
        return rows

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = len(self._row_lengths(max(width, CELL)))
        return rows * self._row_height - (self._row_height - self._lines)

    @property
    def _lines(self) -> int:
        """How many lines each cell has."""
        return LARGE_LINES if self.large else 2

    @property
    def _row_height(self) -> int:
        """A cell's lines and the blank line under them, which small terminals go without."""
        if self.large:
            # Without the blank line the dim numbers under the tiles still part the rows.
            return LARGE_LINES + 1 if self.roomy else LARGE_LINES
        return 2 if self.compact else 3

    # -- drawing ----------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """One line of the path. Lines are kept as strips, and a line whose text is the
        same as one drawn before is not rendered again: a move changes a row or two,
        so most of the path comes from the cache."""
        strips = self._strips()
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _strips(self) -> list[Strip]:
        width = max(self.content_region.width or self.size.width, CELL)
        style = self.visual_style
        drawn_for = (self.marks, width, self.large, self.roomy, self.compact, language(), style)
        if self._strips_state is not self.state or self._strips_for != drawn_for:
            self._strips_state, self._strips_for = self.state, drawn_for
            self._strips_drawn = [self._strip(text, width, style) for text in self._lines_of(width)]
        return self._strips_drawn

    def _strip(self, text: Text, width: int, style: VisualStyle) -> Strip:
        key = (text.plain, tuple(text.spans), width, style)
        strip = self._strip_cache.get(key)
        if strip is None:
            if len(self._strip_cache) > STRIP_CACHE_SIZE:
                self._strip_cache.clear()
            strip = Visual.to_strips(self, visualize(self, text), width, 1, style)[0]
            self._strip_cache[key] = strip
        return strip

    def drawing(self) -> list[str]:
        """The path as drawn now, line by line, as plain text."""
        width = max(self.content_region.width or self.size.width, CELL)
        return [line.plain for line in self._lines_of(width)]

    def _lines_of(self, width: int) -> list[Text]:
        """The path's lines of text at ``width``: rows of cells, blank lines between."""
        self._hit_boxes = []
        rows = self._rows(width)
        self._drawn = (width, len(rows))
        drawn: list[Text] = []
        for number, row in enumerate(rows):
            if number:
                drawn += [Text() for _ in range(self._row_height - self._lines)]
            lines = [Text(no_wrap=True, overflow="crop") for _ in range(self._lines)]
            x = 0
            top_y = number * self._row_height
            for index, cell in enumerate(row):
                if index:
                    for line_number, line in enumerate(lines):
                        line.append_text(self._gutter(row[index - 1], cell, line_number))
                    x += GUTTER
                for line, cell_line in zip(lines, cell.lines, strict=True):
                    line.append_text(cell_line)
                self._hit_boxes.append(
                    (top_y, top_y + self._lines - 1, x, x + cell.width, cell.space)
                )
                x += cell.width
            drawn += lines
        return drawn

    def _gutter(self, left: _Cell, right: _Cell, line: int) -> Text:
        """The cell between two spaces: blank, except that large water and bridges run on."""
        if not self.large or line == LARGE_LINES - 1:
            return Text(" " * GUTTER)
        same_water = left.gap is not None and left.gap == right.gap
        if line == 0 and (left.bridged or right.bridged):
            # The deck spans the whole gap and rests on the tile on either bank.
            return Text("═" * GUTTER, style=board_style.BRIDGE)
        if same_water:
            return Text(
                "≈" * GUTTER, style=board_style.WATER_PAID if left.paid else board_style.WATER
            )
        if left.stacked:
            return Text("▌" * GUTTER, style=board_style.STACK_EDGE)
        return Text(" " * GUTTER)

    def on_click(self, event: Click) -> None:
        x, y = event.x - 1, event.y  # one column of padding on the left
        for top, bottom, start, end, space in self._hit_boxes:
            if top <= y <= bottom and start <= x < end:
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
        if self.large:
            cells = [self._large_end_cell(state, ATLANTIS, _("Atlantis"), board_style.ATLANTIS)]
            for space in range(board.first_land, board.last_land + 1):
                cells.append(self._large_cell(state, board, space, marks, standing.get(space)))
            cells.append(self._large_end_cell(state, MAINLAND, _("Mainland"), board_style.MAINLAND))
            return cells
        cells = [self._end_cell(state, ATLANTIS, _("Atlantis"))]
        for space in range(board.first_land, board.last_land + 1):
            cells.append(self._space_cell(state, board, space, marks, standing.get(space)))
        cells.append(self._end_cell(state, MAINLAND, _("Mainland")))
        return cells

    def _end_cell(self, state: State, space: int, name: str) -> _Cell:
        marks = self.marks
        top = Text(name.ljust(END_CELL), style=Style(bold=True, reverse=space == marks.active))
        bottom = self._pawn_counts(state, space)
        label = marks.labels.get(space)
        if label is not None:
            bottom.append(
                board_style.key_label(label),
                board_style.LABEL_ACTIVE if space == marks.active else board_style.LABEL,
            )
        bottom.truncate(END_CELL, pad=True)
        return _Cell(space, END_CELL, (top, bottom))

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
            tile_style = ITEM_STYLES[tile.item]
            if space == marks.take:
                tile_style = tile_style + Style(underline=True, reverse=True)
            top = Text(face, style=tile_style)
        else:
            gap = board.gap_at(space)
            assert gap is not None
            if gap.bridged:
                deck = f"═{bridge_letter()}═ " if space == gap.first else "════"
                top = Text(deck, style=board_style.BRIDGE)
            else:
                paid = gap.first in marks.paid_gaps
                face = f"~{gap.price}~ " if space == gap.first else "~~~~"
                top = Text(face, style=board_style.WATER_PAID if paid else board_style.WATER)
        label = marks.labels.get(space)
        if label is not None:
            style = board_style.LABEL_ACTIVE if space == marks.active else board_style.LABEL
            bottom = Text(board_style.key_label(label).ljust(CELL), style=style)
        elif standing is not None:
            seat, pawn = standing
            selected = marks.selected == standing
            bottom = Text(
                f"{st.player_tag(seat)}{PAWN_LETTERS[pawn]}".ljust(CELL),
                style=st.player_style(seat) + Style(reverse=selected),
            )
        elif space == marks.take:
            bottom = Text(_("take")[:CELL], style=board_style.TAKE)
        else:
            bottom = Text(f"{space:>2}".ljust(CELL), style=st.DIM)
        if space in marks.changed and label is None:
            bottom.stylize(Style(underline=True))
        return _Cell(space, CELL, (top, bottom))

    def _pawn_counts(self, state: State, space: int) -> Text:
        """Each player's pawns on an end space: his symbol and how many, in his colour.

        The count of the player whose selected pawn stands there is reversed.
        """
        marks = self.marks
        counts = Text()
        for seat, positions in enumerate(state.pawns):
            if seat in state.resigned:
                continue  # his pawns left the path (E5)
            count = sum(1 for position in positions if position == space)
            if count:
                selected = (
                    marks.selected is not None
                    and marks.selected[0] == seat
                    and state.pawns[seat][marks.selected[1]] == space
                )
                counts.append(
                    f"{st.player_tag(seat)}{count}",
                    st.player_style(seat) + Style(reverse=selected),
                )
        return counts

    # -- large cells ----------------------------------------------------------------
    def _large_end_cell(self, state: State, space: int, name: str, land: Style) -> _Cell:
        """Atlantis or the Mainland: its name on the land, the pawns on it, a label under it."""
        marks = self.marks
        width = LARGE_END_CELL
        head = Text(f" {name}".ljust(width), style=land + Style(reverse=space == marks.active))
        pawns = Text(" ", style=board_style.LAND) + self._pawn_counts(state, space)
        pawns.stylize(board_style.LAND)
        pawns.truncate(width, pad=True)
        # The padding gets the land's colour too, so the mass is a whole block.
        pawns.stylize(board_style.LAND, 0, width)
        label = marks.labels.get(space)
        if label is not None:
            style = board_style.LABEL_ACTIVE if space == marks.active else board_style.LABEL
            foot = Text(board_style.key_label(label), style=style)
        else:
            foot = Text()
        foot.truncate(width, pad=True)
        return _Cell(space, width, (head, pawns, foot))

    def _large_cell(
        self,
        state: State,
        board: Board,
        space: int,
        marks: PathMarks,
        standing: tuple[int, int] | None,
    ) -> _Cell:
        """A land tile with what stands under it, or a stretch of water or bridge."""
        width = large_cell()
        number = Text(f"{space:>3}", style=st.DIM)
        stack = state.spaces[space]
        if not stack:
            gap = board.gap_at(space)
            assert gap is not None
            paid = gap.first in marks.paid_gaps
            water = board_style.WATER_PAID if paid else board_style.WATER
            if gap.bridged:
                deck = f"═{bridge_letter()}═" if space == gap.first else "═══"
                top = Text(deck.center(width, "═"), style=board_style.BRIDGE)
            elif space == gap.first:
                top = Text(f"~{gap.price}~".center(width, "≈"), style=water)
            else:
                top = Text("≈" * width, style=water)
            waves = Text("≈" * width, style=water)
            foot = Text(" " * (width - len(number))) + number
            return _Cell(space, width, (top, waves, foot), gap.first, gap.bridged, paid)

        tile = state.tiles[stack[-1]]
        tile_style = ITEM_STYLES[tile.item]
        face = f" {Item(tile.item).letter} {tile.value}".ljust(width - 1)
        face += "²" if len(stack) > 1 else " "
        top = Text(face, style=tile_style)
        pawn_mark: Text | None = None
        if standing is not None:
            seat, pawn = standing
            # A dark chip, so that every player's colour reads on every item's colour.
            chip = board_style.PAWN_CHIP + st.player_style(seat)
            pawn_mark = Text(
                f" {st.player_tag(seat)}{PAWN_LETTERS[pawn]} ",
                style=chip + Style(reverse=marks.selected == standing),
            )
        if space == marks.take:
            # The name gives way to the mark: the letter above still says what is taken.
            middle = Text(_("take")[:width].center(width), style=board_style.TAKE)
        elif pawn_mark is not None:
            # The pawn stands on the tile, in place of the name the letter above repeats.
            middle = Text(" ", style=tile_style) + pawn_mark + Text("  ", style=tile_style)
            pawn_mark = None
        else:
            middle = Text(fitted(item_name(tile.item), width).center(width), style=tile_style)

        label = marks.labels.get(space)
        if label is not None:
            style = board_style.LABEL_ACTIVE if space == marks.active else board_style.LABEL
            mark = Text(board_style.key_label(label), style=style)
        elif pawn_mark is not None:
            # A pawn that leaves the tile it is taking: under the tile, as in the small form.
            mark = pawn_mark
        else:
            mark = Text()
        if space in marks.route and label is None:
            number.stylize(Style(dim=False, bold=True, underline=True))
        mark.truncate(width - len(number), pad=True)
        foot = mark + number
        if space in marks.changed and label is None:
            foot.stylize(Style(underline=True))
        return _Cell(space, width, (top, middle, foot), stacked=len(stack) > 1)
