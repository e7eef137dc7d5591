"""What the screens read of a game being played, and ask of it: the ``Session`` protocol.

Two kinds of session implement it, each on its own: ``GameSession``
(``atlantis_tui/session.py``), a game played here, which holds the whole
state, saves every event and runs the bots; and ``RemoteSession``
(``atlantis_tui/online/remote.py``), one seat (or a watcher) of a game
hosted elsewhere, which holds only what its host sent: the events as its
seat may see them and its seat's view. The game screen, the end screen and
the log are written against this protocol, so the same screens show either.

What a remote seat cannot know, the protocol says it does not have to know:

- ``state`` is the state *as the session knows it*. Locally, the whole state;
  remotely, the state of the seat's view, with what the seat may not see
  blanked by the game's ``view_for`` (in Atlantis, the other hands and the draw
  pile are empty). A screen never reads another seat's hidden things
  from it, and reads their sizes from a view.
- ``view(seat)`` is what ``seat`` may see. A local session gives any seat's
  view; a remote one only its own (``own_view``: a watcher's is ``WATCHER``'s),
  and raises ``NotKnownHere`` for any other. A view holds the sizes of what it
  hides (Atlantis: ``PlayerView.hand_sizes`` and ``deck_size``).
- ``events`` are the game's events as the session holds them: all of them
  locally; remotely, each projected for the seat by the game's ``event_for``.
- Bots play where the game is: a remote session never has a bot to act
  (``is_bot_turn`` is false, ``bot_command`` raises ``NotKnownHere``).
- Commands are decided where the game is: a remote session's ``play`` raises
  (its screen sends the command to the host, whose update brings the events),
  and it has nothing to undo or redo (``undo_plan`` and ``undo`` give ``None``,
  ``redo`` nothing): online, a move once made stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from core.kernel.errors import GameError
from core.kernel.events import Action

if TYPE_CHECKING:
    from atlantis_tui.session import Seat, UndoPlan

S_co = TypeVar("S_co", covariant=True)
"""The game's state."""
E = TypeVar("E")
"""The game's events."""
C = TypeVar("C")
"""The game's commands."""
V_co = TypeVar("V_co", covariant=True)
"""What one seat may see of a state (the game's view)."""
V = TypeVar("V")

WATCHER = -1
"""The seat of one who holds no hand: a watcher, or a hot-seat table's shared screen.
Every game's ``view_for`` and ``event_for`` take it and hide every hand from it."""


class NotKnownHere(GameError):
    """What a session cannot know or do where it is: another seat's view, or a bot's
    move, of a game hosted elsewhere."""


class Session(Protocol[S_co, E, C, V_co]):
    """A game being played, as a screen sees it (see the module's docstring)."""

    @property
    def seats(self) -> Sequence[Seat]:
        """Every seat at the table, in order: a name, and ``human`` or a bot's name."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats played at this keyboard (remotely: this client's seat, if any)."""
        ...

    @property
    def state(self) -> S_co:
        """The state as this session knows it (remotely: its seat's view's state)."""
        ...

    @property
    def events(self) -> list[E]:
        """The game's events, undo markers and undone events included (remotely: each
        projected for this seat)."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or ``None``."""
        ...

    @property
    def path(self) -> Path | None:
        """The save file this session appends to; ``None`` when it saves nothing here."""
        ...

    @property
    def actions(self) -> Sequence[Action] | None:
        """Where each action begins among ``events`` (the save's markers), for a replay
        to take the game up from; ``None`` when this session does not know them."""
        ...

    def view(self, seat: int) -> V_co:
        """What ``seat`` may see now; a remote session knows only its own seat's view
        and raises ``NotKnownHere`` for another."""
        ...

    def is_bot_turn(self) -> bool:
        """Whether a bot played by this session is to act (never, remotely)."""
        ...

    def bot_command(self) -> C:
        """The command of the bot to act; only asked when ``is_bot_turn()``."""
        ...

    def play(self, command: C) -> list[E]:
        """Apply ``command`` here and return the events it caused; a refusal raises
        ``IllegalMove``. A remote session decides nothing and raises ``GameError``."""
        ...

    def undo_plan(self) -> UndoPlan | None:
        """What Undo would take back, or ``None`` when nothing can be."""
        ...

    def undo(self) -> UndoPlan | None:
        """Take back what ``undo_plan`` says; ``None`` when nothing was."""
        ...

    def redo(self) -> list[E]:
        """Apply again what the last undo took back; empty when there is nothing to redo."""
        ...

    def close(self) -> None:
        """Let go of what the session holds open (its save file)."""
        ...


def own_view(session: Session[Any, Any, Any, V]) -> V:
    """A view every session can give: that of its one seat at this keyboard, else a
    watcher's. It holds the sizes of whatever it hides."""
    humans = session.humans
    return session.view(humans[0] if humans else WATCHER)


if TYPE_CHECKING:
    # mypy proves here that both kinds of session are sessions, structurally, of any game.
    from atlantis_tui.online.remote import RemoteSession
    from atlantis_tui.session import GameSession

    def _local(session: GameSession) -> Session[Any, Any, Any, Any]:
        return session

    def _remote(
        session: RemoteSession[Any, Any, Any, Any],
    ) -> Session[Any, Any, Any, Any]:
        return session
