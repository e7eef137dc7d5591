"""What every game's online game screen shares: listening to the host, who the game
waits for, the actions that are off online, and the join lines.

A game's online screen (``atlantis_tui/games/<game>/online_screen.py``) is its
usual game screen with ``OnlineSeat`` mixed in first, given a ``RemoteSession``.
It sets ``remote``, ``client`` and ``join_lines`` when built, names its own
turn's actions in ``MOVE_ACTIONS`` (a watcher is offered none), and handles the
host's messages in ``received``; undo, redo and hints are off (their keys only
say so, and neither the footer nor the palette offers them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from textual import work
from textual.app import SystemCommand

from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.protocol import AnyServerMessage
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.kernel.i18n import _, ngettext

OFF_ONLINE = frozenset({"undo", "redo", "hint"})
"""Actions no seat has online: the footer and the palette do not offer them."""


class OnlineSeat(TranslatedKeys):
    """The online part of a game screen for one seat (or a watcher) of a hosted game
    (a mixin, first among the screen's bases, as ``TranslatedKeys`` is one)."""

    MOVE_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """The actions of a seat's own turn: a watcher is offered none."""

    remote: RemoteSession[Any, Any, Any, Any]
    client: OnlineClient
    join_lines: str | None
    """The lines to pass on, for the player who hosts the game in this app."""

    # -- messages from the host ------------------------------------------------------
    @work(exclusive=True, group="online")
    async def listen(self) -> None:
        try:
            async for message in self.client.messages():
                self.received(message)
        except JoinError as error:
            self.notify(str(error), title=_("Disconnected"), severity="error", timeout=30)

    def received(self, message: AnyServerMessage) -> None:
        """Show what the host sent (each game's screen says how)."""
        raise NotImplementedError

    @work(group="send")
    async def send_to_host(self, command: Any) -> None:
        await self.client.act(command)

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
        if action in self.MOVE_ACTIONS and self.remote.seat is None:
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
