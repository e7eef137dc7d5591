"""The game screen: the path, the players, the hand, the preview and the log.

A turn is keyboard-first: choose a pawn (``a``/``b``/``c`` or a click), move
through its labelled destinations (arrows, digits or a click), read the
preview, press Enter, choose how to pay. Buying cards and the bridge have
their own keys. Every command goes through the rules engine; a refusal is
shown with its rule id. Bots think in a worker thread, so the screen never
freezes, and every event is appended to the save file as it happens.
"""

from __future__ import annotations

from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widgets import Header, OptionList

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
from atlantis_tui.keymap import RESIGN_BINDING, escape_bindings, shared_bindings
from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.screens.simple import HELP_TEXT
from atlantis_tui.session import UndoPlan
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.footer import KeysFooter
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
from core.atlantis.game_type import ATLANTIS
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
from core.kernel.errors import IllegalMove
from core.kernel.i18n import _ as shell_

NARROW = 100
SHORT = 32
TURN_ACTIONS = frozenset({"pawn", "confirm", "buy", "bridge", "hint"})


class GameScreen(MoveInput, GameScreenBase):
    """One game in progress."""

    GAME = ATLANTIS
    TURN_ACTIONS = TURN_ACTIONS

    BINDINGS = [
        *MOVE_BINDINGS,
        *escape_bindings(Binding("escape", "deselect", N_("Put down"))),
        RESIGN_BINDING,
        *shared_bindings(),
    ]

    def __init__(self, session: AtlantisSession, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay)
        self._counted = CountedStates()
        self.selection: Selection | None = None
        self._last_changed: frozenset[int] = frozenset()
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
        yield KeysFooter()

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

    # -- drawing ----------------------------------------------------------------
    def refresh_all(self) -> None:
        state = self.session.state
        preview, payment = self.draw_selection(state, state.current, self._last_changed)
        kinds = [seat.kind for seat in self.session.seats]
        compact = self.has_class("-narrow")
        # The panel counts every hand; a remote seat knows only their sizes.
        self.query_one(PlayersPanel).show(self._counted(self.session), kinds, compact)
        shown = self.shown_hand()
        self.query_one(HandPanel).show(state, shown, compact)
        your_turn = self._human_to_act() is not None
        self.query_one(PreviewPanel).show(state, preview, payment, your_turn)

    # -- what the shell asks of the game ----------------------------------------------------
    def end_screen(self) -> EndScreen:
        return EndScreen(self.session)

    def seat_ready(self) -> None:
        self._prompt_if_needed()

    def forget_choices(self) -> None:
        self.selection = None
        self._last_changed = frozenset()

    def history_changed(self) -> None:
        self.forget_choices()
        self._rebuild_log()

    def played(self, before: State, events: list[AnyEvent]) -> None:
        self.query_one(EventLog).write_events(before, events, self._log_viewer())
        self._last_changed = touched_spaces(events)

    def work_out_hint(self, state: State, seat: int) -> Hint:
        return hint(state, seat)

    def show_hint(self) -> None:
        """One hint on screen at a time, in a notice: the second stage replaces the first."""
        found = self.current_hint()
        if found is None:
            return
        more = _("\n(h again: the whole move and why)") if self._hint_stage == 1 else ""
        self.app.clear_notifications()
        self.notify(found.text(self._hint_stage) + more, title=_("Hint"), timeout=12)

    def rule_shown(self) -> str | None:
        """The rule last named: a refusal's or an explained log line's."""
        return self.last_rule

    def help_text(self) -> str:
        return shell_(HELP_TEXT)

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

    def undo_question(self, plan: UndoPlan, seat: int) -> str:
        name = self.session.state.players[seat]
        if any(other == seat for other, _turn in plan.turns):
            return _("Take back {name}'s turn?").format(name=name)
        # Only the crossing that player paid after the last move (E2).
        return _("Take back {name}'s final crossing?").format(name=name)

    def undo_phrase(self, plan: UndoPlan) -> str:
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

    def command_refused(self, command: AnyCommand, refusal: IllegalMove) -> None:
        self.show_refused(Refused(command, refusal))

    def show_refused(self, refused: Refused) -> None:
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
        before = self.session.state
        self.apply(command)
        if self.session.state is not before:
            # A hint or a refusal on screen was about the position before this move.
            self.app.clear_notifications()

    def refuse(self, refused: Refused) -> None:
        self.show_refused(refused)

    def redraw(self) -> None:
        self.refresh_all()

    def action_resign(self) -> None:
        """E5: the player at the keyboard leaves the game, once he has confirmed it."""
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        if state.phase != "playing":
            self.show_refused(
                Refused(
                    Resign(seat),
                    IllegalMove("E5", _("only the final crossings remain: they are paid")),
                )
            )
            return
        name = state.players[seat]
        self.ask_then_play(
            _("{name}: resign?").format(name=name),
            _(
                "{name} leaves the game and wins nothing, whatever the score (E5). The "
                "others play on while two are left; when one is left, the game ends."
            ).format(name=name),
            _("Resign"),
            Resign(seat),
            self.send,
        )
