"""Setting up a hosted game and running it to its end (``atlantis host`` and the app's Host)."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from atlantis_tui.online.seeded import SeededChance, check_save
from atlantis_tui.online.server import Host
from atlantis_tui.online.table import Table
from atlantis_tui.session import GameSession, Seat, validate_seats
from core.kernel.bot_settings import BotSettings
from core.kernel.errors import GameError
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType

DRAIN_SECONDS = 2.0
"""How long a finished host keeps its connections open to send the last update."""


class HostError(GameError):
    """A game that cannot be hosted as asked."""


def new_table(
    seats: Sequence[Seat],
    save_dir: Path,
    seed: int | None,
    settings: BotSettings,
    options: Any = None,
    game: AnyGameType | None = None,
) -> Table:
    """A new game with the rule ``options`` (default: the game's), saved in
    ``save_dir`` as any game is, with a code per human seat. ``game``: its descriptor
    (by default the default game)."""
    try:
        validate_seats(list(seats), game)
    except ValueError as problem:
        raise HostError(str(problem)) from None
    if all(not seat.is_human for seat in seats):
        raise HostError(_("an online game needs at least one human seat"))
    try:
        session = GameSession.new(
            seats, seed, options, save_dir=save_dir, bot_settings=settings, game=game
        )
    except ValueError as problem:  # the game's bots cannot play these options
        raise HostError(str(problem)) from None
    try:
        return Table(session, game=game)
    except SeededChance:
        # A game whose setup keeps no secret: nobody can join it, so keep no save of it.
        session.close()
        if session.path is not None:
            session.path.unlink(missing_ok=True)
        message = _("{game} keeps no secret for its chance, so it cannot be hosted online")
        raise HostError(message.format(game=session.game_type.display_name())) from None


def resumed_table(path: Path, settings: BotSettings, game: AnyGameType | None = None) -> Table:
    """An unfinished save hosted again; its seats are read from the save's header.
    ``game``: its descriptor (by default the default game).

    A save whose chance came from a seed (no secret in its opening event) is
    refused before it is read to be played, so the file stays as it was
    (``atlantis_tui.online.seeded``)."""
    check_save(path)
    session = GameSession.load(path, settings)
    if session.game_type.is_over(session.state):
        session.close()
        raise HostError(_("the game in {path} is over").format(path=path))
    if not session.humans:
        session.close()
        raise HostError(_("the game in {path} has no human seat to host").format(path=path))
    try:
        return Table(session, game=game)
    except GameError:
        session.close()
        raise


def shown_host(bind: str) -> str:
    """The address to give friends: the bound one, or this machine's name for 'any'."""
    if bind in ("0.0.0.0", "::", ""):
        return socket.gethostname()
    return f"[{bind}]" if ":" in bind else bind


PROGRAM = "atlantis"
"""The command's name, as ``pip install`` puts it on the PATH."""


def invoked_as(
    argv0: str | None = None, orig_argv: Sequence[str] | None = None, path: str | None = None
) -> str:
    """How to run this program as it was run, so that a command it prints runs as printed.

    ``python -m atlantis_tui.cli``, with the interpreter as it was typed, when run so;
    ``atlantis`` when that name on the PATH is the program that runs; otherwise the
    path it was started by (``.venv/bin/atlantis``), as given. The arguments default
    to ``sys.argv[0]``, ``sys.orig_argv`` and ``$PATH``.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    orig_argv = list(sys.orig_argv if orig_argv is None else orig_argv)
    if "-m" in orig_argv[1:-1]:
        module = orig_argv.index("-m", 1) + 1
        return shlex.join(orig_argv[: module + 1])
    if not argv0:
        return PROGRAM
    found = shutil.which(Path(argv0).name, path=path)
    if found is not None and _same_file(found, argv0):
        return Path(argv0).name
    return shlex.quote(argv0)


def _same_file(first: str, second: str) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def join_lines(table: Table, address: str, program: str = PROGRAM) -> list[str]:
    """One line per human seat, ready to paste: ``atlantis join ADDRESS CODE  # Name``
    (``program`` is how to run atlantis: see ``invoked_as``)."""
    return [
        f"{program} join {address} {code}  # {table.session.seats[seat].name}"
        for seat, code in sorted(table.codes.items())
    ]


def resume_command(path: Path, program: str = PROGRAM) -> str:
    """The command that hosts the save at ``path`` again."""
    return " ".join([program, "host", "--resume", shlex.quote(str(path))])  # a command, not words


async def run_host(
    table: Table,
    bind: str = "127.0.0.1",
    port: int = 0,
    bot_delay: float = 0.0,
    on_ready: Callable[[int], None] | None = None,
    origins: Sequence[str] = (),
) -> None:
    """Serve ``table`` until its game is over; ``on_ready`` hears the port listened on.

    ``origins``: the web pages allowed to connect (none by default; see ``Host``).
    """
    host = Host(table, bot_delay, origins=origins)
    try:
        async with host.serving(bind, port) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            if on_ready is not None:
                on_ready(bound)
            await host.finished.wait()
            await _drain(host)
    finally:
        table.session.close()


async def _drain(host: Host) -> None:
    """Give every client a moment to receive the final update before the host closes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DRAIN_SECONDS
    while loop.time() < deadline and any(not c.outbox.empty() for c in host.clients):
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)
