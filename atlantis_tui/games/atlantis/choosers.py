"""Atlantis's choosers: buying cards (T1), placing the bridge (T2), being stuck (T9).

Each is a ``ChoiceScreen`` that dismisses with the player's choice, or None
when he steps back with Escape.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.panels import tile_label
from atlantis_tui.screens.choosers import ChoiceScreen
from core.atlantis.board import Board, Gap
from core.atlantis.state import PAWN_LETTERS, State
from core.kernel.i18n import _, ngettext


def purchase_order(state: State, tiles: list[int]) -> list[int]:
    """The tiles as the purchase chooser lists them: cheapest first, and the tiles that
    buy nothing (a 1) last, since returning one only loses its point."""
    return sorted(tiles, key=lambda t: (state.tiles[t].value < 2, state.tiles[t].value))


def purchase_chooser(state: State, tiles: list[int]) -> ChoiceScreen:
    """T1: which collected tile to return for ⌊value/2⌋ cards."""
    options = []
    for tile in purchase_order(state, tiles):
        cards = state.tiles[tile].value // 2
        prompt = Text()
        prompt.append_text(tile_label(state, tile))
        prompt.append("  → " + ngettext("{n} card", "{n} cards", cards).format(n=cards))
        options.append(Option(prompt, id=str(tile)))
    return ChoiceScreen(
        _("Buy cards (T1)"),
        _("Return one collected tile to the box and draw half its value in cards, rounded down."),
        options,
    )


def gap_prompt(state: State, gap: Gap) -> Text:
    span = f"{gap.first}" if gap.first == gap.last else f"{gap.first}–{gap.last}"
    prompt = Text(_("Water at {span}: crossing costs {p}").format(span=span, p=gap.price))
    behind = [
        (seat, pawn)
        for seat, positions in enumerate(state.pawns)
        for pawn, position in enumerate(positions)
        if position < gap.first
    ]
    if behind:
        prompt.append(_("; pawns behind it: "))
        for seat, pawn in behind:
            prompt.append(f"{st.player_tag(seat)}{PAWN_LETTERS[pawn]} ", st.player_style(seat))
    return prompt


def bridge_chooser(state: State, gaps: list[Gap]) -> ChoiceScreen:
    """T2: which gap gets the bridge."""
    options = [Option(gap_prompt(state, gap), id=str(gap.first)) for gap in gaps]
    return ChoiceScreen(
        _("Place your bridge (T2)"),
        _("Once per game: from now on everybody crosses that water for free."),
        options,
    )


def stuck_chooser(state: State, can_buy: bool, can_bridge: bool) -> ChoiceScreen:
    """T9: no pawn can move; draw two cards, or first try a purchase or the bridge."""
    options = [Option(_("Show my hand, draw 2 cards and end my turn (T9)"), id="stuck")]
    if can_buy:
        options.append(Option(_("Buy cards first (T1)"), id="buy"))
    if can_bridge:
        options.append(Option(_("Place my bridge first (T2)"), id="bridge"))
    return ChoiceScreen(
        _("No pawn can move"),
        _("None of your pawns has a move you can pay for with the cards you hold."),
        options,
    )


def gaps_for(state: State) -> list[Gap]:
    return [gap for gap in Board.of(state).gaps if not gap.bridged]
