"""The start menu's Host and Join: small dialogs, then the join screen.

Hosting from the app runs the host inside the app's own event loop (it lives
as long as the app), shows the join lines to pass on, and seats the person
at this keyboard in the first human seat.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label
from textual.widgets.option_list import Option

from atlantis_tui.online.client import websocket_uri
from atlantis_tui.online.hosting import join_lines, new_table, run_host
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session import Seat, parse_players
from core.bots import BotSettings
from core.errors import AtlantisError
from core.i18n import N_, _

DEFAULT_PORT = 8700


class HostRequest(msgspec.Struct, frozen=True):
    """What the Host dialog asked for."""

    seats: tuple[Seat, ...]
    port: int


class JoinRequest(msgspec.Struct, frozen=True):
    """What the Join dialog asked for: the host's address and the seat's code."""

    address: str
    code: str


def parse_join(text: str) -> JoinRequest:
    """``HOST:PORT CODE``, or a whole pasted ``atlantis join HOST:PORT CODE  # Name`` line
    (which may start with another way to run atlantis: ``.venv/bin/atlantis join …``)."""
    words = text.split("#", 1)[0].split()
    if len(words) > 2 and words[-3] == "join":
        words = words[-2:]
    if len(words) != 2:
        raise ValueError(_("type HOST:PORT and the code, e.g. 127.0.0.1:8700 Xy3…"))
    websocket_uri(words[0])
    return JoinRequest(words[0], words[1])


def parse_host(players: str, port: str) -> HostRequest:
    seats = parse_players(players)
    if not 2 <= len(seats) <= 4:
        raise ValueError(_("Atlantis is for 2 to 4 players"))
    if not any(seat.is_human for seat in seats):
        raise ValueError(_("an online game needs at least one human seat"))
    if not port.strip().isdigit() or not 0 <= int(port) < 65536:
        raise ValueError(_("the port is a number from 0 to 65535"))
    return HostRequest(tuple(seats), int(port))


class _FormScreen(TranslatedKeys, ModalScreen[object]):
    """A dialog of labelled inputs; Enter in the last one submits, Escape steps back."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    TITLE_TEXT = ""
    FIELDS: tuple[tuple[str, str, str], ...] = ()
    """(id, label, initial value) of each input. The label is marked ``N_``, and so is a
    value in words (a number passes through ``_`` unchanged)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_(self.TITLE_TEXT), classes="dialog-title")
            for field_id, label, value in self.FIELDS:
                yield Label(_(label), classes="dialog-text")
                # An empty text must not reach gettext (it would answer the catalogue's header).
                yield Input(value=_(value) if value else "", id=field_id)
            yield Label("", id="form-error", classes="dialog-text")
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield Footer()

    @on(Input.Submitted)
    def submitted(self) -> None:
        values = {
            field_id: self.query_one(f"#{field_id}", Input).value for field_id, *_ in self.FIELDS
        }
        try:
            self.dismiss(self.parse(values))
        except ValueError as error:
            self.query_one("#form-error", Label).update(str(error))

    def parse(self, values: dict[str, str]) -> object:
        raise NotImplementedError

    def action_cancel(self) -> None:
        self.dismiss(None)


class JoinScreen(_FormScreen):
    TITLE_TEXT = N_("Join a game online")
    FIELDS = (("join", N_("The line the host gave you (HOST:PORT CODE):"), ""),)

    def parse(self, values: dict[str, str]) -> JoinRequest:
        return parse_join(values["join"])


class HostScreen(_FormScreen):
    TITLE_TEXT = N_("Host a game online")
    FIELDS = (
        ("players", N_("Players (you are the first human):"), N_("You,Friend,bot:greedy")),
        ("port", N_("Port (on 127.0.0.1; use atlantis host --bind for a LAN):"), str(DEFAULT_PORT)),
    )

    def parse(self, values: dict[str, str]) -> HostRequest:
        return parse_host(values["players"], values["port"])


def join_from_menu(app: App[None]) -> None:
    """Ask for the join line, then open the game."""
    from atlantis_tui.online.opening import open_online_game

    def chosen(request: object) -> None:
        if not isinstance(request, JoinRequest):
            return

        async def join() -> None:
            try:
                await open_online_game(app, request.address, request.code)
            except AtlantisError as error:
                app.notify(str(error), title=_("Cannot join"), severity="error")

        app.run_worker(join(), group="online-join")

    app.push_screen(JoinScreen(), chosen)


def host_from_menu(app: App[None], save_dir: Path, settings: BotSettings | None) -> None:
    """Ask for the seats, host the game in this app, show the join lines, take seat one."""
    from atlantis_tui.online.opening import open_online_game
    from atlantis_tui.screens.choosers import ChoiceScreen

    def chosen(request: object) -> None:
        if not isinstance(request, HostRequest):
            return
        try:
            table = new_table(request.seats, save_dir, None, settings or BotSettings())
        except (AtlantisError, OSError) as error:
            app.notify(str(error), title=_("Cannot host"), severity="error")
            return
        mine = min(table.codes)

        async def ready(port: int) -> None:
            address = f"127.0.0.1:{port}"
            await open_online_game(app, address, table.codes[mine])
            lines = [line for line in join_lines(table, address) if table.codes[mine] not in line]
            text = "\n".join(lines) + "\n" + _("Watch: atlantis watch {a}").format(a=address)
            app.push_screen(
                ChoiceScreen(
                    _("Pass these lines to the other players"), text, [Option(_("OK"), id="ok")]
                )
            )

        def on_ready(port: int) -> None:
            app.run_worker(ready(port), group="online-join")

        async def host() -> None:
            try:
                await run_host(table, "127.0.0.1", request.port, on_ready=on_ready)
            except OSError as error:
                table.session.close()
                app.notify(str(error), title=_("Cannot host"), severity="error")

        app.run_worker(host(), group="online-host")

    app.push_screen(HostScreen(), chosen)
