"""The Atlantica game screen: the board, the players, the hand with the action
builder, the preview, the log and an action bar.

A turn is keyboard-first and mouse-friendly. The action builder (``builder``)
takes a location (``s`` submarine, ``o`` port, ``b`` bistro, ``c`` research
centre, or a click), a level (``1 2 3``, ``↑ ↓``, or a click on its row), shows
the level's slots with the cards of the hand that fit, the payment (``Tab``
cycles the distinct ones, ``j`` takes one with a pair, T2.5, or says why not),
and the cards to take for the levels that choose (``← →`` and ``Space``,
digits, or a click). Before anything happens the preview says what the action
pays and takes, and how the score would change; ``Enter`` confirms. A turn
holds up to three actions at three locations (T2.1, T2.2); ``n`` ends it,
``p`` passes (T8, asking first). Every command goes through the rules; a
refusal is shown with its rule id, and ``r`` opens the rulebook at it. Bots
think in a worker thread. In hot-seat play the table hides behind the shell's
curtain between human seats, and only the hand of the seat at the keyboard is
ever drawn; other hands and every hired card are counted, never shown (L4).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Button, Footer, Header

from atlantis_tui.games.atlantica.board import BoardMarks, board_text
from atlantis_tui.games.atlantica.builder import (
    Draft,
    draft_of,
    level_refusal,
    payment_options,
    pick_spaces,
)
from atlantis_tui.games.atlantica.end_screen import EndScreen
from atlantis_tui.games.atlantica.help import HELP_TEXT
from atlantis_tui.games.atlantica.keys import GameKeys
from atlantis_tui.games.atlantica.legend import letters_legend, players_legend
from atlantis_tui.games.atlantica.panels import BoardPanel, HandPanel, PlayersPanel, PreviewPanel
from atlantis_tui.games.atlantica.scoring_dialog import ScoringScreen
from atlantis_tui.games.atlantica.session_types import AtlanticaSession, Table, table_for
from atlantis_tui.games.atlantica.texts import (
    builder_text,
    hand_text,
    idle_text,
    ladders_text,
    players_text,
    preview_text,
    refusal_text,
)
from atlantis_tui.keymap import escape_bindings, shared_bindings
from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.widgets.event_log import EventLog
from core.atlantica.cards import Pick
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.game_type import ATLANTICA
from core.atlantica.hints import Hint, hint
from core.atlantica.i18n import N_, _
from core.atlantica.locations import LOCATIONS, Location
from core.atlantica.payment import pair_refusal
from core.atlantica.preview import ActionPreview, preview
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

NARROW = 110
SHORT = 36
"""Below this width or height the board is drawn small and the players in short lines."""
TURN_ACTIONS = frozenset(
    {
        "location",
        "level",
        "digit",
        "step_level",
        "pick_cursor",
        "toggle_pick",
        "next_payment",
        "pair",
        "confirm",
        "pass_turn",
        "end_turn",
        "hint",
        "board_location",
        "board_level",
        "board_pick",
    }
)


class GameScreen(GameKeys, GameScreenBase):
    """One Atlantica game in progress."""

    GAME = ATLANTICA
    TURN_ACTIONS = TURN_ACTIONS

    DEFAULT_CSS = """
    GameScreen #atl-main { height: 1fr; }
    GameScreen #atl-left { width: 66; height: 100%; }
    GameScreen #atl-board-box {
        height: auto; max-height: 24; border: round $primary 50%; padding: 0 1;
    }
    GameScreen #atl-hand-box { height: 1fr; border: round $primary 50%; padding: 0 1; }
    GameScreen #atl-right { width: 1fr; height: 100%; }
    GameScreen #atl-players-box {
        height: auto; max-height: 20; border: round $primary 50%; padding: 0 1;
    }
    GameScreen #atl-preview {
        height: 1fr; min-height: 5; border: round $primary 50%; padding: 0 1;
    }
    GameScreen #atl-log { height: 1fr; border: round $primary 50%; }
    GameScreen #atl-actions { height: 1; width: 100%; }
    GameScreen #atl-actions Button { margin-right: 1; min-width: 0; width: auto; }
    GameScreen.-narrow #atl-log { display: none; }
    GameScreen.-narrow.-log #atl-log { display: block; }
    GameScreen.-narrow.-log #atl-preview { display: none; }
    GameScreen.-narrow #atl-left { width: 47; }
    GameScreen.-narrow #atl-board-box { padding: 0; max-height: 10; scrollbar-size-vertical: 1; }
    GameScreen.-narrow #atl-hand-box { padding: 0; }
    GameScreen.-narrow #atl-players-box { padding: 0; max-height: 14; }
    GameScreen.-narrow #atl-preview { padding: 0; }
    GameScreen.-narrow #atl-actions Button { margin-right: 0; }
    """

    BINDINGS = [
        Binding("s", "location('submarine')", N_("Submarine"), show=False),
        Binding("o", "location('port')", N_("Port"), show=False),
        Binding("b", "location('bistro')", N_("Bistro"), show=False),
        Binding("c", "location('research')", N_("Research centre"), show=False),
        Binding("1", "digit(1)", N_("Level or space 1"), show=False),
        Binding("2", "digit(2)", N_("Level or space 2"), show=False),
        Binding("3", "digit(3)", N_("Level or space 3"), show=False),
        Binding("4", "digit(4)", N_("Space 4"), show=False),
        Binding("5", "digit(5)", N_("Space 5"), show=False),
        Binding("6", "digit(6)", N_("Space 6"), show=False),
        Binding("up", "step_level(-1)", N_("Level down"), show=False),
        Binding("down", "step_level(1)", N_("Level up"), show=False),
        Binding("left", "pick_cursor(-1)", N_("Previous card"), show=False),
        Binding("right", "pick_cursor(1)", N_("Next card"), show=False),
        Binding("space", "toggle_pick", N_("Take this card"), show=False),
        Binding("tab", "next_payment", N_("Another payment"), show=False, priority=True),
        Binding("j", "pair", N_("Pay with a pair"), show=False),
        Binding("enter", "confirm", N_("Confirm"), show=False),
        *escape_bindings(Binding("escape", "clear", N_("Clear"))),
        Binding("p", "pass_turn", N_("Pass"), show=False),
        Binding("n", "end_turn", N_("End turn")),
        *shared_bindings(),
    ]

    def __init__(self, session: AtlanticaSession, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay)
        self.draft = Draft()
        self._choosing_shown: State | None = None
        """The state the scoring dialog was last opened for (E3, E5)."""

    # -- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="atl-main"):
            with Vertical(id="atl-left"):
                with VerticalScroll(id="atl-board-box"):
                    yield BoardPanel(id="atl-board")
                with VerticalScroll(id="atl-hand-box"):
                    yield HandPanel(id="atl-hand")
            with Vertical(id="atl-right"):
                with VerticalScroll(id="atl-players-box"):
                    yield PlayersPanel(id="atl-players")
                with VerticalScroll(id="atl-preview"):
                    yield PreviewPanel(id="atl-preview-text")
                yield EventLog(id="atl-log", game=ATLANTICA)
        with Horizontal(id="atl-actions", classes="action-bar"):
            for button_id, label in self._action_labels():
                yield Button(label, id=button_id, compact=True)
        yield Footer()

    @staticmethod
    def _action_labels() -> list[tuple[str, str]]:
        return [
            ("act-submarine", _("s Sub")),
            ("act-port", _("o Port")),
            ("act-bistro", _("b Bistro")),
            ("act-research", _("c Research")),
            ("act-confirm", _("⏎ Confirm")),
            ("act-end", _("n End turn")),
            ("act-pass", _("p Pass")),
        ]

    def on_mount(self) -> None:
        # The screen takes every key: nothing else may hold the focus (a focused button
        # would take Enter and Space, a scrolling panel the arrows); clicks still work.
        for widget in self.query("#atl-actions Button, VerticalScroll"):
            widget.can_focus = False
        self.title = ATLANTICA.display_name()
        self.sub_title = ", ".join(seat.name for seat in self.session.seats)
        self._titles()
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def _titles(self) -> None:
        self.query_one("#atl-board-box").border_title = _("Board")
        self.query_one("#atl-hand-box").border_title = _("Hand and action")
        self.query_one("#atl-players-box").border_title = _("Players")
        self.query_one("#atl-preview").border_title = _("Preview")
        self.query_one("#atl-log").border_title = _("Log")

    async def retranslate(self) -> None:
        """Everything again in the new language."""
        await self.recompose()
        for widget in self.query("#atl-actions Button, VerticalScroll"):
            widget.can_focus = False
        self._titles()
        self._logged = 0
        self.refresh_all()

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
        self.refresh_all()

    # -- whose view -------------------------------------------------------------------
    def _acting(self) -> int | None:
        """The human to act now, during a turn (not at scoring)."""
        seat = self._human_to_act()
        return seat if seat is not None and self.state.phase == "turn" else None

    @property
    def state(self) -> State:
        """The state as this session knows it."""
        state: State = self.session.state
        return state

    # -- drawing ------------------------------------------------------------------------
    def table(self) -> Table:
        """What everyone may see of hands and piles."""
        return table_for(self.session)

    def current_command(self) -> PerformAction | None:
        """The action the builder holds, once every step is chosen."""
        seat = self._acting()
        if seat is None:
            return None
        return self.draft.command(self.state, seat)

    def current_preview(self) -> tuple[PerformAction, ActionPreview | IllegalMove] | None:
        """The chosen action and its preview, once it is whole."""
        command = self.current_command()
        if command is None:
            return None
        return command, preview(self.state, command)

    def _marks(self, your_turn: bool) -> BoardMarks:
        state = self.state
        if not your_turn:
            return BoardMarks(clickable=False)
        refused = frozenset(
            (location, level)
            for location in LOCATIONS
            for level in (1, 2, 3)
            if level_refusal(state, location, level) is not None
        )
        cursor = None
        if self.draft.location is not None and self.draft.level is not None:
            spaces = pick_spaces(state, self.draft.location, self.draft.level)
            if spaces and self.draft.max_picks:
                cursor = spaces[self.draft.cursor % len(spaces)]
        return BoardMarks(
            location=self.draft.location,
            level=self.draft.level,
            picks=self.draft.picks,
            cursor=cursor,
            refused=refused,
            clickable=True,
        )

    def refresh_all(self) -> None:
        """Every panel from the session's state."""
        state = self.state
        table = self.table()
        compact = self.has_class("-narrow")
        your_turn = self._acting() is not None
        kinds = [seat.kind for seat in self.session.seats]
        board_box = self.query_one("#atl-board-box")
        # One column short: a scroll bar may take it.
        width = (board_box.content_region.width or (45 if compact else 62)) - 1
        self.query_one(BoardPanel).show(
            board_text(state, table, self._marks(your_turn), width, compact)
        )
        players = players_text(state, table, kinds, compact)
        if compact:
            players.append("\n")
            players.append_text(players_legend())
        self.query_one(PlayersPanel).show(players)
        shown = self.shown_hand()
        hand = hand_text(state, shown, table, compact)
        if your_turn and shown is not None:
            hand.append("\n")
            hand.append_text(builder_text(state, shown, self.draft, table, True, compact))
        if not compact and (not your_turn or self.draft.location is None):
            hand.append("\n\n")
            hand.append_text(ladders_text(state))
        if compact:
            hand.append("\n\n")
            width = self.query_one("#atl-hand-box").content_region.width or 45
            hand.append_text(letters_legend(width))
        self.query_one(HandPanel).show(hand)
        self.query_one(PreviewPanel).show(self._preview_panel_text(your_turn))
        self._refresh_buttons(your_turn)
        self.refresh_log()

    def _preview_panel_text(self, your_turn: bool) -> Text:
        """The last refusal, then the preview (or what to do), then the hint."""
        text = Text()
        if self.refusal is not None:
            text.append_text(refusal_text(self.refusal.rule, self.refusal.reason))
            text.append("\n")
        text.append_text(self._preview_or_idle(your_turn))
        shown = self.current_hint()
        if your_turn and shown is not None and self._hint_stage:
            text.append("\n\n" + _("Hint:") + " ", style="bold")
            text.append(shown.gist if self._hint_stage == 1 else shown.detail)
            if self._hint_stage == 1:
                text.append("\n" + _("(h again: the whole move, set in the builder)"), style="dim")
        return text

    def _preview_or_idle(self, your_turn: bool) -> Text:
        state = self.state
        previewed = self.current_preview()
        if previewed is not None:
            command, found = previewed
            if isinstance(found, ActionPreview):
                return preview_text(state, command, found)
            return refusal_text(found.rule, found.reason)
        draft = self.draft
        if your_turn and self.refusal is None and draft.location and draft.level:
            refused = level_refusal(state, draft.location, draft.level)
            if refused is not None:
                text = Text()
                text.append_text(refusal_text(refused.rule, refused.reason))
                text.append("\n" + _("r: read the rule"), style="dim")
                return text
        return idle_text(state, your_turn, draft)

    def _refresh_buttons(self, your_turn: bool) -> None:
        state = self.state
        enabled = {
            "act-submarine": your_turn,
            "act-port": your_turn,
            "act-bistro": your_turn,
            "act-research": your_turn,
            "act-confirm": your_turn and self.current_command() is not None,
            "act-end": your_turn and bool(state.acted),
            "act-pass": your_turn and not state.acted,
        }
        for button in self.query("#atl-actions Button").results(Button):
            button_id = button.id or ""
            button.disabled = not enabled.get(button_id, False)
            chosen = button_id == f"act-{self.draft.location}"
            button.variant = "primary" if chosen and your_turn else "default"

    # -- the flow of the game -------------------------------------------------------------
    # -- what the shell asks of the game ----------------------------------------------------
    def end_screen(self) -> EndScreen:
        return EndScreen(self.session)

    def seat_ready(self) -> None:
        self._open_scoring()

    def forget_choices(self) -> None:
        self.draft = Draft()
        self.refusal = None
        self._choosing_shown = None

    def hint_seat(self) -> int | None:
        return self._acting()

    def work_out_hint(self, state: State, seat: int) -> Hint | None:
        return hint(state, seat)

    def show_hint(self) -> None:
        """In the preview panel: the gist; then the whole command, set in the builder
        when it is an action."""
        found = self.current_hint()
        if self._hint_stage == 2 and found is not None:
            self.draft = draft_of(self.state, found.command) or self.draft
        self.refresh_all()

    def help_text(self) -> str:
        return _(HELP_TEXT)

    def _open_scoring(self) -> None:
        """With ``final_choices = ask``: the choosing player's dialog (E3, E5)."""
        state = self.state
        seat = self._human_to_act()
        if state.phase != "scoring" or seat is None or self._choosing_shown is state:
            return
        self._choosing_shown = state

        def chosen(command: AnyCommand | None) -> None:
            if command is not None:
                self.apply(command)

        self.app.push_screen(ScoringScreen(state, seat), chosen)

    def rule_shown(self) -> str | None:
        """The rule ``r`` opens: the last refusal's, else the preview's (its refusal or
        its level), else that of the level the builder is on."""
        if self.refusal is not None:
            return self.refusal.rule
        previewed = self.current_preview()
        if previewed is not None:
            return previewed[1].rule
        draft = self.draft
        if self._acting() is not None and draft.location is not None and draft.level is not None:
            refused = level_refusal(self.state, draft.location, draft.level)
            return refused.rule if refused is not None else draft.rule
        return None

    # -- the action builder -----------------------------------------------------------------
    def _set_draft(self, draft: Draft) -> None:
        self.draft = draft
        self.refusal = None
        self.refresh_all()

    def action_location(self, location: Location) -> None:
        """Choose a location (again: choose its level again)."""
        if self._acting() is None:
            return
        self._set_draft(self.draft.at(location))

    def board_location(self, location: str) -> None:
        """A click on a location's title."""
        if location in LOCATIONS:
            self.action_location(location)

    def action_board_location(self, location: str) -> None:
        self.board_location(location)

    def action_level(self, level: int) -> None:
        """Choose a level of the chosen location."""
        if self._acting() is None or self.draft.location is None:
            return
        self._set_draft(self.draft.at(self.draft.location, level))

    def action_board_level(self, location: str, level: int) -> None:
        """A click on a level's row: that location at that level."""
        if self._acting() is None or location not in LOCATIONS:
            return
        if self.draft.location == location and self.draft.level == level:
            return
        self._set_draft(self.draft.at(location, level))

    def action_digit(self, number: int) -> None:
        """A level, or, once a level that chooses cards is chosen, a space of the chosen
        location's display (the treasure spaces for the round)."""
        if self._acting() is None:
            return
        draft = self.draft
        if draft.location is None:
            return
        if draft.level is None or not draft.max_picks:
            if number <= 3:
                self.action_level(number)
            return
        place = "research" if draft.location == "research" else "treasure"
        self.action_board_pick(place, number)

    def action_step_level(self, step: int) -> None:
        """↑ ↓: the level below or above (from none, level 1)."""
        draft = self.draft
        if self._acting() is None or draft.location is None:
            return
        level = 1 if draft.level is None else min(3, max(1, draft.level + step))
        if level != draft.level:
            self.action_level(level)

    def action_pick_cursor(self, step: int) -> None:
        """← →: the next card the level may take."""
        draft = self.draft
        if self._acting() is None or draft.location is None or draft.level is None:
            return
        spaces = pick_spaces(self.state, draft.location, draft.level)
        if not spaces or not draft.max_picks:
            return
        self._set_draft(
            Draft(draft.location, draft.level, draft.payment, draft.picks, draft.cursor + step)
        )

    def action_toggle_pick(self) -> None:
        """Space: take (or leave) the card under the arrows."""
        draft = self.draft
        if self._acting() is None or draft.location is None or draft.level is None:
            return
        spaces = pick_spaces(self.state, draft.location, draft.level)
        if not spaces or not draft.max_picks:
            return
        self._set_draft(draft.toggle(spaces[draft.cursor % len(spaces)]))

    def action_board_pick(self, place: str, space: int) -> None:
        """A click on a space (or a digit): take it, or leave it when taken."""
        draft = self.draft
        if self._acting() is None or draft.location is None or draft.level is None:
            return
        pick = Pick(place, space)  # type: ignore[arg-type]
        spaces = pick_spaces(self.state, draft.location, draft.level)
        if pick not in spaces:
            if draft.max_picks:
                self.notify(_("This level cannot take that card."), severity="warning")
            return
        toggled = draft.toggle(pick)
        self._set_draft(
            Draft(
                toggled.location, toggled.level, toggled.payment, toggled.picks, spaces.index(pick)
            )
        )

    def action_next_payment(self) -> None:
        """Tab: the next distinct payment of the chosen level."""
        draft = self.draft
        if self._acting() is None or draft.location is None or draft.level is None:
            return
        options = payment_options(self.state, draft.location, draft.level)
        if len(options) > 1:
            self._set_draft(draft.with_payment((draft.payment + 1) % len(options)))

    def action_pair(self) -> None:
        """j: pay with a pair (T2.5), or say why a pair may not be used now."""
        draft = self.draft
        if self._acting() is None or draft.location is None or draft.level is None:
            return
        refused = pair_refusal(self.state, draft.location, draft.level)
        if refused is not None:
            self.show_refusal(refused)
            return
        options = payment_options(self.state, draft.location, draft.level)
        pairs = [index for index, option in enumerate(options) if option.pair_slot is not None]
        if not pairs:
            self.notify(_("No two cards of one colour can fill a slot of this level."))
            return
        current = draft.payment % len(options) if options else 0
        following = [index for index in pairs if index > current] or pairs
        self._set_draft(draft.with_payment(following[0]))

    def action_clear(self) -> None:
        """Esc: start the action again."""
        self._set_draft(Draft())

    def action_confirm(self) -> None:
        """Enter: play the previewed action (or take the card under the arrows while the
        level still needs one)."""
        seat = self._acting()
        if seat is None:
            return
        command = self.draft.command(self.state, seat)
        if command is None:
            draft = self.draft
            if draft.location is not None and draft.level is not None:
                refused = level_refusal(self.state, draft.location, draft.level)
                if refused is not None:
                    self.show_refusal(refused)
                    return
                if draft.max_picks:
                    self.action_toggle_pick()
                    return
            self.notify(draft.missing(self.state) or "", severity="warning")
            return
        self.apply(command)

    # -- passing, ending the turn ---------------------------------------------------------
    def action_pass_turn(self) -> None:
        """Pass, once confirmed: draw five divers, and the turn ends (T8)."""
        seat = self._acting()
        if seat is None:
            return
        if self.state.acted:
            self.show_refusal(IllegalMove("T2.7", _("you have already acted, you cannot pass")))
            return

        self.ask_then_play(
            _("{name}: pass this turn?").format(name=self.state.players[seat]),
            _(
                "You take no action this turn and draw 5 divers into your hand (T8). "
                "Then the next player plays."
            ),
            _("Pass and draw 5"),
            Pass(seat),
        )

    def action_end_turn(self) -> None:
        """End the turn after at least one action (T2.7, T9)."""
        seat = self._acting()
        if seat is not None:
            self.apply(EndTurn(seat))

    def bar_actions(self) -> dict[str, Callable[[], None]]:
        return {
            "act-submarine": lambda: self.action_location("submarine"),
            "act-port": lambda: self.action_location("port"),
            "act-bistro": lambda: self.action_location("bistro"),
            "act-research": lambda: self.action_location("research"),
            "act-confirm": self.action_confirm,
            "act-pass": self.action_pass_turn,
            "act-end": self.action_end_turn,
        }
