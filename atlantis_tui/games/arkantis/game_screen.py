"""The ArkantiS game screen: the board, the players, the piles, the hand, the
preview, and an action bar.

A turn is keyboard-first and mouse-friendly: choose the kind of action (``o``
remove one, ``w`` remove two, ``m`` move, or the action bar), then its squares
(arrows and Space, a click, or typing ``C4``); the preview says, before
anything happens, every set the action would modify and what each would pay
(T4); Enter confirms. ``y`` buys (T6), ``p`` passes after a confirmation (T5:
a pass is final), ``n`` ends the turn (T2.4). Every command goes through the
rules; a refusal is shown with its rule id. Bots think in a worker thread.
In hot-seat play the table hides behind the shell's curtain between human
seats, and only the hand of the seat at the keyboard is ever drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.widgets import Button, Footer, Header

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.buy_dialog import BuyScreen
from atlantis_tui.games.arkantis.cards_text import Table, piles_text
from atlantis_tui.games.arkantis.choice import Choice, Mode
from atlantis_tui.games.arkantis.end_screen import EndScreen
from atlantis_tui.games.arkantis.help import HELP_TEXT
from atlantis_tui.games.arkantis.keys import GameKeys
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.panels import HandPanel, PilesPanel, PlayersPanel, PreviewPanel
from atlantis_tui.games.arkantis.session_types import ArkantisSession, table_for
from atlantis_tui.games.arkantis.texts import (
    hand_text,
    idle_text,
    players_text,
    preview_text,
    refusal_text,
    set_text,
)
from atlantis_tui.keymap import escape_bindings, shared_bindings
from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.widgets.event_log import EventLog
from core.arkantis.commands import Buy, EndTurn, Move, Pass, Pile, Remove
from core.arkantis.game_type import ARKANTIS
from core.arkantis.hints import Hint, hint
from core.arkantis.i18n import N_, _
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.squares import COLUMNS, SIZE, name, parse, square
from core.arkantis.state import State
from core.kernel.errors import IllegalMove

NARROW = 110
SHORT = 36
"""Below this width or height the board is drawn small and the players in one line each."""
TURN_ACTIONS = frozenset(
    {"mode", "choose", "confirm", "buy", "pass_turn", "end_turn", "type_column", "type_row", "hint"}
)


class GameScreen(GameKeys, GameScreenBase):
    """One ArkantiS game in progress."""

    GAME = ARKANTIS
    TURN_ACTIONS = TURN_ACTIONS

    DEFAULT_CSS = """
    GameScreen #ark-main { height: 1fr; }
    GameScreen #ark-left { width: 58; height: 100%; }
    GameScreen #ark-board {
        height: auto; width: 100%; border: round $primary 50%; align-horizontal: center;
    }
    GameScreen #ark-hand-box { height: 1fr; border: round $primary 50%; padding: 0 1; }
    GameScreen #ark-right { width: 1fr; height: 100%; }
    GameScreen #ark-players { height: auto; border: round $primary 50%; padding: 0 1; }
    GameScreen #ark-piles { height: auto; border: round $primary 50%; padding: 0 1; }
    GameScreen #ark-preview { height: 1fr; border: round $primary 50%; padding: 0 1; }
    GameScreen #ark-log { height: 1fr; border: round $primary 50%; }
    GameScreen.-narrow #ark-log { display: none; }
    GameScreen.-narrow.-log #ark-log { display: block; }
    GameScreen.-narrow.-log #ark-preview { display: none; }
    GameScreen #ark-actions { height: 1; width: 100%; }
    GameScreen #ark-actions Button { margin-right: 1; min-width: 0; width: auto; }
    GameScreen.-narrow #ark-left { width: 27; }
    GameScreen.-narrow #ark-hand-box { padding: 0; }
    GameScreen.-narrow #ark-players, GameScreen.-narrow #ark-piles { padding: 0; }
    """

    BINDINGS = [
        Binding("o", "mode('one')", N_("Remove one"), show=False),
        Binding("w", "mode('two')", N_("Remove two"), show=False),
        Binding("m", "mode('move')", N_("Move"), show=False),
        Binding("y,dollar_sign", "buy", N_("Buy"), show=False),
        Binding("p", "pass_turn", N_("Pass"), show=False),
        Binding("n", "end_turn", N_("End turn"), show=False),
        Binding("enter", "confirm", N_("Confirm"), show=False),
        Binding("space", "choose", N_("Choose square"), show=False),
        *escape_bindings(Binding("escape", "clear", N_("Clear"))),
        Binding("up", "cursor(0, -1)", N_("Up"), show=False),
        Binding("down", "cursor(0, 1)", N_("Down"), show=False),
        Binding("left", "cursor(-1, 0)", N_("Left"), show=False),
        Binding("right", "cursor(1, 0)", N_("Right"), show=False),
        *shared_bindings(),
    ]

    def __init__(self, session: ArkantisSession, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay)
        self.choice = Choice()
        self.cursor = square(3, 3)
        self.typed_column: int | None = None

    # -- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="ark-main"):
            with Vertical(id="ark-left"):
                with Vertical(id="ark-board"):
                    yield BoardWidget(id="ark-grid")
                with VerticalScroll(id="ark-hand-box"):
                    yield HandPanel(id="ark-hand")
            with Vertical(id="ark-right"):
                yield PlayersPanel(id="ark-players")
                yield PilesPanel(id="ark-piles")
                with VerticalScroll(id="ark-preview"):
                    yield PreviewPanel(id="ark-preview-text")
                yield EventLog(id="ark-log", game=ARKANTIS)
        with Horizontal(id="ark-actions", classes="action-bar"):
            for button_id, label in self._action_labels():
                yield Button(label, id=button_id, compact=True)
        yield Footer()

    @staticmethod
    def _action_labels() -> list[tuple[str, str]]:
        return [
            ("act-one", _("o Remove one")),
            ("act-two", _("w Remove two")),
            ("act-move", _("m Move")),
            ("act-confirm", _("⏎ Confirm")),
            ("act-buy", _("y Buy")),
            ("act-pass", _("p Pass")),
            ("act-end", _("n End turn")),
        ]

    def on_mount(self) -> None:
        # The board takes every key: nothing else may hold the focus (a focused button
        # would take Enter and Space, a scrolling panel the arrows); clicks still work.
        for widget in self.query("#ark-actions Button, VerticalScroll"):
            widget.can_focus = False
        self.title = ARKANTIS.display_name()
        self.sub_title = ", ".join(seat.name for seat in self.session.seats)
        self.query_one("#ark-board").border_title = _("Board")
        self.query_one("#ark-hand-box").border_title = _("Hand")
        self.query_one("#ark-players").border_title = _("Players")
        self.query_one("#ark-piles").border_title = _("Piles (S4)")
        self.query_one("#ark-preview").border_title = _("Preview")
        self.query_one("#ark-log").border_title = _("Log")
        self.refresh_all()
        self.call_after_refresh(self.advance)

    async def retranslate(self) -> None:
        """Everything again in the new language."""
        await self.recompose()
        self.on_mount_texts()

    def on_mount_texts(self) -> None:
        """The titles and panels after a recompose."""
        self.query_one("#ark-board").border_title = _("Board")
        self.refresh_all()

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
        self.query_one(BoardWidget).large = not narrow
        self.refresh_all()

    # -- whose view -------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state as this session knows it."""
        state: State = self.session.state
        return state

    # -- drawing ------------------------------------------------------------------------
    def table(self) -> Table:
        """What everyone may see of hands and piles."""
        return table_for(self.session)

    def current_preview(self) -> tuple[Remove | Move, ActionPreview | IllegalMove] | None:
        """The chosen action and its preview, once enough squares are chosen."""
        seat = self._human_to_act()
        if seat is None or self.state.phase != "action":
            return None
        command = self.choice.command(seat)
        if command is None:
            return None
        return command, preview(self.state, command)

    def refresh_all(self) -> None:
        """Every panel and the board from the session's state."""
        state = self.state
        table = self.table()
        compact = self.has_class("-narrow")
        kinds = [seat.kind for seat in self.session.seats]
        self.query_one(PlayersPanel).show(players_text(state, table, kinds, compact))
        self.query_one(PilesPanel).show(piles_text(state, table))
        shown = self.shown_hand()
        width = self.query_one("#ark-hand-box").content_region.width or 50
        self.query_one(HandPanel).show(hand_text(state, shown, width, compact))
        previewed = self.current_preview()
        changed, sets = action_marks(self.session.events)
        if previewed is not None and isinstance(previewed[1], ActionPreview):
            found = previewed[1]
            changed = frozenset(sq for sq in map(parse, found.changed) if sq is not None)
            sets = found.sets
        your_turn = self._human_to_act() is not None
        self.query_one(BoardWidget).tokens = state.tokens
        self.query_one(BoardWidget).marks = BoardMarks(
            cursor=self.cursor if your_turn else None,
            selected=self.choice.squares if your_turn else (),
            changed=changed,
            sets=sets,
        )
        self.query_one(PreviewPanel).show(self._preview_panel_text(previewed, your_turn))
        self._refresh_buttons(your_turn)
        self.refresh_log()

    def _preview_panel_text(
        self,
        previewed: tuple[Remove | Move, ActionPreview | IllegalMove] | None,
        your_turn: bool,
    ) -> Text:
        state = self.state
        if previewed is not None:
            command, found = previewed
            if isinstance(found, ActionPreview):
                return preview_text(state, command, found)
            return refusal_text(found.rule, found.reason)
        text = Text()
        if self.refusal is not None:
            text.append_text(refusal_text(self.refusal.rule, self.refusal.reason))
            text.append("\n")
        text.append_text(
            idle_text(state, your_turn, self.choice.mode, tuple(map(name, self.choice.squares)))
        )
        shown = self.current_hint()
        if your_turn and shown is not None and self._hint_stage:
            text.append("\n\n" + _("Hint:") + " ", style="bold")
            text.append(shown.gist if self._hint_stage == 1 else shown.detail)
            if self._hint_stage == 1:
                text.append("\n" + _("(h again: the whole move)"), style="dim")
        last = state.last
        if last is not None:
            text.append("\n\n")
            text.append(
                _("Last action, {name}:").format(name=state.players[last.player]), style="bold"
            )
            for modified in last.sets:
                text.append("\n  ")
                text.append_text(set_text(state, modified))
        return text

    def _refresh_buttons(self, your_turn: bool) -> None:
        acting = your_turn and self.state.phase == "action"
        enabled = {
            "act-one": acting,
            "act-two": acting,
            "act-move": acting,
            "act-confirm": acting,
            "act-buy": your_turn,
            "act-pass": acting,
            "act-end": your_turn and self.state.phase == "after",
        }
        modes = {"act-one": "one", "act-two": "two", "act-move": "move"}
        for button in self.query("#ark-actions Button").results(Button):
            button.disabled = not enabled.get(button.id or "", False)
            mode = modes.get(button.id or "")
            button.variant = "primary" if mode == self.choice.mode and acting else "default"

    # -- the flow of the game -------------------------------------------------------------
    # -- what the shell asks of the game ----------------------------------------------------
    def end_screen(self) -> EndScreen:
        return EndScreen(self.session)

    def forget_choices(self) -> None:
        self.choice = Choice(self.choice.mode)
        self.refusal = None

    def work_out_hint(self, state: State, seat: int) -> Hint | None:
        return hint(state, seat)

    def show_hint(self) -> None:
        """In the preview panel: the gist, then the whole command."""
        self.refresh_all()

    def rule_shown(self) -> str | None:
        """The rule of the preview's refusal, else of the last refusal."""
        previewed = self.current_preview()
        if previewed is not None and isinstance(previewed[1], IllegalMove):
            return previewed[1].rule
        return super().rule_shown()

    def help_text(self) -> str:
        return _(HELP_TEXT)

    # -- choosing squares -------------------------------------------------------------------
    def action_mode(self, mode: Mode) -> None:
        """The kind of action the chosen squares make."""
        if self._human_to_act() is None:
            return
        self.choice = self.choice.with_mode(mode)
        self.refusal = None
        self.refresh_all()

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor one square."""
        row, column = divmod(self.cursor, SIZE)
        self.cursor = square(min(max(row + dy, 0), SIZE - 1), min(max(column + dx, 0), SIZE - 1))
        self.refresh_all()

    def action_choose(self) -> None:
        """Choose (or unchoose) the square under the cursor."""
        self.choose(self.cursor)

    def choose(self, sq: int) -> None:
        """Choose or unchoose ``sq`` for the action being prepared."""
        if self._human_to_act() is None or self.state.phase != "action":
            return
        self.cursor = sq
        self.refusal = None
        self.choice = self.choice.toggle(sq, self.state.tokens)
        self.refresh_all()

    @on(BoardWidget.SquareClicked)
    def square_clicked(self, message: BoardWidget.SquareClicked) -> None:
        """A click chooses the square."""
        self.choose(message.square)

    def on_key(self, event: Key) -> None:
        """Typing a square's name (``c4``) chooses it."""
        char = (event.character or "").upper()
        if char and char in COLUMNS:
            self.typed_column = COLUMNS.index(char)
            event.stop()
        elif char and char.isdigit() and self.typed_column is not None:
            row = int(char) - 1
            column, self.typed_column = self.typed_column, None
            if 0 <= row < SIZE:
                self.choose(square(row, column))
            event.stop()

    def action_clear(self) -> None:
        """Unchoose every square."""
        self.choice = Choice(self.choice.mode)
        self.typed_column = None
        self.refusal = None
        self.refresh_all()

    def action_confirm(self) -> None:
        """Play the previewed action (or choose the cursor's square when none is ready)."""
        seat = self._human_to_act()
        if seat is None:
            return
        command = self.choice.command(seat)
        if command is None:
            self.action_choose()
            return
        self.apply(command)

    # -- buying, passing, ending the turn ---------------------------------------------------------
    def action_buy(self) -> None:
        """The buy dialog (T6)."""
        seat = self._human_to_act()
        if seat is None:
            return

        def current() -> tuple[State, Table]:
            return self.state, self.table()

        def buy(colour: str, pile: Pile) -> IllegalMove | None:
            try:
                self.session.play(Buy(seat, colour, pile))  # type: ignore[arg-type]
            except IllegalMove as refusal:
                return refusal
            self.refresh_all()
            return None

        self.app.push_screen(BuyScreen(seat, current, buy), lambda _: self.refresh_all())

    def action_pass_turn(self) -> None:
        """Pass, once confirmed: a pass is final (T5)."""
        seat = self._human_to_act()
        if seat is None:
            return
        self.ask_then_play(
            _("{name}: pass for the rest of the game?").format(name=self.state.players[seat]),
            _(
                "A pass is final (T5): you take no further turn and may not buy "
                "again. Your cards in hand will count −1 each at the end (E2)."
            ),
            _("Pass for good"),
            Pass(seat),
        )

    def action_end_turn(self) -> None:
        """End the turn after the action (T2.4)."""
        seat = self._human_to_act()
        if seat is not None:
            self.apply(EndTurn(seat))

    def bar_actions(self) -> dict[str, Callable[[], None]]:
        return {
            "act-one": lambda: self.action_mode("one"),
            "act-two": lambda: self.action_mode("two"),
            "act-move": lambda: self.action_mode("move"),
            "act-confirm": self.action_confirm,
            "act-buy": self.action_buy,
            "act-pass": self.action_pass_turn,
            "act-end": self.action_end_turn,
        }
