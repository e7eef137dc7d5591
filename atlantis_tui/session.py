"""A game being played in the app: who sits where, the save file, the bots.

Nothing here imports Textual, so the flow of a game (whose decision it is,
what a bot would do, what gets saved) is tested without a screen.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from atlantis_tui.style import bot_label
from core.atlantis.bots import BotSettings, make_bot
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent, GameStarted
from core.atlantis.evolve import states_after
from core.atlantis.game import Game
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.saves import header_for, resume_save
from core.atlantis.state import State
from core.atlantis.tiles import TileSet
from core.atlantis.view import PlayerView, view_for
from core.kernel.bots import make_bot_from
from core.kernel.chance import bot_random, new_secret, secret_from_seed
from core.kernel.events import Action, actions_in_force, events_in_force
from core.kernel.i18n import _
from core.kernel.save_lifecycle import unused_save_path
from core.kernel.savefile import HUMAN, SaveWriter

if TYPE_CHECKING:
    from core.kernel.registry import AnyGameType


class Seat(msgspec.Struct, frozen=True):
    """One seat at the table: a name, and ``human`` or a bot's name."""

    name: str
    kind: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def recorded(self) -> str:
        return HUMAN if self.is_human else f"bot:{self.kind}"

    @classmethod
    def from_recorded(cls, name: str, recorded: str) -> Seat:
        return cls(name, recorded.removeprefix("bot:"))


MAX_NAME_CHARS = 20


def parse_players(text: str, game: AnyGameType | None = None) -> list[Seat]:
    """``"Ann,Bob,bot:expert"`` → seats of ``game`` (default: the default game); a bot
    without a name is named after it.

    Raises ``ValueError`` with a sentence for a player to read: a bot the game does
    not have, a number of seats it does not take, a name used twice or one too long.
    """
    parts = [part.strip() for part in text.split(",")]
    seats = []
    for index, part in enumerate(p for p in parts if p):
        if part.startswith("bot:"):
            kind = part.removeprefix("bot:")
            if game is None:
                make_bot(kind)  # raises ValueError naming the bots that exist
            else:
                make_bot_from(game.bots, kind)
            # Named in the reader's language ("Glouton 2"): the name is the player's.
            label = bot_label(kind)
            name = _("{bot} {number}").format(bot=label[:1].upper() + label[1:], number=index + 1)
            seats.append(Seat(name, kind))
        else:
            seats.append(Seat(part))
    return validate_seats(seats, game)


def validate_seats(seats: list[Seat], game: AnyGameType | None = None) -> list[Seat]:
    """``seats`` if they can sit at one table of ``game`` (default: the default game),
    else ``ValueError`` saying why. How many seats a game takes is its descriptor's
    (``GameType.players``), the one place it is said."""
    if game is None:
        from core.games import DEFAULT_GAME, GAMES

        game = GAMES.get(DEFAULT_GAME)
    refusal = game.check_players(len(seats))
    if refusal is not None:
        raise ValueError(refusal)
    seen: set[str] = set()
    for seat in seats:
        if not seat.name.strip():
            raise ValueError(_("every player needs a name"))
        if len(seat.name) > MAX_NAME_CHARS:
            raise ValueError(
                _("the name {name!r} is longer than {n} characters").format(
                    name=seat.name, n=MAX_NAME_CHARS
                )
            )
        if not seat.name.isprintable():
            raise ValueError(
                _("the name {name!r} has characters that cannot be shown").format(name=seat.name)
            )
        key = seat.name.casefold()
        if key in seen:
            # Two identical names would give two identical hand-over screens.
            raise ValueError(
                _("two players are called {name!r}; give each a different name").format(
                    name=seat.name
                )
            )
        seen.add(key)
    return seats


class UndoPlan(msgspec.Struct, frozen=True):
    """``count`` events to take back, starting with a turn of ``seat``.

    ``turns`` names each turn the undo touches, in order, as (seat, turn number).
    """

    count: int
    seat: int
    events: tuple[AnyEvent, ...]
    turns: tuple[tuple[int, int], ...] = ()


class GameSession:
    """The game, its seats, and the save file every event is appended to.

    Undo and redo take back and make again whole actions, found where the game
    records them (``Game.actions``, a save's action markers), never by judging
    the game again.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        writer: SaveWriter | None = None,
        bot_settings: BotSettings | None = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.writer = writer
        if writer is not None:
            game.listener = writer.append
        settings = bot_settings or BotSettings()
        self.bots = {
            index: make_bot(seat.kind, settings)
            for index, seat in enumerate(self.seats)
            if not seat.is_human
        }
        secret = game.events[0].secret if isinstance(game.events[0], GameStarted) else ""
        self.bot_rngs = {
            index: bot_random(secret, index) if secret else random.Random(seed * 97 + index)
            for index in self.bots
        }
        self.redo_stack: list[tuple[AnyEvent, ...]] = []

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        seed: int | None = None,
        options: Options = DEFAULT_OPTIONS,
        save_dir: Path | None = None,
        tiles: TileSet | None = None,
        bot_settings: BotSettings | None = None,
    ) -> GameSession:
        """A new game. Its chance comes from a fresh secret, or from ``seed`` when one
        is chosen (to play the same table again: whoever knows it knows the pile)."""
        secret = new_secret() if seed is None else secret_from_seed(seed)
        game = Game.new([seat.name for seat in seats], 0, options, tiles, secret=secret)
        writer = None
        if save_dir is not None:
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            names = "-".join(seat.name for seat in seats)
            path = unused_save_path(save_dir, f"{stamp}-{names}")
            started = game.events[0]
            assert isinstance(started, GameStarted)
            header = header_for(started, tuple(s.recorded for s in seats))
            writer = SaveWriter.create(path, header, game.events)
        return cls(game, seats, writer, bot_settings)

    @classmethod
    def load(
        cls, path: Path, bot_settings: BotSettings | None = None, repair: bool = False
    ) -> GameSession:
        """Resume a saved game (see ``save_lifecycle.resume_save``: an action cut by a
        crash is dropped; a damaged file raises ``SaveFileError`` unless ``repair``)."""
        resumed = resume_save(path, repair)
        names = resumed.header.players
        recorded = resumed.header.seats or (HUMAN,) * len(names)
        seats = [Seat.from_recorded(n, r) for n, r in zip(names, recorded, strict=True)]
        writer = SaveWriter.resume(path)
        game = Game(resumed.events, actions=resumed.actions)
        return cls(game, seats, writer, bot_settings, resumed.header.seed)

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def events(self) -> list[AnyEvent]:
        return self.game.events

    @property
    def path(self) -> Path | None:
        return self.writer.path if self.writer is not None else None

    @property
    def actions(self) -> Sequence[Action]:
        """Every action recorded, undone ones too (``Game.actions``)."""
        return self.game.actions

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def is_bot_turn(self) -> bool:
        seat = self.to_act
        return seat is not None and seat in self.bots

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

    def bot_command(self) -> AnyCommand:
        """The bot to act decides from its own view (it never sees hidden cards)."""
        seat = self.to_act
        assert seat is not None and seat in self.bots
        return self.bots[seat].decide(self.view(seat), self.bot_rngs[seat])

    def play(self, command: AnyCommand) -> list[AnyEvent]:
        """Apply a command; refusals raise ``IllegalMove`` and change nothing.

        A new move makes what was undone unreachable by redo.
        """
        events = self.game.play(command)
        self.redo_stack.clear()
        return events

    @property
    def _starts(self) -> list[int]:
        """Where each action in force begins, as positions among the events in force."""
        return [action.start for action in actions_in_force(self.events, self.game.actions)]

    # -- undo and redo ------------------------------------------------------------
    def undo_plan(self) -> UndoPlan | None:
        """What Undo would take back: the last human turn and any bot turns after it."""
        live = events_in_force(self.events)
        states = states_after(live)
        starts = self._starts
        humans = set(self.humans)
        for position in range(len(starts) - 1, -1, -1):
            start = starts[position]
            before = states[start - 1]
            if before.to_act not in humans:
                continue
            # Take back the whole turn: earlier actions of the same seat in the same turn.
            while position > 0:
                earlier = states[starts[position - 1] - 1]
                if earlier.turn != before.turn or earlier.to_act != before.to_act:
                    break
                position -= 1
                start = starts[position]
            seat = states[start - 1].to_act
            assert seat is not None
            turns: list[tuple[int, int]] = []
            for later in starts[position:]:
                acting = states[later - 1]
                assert acting.to_act is not None
                if (acting.to_act, acting.turn) not in turns:
                    turns.append((acting.to_act, acting.turn))
            return UndoPlan(len(live) - start, seat, tuple(live[start:]), tuple(turns))
        return None

    def undo(self) -> UndoPlan | None:
        plan = self.undo_plan()
        if plan is not None:
            self.game.undo(plan.count)
            self.redo_stack.append(plan.events)
        return plan

    def redo(self) -> list[AnyEvent]:
        """Apply the last undone events again; empty when there is nothing to redo."""
        if not self.redo_stack:
            return []
        events = self.redo_stack.pop()
        self.game.redo(events)
        return list(events)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
