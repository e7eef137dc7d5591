"""Small modal choosers: buying cards (T1), placing the bridge (T2), being stuck (T9).

Each is a ``ModalScreen`` that dismisses with the player's choice, or None
when he steps back with Escape.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.panels import tile_label
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.atlantis.board import Board, Gap
from core.atlantis.state import PAWN_LETTERS, State
from core.kernel.i18n import LANGUAGES, N_, _, language, ngettext


class ChoiceScreen(TranslatedKeys, ModalScreen[str | None]):
    """A titled list of options; dismisses with the chosen option's id."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, title: str, explanation: str, options: list[Option]) -> None:
        super().__init__()
        self._title = title
        self._explanation = explanation
        self._options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield Label(self._explanation, classes="dialog-text")
            yield OptionList(*self._options)
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


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


def language_chooser() -> ChoiceScreen:
    """The languages the game speaks, each named in itself; the one in use comes first."""
    codes = sorted(LANGUAGES, key=lambda code: code != language())
    options = [Option(LANGUAGES[code], id=code) for code in codes]
    return ChoiceScreen(
        _("Language"), _("The game speaks the language you choose, now and next time."), options
    )
