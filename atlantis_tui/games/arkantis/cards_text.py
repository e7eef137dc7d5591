"""Cards as the screens draw them: names in the reader's language, figures, piles.

A figure is drawn with half blocks, two of its rows to a line, so that each of
its squares is as wide as it is tall and the tallest figure takes two lines.
Every card also says its colour as a letter (``O`` orange, ``E`` emerald), so
that it reads without colour too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from atlantis_tui.games.arkantis import style as st
from core.arkantis.cards import COLOURS, Colour, Kind, kind_of
from core.arkantis.i18n import _
from core.arkantis.state import PILES, State, pile_index
from core.kernel.i18n import language

CARD_WIDTH = 11
"""A card drawn in a hand: wide enough for most names; longer ones are cut with …"""


def kinds_by_id(state: State) -> dict[str, Kind]:
    """The game's kinds of card, by id."""
    return {kind.id: kind for kind in state.kinds}


def kind_name(kind: Kind) -> str:
    """The kind's name in the reader's language (``les gradins``, ``stands``)."""
    code = language()
    if code == "fr":
        return kind.fr
    if code == "nl":
        return kind.nl
    return kind.en


def colour_name(colour: Colour) -> str:
    """``orange`` or ``emerald`` in the reader's language."""
    return _("orange") if colour == "orange" else _("emerald")


def fitted(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut with … when longer."""
    return text if len(text) <= width else text[: width - 1] + "…"


def figure_lines(cells: tuple[tuple[int, int], ...]) -> list[str]:
    """A figure in half blocks: two rows per line, one column per character."""
    filled = set(cells)
    rows = max(r for r, _c in cells) + 1
    columns = max(c for _r, c in cells) + 1
    lines = []
    for top in range(0, rows, 2):
        line = ""
        for column in range(columns):
            upper, lower = (top, column) in filled, (top + 1, column) in filled
            line += "█" if upper and lower else "▀" if upper else "▄" if lower else " "
        lines.append(line)
    return lines


def card_label(state: State, card: str, with_value: bool = True) -> Text:
    """``W5 stands 8`` on the card's colour, with its colour letter: one line."""
    kind = kinds_by_id(state).get(kind_of(card))
    if kind is None:
        return Text(card)
    text = Text(f" {st.CARD_LETTERS[kind.colour]} ", style=st.CARD_STYLES[kind.colour])
    text.append(f" {kind.id} {kind_name(kind)}")
    if with_value:
        text.append(f" ({kind.value})", style="bold")
    return text


def card_block(kind: Kind) -> list[Text]:
    """A card drawn in four lines of ``CARD_WIDTH``: its figure (two lines), its name,
    and its id, colour letter and value."""
    style = st.CARD_STYLES[kind.colour]
    figure = figure_lines(kind.cells)
    figure += [""] * (2 - len(figure))
    lines = [
        Text(f" {line}".ljust(CARD_WIDTH), style=st.FIGURE_COLOURS[kind.colour]) for line in figure
    ]
    lines.append(Text(fitted(kind_name(kind), CARD_WIDTH).ljust(CARD_WIDTH)))
    foot = Text(f" {st.CARD_LETTERS[kind.colour]} ", style=style)
    foot.append(f" {kind.id}")
    value = str(kind.value)
    foot.append(" " * (CARD_WIDTH - 3 - 1 - len(kind.id) - len(value)))
    foot.append(value, style="bold")
    lines.append(foot)
    return lines


def cards_grid(state: State, cards: tuple[str, ...], width: int) -> Text:
    """Cards side by side, as many to a row as ``width`` holds."""
    kinds = kinds_by_id(state)
    blocks = [card_block(kinds[kind_of(card)]) for card in cards if kind_of(card) in kinds]
    per_row = max(1, (width + 1) // (CARD_WIDTH + 1))
    text = Text()
    for start in range(0, len(blocks), per_row):
        row = blocks[start : start + per_row]
        for line in range(4):
            if start or line:
                text.append("\n")
            for index, block in enumerate(row):
                if index:
                    text.append(" ")
                text.append_text(block[line])
    return text


@dataclass(frozen=True)
class Table:
    """What everyone may see of the hands and piles (L3): each hand's size and its
    cards of each colour, each pile's size, and each face-up pile's top card."""

    hand_sizes: tuple[int, ...]
    hand_colours: tuple[tuple[int, int], ...]
    """Per seat: (orange, emerald) cards in hand."""
    pile_sizes: tuple[int, ...]
    """In the order of ``PILES``."""
    top_up: dict[Colour, str]
    """Each colour's top face-up card, ``""`` when that pile is empty."""


def table_of(state: State) -> Table:
    """The public table of a whole state (a game played here)."""
    kinds = kinds_by_id(state)

    def colours(hand: tuple[str, ...]) -> tuple[int, int]:
        orange = sum(1 for card in hand if kinds[kind_of(card)].colour == "orange")
        return orange, len(hand) - orange

    top_up: dict[Colour, str] = {}
    for colour in COLOURS:
        pile = state.piles[pile_index(colour, "up")]
        top_up[colour] = pile[0] if pile else ""
    return Table(
        tuple(len(hand) for hand in state.hands),
        tuple(colours(hand) for hand in state.hands),
        tuple(len(pile) for pile in state.piles),
        top_up,
    )


def pile_name(colour: Colour, pile: str) -> str:
    """``orange face down``: one pile, in the reader's language."""
    if pile == "down":
        return _("{colour} face down").format(colour=colour_name(colour))
    return _("{colour} face up").format(colour=colour_name(colour))


def piles_text(state: State, table: Table) -> Text:
    """The four piles: sizes, and the top card of each face-up pile (S4, L3)."""
    text = Text()
    for colour in COLOURS:
        if colour != COLOURS[0]:
            text.append("\n")
        down = table.pile_sizes[PILES.index((colour, "down"))]
        up = table.pile_sizes[PILES.index((colour, "up"))]
        text.append(f" {st.CARD_LETTERS[colour]} ", style=st.CARD_STYLES[colour])
        text.append(
            " "
            + _("{colour}: {down} face down, {up} face up").format(
                colour=colour_name(colour), down=down, up=up
            )
        )
        top = table.top_up.get(colour, "")
        text.append("\n    " + _("face up on top: "), style=st.DIM)
        if top:
            text.append_text(card_label(state, top))
        else:
            text.append(_("none"), style=st.DIM)
    return text
