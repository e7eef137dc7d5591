"""``GameScreenBase``: one game in progress, the parts every game shares.

A game's screen derives from it and provides:

- ``GAME`` (its descriptor), ``TURN_ACTIONS`` (its actions that make a move:
  offered only while the game is on), ``HELP_TEXT`` (its own keys and how to
  read its board, in its own catalogue, already translated by ``help_text``);
- ``compose`` (its board, its panels, an ``EventLog``) and ``refresh_all`` (draw
  them from the session's state and the shown hand, then ``refresh_log``);
- ``end_screen``; ``work_out_hint`` and ``show_hint``; ``forget_choices``;
  optionally ``seat_ready``, ``rule_shown`` and ``show_refusal``;
- its own bindings and actions (the move builder).

The shared keys are ``atlantis_tui.keymap``'s: a game lists them after its own
(``shared_bindings``), so that its footer shows its own keys first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.widgets import Button
from textual.widgets.option_list import Option

from atlantis_tui.keymap import SHARED_KEYS_HELP
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.game.flow import PlayLoop
from atlantis_tui.screens.game.hands import Hands
from atlantis_tui.screens.game.hints import Hints
from atlantis_tui.screens.game.history import History
from atlantis_tui.screens.game.log import GameLog
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.session_protocol import Session
from core.kernel.errors import IllegalMove
from core.kernel.i18n import _


class GameScreenBase(PlayLoop, History, Hands, Hints, GameLog):
    """One game in progress: the play loop, undo, hands, hints, the log, help, rules."""

    TURN_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """The game's actions that make a move (after the end there is none to make)."""

    def __init__(self, session: Session[Any, Any, Any, Any], bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.viewer = self._initial_viewer()
        self.show_all_hands = self.GAME.open_hands_in(session.state)
        self.refusal: IllegalMove | None = None
        """The last refusal, shown until the next move; ``r`` opens its rule."""
        self._busy = False

    # -- which keys apply now -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.game_over()
        if action == "scores":
            # Esc goes back to the scores once the game is over, as Esc on them ("See the
            # board") came here; until then the game's own Esc (clear, put down) has it.
            return over
        if action == "toggle_log":
            # The log key only matters where the log shares its place; wide, it is shown.
            return self.has_class("-narrow")
        # After the end there is no move to make: offer none.
        return not (over and (action in self.TURN_ACTIONS or action == "hint"))

    # -- playing a command ---------------------------------------------------------------------
    def apply(self, command: Any) -> IllegalMove | None:
        """Send ``command`` to the rules; a refusal is shown with its rule id and returned."""
        before = self.session.state
        try:
            events = self.session.play(command)
        except IllegalMove as refusal:
            self.command_refused(command, refusal)
            return refusal
        self.refusal = None
        self.forget_choices()
        self.played(before, events)
        self.refresh_all()
        if self.session.state is not before:
            self.call_after_refresh(self.advance)
        return None

    def played(self, before: Any, events: list[Any]) -> None:
        """After a command was played from ``before``: a game may mark what its
        ``events`` changed."""

    def command_refused(self, command: Any, refusal: IllegalMove) -> None:
        """The rules refused ``command``: show why (a game may say what is allowed)."""
        self.show_refusal(refusal)

    def show_refusal(self, refusal: IllegalMove) -> None:
        """The refusal as a notice with its rule id (and wherever the game shows it)."""
        self.refusal = refusal
        self.notify(
            refusal.reason,
            title=_("Not allowed ({rule}) · r: read the rule").format(rule=refusal.rule),
            severity="error",
            timeout=8,
        )
        self.refresh_all()

    def ask_then_play(
        self,
        question: str,
        detail: str,
        yes: str,
        command: Any,
        play: Callable[[Any], object] | None = None,
    ) -> None:
        """A decision that cannot be taken back by the rules (a pass, resigning): play
        ``command`` (with ``play``, by default ``apply``) once the player chose ``yes``
        over "Play on"."""

        def chosen(answer: str | None) -> None:
            if answer == "yes":
                (play or self.apply)(command)

        self.app.push_screen(
            ChoiceScreen(question, detail, [Option(yes, id="yes"), Option(_("Play on"), id="no")]),
            chosen,
        )

    # -- the action bar ---------------------------------------------------------------------------
    def bar_actions(self) -> dict[str, Callable[[], None]]:
        """The action bar's buttons (in a container of class ``action-bar``), by id, and
        what each does: the same as a key."""
        return {}

    @on(Button.Pressed, ".action-bar Button")
    def _bar_pressed(self, event: Button.Pressed) -> None:
        action = self.bar_actions().get(event.button.id or "")
        if action is not None:
            action()

    # -- rules and help ------------------------------------------------------------------------
    def rule_shown(self) -> str | None:
        """The rule ``r`` opens: the last refusal's (None: the rulebook's start)."""
        return self.refusal.rule if self.refusal is not None else None

    def action_why(self) -> None:
        """Open the rulebook at the rule of the last refusal (or of what the game shows)."""
        from atlantis_tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(rule_id=self.rule_shown(), game=self.GAME.id))

    def help_text(self) -> str:
        """The game's own keys and how to read its board, in the reader's language."""
        raise NotImplementedError

    def action_help(self) -> None:
        """The keys of every game, then the game's own and how to read its board."""
        self.app.push_screen(HelpScreen(_(SHARED_KEYS_HELP) + "\n" + self.help_text()))
