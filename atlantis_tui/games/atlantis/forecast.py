"""The end-of-game debt (E2) as the panels explain it: now, after a move, per pawn.

At the final crossing every pawn still on the path pays for all the water
between it and the Mainland. A newcomer does not see that debt grow unless it
is shown, so the player panels show it, the move preview says how the move
changes it, and the end screen takes it apart pawn by pawn. The sum is always
``core.atlantis.moves.final_debt``; this module only says where it comes from.
"""

from __future__ import annotations

from typing import NamedTuple

from msgspec.structs import replace
from rich.style import Style
from rich.text import Text

from atlantis_tui import style as st
from atlantis_tui.games.atlantis import style as board_style
from core.atlantis.board import Board, Gap
from core.atlantis.i18n import _
from core.atlantis.moves import MovePreview, final_debt
from core.atlantis.state import ATLANTIS, MAINLAND, PAWN_LETTERS, State


class PawnCrossing(NamedTuple):
    """One pawn on the path and the water between it and the Mainland."""

    pawn: int
    space: int
    gaps: tuple[Gap, ...]

    @property
    def cost(self) -> int:
        return sum(gap.cost for gap in self.gaps)


def pawn_crossings(state: State, seat: int) -> list[PawnCrossing]:
    """Each of ``seat``'s pawns not yet home, with the gaps it would cross (E2)."""
    board = Board.of(state)
    return [
        PawnCrossing(pawn, space, tuple(board.gaps_between(space, MAINLAND)))
        for pawn, space in enumerate(state.pawns[seat])
        if space != MAINLAND
    ]


def state_after_move(state: State, preview: MovePreview) -> State:
    """The pawns and top tiles once ``preview`` is played (enough for the debts)."""
    seat = state.current
    spaces = state.spaces
    if preview.tile_space is not None:
        space = preview.tile_space
        spaces = (*spaces[:space], spaces[space][:-1], *spaces[space + 1 :])
    pawns = list(state.pawns)
    moved = list(pawns[seat])
    moved[preview.pawn] = preview.destination
    pawns[seat] = tuple(moved)
    return replace(state, spaces=spaces, pawns=tuple(pawns))


def debts_after_move(state: State, preview: MovePreview) -> list[tuple[int, int, int]]:
    """``(seat, debt now, debt after)`` for every player whose debt the move changes,
    the mover first (always listed)."""
    after = state_after_move(state, preview)
    board_now, board_after = Board.of(state), Board(after)
    changes = []
    for seat in range(state.player_count):
        now = final_debt(state, seat, board_now)
        then = final_debt(after, seat, board_after)
        if seat == state.current or now != then:
            changes.append((seat, now, then))
    changes.sort(key=lambda change: change[0] != state.current)
    return changes


WATER_SPAN = board_style.WATER + Style(bold=True)


def span(gap: Gap) -> str:
    return f"{gap.first}" if gap.first == gap.last else f"{gap.first}–{gap.last}"


def gap_text(gap: Gap) -> Text:
    """``27 costs 2`` or ``27 bridged 0``: the water's spaces and price, in words and colour."""
    if gap.bridged:
        return Text(_("{span} bridged 0").format(span=span(gap)), style=board_style.BRIDGE)
    return Text(
        _("{span} costs {p}").format(span=span(gap), p=gap.price), style=board_style.WATER_PAID
    )


def crossing_lines(state: State, seat: int) -> list[Text]:
    """One line per pawn on the path: where it stands, the water ahead and its price.

    ``Pawn C on space 20 crosses water at 21–22 (3), 27 (bridged), 43 (3) = 6``
    """
    lines = []
    for crossing in pawn_crossings(state, seat):
        letter = PAWN_LETTERS[crossing.pawn]
        if crossing.space == ATLANTIS:
            line = Text(_("Pawn {p} on Atlantis").format(p=letter))
        else:
            line = Text(_("Pawn {p} on space {n}").format(p=letter, n=crossing.space))
        if not crossing.gaps:
            line.append(_(": no water ahead = 0"))
            lines.append(line)
            continue
        line.append(_(" crosses water at "))
        for index, gap in enumerate(crossing.gaps):
            if index:
                line.append(", ")
            line.append(span(gap), style=WATER_SPAN)
            price = _("bridged") if gap.bridged else str(gap.price)
            line.append(f" ({price})")
        line.append(_(" = {n}").format(n=crossing.cost), style="bold")
        lines.append(line)
    return lines


def crossing_summary(state: State, seat: int) -> Text:
    """Every pawn's share of the final crossing and the total owed (E2)."""
    text = Text()
    lines = crossing_lines(state, seat)
    if not lines:
        text.append(_("All three pawns are on the Mainland: nothing to pay."), style=st.DIM)
        return text
    for line in lines:
        text.append_text(line)
        text.append("\n")
    text.append(_("Owed for the final crossing: {n} (E2)").format(n=final_debt(state, seat)))
    return text
