"""The board: the four locations, their three levels with the colours each slot
takes, the treasure display 1–6, the three ship piles' tops, the bistro's piles,
the research display 1–4, and the hurricane.

Two sizes. Large: per location a title line, one line per level (its slots,
``G|Y V W``, and what it does) and its display. Small (80×24): two lines per
location, the levels as ``G|Y +V +W``. What is drawn over it:

- the location and level the action builder is on, highlighted;
- a location used this turn struck through, ``✓used`` beside it (T2.2);
- a level that cannot be played now, dimmed, with ``✗`` (its reason is in the
  builder when the location is chosen);
- a space the action will take from, ``✓`` on green; the arrows' space reversed.

Every location, level and space carries a click (``screen.board_click``), so a
click chooses it as the keys do. ``board_text`` draws; it never decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import (
    LEVEL_EFFECTS,
    LOCATION_KEYS,
    LOCATION_SHORT,
    card_chip,
    diver_chip,
    location_name,
    research_effect,
    slot_text,
)
from atlantis_tui.games.atlantica.session_types import Table
from core.atlantica.cards import HURRICANE, SHIP_PILES, Pick
from core.atlantica.i18n import _
from core.atlantica.locations import LEVELS, LOCATIONS, Location, rule_id, slots
from core.atlantica.state import State


@dataclass(frozen=True)
class BoardMarks:
    """What the board shows over the cards: the builder's choices, and what is playable."""

    location: Location | None = None
    level: int | None = None
    picks: tuple[Pick, ...] = ()
    cursor: Pick | None = None
    refused: frozenset[tuple[Location, int]] = field(default_factory=frozenset)
    """The levels that cannot be played now (only worked out on the player's turn)."""
    clickable: bool = False
    """Whether clicks choose (on the game screen; not in a replay)."""


def _click(marks: BoardMarks, action: str) -> Style:
    if not marks.clickable:
        return Style()
    return Style(meta={"@click": f"screen.{action}"})


def _space_chip(card: str, pick: Pick, marks: BoardMarks) -> Text:
    """A display space: its number (a ship pile: its letter, unless its card shows it),
    its card (``·`` when empty), ``✓`` when picked; reversed under the arrows."""
    text = Text()
    picked = pick in marks.picks
    label = str(pick.space)
    if pick.place == "ship":
        label = "" if card else SHIP_PILES[pick.space - 1]
    number = Text(st.PICK_MARK if picked else label, style=st.PICKED if picked else Style())
    text.append_text(number)
    if card:
        text.append_text(card_chip(card))
    else:
        text.append(st.EMPTY_SPACE, style=st.EMPTY)
    if marks.cursor == pick:
        text.stylize(st.PICK_CURSOR)
    text.stylize(_click(marks, f"board_pick('{pick.place}', {pick.space})"))
    return text


def _level_slots(location: Location, level: int) -> Text:
    """A level's slots, ``G|Y V W``."""
    text = Text()
    for index, slot in enumerate(slots(location, level)):
        if index:
            text.append(" ")
        text.append_text(slot_text(slot))
    return text


def _title(location: Location, state: State, marks: BoardMarks, small: bool) -> Text:
    """A location's title: name, rule, key, and whether it was used this turn."""
    used = location in state.acted and state.phase == "turn"
    chosen = marks.location == location
    name = _(LOCATION_SHORT[location]) if small else location_name(location).upper()
    style = st.LOCATION_CHOSEN if chosen else st.USED if used else st.LOCATION
    text = Text()
    text.append(name, style=style)
    text.append(f" {rule_id(location, 1)[:2]}", style=st.DIM)
    text.append(" ")
    text.append(LOCATION_KEYS[location], style=st.KEY)
    if used:
        text.append(" " + _("✓used"), style=st.DIM)
    text.stylize(_click(marks, f"board_location('{location}')"))
    return text


def _level_line(location: Location, level: int, marks: BoardMarks) -> Text:
    """One level of the large board: ``1  G|Y V     up to 2 treasures…``."""
    chosen = marks.location == location and marks.level == level
    refused = (location, level) in marks.refused
    text = Text(" ")
    text.append(f" {level} ", style=st.LEVEL_CHOSEN if chosen else st.BOLD)
    text.append(" ")
    slots_text = _level_slots(location, level)
    text.append_text(slots_text)
    text.append(" " * max(1, 12 - len(slots_text.plain)))
    effect = _(LEVEL_EFFECTS[rule_id(location, level)])
    text.append(effect, style=st.DIM if refused else st.BOLD if chosen else Style())
    if refused:
        text.append(" ✗", style=st.NO_FIT)
    text.stylize(_click(marks, f"board_level('{location}', {level})"))
    return text


def _small_levels(location: Location, marks: BoardMarks) -> Text:
    """The three levels of the small board: ``G|Y +V +W``, each clickable."""
    text = Text()
    for level in LEVELS:
        slot = slots(location, level)[-1]
        part = Text("" if level == 1 else " +")
        part.append_text(slot_text(slot))
        if marks.location == location and marks.level == level:
            part.stylize(Style(underline=True, bold=True))
            part.append("◂", style=st.BOLD)
        if (location, level) in marks.refused:
            part.append("✗", style=st.NO_FIT)
        part.stylize(_click(marks, f"board_level('{location}', {level})"))
        text.append_text(part)
    return text


def hurricane_text(state: State, table: Table, small: bool = False) -> Text:
    """The hurricane pile's size, or who drew the hurricane and whose last turns are left
    (S4.1, E1.1)."""
    text = Text()
    text.append_text(card_chip(HURRICANE))
    if state.hurricane_holder is None:
        size = table.pile_sizes.get("hurricane", 0)
        if small:
            text.append(f"{size}", style=st.DIM)
        else:
            text.append(" " + _("hurricane pile {n}, the hurricane inside").format(n=size))
        return text
    holder = state.players[state.hurricane_holder]
    text.append(" " + _("drawn by {name}!").format(name=holder), style=st.LOSS)
    if state.final_turns and state.phase == "turn":
        names = "→".join(state.players[seat] for seat in state.final_turns)
        text.append(" " + _("Last turns: {names}").format(names=names), style=st.BOLD)
    return text


def _pile_line(state: State, table: Table, marks: BoardMarks, small: bool) -> Text:
    """The port's display: each pile's top card (pile and crates) and its size."""
    text = Text(" ")
    for index, pile in enumerate(SHIP_PILES):
        if index:
            text.append("  " if small else "   ")
        top = table.ship_tops[index] if index < len(table.ship_tops) else ""
        text.append_text(_space_chip(top, Pick("ship", index + 1), marks))
        size = table.pile_sizes.get(pile, 0)
        if small:
            text.append(f"·{size}", style=st.DIM)
        else:
            text.append(" " + _("{n} left").format(n=size), style=st.DIM)
    if not small:
        text.append("  " + _("(B4: a barge, 4 crates)"), style=st.DIM)
    return text


def _display(state: State, place: str, marks: BoardMarks) -> list[Text]:
    """The cards of a display with their space numbers."""
    cards = state.treasure_display if place == "treasure" else state.research_display
    return [_space_chip(card, Pick(place, space), marks) for space, card in enumerate(cards, 1)]  # type: ignore[arg-type]


def _joined(parts: list[Text], sep: str = " ") -> Text:
    text = Text()
    for index, part in enumerate(parts):
        if index:
            text.append(sep)
        text.append_text(part)
    return text


def _right(line: Text, tail: Text, width: int) -> Text:
    """``tail`` at the right of ``line`` when it fits in ``width``, else on its own line."""
    gap = width - line.cell_len - tail.cell_len
    if gap >= 1:
        line.append(" " * gap)
        line.append_text(tail)
        return line
    line.append("\n  ")
    line.append_text(tail)
    return line


def _tail(location: Location, state: State, table: Table, small: bool) -> Text | None:
    """What a location's title line shows on its right: its piles' sizes."""
    sizes = table.pile_sizes
    if location == "submarine":
        words = _("main {n}") if small else _("main pile {n}")
        return Text(words.format(n=sizes.get("treasures", 0)), style=st.DIM)
    if location == "bistro":
        words = _("draw {n} disc. {d}") if small else _("draw {n} · discard {d}")
        tail = Text(words.format(n=sizes.get("divers", 0), d=sizes.get("discard", 0)), style=st.DIM)
        if state.discard:
            tail.append(" ")
            tail.append_text(diver_chip(state.discard[-1]))
        return tail
    if location == "research":
        words = _("pile {n}") if small else _("research pile {n}")
        return Text(words.format(n=sizes.get("research", 0)), style=st.DIM)
    return None


def _research_lines(state: State, marks: BoardMarks, small: bool) -> list[Text]:
    """The research display: each space's card, with its effect on a large board."""
    spaces = _display(state, "research", marks)
    if small:
        return [Text(" ").append_text(_joined(spaces, "  "))]
    described = []
    for chip, card in zip(spaces, state.research_display, strict=False):
        if card:
            chip.append(" " + research_effect(card), style=st.DIM)
        described.append(chip)
    half = (len(described) + 1) // 2
    lines = []
    for row in (described[:half], described[half:]):
        line = Text(" ")
        for index, chip in enumerate(row):
            if index:
                line.append(" " * max(2, 26 - len(row[0].plain)))
            line.append_text(chip)
        lines.append(line)
    return lines


def board_text(state: State, table: Table, marks: BoardMarks, width: int, small: bool) -> Text:
    """The whole board, large or small, ``width`` columns wide."""
    lines: list[Text] = []
    for location in LOCATIONS:
        title = _title(location, state, marks, small)
        if small:
            title.append(" ")
            title.append_text(_small_levels(location, marks))
        tail = _tail(location, state, table, small)
        lines.append(_right(title, tail, width) if tail is not None else title)
        if not small:
            lines.extend(_level_line(location, level, marks) for level in LEVELS)
        if location == "submarine":
            display = Text(" ").append_text(_joined(_display(state, "treasure", marks), "  "))
            storm = hurricane_text(state, table, small)
            if small and state.hurricane_holder is None:
                lines.append(_right(display, storm, width))
            else:
                lines.append(display)
                lines.append(Text(" ").append_text(storm))
        elif location == "port":
            lines.append(_pile_line(state, table, marks, small))
        elif location == "research":
            lines.extend(_research_lines(state, marks, small))
    return Text("\n").join(lines)
