"""The 7 × 7 board: tokens, red squares, the cursor, the chosen squares, and what
an action changed or would change.

Two sizes: small cells are one line of three characters (``[●]``), for 80×24;
large cells are three lines of seven (a frame around a centred glyph), for
screens with room. Columns ``A``–``G`` are labelled above, rows ``1``–``7`` on
the left (S1.1). What a cell shows, from the inside out:

- the square: ``●`` on blue, a token; ``○`` on red, an empty square (S1.3);
- the cursor: the cell reversed;
- a chosen square: brackets ``[●]`` (a double frame when large);
- a square the action changed (lifted, moved from or to): ``(○`` (a heavy frame);
- a square of a set the action modified (T4.1): its mark on the right, ``+`` it
  paid pions, ``♦`` it laid a card, ``-`` nothing (a light frame in the colour
  of the payment, and on the set's first square, its pions ``+3`` or the kind
  of card laid ``W5``). A large set that paid nothing is listed in the preview,
  not marked: it would bury the others' marks.

``board_lines`` draws; ``BoardWidget`` shows the lines and turns clicks into
``SquareClicked``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from atlantis_tui.games.arkantis import style as st
from core.arkantis.cards import kind_of
from core.arkantis.events import ModifiedSet
from core.arkantis.squares import COLUMNS, SIZE, parse, square

SMALL_CELL = 3
SMALL_LABEL = 2
LARGE_CELL = 7
LARGE_LINES = 3
LARGE_LABEL = 3
QUIET_SET = 5
"""A modified set that paid nothing is marked only up to this size (a stain's size)."""


@dataclass(frozen=True)
class SetMark:
    """How a square of a modified set is marked: the set's style and mark, and on the
    set's first square its tag (``+3``, ``W5``)."""

    style: Style
    mark: str
    tag: str = ""


def set_marks(sets: tuple[ModifiedSet, ...]) -> dict[int, SetMark]:
    """Each square of ``sets`` with its set's mark; the tag on each set's first square."""
    marks: dict[int, SetMark] = {}
    for modified in sets:
        if modified.card:
            style, mark, tag = st.LAYS_CARD, st.CARD_MARK, kind_of(modified.card)
        elif modified.pions:
            style, mark, tag = st.PAYS_PIONS, st.PIONS_MARK, f"+{modified.pions}"
        elif len(modified.squares) <= QUIET_SET:
            style, mark, tag = st.PAYS_NOTHING, st.NOTHING_MARK, "0"
        else:
            continue  # a large set that paid nothing would only bury the others' marks
        for index, name in enumerate(modified.squares):
            sq = parse(name)
            if sq is not None:
                marks[sq] = SetMark(style, mark, tag if index == 0 else "")
    return marks


@dataclass(frozen=True)
class BoardMarks:
    """What is drawn over the squares: the cursor, the chosen squares (in the order
    chosen), the squares an action changed, and the sets it modified."""

    cursor: int | None = None
    selected: tuple[int, ...] = ()
    changed: frozenset[int] = frozenset()
    sets: tuple[ModifiedSet, ...] = field(default=())


def board_size(large: bool) -> Size:
    """The board's width and height in cells, labels included."""
    if large:
        return Size(LARGE_LABEL + SIZE * LARGE_CELL, 1 + SIZE * LARGE_LINES)
    return Size(SMALL_LABEL + SIZE * SMALL_CELL, 1 + SIZE)


def _ground(tokens: int, sq: int) -> tuple[Style, str]:
    if tokens >> sq & 1:
        return st.TOKEN, st.TOKEN_GLYPH
    return st.EMPTY, st.EMPTY_GLYPH


def board_lines(tokens: int, marks: BoardMarks, large: bool = False) -> list[Text]:
    """The board as lines of text (see the module's docstring)."""
    by_set = set_marks(marks.sets)
    if large:
        return _large_lines(tokens, marks, by_set)
    header = Text(no_wrap=True)
    header.append(" " * SMALL_LABEL, style=st.LABEL)
    for letter in COLUMNS:
        header.append(f" {letter} ", style=st.LABEL)
    lines = [header]
    for row in range(SIZE):
        line = Text(no_wrap=True)
        line.append(f"{row + 1} ", style=st.LABEL)
        for column in range(SIZE):
            line.append_text(_small_cell(tokens, square(row, column), marks, by_set))
        lines.append(line)
    return lines


def _small_cell(tokens: int, sq: int, marks: BoardMarks, by_set: dict[int, SetMark]) -> Text:
    ground, glyph = _ground(tokens, sq)
    in_set = by_set.get(sq)
    if sq in marks.selected:
        left, right = Text("[", ground + st.SELECTED), Text("]", ground + st.SELECTED)
    else:
        left = Text("(", ground + st.CHANGED) if sq in marks.changed else Text(" ", ground)
        if in_set is not None:
            right = Text(in_set.mark, ground + in_set.style)
        elif sq in marks.changed:
            right = Text(")", ground + st.CHANGED)
        else:
            right = Text(" ", ground)
    cell = left + Text(glyph, ground) + right
    if sq == marks.cursor:
        cell.stylize(st.CURSOR)
    return cell


FRAMES = {
    "double": ("╔", "═", "╗", "║", "╚", "╝"),
    "heavy": ("┏", "━", "┓", "┃", "┗", "┛"),
    "light": ("┌", "─", "┐", "│", "└", "┘"),
}


def _large_lines(tokens: int, marks: BoardMarks, by_set: dict[int, SetMark]) -> list[Text]:
    header = Text(no_wrap=True)
    header.append(" " * LARGE_LABEL, style=st.LABEL)
    for letter in COLUMNS:
        header.append(letter.center(LARGE_CELL), style=st.LABEL)
    lines = [header]
    for row in range(SIZE):
        drawn = [Text(no_wrap=True) for _ in range(LARGE_LINES)]
        for number, line in enumerate(drawn):
            label = f"{row + 1}".center(LARGE_LABEL) if number == 1 else " " * LARGE_LABEL
            line.append(label, style=st.LABEL)
        for column in range(SIZE):
            cell = _large_cell(tokens, square(row, column), marks, by_set)
            for line, part in zip(drawn, cell, strict=True):
                line.append_text(part)
        lines += drawn
    return lines


def _large_cell(
    tokens: int, sq: int, marks: BoardMarks, by_set: dict[int, SetMark]
) -> tuple[Text, Text, Text]:
    ground, glyph = _ground(tokens, sq)
    inner = LARGE_CELL - 2
    in_set = by_set.get(sq)
    frame: str | None = None
    frame_style = ground
    if sq in marks.selected:
        frame, frame_style = "double", ground + st.SELECTED
    elif sq in marks.changed:
        frame = "heavy"
        frame_style = ground + (in_set.style if in_set else st.CHANGED)
    elif in_set is not None:
        frame, frame_style = "light", ground + in_set.style
    middle_style = ground + st.CURSOR if sq == marks.cursor else ground
    middle = Text(glyph.center(inner), style=middle_style)
    if frame is None:
        blank = Text(" " * LARGE_CELL, style=ground)
        return blank, Text(" ", ground) + middle + Text(" ", ground), blank.copy()
    tl, h, tr, v, bl, br = FRAMES[frame]
    top = Text(tl + h * inner + tr, style=frame_style)
    side = Text(v, style=frame_style)
    tag = in_set.tag if in_set is not None else ""
    bottom = Text(bl, style=frame_style)
    if tag:
        bottom.append(tag[:inner], style=ground + (in_set.style if in_set else st.CHANGED))
    bottom.append(h * (inner - len(tag[:inner])) + br, style=frame_style)
    return top, side + middle + side.copy(), bottom


def square_at(x: int, y: int, large: bool) -> int | None:
    """The square under the cell ``(x, y)`` of the drawing, or ``None`` (a label)."""
    if large:
        label, width, height = LARGE_LABEL, LARGE_CELL, LARGE_LINES
    else:
        label, width, height = SMALL_LABEL, SMALL_CELL, 1
    if x < label or y < 1:
        return None
    column, row = (x - label) // width, (y - 1) // height
    if column >= SIZE or row >= SIZE:
        return None
    return square(row, column)


class BoardWidget(Widget):
    """The board; a click on a square posts ``SquareClicked``."""

    DEFAULT_CSS = """
    BoardWidget {
        width: auto;
        height: auto;
    }
    """

    tokens: reactive[int] = reactive(0)
    marks: reactive[BoardMarks] = reactive(BoardMarks)
    large: reactive[bool] = reactive(False, layout=True)

    class SquareClicked(Message):
        """A square was clicked."""

        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return board_size(self.large).width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return board_size(self.large).height

    def render(self) -> Text:
        return Text("\n").join(board_lines(self.tokens, self.marks, self.large))

    def drawing(self) -> list[str]:
        """The board as drawn now, line by line, as plain text."""
        return [line.plain for line in board_lines(self.tokens, self.marks, self.large)]

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        sq = square_at(offset.x, offset.y, self.large)
        if sq is not None:
            self.post_message(self.SquareClicked(sq))
