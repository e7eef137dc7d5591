"""A game being played in the app: who sits where, the save file, the bots.

Nothing here imports Textual, so the flow of a game (whose decision it is,
what a bot would do, what gets saved) is tested without a screen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from atlantis_tui.style import bot_label
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import chooser_of, make_bot_from
from core.kernel.chance import bot_random, new_secret, secret_from_seed
from core.kernel.events import Action, actions_in_force, events_in_force
from core.kernel.game import Game
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType
from core.kernel.replay import states_after
from core.kernel.save_lifecycle import Judgement, resume_save, unused_save_path
from core.kernel.save_names import game_save_stem
from core.kernel.savefile import HUMAN, SavedGame, SaveWriter, make_header


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
            make_bot_from(_game_or_default(game).play.bots, kind)  # ValueError naming the bots
            # Named in the reader's language ("Glouton 2"): the name is the player's.
            label = bot_label(kind)
            name = _("{bot} {number}").format(bot=label[:1].upper() + label[1:], number=index + 1)
            seats.append(Seat(name, kind))
        else:
            seats.append(Seat(part))
    return validate_seats(seats, game)


def _game_or_default(game: AnyGameType | None) -> AnyGameType:
    """``game``, or the default game when none is named."""
    if game is not None:
        return game
    from core.games import DEFAULT_GAME, GAMES

    return GAMES.get(DEFAULT_GAME)


def validate_seats(seats: list[Seat], game: AnyGameType | None = None) -> list[Seat]:
    """``seats`` if they can sit at one table of ``game`` (default: the default game),
    else ``ValueError`` saying why. How many seats a game takes is its descriptor's
    (``GameType.players``), the one place it is said."""
    game = _game_or_default(game)
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
    """``count`` events to take back, starting with a decision of ``seat``.

    ``turns`` names each turn the undo touches, in order, as (seat, turn number).
    ``outside`` names, in order, the decisions it takes back that were no turn of
    their seat's, as (seat, number of the turn they were made in): those a game asks
    of everyone once its last turn is played (Atlantis's final crossings, Atlantica's
    scoring choices); in every game so far they follow its last turn.
    """

    count: int
    seat: int
    events: tuple[Any, ...]
    turns: tuple[tuple[int, int], ...] = ()
    outside: tuple[tuple[int, int], ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat whose decision the undo takes back, each once, in order."""
        return tuple(dict.fromkeys(seat for seat, _turn in (*self.turns, *self.outside)))


class _Decision(NamedTuple):
    """One action in force: its seat, the number of the turn it was made in, and whether
    it is part of that seat's own turn."""

    seat: int
    turn: int
    in_turn: bool


def _decisions(
    game: AnyGameType, live: Sequence[Any], states: Sequence[Any], starts: Sequence[int]
) -> list[_Decision]:
    """Each action in force as a decision of a seat, in its turn or outside it.

    A turn is its game's count of turns (``GameType.play.turn_count``) while one seat acts:
    the seat that acts first in it. It is over once an event ends it or the game
    (``turn_ended``, ``ends_game``) or another seat acts in it; an action still made
    under its number is no turn of its seat's, but a decision the rules ask of it
    there: the final crossing Atlantis asks of the others after the last move, the
    scoring choices Atlantica asks of everyone. A game that counts no turns has a
    turn per run of actions of one seat.
    """
    ending = [
        test for test in (game.presentation.turn_ended, game.records.ends_game) if test is not None
    ]
    owners: dict[int, int] = {}
    closed: set[int] = set()
    decisions = []
    for index, start in enumerate(starts):
        before = states[start - 1]
        seat = game.to_act(before)
        assert seat is not None
        if game.play.turn_count is None:
            decisions.append(_Decision(seat, 0, True))
            continue
        turn = game.play.turn_count(before)
        in_turn = turn not in closed and owners.setdefault(turn, seat) == seat
        if not in_turn:
            closed.add(turn)
        decisions.append(_Decision(seat, turn, in_turn))
        end = starts[index + 1] if index + 1 < len(starts) else len(live)
        if any(test(event) for event in live[start:end] for test in ending):
            closed.add(turn)
    return decisions


def _bot_refusal(game: AnyGameType, seats: Sequence[Seat], options: Any) -> str | None:
    """Why ``game``'s bots cannot sit at this table with ``options``, if they cannot."""
    if all(seat.is_human for seat in seats):
        return None
    return game.refuses_bots(options)


def _judge_nothing(saved: SavedGame) -> Judgement:
    """The judge of a game that has none: every event read stands, as its markers say."""
    return Judgement(None, len(saved.events), saved.actions or ())


class GameSession:
    """The game (any game: its ``GameType`` is ``game.game_type``), its seats, and the
    save file every event is appended to.

    Undo and redo take back and make again whole actions, found where the game
    records them (``Game.actions``, a save's action markers), never by judging
    the game again.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[Seat],
        writer: SaveWriter | None = None,
        bot_settings: BotSettings | None = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        self.game_type: AnyGameType = game.game_type
        self.seats = list(seats)
        self.writer = writer
        if writer is not None:
            game.listener = writer.append
        settings = bot_settings or BotSettings()
        self.bots = {
            index: make_bot_from(self.game_type.play.bots, seat.kind, settings)
            for index, seat in enumerate(self.seats)
            if not seat.is_human
        }
        # Every game's opening event carries its secret (``core.kernel.chance``).
        found = getattr(game.events[0], "secret", "") if game.events else ""
        secret = found if isinstance(found, str) else ""
        self.bot_rngs = {
            index: bot_random(secret, index) if secret else random.Random(seed * 97 + index)
            for index in self.bots
        }

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        seed: int | None = None,
        options: Any = None,
        save_dir: Path | None = None,
        bot_settings: BotSettings | None = None,
        *,
        game: AnyGameType | None = None,
    ) -> GameSession:
        """A new game of ``game`` (default: the default game) with ``options`` (default:
        its own). Its chance comes from a fresh secret, or from ``seed`` when one is
        chosen (to play the same table again: whoever knows it knows the pile).

        Raises ``ValueError`` when the game's bots cannot play with these options
        (``GameType.play.bot_refusal``)."""
        game_type = _game_or_default(game)
        chosen = game_type.default_options() if options is None else options
        refusal = _bot_refusal(game_type, seats, chosen)
        if refusal is not None:
            raise ValueError(refusal)
        secret = new_secret() if seed is None else secret_from_seed(seed)
        names = [seat.name for seat in seats]
        played: Game[Any, Any, Any] = Game.new(game_type, names, chosen, secret)
        writer = None
        if save_dir is not None:
            path = unused_save_path(save_dir, game_save_stem(game_type.id, names))
            recorded = tuple(s.recorded for s in seats)
            header = make_header(game_type.id, chosen, names, 0, recorded)
            writer = SaveWriter.create(path, header, played.events)
        return cls(played, seats, writer, bot_settings)

    @classmethod
    def load(
        cls, path: Path, bot_settings: BotSettings | None = None, repair: bool = False
    ) -> GameSession:
        """Resume a saved game of the game its header names (see
        ``save_lifecycle.resume_save``: an action cut by a crash is dropped; a damaged
        file raises ``SaveFileError`` unless ``repair``)."""
        from atlantis_tui.saves import game_of_save
        from core.games import GAMES

        game_type = game_of_save(path)
        judge = game_type.records.judge if game_type.records.judge is not None else _judge_nothing
        resumed = resume_save(path, GAMES, judge, repair)
        names = resumed.header.players
        recorded = resumed.header.seats or (HUMAN,) * len(names)
        seats = [Seat.from_recorded(n, r) for n, r in zip(names, recorded, strict=True)]
        writer = SaveWriter.resume(path)
        game: Game[Any, Any, Any] = Game(game_type, resumed.events, actions=resumed.actions)
        return cls(game, seats, writer, bot_settings, resumed.header.seed)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def redo_stack(self) -> list[tuple[Any, ...]]:
        """What each undo that redo may take back took back, the last undo last; kept
        by the game, so a game continued from its save redoes as before."""
        return self.game.redoable

    @property
    def events(self) -> list[Any]:
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
        return self.game_type.to_act(self.state)

    def is_bot_turn(self) -> bool:
        seat = self.to_act
        return seat is not None and seat in self.bots

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def view(self, seat: int) -> Any:
        return self.game_type.privacy.view_for(self.state, seat)

    def bot_command(self) -> Any:
        """The bot to act decides from its own view (it never sees hidden cards), or
        chooses from its seat's legal commands when that is all it reads (``CommandsBot``)."""
        seat = self.to_act
        assert seat is not None and seat in self.bots
        bot = self.bots[seat]
        choose = chooser_of(bot)
        if choose is not None:
            commands = self.game_type.play.bot_commands or self.game_type.legal_commands
            return choose(commands(self.state), self.bot_rngs[seat])
        return bot.decide(self.view(seat), self.bot_rngs[seat])

    def play(self, command: Any) -> list[Any]:
        """Apply a command; refusals raise ``IllegalMove`` and change nothing.

        A new move makes what was undone unreachable by redo.
        """
        return self.game.play(command)

    @property
    def _starts(self) -> list[int]:
        """Where each action in force begins, as positions among the events in force."""
        return [action.start for action in actions_in_force(self.events, self.game.actions)]

    # -- undo and redo ------------------------------------------------------------
    def undo_plan(self) -> UndoPlan | None:
        """What Undo would take back: the last human decision, the whole turn it is part
        of, and any bot decisions after it."""
        live = events_in_force(self.events)
        starts = self._starts
        decisions = _decisions(self.game_type, live, states_after(self.game_type, live), starts)
        humans = set(self.humans)
        for position in range(len(starts) - 1, -1, -1):
            last = decisions[position]
            if last.seat not in humans:
                continue
            # Take back the whole turn: earlier actions of the same seat in the same turn.
            while position > 0 and last.in_turn and decisions[position - 1] == last:
                position -= 1
            turns: list[tuple[int, int]] = []
            outside: list[tuple[int, int]] = []
            for decision in decisions[position:]:
                named = turns if decision.in_turn else outside
                if (decision.seat, decision.turn) not in named:
                    named.append((decision.seat, decision.turn))
            start = starts[position]
            return UndoPlan(
                len(live) - start, last.seat, tuple(live[start:]), tuple(turns), tuple(outside)
            )
        return None

    def undo(self) -> UndoPlan | None:
        plan = self.undo_plan()
        if plan is not None:
            self.game.undo(plan.count)
        return plan

    def redo(self) -> list[Any]:
        """Apply the last undone events again; empty when there is nothing to redo."""
        if not self.redo_stack:
            return []
        events = self.redo_stack[-1]
        self.game.redo(events)
        return list(events)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
