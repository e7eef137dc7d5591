"""The start menu's Host and Join: small dialogs, then the join screen.

Hosting from the app runs the host inside the app's own event loop (it lives
as long as the app), shows the join lines to pass on (the game screen shows
them again on ``j`` or from the palette), and seats the person at this
keyboard in the first seat, under the name asked for (remembered in the
settings for the next time).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from atlantis_tui.online.client import websocket_uri
from atlantis_tui.online.hosting import join_lines, new_table, run_host
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.table import Table
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session import Seat, parse_players
from atlantis_tui.settings import load_settings, save_settings
from atlantis_tui.widgets.footer import KeysFooter
from core.games import DEFAULT_GAME, GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.errors import GameError
from core.kernel.i18n import N_, _
from core.kernel.registry import AnyGameType

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
    (which may start with another way to run atlantis: ``.venv/bin/atlantis join …``).
    The code may be given as ``--code CODE`` or ``--code=CODE``, as ``atlantis join`` takes it."""
    words = text.split("#", 1)[0].split()
    if len(words) >= 2 and words[-2] == "--code":
        words = [*words[:-2], words[-1]]
    elif words and words[-1].startswith("--code="):
        words = [*words[:-1], words[-1].removeprefix("--code=")]
    if len(words) > 2 and words[-3] == "join":
        words = words[-2:]
    if len(words) != 2 or not words[1]:
        raise ValueError(_("type HOST:PORT and the code, e.g. 127.0.0.1:8700 Xy3…"))
    websocket_uri(words[0])
    return JoinRequest(words[0], words[1])


def parse_host(
    players: str, port: str, you: str | None = None, game: AnyGameType | None = None
) -> HostRequest:
    """The seats and port asked for; ``you``, when given, is the first seat's name and
    ``players`` the others. ``game`` (by default the default game) says how many seats
    it takes."""
    game = game if game is not None else GAMES.get(DEFAULT_GAME)
    if you is not None:
        you = you.strip()
        if not you:
            raise ValueError(_("type your name: the other players will see it"))
        if "," in you or you.startswith("bot:"):
            raise ValueError(_("your name cannot hold a comma or start with bot:"))
        players = f"{you},{players}"
    seats = parse_players(players, game)
    too_many_or_few = game.check_players(len(seats))
    if too_many_or_few is not None:
        raise ValueError(too_many_or_few)
    if not any(seat.is_human for seat in seats):
        raise ValueError(_("an online game needs at least one human seat"))
    if not port.strip().isdigit() or not 0 <= int(port) < 65536:
        raise ValueError(_("the port is a number from 0 to 65535"))
    return HostRequest(tuple(seats), int(port))


class _FormScreen(TranslatedKeys, ModalScreen[object]):
    """A dialog of labelled inputs; Enter in the last one submits, Escape steps back."""

    # Each label sits on its input (no margin, unlike .dialog-text), so that three fields
    # and the error fit in 24 lines.
    DEFAULT_CSS = """
    .form-label {
        width: 100%;
        color: $text-muted;
    }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    TITLE_TEXT = ""
    FIELDS: tuple[tuple[str, str, str], ...] = ()
    """(id, label, initial value) of each input. The label is marked ``N_``, and so is a
    value in words (a number passes through ``_`` unchanged)."""

    def __init__(self, filled: dict[str, str] | None = None) -> None:
        super().__init__()
        self.filled = filled or {}
        """Initial values that are not words to translate (a remembered name), by id."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_(self.TITLE_TEXT), classes="dialog-title")
            for field_id, label, value in self.FIELDS:
                yield Label(_(label), classes="form-label")
                # An empty text must not reach gettext (it would answer the catalogue's header).
                shown = self.filled.get(field_id, _(value) if value else "")
                yield Input(value=shown, id=field_id)
            yield Label("", id="form-error", classes="dialog-text")
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

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
    """Your name (empty unless remembered: it is asked for), the other seats and the port,
    for a game of ``game`` (by default the default game)."""

    TITLE_TEXT = N_("Host a game online")
    FIELDS = (
        ("name", N_("Your name (the other players will see it):"), ""),
        (
            "players",
            N_("The other players (names, or bot:greedy…), with commas:"),
            N_("Friend,bot:greedy"),
        ),
        ("port", N_("Port (on 127.0.0.1; use atlantis host --bind for a LAN):"), str(DEFAULT_PORT)),
    )

    def __init__(
        self, filled: dict[str, str] | None = None, game: AnyGameType | None = None
    ) -> None:
        super().__init__(filled)
        self.game = game

    def parse(self, values: dict[str, str]) -> HostRequest:
        return parse_host(values["players"], values["port"], you=values["name"], game=self.game)


def remembered_name(save_dir: Path) -> str:
    """The name last hosted under, or empty (then the Host dialog asks for it)."""
    return load_settings(save_dir).name or ""


def remember_name(save_dir: Path, name: str) -> None:
    settings = load_settings(save_dir)
    if settings.name == name:
        return
    settings.name = name
    # Not remembering only means being asked again next time.
    with contextlib.suppress(OSError):
        save_settings(save_dir, settings)


def join_text(table: Table, address: str, own_code: str) -> str:
    """The lines to pass on: one per other human seat, then one to watch; each can be
    pasted as it is (the name follows a ``#``)."""
    lines = [line for line in join_lines(table, address) if own_code not in line]
    lines.append(_("atlantis watch {address}  # anyone, public view only").format(address=address))
    return "\n".join(lines)


def join_from_menu(app: App[None]) -> None:
    """Ask for the join line, then open the game."""
    from atlantis_tui.online.opening import open_online_game

    def chosen(request: object) -> None:
        if not isinstance(request, JoinRequest):
            return

        async def join() -> None:
            try:
                await open_online_game(app, request.address, request.code)
            except GameError as error:
                app.notify(str(error), title=_("Cannot join"), severity="error")

        app.run_worker(join(), group="online-join")

    app.push_screen(JoinScreen(), chosen)


def host_from_menu(
    app: App[None], save_dir: Path, settings: BotSettings | None, game: AnyGameType | None = None
) -> None:
    """Ask for the seats, host a game of ``game`` in this app, show the join lines, take
    seat one. ``game``: by default the one chosen in the app's start menu (``game_ui``),
    else the default game."""
    from atlantis_tui.online.opening import open_online_game

    if game is None:
        game = _chosen_game(app)

    def chosen(request: object) -> None:
        if not isinstance(request, HostRequest):
            return
        try:
            table = new_table(request.seats, save_dir, None, settings or BotSettings(), game=game)
        except (GameError, OSError) as error:
            app.notify(str(error), title=_("Cannot host"), severity="error")
            return
        mine = min(table.codes)
        remember_name(save_dir, request.seats[mine].name)

        async def ready(port: int) -> None:
            address = f"127.0.0.1:{port}"
            lines = join_text(table, address, table.codes[mine])
            await open_online_game(app, address, table.codes[mine], lines)
            app.push_screen(JoinLinesScreen(lines))

        def on_ready(port: int) -> None:
            app.run_worker(ready(port), group="online-join")

        async def host() -> None:
            try:
                await run_host(table, "127.0.0.1", request.port, on_ready=on_ready)
            except OSError as error:
                table.session.close()
                app.notify(str(error), title=_("Cannot host"), severity="error")

        app.run_worker(host(), group="online-host")

    app.push_screen(HostScreen({"name": remembered_name(save_dir)}, game), chosen)


def _chosen_game(app: App[None]) -> AnyGameType | None:
    """The game the app's start menu has chosen, if the app chooses one."""
    from atlantis_tui.games import GameUI

    ui = getattr(app, "game_ui", None)
    return ui.game if isinstance(ui, GameUI) else None
