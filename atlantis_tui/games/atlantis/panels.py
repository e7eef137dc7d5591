"""Text panels beside the path: players, the hand, and the move preview.

Each is redrawn from the state by a pure function, so what they say can be
tested without running the app. A panel is only redrawn when what it shows
changed, so moving through destinations repaints the preview and nothing else.
"""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from atlantis_tui import style as st
from atlantis_tui.games.atlantis import style as board_style
from atlantis_tui.games.atlantis.forecast import debts_after_move, gap_text
from atlantis_tui.games.atlantis.item_styles import ITEM_STYLES
from atlantis_tui.games.atlantis.letters import bridge_letter
from core.atlantis.board import Board
from core.atlantis.commands import Payment
from core.atlantis.describe import item_name
from core.atlantis.i18n import NC_, _, ngettext, pgettext
from core.atlantis.items import ITEMS, Item
from core.atlantis.moves import MovePreview, final_debt
from core.atlantis.scoring import projected_score, ranks
from core.atlantis.state import MAINLAND, PAWN_LETTERS, PAWNS_PER_PLAYER, State
from core.kernel.i18n import language


def tile_label(state: State, tile: int) -> Text:
    spec = state.tiles[tile]
    return Text(f"{Item(spec.item).letter}{spec.value}", style=ITEM_STYLES[spec.item])


def bridge_text(state: State, seat: int) -> str:
    space = state.bridges[seat]
    if space is None:
        return _("bridge in hand") if state.phase == "playing" else _("bridge unused")
    gap = Board.of(state).gap_at(space)
    if gap is None:
        return _("bridge gone (T7.2)")
    if gap.first == gap.last:
        return _("bridge on {a}").format(a=gap.first)
    return _("bridge on {a}–{b}").format(a=gap.first, b=gap.last)


def player_card(state: State, seat: int, kind: str, hand_visible: bool) -> Text:
    """One player's summary: name, turn, tiles, cards, bridge, pawns home."""
    text = Text()
    acting = state.to_act == seat
    text.append("▶ " if acting else "  ", style=Style(bold=True))
    text.append(f"{st.player_tag(seat)} {state.players[seat]}", style=st.player_style(seat))
    text.append(f" ({st.colour_name(seat)}", style=st.DIM)
    text.append(f", {st.bot_label(kind)})" if kind != "human" else ")", style=st.DIM)
    if acting:
        text.append(_("  to play") if state.phase == "playing" else _("  to pay"), "bold")
    tiles = state.collected[seat]
    text.append("\n    ")
    text.append(
        ngettext("{n} tile", "{n} tiles", len(tiles)).format(n=len(tiles))
        + _(" worth {v}").format(v=state.collected_value(seat))
    )
    text.append(" · ")
    text.append(
        ngettext("{n} card", "{n} cards", state.hand_size(seat)).format(n=state.hand_size(seat))
    )
    text.append("\n    ")
    home = state.on_mainland(seat)
    text.append(_("Mainland ") + "●" * home + "○" * (PAWNS_PER_PLAYER - home) + f" {home}/3")
    text.append(" · " + bridge_text(state, seat), style=st.DIM)
    if seat in state.resigned:
        text.append("\n    ")
        text.append(_("resigned: out of the game (E5)"), style=st.DIM)
    elif not state.scores:
        text.append("\n    ")
        text.append_text(standing_phrase(state, seat))
    if state.scores:
        text.append("\n    ")
        text.append(_("score {s}").format(s=state.scores[seat]), style="bold")
    return text


def player_line(state: State, seat: int) -> Text:
    """One player in one line, for small terminals.

    The tiles' value is left out: the score the player would have now, which
    counts it, ends the line.
    """
    text = Text()
    text.append("▶" if state.to_act == seat else " ", style=Style(bold=True))
    text.append(f"{st.player_tag(seat)} {state.players[seat][:8]}", style=st.player_style(seat))
    home = state.on_mainland(seat)
    text.append(
        " "
        + _("{cards}c").format(cards=state.hand_size(seat))
        + " "
        + "●" * home
        + "○" * (PAWNS_PER_PLAYER - home)
    )
    text.append(" " + bridge_letter() if state.bridges[seat] is None else " -", style=st.DIM)
    if seat in state.resigned:
        text.append(" " + _("resigned"), style=st.DIM)
    elif state.scores:
        text.append(f" ={state.scores[seat]}", style="bold")
    else:
        debt = final_debt(state, seat)
        text.append(_(" owes {n}").format(n=debt), style=board_style.DEBT if debt else st.DIM)
        text.append(
            " "
            + _("→{score} {rank}").format(
                score=projected_score(state, seat), rank=rank_text(state, seat)
            ),
            style="bold",
        )
    return text


RANKS = (
    NC_("rank", "1st"),
    NC_("rank", "2nd"),
    NC_("rank", "3rd"),
    NC_("rank", "4th"),
)
"""Places at a table of at most four (``MAX_PLAYERS``)."""


def rank_text(state: State, seat: int) -> str:
    """The seat's place if the game ended now (``2nd``), ``=2nd`` when shared (E3),
    among the players still in the game (E5)."""
    seats = state.in_play
    scores = tuple(projected_score(state, other) for other in seats)
    mine = scores[seats.index(seat)]
    place = ranks(scores)[seats.index(seat)]
    word = pgettext("rank", RANKS[place - 1])
    return "=" + word if scores.count(mine) > 1 else word


def standing_phrase(state: State, seat: int) -> Text:
    """If the game ended now: the score and place (E3), and what the pawns would pay (E2)."""
    score, rank = projected_score(state, seat), rank_text(state, seat)
    debt = final_debt(state, seat)
    if not debt:
        return Text(
            ngettext(
                "ended now: {score} pt, {rank} · nothing to pay",
                "ended now: {score} pts, {rank} · nothing to pay",
                abs(score),
            ).format(score=score, rank=rank),
            style=st.DIM,
        )
    return Text(
        ngettext(
            "ended now: {score} pt, {rank} · owes {n} (E2)",
            "ended now: {score} pts, {rank} · owes {n} (E2)",
            abs(score),
        ).format(score=score, rank=rank, n=debt),
        style=board_style.DEBT,
    )


def piles_text(state: State, deck_size: int) -> Text:
    """The draw pile, the discard pile and (with ``paid_cards_to = box``) the box; and a
    warning when both piles are empty, since then E4 may end the game."""
    text = Text(style=st.DIM)
    discard = sum(state.discard)
    text.append(_("Draw pile {n} · discard {m}").format(n=deck_size, m=discard))
    if state.options.paid_cards_to == "box":
        text.append(" · " + _("box {n}").format(n=sum(state.box_cards)))
    if not deck_size and not discard and state.phase == "playing":
        text.append("\n")
        text.append(
            _("Both piles are empty: if nobody can draw, the game ends (E4)."),
            style=board_style.DEBT,
        )
    return text


class Panel(Static):
    """A ``Static`` that skips the update when its inputs are the same as last time."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._shown: object = None
        self._text_shown: Text | None = None

    def unchanged(self, *inputs: object) -> bool:
        # The language is an input too: after a change of language, everything is new.
        inputs = (*inputs, language())
        if self._shown == inputs:
            return True
        self._shown = inputs
        return False

    def show_text(self, text: Text, fixed_height: bool = False) -> None:
        """Update; a new layout only when the number of lines may have changed.

        A text equal to the one shown (a new position that changes nothing here) is
        not drawn again.
        """
        if text == self._text_shown:
            return
        self._text_shown = text
        lines = text.plain.count("\n")
        same_height = fixed_height or lines == getattr(self, "_lines", None)
        self._lines = lines
        self.update(text, layout=not same_height)


class PlayersPanel(Panel):
    """Every player at a glance; the one to act is marked with ▶."""

    def show(self, state: State, kinds: list[str], compact: bool = False) -> None:
        if self.unchanged(id(state), compact):
            return
        text = Text()
        for seat in range(state.player_count):
            if seat:
                text.append("\n")
            if compact:
                text.append_text(player_line(state, seat))
            else:
                text.append_text(player_card(state, seat, kinds[seat], False))
        text.append("\n")
        text.append_text(piles_text(state, len(state.deck)))
        self.show_text(text)


def hand_text(state: State, seat: int | None, columns: int = 3) -> Group | Text:
    """A hand grouped by item with counts, and the tiles collected."""
    if seat is None:
        return Text(_("Hands are hidden."), style=st.DIM)
    title = Text()
    title.append(_("{name}'s hand").format(name=state.players[seat]), style=st.player_style(seat))
    hand = state.hands[seat]
    title.append(f"  ({sum(hand)})", style=st.DIM)
    grid = Table.grid(padding=(0, 2))
    cells: list[Text] = []
    for item in ITEMS:
        if hand[item]:
            cell = Text()
            cell.append(f" {item.letter} ", style=ITEM_STYLES[item])
            cell.append(f" {item_name(item)} ×{hand[item]}")
            cells.append(cell)
    if not cells:
        cells.append(Text(_("no cards"), style=st.DIM))
    for _column in range(columns):
        grid.add_column(no_wrap=True)
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        grid.add_row(*row, *([Text()] * (columns - len(row))))
    tiles_line = Text(_("Tiles: "), style=st.DIM)
    tiles = sorted(
        state.collected[seat], key=lambda t: (-state.tiles[t].value, state.tiles[t].item)
    )
    if not tiles:
        tiles_line.append(pgettext("no tiles", "none"), style=st.DIM)
    for tile in tiles:
        tiles_line.append_text(tile_label(state, tile))
        tiles_line.append(" ")
    return Group(title, grid, tiles_line)


class HandPanel(Panel):
    """The hand of the player whose view is shown."""

    def show(self, state: State, seat: int | None, compact: bool = False) -> None:
        if self.unchanged(id(state), seat, compact):
            return
        self.update(hand_text(state, seat, 2))


def idle_text(state: State, your_turn: bool) -> str:
    """What the preview says when no pawn is chosen: what to do, or why to wait."""
    if state.is_over:
        # The way back to the scores, whence a new game, the replay or the menu.
        return _("The game is over: this is the final board. Esc goes back to the scores.")
    if state.to_act is None or not your_turn:
        name = state.players[state.to_act] if state.to_act is not None else ""
        return _("{name} is playing.").format(name=name)
    if state.phase != "playing":
        return _("Final crossing: choose how to pay.")
    return _("Choose a pawn with A, B or C (or click it); then a destination with its number.")


def preview_text(
    state: State, preview: MovePreview | None, payment: Payment | None, your_turn: bool = True
) -> Text:
    """What the highlighted move would do, in the order it happens (T4–T8)."""
    text = Text()
    if preview is None:
        text.append(idle_text(state, your_turn), style=st.DIM)
        return text
    seat = state.current
    destination = preview.destination
    where = _("the Mainland") if destination == MAINLAND else _("space {n}").format(n=destination)
    text.append(
        _("Pawn {p} → {where}").format(p=PAWN_LETTERS[preview.pawn], where=where),
        style=st.player_style(seat),
    )
    text.append("\n" + _("Cards: "))
    for index, card in enumerate(preview.cards):
        if index:
            text.append(" " + _("then") + " ")
        text.append(f" {Item(card).letter} ", style=ITEM_STYLES[card])
        text.append(f" {item_name(card)}")
    if len(preview.cards) > 1:
        text.append(_("  (occupied landings, T4.3)"), style=st.DIM)
    text.append("\n" + _("Water: "))
    if not preview.crossings:
        text.append(_("none crossed"), style=st.DIM)
    for index, gap in enumerate(preview.crossings):
        if index:
            text.append(" + ")
        text.append_text(gap_text(gap))
    if preview.crossings:
        text.append(_(" = owes {n} (T5.1)").format(n=preview.owed), style="bold")
    text.append("\n" + _("Takes: "))
    if preview.tile is None:
        text.append(_("no tile (T6.3)"), style=st.DIM)
    else:
        assert preview.tile_space is not None
        text.append_text(tile_label(state, preview.tile))
        text.append(_(" from space {n}").format(n=preview.tile_space))
        if len(state.spaces[preview.tile_space]) == 1:
            text.append(_(", which becomes water"), style=st.DIM)
    if preview.owed and payment is not None:
        text.append("\n" + _("Pays: "))
        text.append_text(payment_text(state, payment, preview.owed))
    if not preview.affordable:
        text.append(
            "\n" + _("Cannot pay: at most {n} this turn (T4.5)").format(n=preview.payable),
            style="bold red",
        )
    text.append("\n")
    text.append_text(debt_change_text(state, preview))
    return text


def debt_change_text(state: State, preview: MovePreview) -> Text:
    """How the move changes the final crossing (E2): the mover's, and anybody's
    whose pawns get new water ahead of them."""
    text = Text(_("Crossing at the end: "))
    for index, (seat, now, then) in enumerate(debts_after_move(state, preview)):
        if index:
            text.append("; ")
        if seat != state.current:
            text.append(f"{st.player_tag(seat)} {state.players[seat]} ", st.player_style(seat))
        text.append(f"{now} → {then}", style=board_style.DEBT if then > now else "bold")
        change = then - now
        text.append(f" ({change:+d})" if change else " " + _("(unchanged)"), style=st.DIM)
    return text


def payment_text(state: State, payment: Payment, owed: int) -> Text:
    """``S1 + 2 cards (flag, crown) = 3``: the parts joined as the log joins them."""
    text = Text()
    for index, tile in enumerate(payment.tiles):
        if index:
            text.append(" + ")
        text.append_text(tile_label(state, tile))
    if payment.cards:
        if payment.tiles:
            text.append(" + ")
        text.append(
            ngettext("{n} card", "{n} cards", len(payment.cards)).format(n=len(payment.cards))
            + " ("
            + ", ".join(item_name(card) for card in payment.cards)
            + ")"
        )
    paid = sum(state.tiles[t].value for t in payment.tiles) + len(payment.cards)
    text.append(f" = {paid}")
    if paid > owed:
        text.append(_(", overpays {n}").format(n=paid - owed), style="yellow")
    return text


class PreviewPanel(Panel):
    """The preview of the highlighted destination."""

    def show(
        self,
        state: State,
        preview: MovePreview | None,
        payment: Payment | None,
        your_turn: bool = True,
    ) -> None:
        if self.unchanged(id(state), preview, payment, your_turn):
            return
        self.show_text(preview_text(state, preview, payment, your_turn), fixed_height=True)
