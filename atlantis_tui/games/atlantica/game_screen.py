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

from rich.text import Text

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
from atlantis_tui.games.atlantica.keys import BUILD_BINDINGS
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
from atlantis_tui.keymap import turn_game_bindings
from atlantis_tui.screens.game.frame import BarButton, Box, FramedGameScreen, GameParts
from core.atlantica.cards import Pick
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.game_type import ATLANTICA
from core.atlantica.hints import hint
from core.atlantica.i18n import CATALOGUE, N_, _
from core.atlantica.locations import LOCATIONS, Location
from core.atlantica.payment import pair_refusal
from core.atlantica.preview import ActionPreview, preview
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

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


class GameScreen(FramedGameScreen[State, Table]):
    """One Atlantica game in progress."""

    GAME = ATLANTICA
    KEY_CATALOGUE = CATALOGUE
    TURN_ACTIONS = TURN_ACTIONS
    PARTS = GameParts(
        EndScreen,
        hint,
        HELP_TEXT,
        N_("(h again: the whole move, set in the builder)"),
        table_for,
        preview,
        EndTurn,
    )
    ID = "atl"
    LEFT = (
        Box("atl-board-box", N_("Board"), lambda: BoardPanel(id="atl-board")),
        Box("atl-hand-box", N_("Hand and action"), lambda: HandPanel(id="atl-hand")),
    )
    RIGHT = (
        Box("atl-players-box", N_("Players"), lambda: PlayersPanel(id="atl-players")),
        Box(
            "atl-preview",
            N_("Preview"),
            lambda: PreviewPanel(id="atl-preview-text"),
            True,
            "game-preview",
        ),
    )
    ACTION_BAR = (
        BarButton("act-submarine", N_("s Sub"), "location('submarine')"),
        BarButton("act-port", N_("o Port"), "location('port')"),
        BarButton("act-bistro", N_("b Bistro"), "location('bistro')"),
        BarButton("act-research", N_("c Research"), "location('research')"),
        BarButton("act-confirm", N_("⏎ Confirm"), "confirm"),
        BarButton("act-end", N_("n End turn"), "end_turn"),
        BarButton("act-pass", N_("p Pass"), "pass_turn"),
    )

    DEFAULT_CSS = """
    GameScreen #atl-left { width: 66; }
    GameScreen #atl-board-box { max-height: 24; }
    GameScreen #atl-hand-box { height: 1fr; }
    GameScreen #atl-players-box { max-height: 20; }
    GameScreen #atl-preview { min-height: 5; }
    GameScreen.-narrow #atl-left { width: 47; }
    GameScreen.-narrow #atl-board-box { max-height: 10; scrollbar-size-vertical: 1; }
    GameScreen.-narrow #atl-players-box { max-height: 14; }
    GameScreen.-narrow #atl-actions Button { margin-right: 0; }
    """

    BINDINGS = turn_game_bindings(BUILD_BINDINGS, end_shown=True)

    def __init__(self, session: AtlanticaSession, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay)
        self.draft = Draft()
        self._choosing_shown: State | None = None
        """The state the scoring dialog was last opened for (E3, E5)."""

    # -- whose view -------------------------------------------------------------------
    def _acting(self) -> int | None:
        """The human to act now, during a turn (not at scoring)."""
        seat = self._human_to_act()
        return seat if seat is not None and self.state.phase == "turn" else None

    # -- drawing ------------------------------------------------------------------------
    def current_command(self) -> PerformAction | None:
        """The action the builder holds, once every step is chosen."""
        seat = self._acting()
        if seat is None:
            return None
        return self.draft.command(self.state, seat)

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
        # One column short: a scroll bar may take it.
        width = self.box_width("atl-board-box", 45 if compact else 62) - 1
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
            hand.append_text(letters_legend(self.box_width("atl-hand-box", 45)))
        self.query_one(HandPanel).show(hand)
        self.query_one(PreviewPanel).show(self._preview_panel_text(your_turn))
        self.refresh_buttons(your_turn)
        self.refresh_log()

    def _preview_panel_text(self, your_turn: bool) -> Text:
        """The last refusal, then the preview (or what to do), then the hint."""
        text = self.refusal_first()
        text.append_text(self._preview_or_idle(your_turn))
        text.append_text(self.hint_text(your_turn))
        return text

    def _preview_or_idle(self, your_turn: bool) -> Text:
        state = self.state
        shown = self.preview_or_refusal(self.current_preview(), preview_text)
        if shown is not None:
            return shown
        draft = self.draft
        if your_turn and self.refusal is None and draft.location and draft.level:
            refused = level_refusal(state, draft.location, draft.level)
            if refused is not None:
                text = Text()
                text.append_text(refusal_text(refused.rule, refused.reason))
                text.append("\n" + _("r: read the rule"), style="dim")
                return text
        return idle_text(state, your_turn, draft)

    def bar_enabled(self, your_turn: bool) -> dict[str, bool]:
        acted = bool(self.state.acted)
        return {
            **dict.fromkeys((f"act-{location}" for location in LOCATIONS), your_turn),
            "act-confirm": your_turn and self.current_command() is not None,
            "act-end": your_turn and acted,
            "act-pass": your_turn and not acted,
        }

    def bar_chosen(self) -> str | None:
        return f"act-{self.draft.location}"

    # -- what the shell asks of the game ----------------------------------------------------
    def seat_ready(self) -> None:
        self._open_scoring()

    def forget_choices(self) -> None:
        self.draft = Draft()
        self.refusal = None
        self._choosing_shown = None

    def hint_seat(self) -> int | None:
        return self._acting()

    def show_hint(self) -> None:
        """In the preview panel: the gist; then the whole command, set in the builder
        when it is an action."""
        found = self.current_hint()
        if self._hint_stage == 2 and found is not None:
            self.draft = draft_of(self.state, found.command) or self.draft
        self.refresh_all()

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
            found: ActionPreview | IllegalMove = previewed[1]
            return found.rule
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
        if self._acting() is not None and self.state.acted:
            self.show_refusal(IllegalMove("T2.7", _("you have already acted, you cannot pass")))
            return
        self.ask_to_pass(
            N_("{name}: pass this turn?"),
            N_(
                "You take no action this turn and draw 5 divers into your hand (T8). "
                "Then the next player plays."
            ),
            N_("Pass and draw 5"),
            Pass,
        )

    def acting_seat(self) -> int | None:
        """The human to act now, during a turn (not at scoring)."""
        return self._acting()
