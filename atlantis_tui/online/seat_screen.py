"""What every game's online game screen shares: listening to the host, sending it a
command, its refusals, who the game waits for, the actions that are off online,
and the join lines.

A game's online screen (``atlantis_tui/games/<game>/online_screen.py``) is its
usual game screen with ``OnlineSeat`` mixed in first, built with a
``RemoteSession`` and the join lines to show again (or ``None``), and
``ONLINE_BINDINGS`` (or ``online_bindings``) as its ``BINDINGS``. What every
seat does alike is here: a command goes to the host instead of being played, the
screen changes when the host's update arrives, a refusal is shown with its rule
id, the subtitle says who plays, who watches and who the game waits for, the end
screen comes once; the other seats are played elsewhere, so there is no curtain
and no bot; undo, redo and hints are off (their keys only say so, and neither
the footer nor the palette offers them), and a watcher is offered no key of a
move. A game keeps only its own: the extra actions of a turn
(``MOVE_ACTIONS``), where it shows that the game waits (``with_waiting``), and
what it does with a refusal or an update beyond that.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType

from atlantis_tui.keymap import SHARED_KEYS
from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.protocol import AnyServerMessage, Error, Presence, Refused, Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.session_protocol import WATCHER
from core.kernel.errors import IllegalMove
from core.kernel.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from atlantis_tui.screens.game.base import GameScreenBase

    _SeatBase = GameScreenBase
else:
    # A plain mixin at run time, first among the screen's bases: the game's screen is
    # the Textual widget class.
    _SeatBase = object

OFF_ONLINE = frozenset({"undo", "redo", "hint"})
"""Actions no seat has online: the footer and the palette do not offer them."""


def online_bindings(join_key: str = "j") -> list[BindingType]:
    """An online screen's ``BINDINGS``: the keys of undo, redo and hints only say that
    those are off; ``join_key`` shows the join lines again (a game whose own keys take
    ``j`` names another)."""
    return [
        Binding(f"{SHARED_KEYS['undo']},{SHARED_KEYS['redo']}", "undo_is_off", show=False),
        Binding(SHARED_KEYS["hint"], "hint_is_off", show=False),
        Binding(join_key, "join_lines", N_("Join lines")),
    ]


ONLINE_BINDINGS = online_bindings()


class OnlineSeat(_SeatBase):
    """The online part of a game screen for one seat (or a watcher) of a hosted game
    (a mixin, first among the screen's bases)."""

    MOVE_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """A turn's actions besides the game screen's ``TURN_ACTIONS``: a watcher is offered
    none of either."""

    def __init__(
        self, session: RemoteSession[Any, Any, Any, Any], join_lines: str | None = None
    ) -> None:
        """``session``: the seat's (``online.screen.online_screen`` makes it)."""
        super().__init__(session, bot_delay=0.0)
        self.remote = session
        self.client: OnlineClient = session.client
        self.join_lines = join_lines
        """The lines to pass on, for the player who hosts the game in this app."""
        self.viewer = session.seat
        self._ended = False
        self._prompted_at = -1
        """The event count at which this seat was last asked for a decision
        (``seat_ready``): once per position, presence messages notwithstanding."""

    def on_mount(self) -> None:
        # Textual calls the game screen's own ``on_mount`` after this one: the
        # subtitle is written once it has named the players.
        self.call_later(self._show_presence)
        self.listen()

    # -- messages from the host ------------------------------------------------------
    @work(exclusive=True, group="online")
    async def listen(self) -> None:
        try:
            async for message in self.client.messages():
                self.received(message)
        except JoinError as error:
            self.notify(str(error), title=_("Disconnected"), severity="error", timeout=30)

    def received(self, message: AnyServerMessage) -> None:
        """Show what the host sent: new events, who is away, or why a command was
        refused or not acted on. After a refusal the same decision is asked again."""
        if isinstance(message, Update):
            self._busy = False
            self.updated(message)
            self.call_after_refresh(self.advance)
            return
        if isinstance(message, Presence):
            self._show_presence()
        elif isinstance(message, Refused | Error):
            self._busy = False
            self._prompted_at = -1
            self.host_declined(
                IllegalMove(message.rule, message.reason)
                if isinstance(message, Refused)
                else message.message
            )
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def updated(self, update: Update[Any, Any]) -> None:
        """New events from the host: what was chosen for the old position is done with."""
        if update.events:
            self.forget_choices()
        self.refresh_all()

    def host_declined(self, why: IllegalMove | str) -> None:
        """The host did not play this seat's command: the rules refused it (the
        reason, with its rule id), or the host would not act on it (the game waits,
        …: what it said)."""
        if isinstance(why, IllegalMove):
            self.show_refusal(why)
        else:
            self.notify(why, title=_("The host says"), severity="warning")

    @work(group="send")
    async def send_to_host(self, command: Any) -> None:
        await self.client.act(command)

    def apply(self, command: Any) -> IllegalMove | None:
        """Send the command; the host's update (or refusal) will show what came of it."""
        self._busy = True
        self.refusal = None
        self.send_to_host(command)
        self.refresh_all()
        return None

    # -- the flow of the game ----------------------------------------------------------
    def advance(self) -> None:
        """Show the position, and the end screen once when the game is over. The host
        plays the bots and says whose turn it is: this seat is asked for a decision
        (``seat_ready``) once per position, when it is its turn."""
        if self.game_over():
            self.refresh_bindings()
            self.refresh_all()
            if not self._ended:
                self._ended = True
                self.app.push_screen(self.end_screen())
            return
        self.viewer = self.remote.seat
        self.refresh_all()
        if self._human_to_act() is not None and self._prompted_at != len(self.session.events):
            self._prompted_at = len(self.session.events)
            self.seat_ready()

    def _human_to_act(self) -> int | None:
        if self._busy or not self.client.my_turn:
            return None
        return self.remote.seat

    def _log_viewer(self) -> int | None:
        """The log is written for this seat (a watcher: for nobody's hand), from the
        events as the host sent them."""
        if self.GAME.open_hands_in(self.session.state):
            return None
        return WATCHER if self.remote.seat is None else self.remote.seat

    def action_toggle_hands(self) -> None:
        if self.show_all_hands:
            return  # every hand is open (a rule option): the host sends them all
        self.notify(_("Online, only your own hand is shown."))

    # -- who the game waits for --------------------------------------------------------
    def _show_presence(self) -> None:
        away = self.awaited()
        names = ", ".join(seat.name for seat in self.client.seats)
        mine = self.remote.seat
        # The subtitle is a status bar of separate parts, each a whole phrase.
        parts = [names]
        if mine is None:
            parts.append(_("watching"))
        else:
            parts.append(_("you are {name}").format(name=self.client.seats[mine].name))
        if away:
            parts.append(_("waiting for {names}").format(names=", ".join(away)))
        self.sub_title = " · ".join(parts)

    def out_of_the_game(self) -> frozenset[int]:
        """Seats the game no longer waits for, away or not (none by default)."""
        return frozenset()

    def awaited(self) -> list[str]:
        """The players the game waits for: away, and still in it."""
        if not self.client.waiting or self.client.is_over:
            return []
        out = self.out_of_the_game()
        return [
            seat.name
            for index, seat in enumerate(self.client.seats)
            if not seat.present and index not in out
        ]

    def with_waiting(self, text: Text) -> Text:
        """``text`` (the preview's), under who the game waits for while it waits."""
        waiting = self.waiting_text()
        if waiting is None:
            return text
        shown = Text(waiting, style="dim")
        shown.append("\n\n")
        shown.append_text(text)
        return shown

    def waiting_text(self) -> str | None:
        """Who the game waits for, while it waits; None while it goes on."""
        if not self.client.waiting or self.client.is_over:
            return None
        away = self.awaited()
        if not away:
            return _("Waiting for the host…")
        names = away[0]
        if len(away) > 1:
            names = _("{first} and {last}").format(first=", ".join(away[:-1]), last=away[-1])
        return ngettext(
            "Waiting for {names} to join or come back (away)…",
            "Waiting for {names} to join or come back (away)…",
            len(away),
        ).format(names=names)

    # -- what is off online -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False: neither the footer nor the palette offers it, and its key does nothing.
        if action in OFF_ONLINE:
            return False
        if self.remote.seat is None and (
            action in self.MOVE_ACTIONS or action in self.TURN_ACTIONS
        ):
            return False
        if action == "join_lines":
            return self.join_lines is not None
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self.notify(_("Undo is off in online games: a move once made stands."))

    def action_redo(self) -> None:
        self.action_undo()

    def action_undo_is_off(self) -> None:
        self.action_undo()

    def action_hint(self) -> None:
        self.notify(_("Hints are off in online games."))

    def action_hint_is_off(self) -> None:
        self.action_hint()

    # -- the join lines, for the player who hosts ----------------------------------------
    def action_join_lines(self) -> None:
        if self.join_lines is not None:
            self.app.push_screen(JoinLinesScreen(self.join_lines))

    def palette_commands(self) -> Iterator[SystemCommand]:
        """This screen's own commands, which the app adds to the palette."""
        yield SystemCommand(
            _("Join lines"),
            _("The lines to pass on to the other players, to see or copy again"),
            self.action_join_lines,
        )
