"""The toy game (``tests/conformance/toy_game.py``) on a screen the shell builds: what a
new game writes of its own screen, and nothing more.

The shell's ``GameScreenBase`` gives the play loop (bots in a worker, the hot-seat
curtain), undo and redo with consent, every hand, hints, the log, the rule of a
refusal, help, the end screen and Esc back to it; the toy brings its board (each
player's played cards and hand size), its hand, its one key (``1``–``3``: play that
card) and its end screen's report.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from atlantis_tui.keymap import escape_bindings, shared_bindings
from atlantis_tui.screens.end_screen import GameEndScreen, outcome_text
from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.widgets.event_log import EventLog
from tests.conformance.toy_game import TOY, Play, ToyState


class ToyEndScreen(GameEndScreen):
    """The scores: the toy's report on the shell's end screen (its title, headline,
    keys, buttons, and Esc back to the finished board)."""

    GAME = TOY

    def report(self) -> ComposeResult:
        state: ToyState = self.session.state
        result = TOY.result(state)
        no_tie_break = lambda names, score: ""  # noqa: E731 - the toy breaks no tie
        yield Static(
            outcome_text(state.players, result.winners, result.scores, no_tie_break),
            id="toy-scores",
        )


class ToyScreen(GameScreenBase):
    """One toy game in progress."""

    GAME = TOY
    TURN_ACTIONS = frozenset({"play_card"})
    BINDINGS = [
        *[Binding(str(n + 1), f"play_card({n})", f"Card {n + 1}", show=n == 0) for n in range(3)],
        *escape_bindings(Binding("escape", "clear", "Clear")),
        *shared_bindings(),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="toy-board")
        yield Static(id="toy-hand")
        yield EventLog(id="toy-log", game=TOY)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_all()
        self.call_after_refresh(self.advance)

    # -- the toy's board and hand --------------------------------------------------------
    def refresh_all(self) -> None:
        state: ToyState = self.session.state
        rows = [
            f"{'>' if state.current == seat and not state.over else ' '} {name}: played "
            f"{' '.join(map(str, state.played[seat])) or '-'}, {len(state.hands[seat])} in hand"
            for seat, name in enumerate(state.players)
        ]
        self.query_one("#toy-board", Static).update("\n".join(rows))
        seat = self.shown_hand()
        hand = "" if seat is None else f"{state.players[seat]}'s hand: {state.hands[seat]}"
        self.query_one("#toy-hand", Static).update(hand)
        self.refresh_log()

    def action_play_card(self, index: int) -> None:
        """Play the card at ``index`` of the hand of the seat at the keyboard."""
        seat = self._human_to_act()
        if seat is None:
            return
        hand = self.session.state.hands[seat]
        if index < len(hand):
            self.apply(Play(seat, hand[index]))

    def action_clear(self) -> None:
        """Nothing is chosen before a card is played: Esc has nothing to clear."""

    # -- what the shell asks of a game ------------------------------------------------------
    def end_screen(self) -> Screen[None]:
        return ToyEndScreen(self.session)

    def work_out_hint(self, state: ToyState, seat: int) -> Play | None:
        return None  # the toy has no expert

    def show_hint(self) -> None:
        pass

    def help_text(self) -> str:
        return "# The toy's keys\n\n`1` `2` `3`: play that card of your hand."
