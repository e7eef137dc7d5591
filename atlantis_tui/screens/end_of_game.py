"""What every game's end screen does with its buttons and keys, whatever it shows.

The end screen itself (``screens.end_screen``) lays out a game's report and these
buttons; the actions behind them are the same for every game and live here: a new
game, the start menu, back to the board, the replay, and the replay with the
game's review (``screens.replay_review``). A game hosted elsewhere
(online) is held only as this seat saw it, the others' cards left out of its events:
there is no whole record to judge, and such a session knows no actions, so it
offers no review.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from atlantis_tui.app_interface import atlantis_app

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widgets import Button

    from atlantis_tui.session_protocol import Session
    from core.kernel.registry import AnyGameType

    _ScreenBase = Screen[None]
else:
    # A plain mixin at run time, as ``TranslatedKeys``: the screen's own base stays
    # Textual's ``Screen``.
    _ScreenBase = object

BUTTONS_PER_ROW = 4
"""Four buttons fit one row of 80 columns, five do not: three, then two."""


def button_rows(buttons: list[Button]) -> list[list[Button]]:
    """The end screen's buttons in rows that fit 80 columns."""
    return [buttons] if len(buttons) <= BUTTONS_PER_ROW else [buttons[:3], buttons[3:]]


class EndOfGameActions(_ScreenBase):
    """The end screen's actions; a screen sets ``GAME`` (the game's descriptor) and
    ``session``, and sends its buttons' presses to ``press``."""

    GAME: ClassVar[AnyGameType]
    session: Session[Any, Any, Any, Any]

    @property
    def reviewable(self) -> bool:
        """Whether the game can be reviewed here: not one hosted elsewhere."""
        return self.session.actions is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Off where there is nothing to review.
        return action != "review" or self.reviewable

    def press(self, button_id: str | None) -> None:
        """Run the action of the button with this id (``back`` by default)."""
        getattr(self, f"action_{_BUTTON_ACTIONS.get(button_id or '', 'back')}")()

    def action_new_game(self) -> None:
        atlantis_app(self).action_new_game()

    def action_menu(self) -> None:
        atlantis_app(self).action_menu()

    def action_back(self) -> None:
        self.dismiss()

    def action_replay(self) -> None:
        self._replay(review=False)

    def action_review(self) -> None:
        """The replay, with each decision judged (or the review kept beside the save)."""
        if self.reviewable:
            self._replay(review=True)

    def _replay(self, review: bool) -> None:
        session = self.session
        names = ", ".join(self.GAME.presentation.player_names(session.state))
        atlantis_app(self).replay_events(
            list(session.events),
            names,
            actions=session.actions,
            game=self.GAME.id,
            source=session.path if review else None,
            review=review,
        )


_BUTTON_ACTIONS = {
    "new": "new_game",
    "menu": "menu",
    "back": "back",
    "replay": "replay",
    "review": "review",
}
"""The end screens' button ids, and the actions they run."""
