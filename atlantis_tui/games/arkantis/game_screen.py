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

from rich.text import Text
from textual import on
from textual.events import Key

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.buy_dialog import BuyScreen
from atlantis_tui.games.arkantis.cards_text import Table, piles_text
from atlantis_tui.games.arkantis.choice import Choice, Mode
from atlantis_tui.games.arkantis.end_screen import EndScreen
from atlantis_tui.games.arkantis.help import HELP_TEXT
from atlantis_tui.games.arkantis.keys import BUILD_BINDINGS
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.panels import HandPanel, PilesPanel, PlayersPanel, PreviewPanel
from atlantis_tui.games.arkantis.session_types import ArkantisSession, table_for
from atlantis_tui.games.arkantis.texts import (
    hand_text,
    idle_text,
    players_text,
    preview_text,
    set_text,
)
from atlantis_tui.keymap import turn_game_bindings
from atlantis_tui.screens.game.frame import BarButton, Box, FramedGameScreen, GameParts
from core.arkantis.commands import Buy, EndTurn, Move, Pass, Pile, Remove
from core.arkantis.game_type import ARKANTIS
from core.arkantis.hints import hint
from core.arkantis.i18n import CATALOGUE, N_, _
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.squares import COLUMNS, SIZE, name, parse, square
from core.arkantis.state import State
from core.kernel.errors import IllegalMove

TURN_ACTIONS = frozenset(
    {"mode", "choose", "confirm", "buy", "pass_turn", "end_turn", "type_column", "type_row", "hint"}
)


class GameScreen(FramedGameScreen[State, Table]):
    """One ArkantiS game in progress."""

    GAME = ARKANTIS
    KEY_CATALOGUE = CATALOGUE
    TURN_ACTIONS = TURN_ACTIONS
    PARTS = GameParts(
        EndScreen, hint, HELP_TEXT, N_("(h again: the whole move)"), table_for, preview, EndTurn
    )
    ID = "ark"
    LEFT = (
        Box("ark-board", N_("Board"), lambda: BoardWidget(id="ark-grid"), scroll=False),
        Box("ark-hand-box", N_("Hand"), lambda: HandPanel(id="ark-hand")),
    )
    RIGHT = (
        Box("ark-players", N_("Players"), lambda: PlayersPanel(id="ark-players-text"), False),
        Box("ark-piles", N_("Piles (S4)"), lambda: PilesPanel(id="ark-piles-text"), False),
        Box(
            "ark-preview",
            N_("Preview"),
            lambda: PreviewPanel(id="ark-preview-text"),
            True,
            "game-preview",
        ),
    )
    ACTION_BAR = (
        BarButton("act-one", N_("o Remove one"), "mode('one')"),
        BarButton("act-two", N_("w Remove two"), "mode('two')"),
        BarButton("act-move", N_("m Move"), "mode('move')"),
        BarButton("act-confirm", N_("⏎ Confirm"), "confirm"),
        BarButton("act-buy", N_("y Buy"), "buy"),
        BarButton("act-pass", N_("p Pass"), "pass_turn"),
        BarButton("act-end", N_("n End turn"), "end_turn"),
    )

    DEFAULT_CSS = """
    GameScreen #ark-left { width: 58; }
    GameScreen #ark-board { width: 100%; align-horizontal: center; padding: 0; }
    GameScreen #ark-hand-box { height: 1fr; }
    GameScreen.-narrow #ark-left { width: 27; }
    GameScreen.-narrow #ark-preview { padding: 0 1; }
    """

    BINDINGS = turn_game_bindings(BUILD_BINDINGS)

    def __init__(self, session: ArkantisSession, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay)
        self.choice = Choice()
        self.cursor = square(3, 3)
        self.typed_column: int | None = None

    def resized(self, narrow: bool) -> None:
        self.query_one(BoardWidget).large = not narrow

    # -- drawing ------------------------------------------------------------------------
    def current_command(self) -> Remove | Move | None:
        """The chosen action, once enough squares are chosen."""
        seat = self._human_to_act()
        if seat is None or self.state.phase != "action":
            return None
        return self.choice.command(seat)

    def refresh_all(self) -> None:
        """Every panel and the board from the session's state."""
        state = self.state
        table = self.table()
        compact = self.has_class("-narrow")
        kinds = [seat.kind for seat in self.session.seats]
        self.query_one(PlayersPanel).show(players_text(state, table, kinds, compact))
        self.query_one(PilesPanel).show(piles_text(state, table))
        shown = self.shown_hand()
        width = self.box_width("ark-hand-box", 50)
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
        self.refresh_buttons(your_turn)
        self.refresh_log()

    def _preview_panel_text(
        self,
        previewed: tuple[Remove | Move, ActionPreview | IllegalMove] | None,
        your_turn: bool,
    ) -> Text:
        state = self.state
        shown = self.preview_or_refusal(previewed, preview_text)
        if shown is not None:
            return shown
        text = self.refusal_first()
        text.append_text(
            idle_text(state, your_turn, self.choice.mode, tuple(map(name, self.choice.squares)))
        )
        text.append_text(self.hint_text(your_turn))
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

    def bar_enabled(self, your_turn: bool) -> dict[str, bool]:
        acting = your_turn and self.state.phase == "action"
        moves = ("act-one", "act-two", "act-move", "act-confirm", "act-pass")
        return {
            **dict.fromkeys(moves, acting),
            "act-buy": your_turn,
            "act-end": your_turn and self.state.phase == "after",
        }

    def bar_chosen(self) -> str | None:
        return f"act-{self.choice.mode}"

    # -- what the shell asks of the game ----------------------------------------------------
    def forget_choices(self) -> None:
        self.choice = Choice(self.choice.mode)
        self.refusal = None

    def rule_shown(self) -> str | None:
        """The rule of the preview's refusal, else of the last refusal."""
        previewed = self.current_preview()
        if previewed is not None and isinstance(previewed[1], IllegalMove):
            return previewed[1].rule
        return super().rule_shown()

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
        self.ask_to_pass(
            N_("{name}: pass for the rest of the game?"),
            N_(
                "A pass is final (T5): you take no further turn and may not buy "
                "again. Your cards in hand will count −1 each at the end (E2)."
            ),
            N_("Pass for good"),
            Pass,
        )
