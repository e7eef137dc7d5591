"""The game screen: the path, the players, the hand, the preview and the log.

A turn is keyboard-first: choose a pawn (``a``/``b``/``c`` or a click), move
through its labelled destinations (arrows, digits or a click), read the
preview, press Enter, choose how to pay. Buying cards and the bridge have
their own keys. Every command goes through the rules engine; a refusal is
shown with its rule id. Bots think in a worker thread, so the screen never
freezes, and every event is appended to the save file as it happens.
"""

from __future__ import annotations

import time
from functools import partial

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widgets import Footer, Header, OptionList
from textual.widgets.option_list import Option

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.games.atlantis.choosers import gaps_for, stuck_chooser
from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.move_input import MOVE_BINDINGS, MoveInput
from atlantis_tui.games.atlantis.panels import HandPanel, PlayersPanel, PreviewPanel
from atlantis_tui.games.atlantis.path_view import PathView
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.games.atlantis.selection import (
    Selection,
)
from atlantis_tui.games.atlantis.shown_state import AtlantisSession, CountedStates
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.log_search import LOG_BINDINGS, LogFilterMixin
from atlantis_tui.screens.simple import CurtainScreen, HelpScreen
from atlantis_tui.session import UndoPlan
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.choosing import Refused
from core.atlantis.commands import (
    AnyCommand,
    DeclareStuck,
    PayFinalCrossing,
    Payment,
    Resign,
)
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import states_after, undone_positions
from core.atlantis.explain import explain, explain_refusal
from core.atlantis.hints import Hint, hint
from core.atlantis.i18n import N_, _
from core.atlantis.moves import (
    final_debt,
    final_payments,
    has_legal_move,
    purchase_options,
)
from core.atlantis.replay import touched_spaces
from core.atlantis.state import State
from core.atlantis.view import NO_SEAT
from core.kernel.errors import IllegalMove

NARROW = 100
SHORT = 32
TURN_ACTIONS = frozenset({"pawn", "confirm", "buy", "bridge", "hint"})


class GameScreen(MoveInput, LogFilterMixin):
    """One game in progress."""

    BINDINGS = [
        *MOVE_BINDINGS,
        # Once the game is over, Esc goes back to the scores, as Esc on them ("See the
        # board") came here; until then it puts the pawn down.
        Binding("escape", "scores", N_("Scores")),
        Binding("escape", "deselect", N_("Put down"), show=False),
        Binding("H", "hint", N_("Hint")),
        Binding("r", "why", N_("Rule"), show=False),
        Binding("u,ctrl+z", "undo", N_("Undo")),
        Binding("U,ctrl+y", "redo", N_("Redo"), show=False),
        Binding("v", "toggle_hands", N_("Hands"), show=False),
        Binding("l", "toggle_log", N_("Log")),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("X", "resign", N_("Resign"), show=False),
        *LOG_BINDINGS,
    ]

    def _log_player_names(self) -> tuple[str, ...]:
        return self.session.state.players

    def __init__(self, session: AtlantisSession, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self._counted = CountedStates()
        self.bot_delay = bot_delay
        self.selection: Selection | None = None
        self.viewer: int | None = self._initial_viewer()
        self.show_all_hands = session.state.options.open_hands
        self._last_changed: frozenset[int] = frozenset()
        self._busy = False
        self._hint: tuple[State, Hint] | None = None
        self._hint_stage = 0
        self._hint_asked: State | None = None
        """The position a hint is being worked out for (a second H waits for it)."""
        self.last_rule: str | None = None

    # -- building -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="board"):
            yield PathView(self.session.state, id="path")
        with Horizontal(id="lower"):
            with VerticalScroll(id="left"):
                yield PlayersPanel(id="players")
                yield HandPanel(id="hand")
            yield PreviewPanel(id="preview")
            yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        names = ", ".join(seat.name for seat in self.session.seats)
        self.title = "Atlantis"
        self.sub_title = names
        self._rebuild_log()
        self.refresh_all()
        self.call_after_refresh(self.advance)

    async def retranslate(self) -> None:
        """The log, the panels and the path again, in the new language; the game and
        the widgets stay as they are."""
        self._rebuild_log()
        self.refresh_all()
        self.query_one(PathView).refresh()

    def _rebuild_log(self) -> None:
        """The whole log again, with undone events struck through."""
        events = self.session.events
        self.query_one(EventLog).show_events(
            events, states_after(events), self._log_viewer(), undone_positions(events)
        )

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.query_one(PathView).compact = narrow
            self.refresh_all()
            self.refresh_bindings()
        self.query_one(PathView).fit(event.size)

    def action_toggle_log(self) -> None:
        """On small terminals the log takes the place of the preview, and back."""
        self.toggle_class("-log")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The log key only matters where the log shares its place; wide, it is always shown.
        if action == "toggle_log":
            return self.has_class("-narrow")
        over = self.session.state.is_over
        if action == "scores":
            return over
        # After the end ("See the board") there is no move to make: offer none.
        return not (over and action in TURN_ACTIONS)

    def action_scores(self) -> None:
        """Back to the end screen (the scores, a new game, the replay) from the board."""
        if self.session.state.is_over:
            self.app.push_screen(EndScreen(self.session))

    # -- whose view -------------------------------------------------------------
    def _initial_viewer(self) -> int | None:
        """A lone human always sees his hand; in hot-seat the curtain decides."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def _hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def _log_viewer(self) -> int | None:
        """Whose eyes the log is written for: a lone human, or nobody's hand at all."""
        if self.session.state.options.open_hands:
            return None
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        return NO_SEAT if humans else None

    def _human_to_act(self) -> int | None:
        seat = self.session.to_act
        if seat is None or self.session.is_bot_turn() or self._busy:
            return None
        if self._hot_seat() and seat != self.viewer:
            return None
        return seat

    # -- drawing ----------------------------------------------------------------
    def refresh_all(self) -> None:
        state = self.session.state
        preview, payment = self.draw_selection(state, state.current, self._last_changed)
        kinds = [seat.kind for seat in self.session.seats]
        compact = self.has_class("-narrow")
        # The panel counts every hand; a remote seat knows only their sizes.
        self.query_one(PlayersPanel).show(self._counted(self.session), kinds, compact)
        shown = self.viewer
        if self.show_all_hands or state.is_over:
            shown = state.to_act if state.to_act is not None else self.viewer
        self.query_one(HandPanel).show(state, shown, compact)
        your_turn = self._human_to_act() is not None
        self.query_one(PreviewPanel).show(state, preview, payment, your_turn)

    # -- the flow of the game -----------------------------------------------------
    def advance(self) -> None:
        """Hand the game to whoever acts next: a bot, a human, or the end screen."""
        state = self.session.state
        if state.is_over:
            self.refresh_bindings()
            # A refusal or a hint from the last turn would otherwise linger over the scores.
            self.app.clear_notifications()
            self.app.push_screen(EndScreen(self.session))
            return
        seat = state.to_act
        assert seat is not None
        if self.session.is_bot_turn():
            self._busy = True
            self.run_bot()
            return
        if self._hot_seat() and seat != self.viewer:
            self.viewer = None
            self.refresh_all()
            self.app.push_screen(CurtainScreen(state.players[seat]), lambda _: self._reveal(seat))
            return
        self.viewer = seat
        self.refresh_all()
        self._prompt_if_needed()

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.refresh_all()
        self._prompt_if_needed()

    def _prompt_if_needed(self) -> None:
        """Decisions that cannot wait for a key: the final crossing, or being stuck."""
        state = self.session.state
        seat = state.to_act
        assert seat is not None
        if state.phase == "final_crossing":
            owed = final_debt(state, seat)
            self.app.push_screen(
                PaymentScreen(
                    state,
                    seat,
                    owed,
                    final_payments(state, seat),
                    state.hands[seat],
                    _("{name}: final crossing (E2)").format(name=state.players[seat]),
                    cancellable=False,
                ),
                partial(self._pay_final_crossing, seat),
            )
        elif not has_legal_move(state):
            self._offer_stuck()

    def _pay_final_crossing(self, seat: int, payment: Payment | None) -> None:
        if payment is not None:
            self.apply(PayFinalCrossing(seat, payment))

    def _offer_stuck(self) -> None:
        state = self.session.state
        seat = state.current
        can_buy = bool(purchase_options(state))
        can_bridge = state.bridges[seat] is None and bool(gaps_for(state))

        def chosen(choice: str | None) -> None:
            if choice == "buy":
                self.action_buy()
            elif choice == "bridge":
                self.action_bridge()
            elif choice == "stuck":
                self.apply(DeclareStuck(seat))

        self.app.push_screen(stuck_chooser(state, can_buy, can_bridge), chosen)

    @work(thread=True, exclusive=True, group="bot")
    def run_bot(self) -> None:
        started = time.perf_counter()
        asked = self.session.state
        command = self.session.bot_command()
        pause = self.bot_delay - (time.perf_counter() - started)
        if pause > 0:
            time.sleep(pause)
        self.app.call_from_thread(self._bot_done, command, asked)

    def _bot_done(self, command: AnyCommand, asked: State) -> None:
        self._busy = False
        if self.session.state is not asked:
            return  # an undo changed the game while the bot was thinking
        self.apply(command)

    # -- hints and explanations ------------------------------------------------------
    def action_hint(self) -> None:
        """First press: which pawn. Second press: the whole move and why."""
        seat = self._human_to_act()
        if seat is None:
            return
        state = self.session.state
        if self._hint is not None and self._hint[0] is state:
            self._hint_stage = 2
            self._show_hint()
            return
        if self._hint_asked is state:
            self._hint_stage = 2  # pressed again while thinking: the whole move, once ready
            return
        self._hint_stage = 1
        self._hint_asked = state
        self.app.clear_notifications()
        self.notify(_("Thinking…"), title=_("Hint"), timeout=2)
        self.compute_hint(state, seat)

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, state: State, seat: int) -> None:
        found = hint(state, seat)
        self.app.call_from_thread(self._hint_ready, state, found)

    def _hint_ready(self, state: State, found: Hint) -> None:
        self._hint_asked = None
        if self.session.state is not state:
            return  # the game moved on while the hint was computed
        self._hint = (state, found)
        self._show_hint()

    def _show_hint(self) -> None:
        """One hint on screen at a time: the second stage replaces the first."""
        assert self._hint is not None
        found = self._hint[1]
        more = _("\n(H again: the whole move and why)") if self._hint_stage == 1 else ""
        self.app.clear_notifications()
        self.notify(found.text(self._hint_stage) + more, title=_("Hint"), timeout=12)

    @on(OptionList.OptionSelected, "#log")
    def explain_line(self, message: OptionList.OptionSelected) -> None:
        """Choosing a log line says which rule made it happen."""
        if message.option.id is None:
            return
        index = int(message.option.id)
        events = self.session.events
        states = states_after(events)
        before = states[index - 1] if index else states[0]
        rule, sentence = explain(before, events[index])
        self.last_rule = rule or None
        title = _("Why ({rule})").format(rule=rule) if rule else _("Why")
        self.notify(
            sentence + ("\n" + _("(r: read the rule)") if rule else ""), title=title, timeout=12
        )

    def action_why(self) -> None:
        """Open the rules at the rule last named (a refusal or an explained log line)."""
        atlantis_app(self).action_rules(self.last_rule)

    # -- undo and redo -----------------------------------------------------------
    def action_undo(self) -> None:
        plan = self.session.undo_plan()
        if plan is None:
            self.notify(_("There is nothing of yours to undo yet."))
            return
        others = [
            seat for seat in plan.seats if seat != self.viewer and seat in self.session.humans
        ]
        if self._hot_seat() and others:
            name = self.session.state.players[others[0]]
            if any(seat == others[0] for seat, _turn in plan.turns):
                question = _("Take back {name}'s turn?")
            else:  # only the crossing that player paid after the last move (E2)
                question = _("Take back {name}'s final crossing?")

            def confirmed(choice: str | None) -> None:
                if choice == "yes":
                    self._undo()

            self.app.push_screen(
                ChoiceScreen(
                    question.format(name=name),
                    _("Undo takes back {turns}.").format(turns=self._turns_phrase(plan)),
                    [Option(_("Yes, undo it"), id="yes"), Option(_("No"), id="no")],
                ),
                confirmed,
            )
            return
        self._undo()

    def _turns_phrase(self, plan: UndoPlan) -> str:
        """``your turn 37 and Bob's final crossing``: every turn an undo touches, then
        every final crossing (E2) it takes back that a player chose how to pay: in
        Atlantis, the only decision made outside a turn."""
        players = self.session.state.players
        names = [
            _("your turn {n}").format(n=turn)
            if seat == self.viewer
            else _("{name}'s turn {n}").format(name=players[seat], n=turn)
            for seat, turn in plan.turns
        ]
        names += [
            _("your final crossing")
            if seat == self.viewer
            else _("{name}'s final crossing").format(name=players[seat])
            for seat, _turn in plan.outside
        ]
        if len(names) == 1:
            return names[0]
        return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    def _undo(self) -> None:
        plan = self.session.undo()
        if plan is not None:
            self._after_history_change(
                _("Took back {turns}.").format(turns=self._turns_phrase(plan))
            )

    def action_redo(self) -> None:
        events = self.session.redo()
        if not events:
            self.notify(_("There is nothing to redo."))
            return
        self._after_history_change(_("Redone."))

    def _after_history_change(self, message: str) -> None:
        self._busy = False
        self.selection = None
        self._last_changed = frozenset()
        self._rebuild_log()
        self.refresh_all()
        self.notify(message)
        # The viewer stays whoever is at the keyboard: if the seat to act now is another
        # human, ``advance`` hides the table behind the hand-over curtain first.
        self.call_after_refresh(self.advance)

    def apply(self, command: AnyCommand) -> list[AnyEvent]:
        """Send a command to the rules; show a refusal with its rule id."""
        before = self.session.state
        try:
            events = self.session.play(command)
        except IllegalMove as refusal:
            self.show_refusal(Refused(command, refusal))
            return []
        log = self.query_one(EventLog)
        log.write_events(before, events, self._log_viewer())
        self._last_changed = touched_spaces(events)
        self.selection = None
        self.refresh_all()
        if self.session.state is not before:
            self.call_after_refresh(self.advance)
        return events

    def show_refusal(self, refused: Refused) -> None:
        """A refusal with its rule id and what would be allowed instead; r opens the rule."""
        state = self.session.state
        rule, instead = explain_refusal(state, refused.command, refused.refusal)
        self.last_rule = rule or refused.rule
        message = refused.refusal.reason + (f"\n{instead}" if instead else "")
        self.notify(
            message + "\n" + _("(r: read the rule)"),
            title=_("Not allowed ({rule})").format(rule=refused.rule),
            severity="error",
            timeout=10,
        )

    # -- actions ----------------------------------------------------------------
    # -- entering a move (MoveInput) ----------------------------------------------------
    def input_turn(self) -> tuple[State, int] | None:
        seat = self._human_to_act()
        return None if seat is None else (self.session.state, seat)

    def send(self, command: AnyCommand) -> None:
        if self.apply(command):
            # A hint or a refusal on screen was about the position before this move.
            self.app.clear_notifications()

    def refuse(self, refused: Refused) -> None:
        self.show_refusal(refused)

    def redraw(self) -> None:
        self.refresh_all()

    def action_resign(self) -> None:
        """E5: the player at the keyboard leaves the game, once he has confirmed it."""
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        if state.phase != "playing":
            self.show_refusal(
                Refused(
                    Resign(seat),
                    IllegalMove("E5", _("only the final crossings remain: they are paid")),
                )
            )
            return

        def chosen(answer: str | None) -> None:
            if answer == "resign":
                self.send(Resign(seat))

        name = state.players[seat]
        self.app.push_screen(
            ChoiceScreen(
                _("{name}: resign?").format(name=name),
                _(
                    "{name} leaves the game and wins nothing, whatever the score (E5). The "
                    "others play on while two are left; when one is left, the game ends."
                ).format(name=name),
                [Option(_("Resign"), id="resign"), Option(_("Play on"), id="no")],
            ),
            chosen,
        )

    def action_toggle_hands(self) -> None:
        if not self._hot_seat():
            # With one person at the keyboard there is no other hand this key could show.
            self.notify(
                _(
                    "Your hand is always shown; the bots' hands stay hidden. "
                    "To play with every hand open, switch on Open hands for a new game."
                )
            )
            return
        if self.show_all_hands:
            self._set_all_hands(False)
            return

        def chosen(choice: str | None) -> None:
            if choice == "show":
                self._set_all_hands(True)

        self.app.push_screen(
            ChoiceScreen(
                _("Show every hand?"),
                _(
                    "Everyone at this screen will see every player's cards until v is "
                    "pressed again. Do it only if all the players agree."
                ),
                [Option(_("Show every hand"), id="show"), Option(_("Keep them hidden"), id="no")],
            ),
            chosen,
        )

    def _set_all_hands(self, shown: bool) -> None:
        self.show_all_hands = shown
        self.notify(_("All hands shown") if shown else _("Only your hand is shown"))
        self.refresh_all()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())
