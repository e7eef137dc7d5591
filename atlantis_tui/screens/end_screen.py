"""The end screen of every game: the shell's frame around what a game reports.

The shell owns the screen: its keys, its title (the game's name, then "The end"),
its headline (the game is over, and why), its buttons and what they do
(``EndOfGameActions``), and how it fits a small terminal. A game's end screen is
a small subclass of ``GameEndScreen`` that gives only what is its own:

- ``GAME``, its descriptor (as its game screen's), and the session it is built with;
- ``reason()``: why the game ended, with the rule's id (``None``: no sentence);
- ``report()``: its widgets between the headline and the buttons (its score
  table, how each score came about);
- ``legend()``: one dim paragraph under them that says how to read them;
- ``DENSE``: ``True`` for a game whose report needs every line of a small
  terminal: no margin around it, one-line buttons.

The functions below write what every game's report says alike: a player's name
as the score tables show it, the winner's mark, and who won.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup, VerticalGroup, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Static

from atlantis_tui import style as st
from atlantis_tui.screens.end_of_game import EndOfGameActions, button_rows
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session_protocol import Session
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import N_, _


class GameEndScreen(TranslatedKeys, EndOfGameActions, Screen[None]):
    """Shown when a game ends: the game's report, then a new game, the replay, its
    review, the start menu or the board."""

    DEFAULT_CSS = """
    GameEndScreen #end-of-game { padding: 1 2; }
    GameEndScreen.-dense #end-of-game { padding: 0 1; }
    GameEndScreen #end-of-game-buttons { height: auto; margin-top: 1; }
    GameEndScreen #end-of-game-buttons Button { margin-right: 2; }
    """

    DENSE: ClassVar[bool] = False
    """No margin and one-line buttons: for a report that needs every line at 80×24."""

    BINDINGS = [
        Binding("n", "new_game", N_("New game")),
        Binding("r", "replay", N_("Replay")),
        # Not in the footer: it has no room left at 80 columns in every language; the
        # button shows it.
        Binding("w", "review", N_("Review this game"), show=False),
        Binding("m", "menu", N_("Menu")),
        Binding("escape", "back", N_("See the board")),
    ]

    def __init__(self, session: Session[Any, Any, Any, Any]) -> None:
        super().__init__(classes="-dense" if self.DENSE else None)
        self.session = session

    # -- what a game gives ----------------------------------------------------------------
    def reason(self) -> str | None:
        """Why the game ended, with the rule's id; ``None``: the report tells it."""
        return None

    def report(self) -> ComposeResult:
        """The game's own widgets: its scores and how they came about."""
        raise NotImplementedError

    def legend(self) -> str | None:
        """How to read the report, shown dim under it; ``None``: nothing to explain."""
        return None

    # -- the frame ----------------------------------------------------------------------------
    def headline(self) -> str:
        """The game is over, and why."""
        reason = self.reason()
        if reason is None:
            return _("The game is over")
        return _("The game is over. {reason}").format(reason=reason)

    def compose(self) -> ComposeResult:
        # Set here rather than on mount: a new language composes the screen again.
        self.title = self.GAME.display_name()
        self.sub_title = _("The end")
        yield Header()
        with VerticalScroll(id="end-of-game"):
            yield Static(Text(self.headline(), style="bold"), classes="dialog-title")
            yield from self.report()
            legend = self.legend()
            if legend is not None:
                yield Static(Text(legend, style="dim"), classes="end-legend")
            with VerticalGroup(id="end-of-game-buttons"):
                for row in button_rows(self.buttons()):
                    with HorizontalGroup():
                        yield from row
        yield KeysFooter()

    def buttons(self) -> list[Button]:
        """One button per action; no review for a game held only as one seat saw it."""
        compact = self.DENSE
        return [
            Button(_("New game"), id="new", variant="primary", compact=compact),
            Button(_("Replay"), id="replay", compact=compact),
            *(
                [Button(_("Review this game"), id="review", compact=compact)]
                if self.reviewable
                else []
            ),
            Button(_("Start menu"), id="menu", compact=compact),
            Button(_("See the board"), id="back", compact=compact),
        ]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button.id)


# -- what every game's report says alike -----------------------------------------------------
def player_label(seat: int, name: str, width: int | None = None) -> Text:
    """A player's name as the score tables write it: the seat's mark, in its colour;
    cut to ``width`` characters if given."""
    return Text(f"{st.player_tag(seat)} {name[:width]}", style=st.player_style(seat))


def winner_label(seat: int, name: str, won: bool) -> Text:
    """``player_label``, marked when the player won."""
    label = player_label(seat, name)
    if won:
        label.append("  " + _("winner"), style="bold reverse")
    return label


def tied_at_best(totals: Sequence[int]) -> list[int]:
    """The seats whose total is the highest."""
    best = max(totals, default=0)
    return [seat for seat, total in enumerate(totals) if total == best]


def winners_text(players: Sequence[str], winners: Sequence[int]) -> Text:
    """``Ann wins.`` or ``Ann, Bob share the win.`` (empty: nobody won)."""
    names = [players[seat] for seat in winners]
    text = Text()
    if len(names) == 1:
        text.append(_("{name} wins.").format(name=names[0]), style="bold")
    elif names:
        text.append(_("{names} share the win.").format(names=", ".join(names)), style="bold")
    return text


def outcome_text(
    players: Sequence[str],
    winners: Sequence[int],
    totals: Sequence[int],
    tie: Callable[[str, int], str],
    no_tie: str | None = None,
) -> Text:
    """Who won; then, if the best total was tied, ``tie(names, total)``: how the game's
    tie-break settled it, or that it did not. With no tie, ``no_tie`` (dim) after
    who won, for a game that says its tie-break was not needed."""
    text = winners_text(players, winners)
    if not totals or not winners:
        return text
    tied = tied_at_best(totals)
    if len(tied) > 1:
        text.append("\n" + tie(", ".join(players[seat] for seat in tied), totals[tied[0]]))
    elif no_tie is not None:
        text.append(" " + no_tie, style="dim")
    return text
