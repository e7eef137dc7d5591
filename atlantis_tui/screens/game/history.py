"""Undo and redo, asking before taking back another person's decision."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets.option_list import Option

from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.game.seats import Seats
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session import UndoPlan
from core.kernel.i18n import _


class History(Seats, TranslatedKeys, Screen[None]):
    """``u`` takes back the last human decision (with the bots' replies after it),
    ``U`` plays it again. In hot-seat play, taking back a decision of another
    person at the table (a turn, or a choice outside a turn) asks first: every seat
    of ``UndoPlan.seats`` but the viewer's is someone else's.

    A game may word what an undo takes back (``undo_question``, ``undo_phrase``)
    and forget what it had chosen on the old position (``forget_choices``).
    """

    def forget_choices(self) -> None:
        """After a move, an undo or a redo: drop what was being chosen for the old
        position."""

    def history_changed(self) -> None:
        """After an undo or a redo (the log follows by itself, or says so here)."""
        self.forget_choices()

    def refresh_all(self) -> None:
        raise NotImplementedError

    def advance(self) -> None:
        raise NotImplementedError

    def undo_question(self, plan: UndoPlan, seat: int) -> str:
        """The question asked before taking back ``seat``'s decision."""
        name = self.player_name(seat)
        return _("Take back {name}'s turn?").format(name=name)

    def undo_phrase(self, plan: UndoPlan) -> str:
        """What ``plan`` takes back, as ``your turn 3 and Bob's turn 3``."""
        names = [
            _("your turn {n}").format(n=turn)
            if seat == self.viewer
            else _("{name}'s turn {n}").format(name=self.player_name(seat), n=turn)
            for seat, turn in plan.turns
        ]
        if not names:
            return _("the last decision")
        if len(names) == 1:
            return names[0]
        return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    def action_undo(self) -> None:
        """Take back the last turn (and the bots' replies), asking first in hot-seat
        when it is another person's decision."""
        plan = self.session.undo_plan()
        if plan is None:
            self.notify(_("There is nothing of yours to undo yet."))
            return
        humans = self.session.humans
        others = [seat for seat in plan.seats if seat != self.viewer and seat in humans]
        if not (self._hot_seat() and others):
            self._undo()
            return

        def confirmed(choice: str | None) -> None:
            if choice == "yes":
                self._undo()

        self.app.push_screen(
            ChoiceScreen(
                self.undo_question(plan, others[0]),
                _("Undo takes back {turns}.").format(turns=self.undo_phrase(plan)),
                [Option(_("Yes, undo it"), id="yes"), Option(_("No"), id="no")],
            ),
            confirmed,
        )

    def _undo(self) -> None:
        plan = self.session.undo()
        if plan is not None:
            self._after_history_change(_("Took back {turns}.").format(turns=self.undo_phrase(plan)))

    def action_redo(self) -> None:
        """Play again what was undone."""
        if not self.session.redo():
            self.notify(_("There is nothing to redo."))
            return
        self._after_history_change(_("Redone."))

    def _after_history_change(self, message: str) -> None:
        self._busy = False
        self.history_changed()
        self.refresh_all()
        self.notify(message)
        # The viewer stays whoever is at the keyboard: if the seat to act now is another
        # human, ``advance`` hides the table behind the hand-over curtain first.
        self.call_after_refresh(self.advance)
