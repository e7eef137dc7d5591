"""What a game gives the kernel: one typed descriptor, ``GameType``.

The kernel (saves, undo, replay, chance, check, the bots' framework,
simulation, online play, the tutor) is written once and works on any game
through this descriptor; it never imports a game. A game module builds one
``GameType`` value (``core/atlantis/game_type.py`` is the worked example) and
``core/games.py`` lists the games the program offers, explicitly: importing a
game registers nothing.

The descriptor groups its fields by concern: the rules proper on ``GameType``
itself, then ``privacy`` (what a seat may see), ``records`` (saves: upgrades,
re-judging, taking up), ``presentation`` (texts, the log, lessons) and ``play``
(bots, the review, simulations and benchmarks).

The type parameters name the game's own types, so that mypy checks each
game's functions against one another:

- ``S``: the state a fold of the events gives (frozen, rebuilt, never mutated);
- ``E``: the game's events (a msgspec tagged union, tag field ``type``);
- ``C``: the game's commands (a msgspec tagged union, tag field ``type``);
- ``V``: what one seat may see of a state (its view, hidden information removed);
- ``O``: the rule options (a msgspec struct with a default for every field).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from core.kernel.bot_settings import BotSettings
from core.kernel.bots import Bot
from core.kernel.events import Action
from core.kernel.i18n import Catalogue, _
from core.kernel.review_search import ReviewSearch
from core.kernel.tutor import AnyLesson

if TYPE_CHECKING:  # these modules read descriptors themselves
    from core.kernel.replay import TakenUp
    from core.kernel.save_lifecycle import CheckedSave, Judgement
    from core.kernel.savefile import SavedGame

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")
V = TypeVar("V")
O = TypeVar("O", bound=msgspec.Struct)  # noqa: E741 (O for options, as in the docs)


class Result(msgspec.Struct, frozen=True):
    """How a finished game ended: points and place of every seat (1 is first).

    ``winners`` are the seats in first place after the game's tie-breaks;
    ``tie_break`` is the rule id that separated equal scores, if any did.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: str = ""


class PlayerLimits(msgspec.Struct, frozen=True):
    """How many seats a game takes: the one place each game says it."""

    least: int
    most: int

    def allows(self, count: int) -> bool:
        return self.least <= count <= self.most

    def refusal(self, game_name: str, count: int) -> str:
        """The sentence a player reads when ``count`` seats do not fit."""
        return _("{game} is for {least} to {most} players, not {count}").format(
            game=game_name, least=self.least, most=self.most, count=count
        )


class RulesTexts(msgspec.Struct, frozen=True):
    """Where a game's texts are, as package resources.

    ``spec`` is the rules specification with its rule ids (RULES.md);
    ``rulebooks`` maps a language code to the players' rulebook in it;
    ``expand``, if given, rewrites a rulebook's Markdown written in a language
    (``expand(markdown, "fr")``) before it is shown or cut into entries: ArkantiS
    draws its card figures from its data file, which a player may replace, so its
    rulebook holds a marker where they go rather than a copy that could fall out
    of step.
    """

    package: str
    spec: str
    rulebooks: Mapping[str, str]
    expand: Callable[[str, str], str] | None = None


def player_field(event: object) -> int | None:
    """``Presentation.event_seat`` by default: the event's ``player`` field, if it has one."""
    player = getattr(event, "player", None)
    return player if isinstance(player, int) and not isinstance(player, bool) else None


def players_field(state: object) -> tuple[str, ...]:
    """``GameType.presentation.player_names`` by default: the state's ``players`` field."""
    return tuple(getattr(state, "players", ()))


def options_field(state: object) -> Any:
    """``GameType.options_of`` by default: the state's ``options`` field."""
    return getattr(state, "options", None)


def open_hands_field(options: object) -> bool:
    """``Privacy.hands_open`` by default: the options' ``open_hands`` field (False if none)."""
    return bool(getattr(options, "open_hands", False))


def unchanged_event(event: E, _after: object) -> E:
    """``GameType.privacy.with_revealed`` of a game whose events reveal nothing later: the event.

    A function of the module, not a lambda, so that a descriptor pickles
    (``simulate --jobs`` sends it to its worker processes)."""
    return event


Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
"""One step of a save format upgrade: a decoded line of format N to format N+1
(a JSON object: its values are whatever JSON holds)."""


@dataclass(frozen=True, kw_only=True)
class Privacy(Generic[S, E, V, O]):
    """What a seat may see of the game: its view, the events as it receives them, and
    where the conformance kit looks for what it must not see."""

    hides_information: bool
    """Whether any seat is ever kept from seeing something (a hand, a pile's order, a
    secret). A game that says so must give ``plant`` and ``plant_in_event``: the
    conformance kit fails it otherwise, rather than pass it unchecked."""
    view_for: Callable[[S, int], V]
    """What ``seat`` may see of a state; a bot decides from this alone."""
    event_for: Callable[[E, int | None, bool], E]
    """``event_for(event, seat, open_hands)``: the event as ``seat`` may see it
    (``None``: a watcher of a finished game, who sees everything)."""
    hands_open: Callable[[O], bool] = field(default=open_hands_field)
    """Whether these options show every hand to everyone (what ``event_for`` takes as
    ``open_hands``). By default the options' ``open_hands`` field, else False."""
    view_type: type[V] | None = None
    """The type of a seat's view (``V``, one msgspec struct), for msgspec's decoders: a
    client of a hosted game decodes the view its host sends. ``None``: the game cannot
    be played online."""
    with_revealed: Callable[[E, S], E] = field(default=unchanged_event)
    """``with_revealed(event, state_after)``: the event carrying what it made public,
    read from the full state just after it (online play sends each event projected for
    its seat, so a client's own fold knows what its screen shows). By default an
    event reveals nothing beyond itself."""
    plant: Callable[[S, int, int], S] | None = None
    """``plant(state, seat, marker)``: ``state`` with every value ``seat`` may not see
    replaced, and everything ``seat`` sees left as it was, so that ``view_for`` gives
    ``seat`` the same view of both. The new values are made from ``marker``: the
    marker itself wherever the value may be any number or text (the cards of the
    pile, a secret), elsewhere another value that keeps what ``seat`` does see (a
    hand of the same size). The result need not be a reachable position: only
    ``view_for`` reads it. A seat outside the table (an online watcher) sees no
    hand. The conformance kit plants distinctive markers and looks for them in
    every view. ``None`` only for a game that hides nothing."""
    plant_in_event: Callable[[E, int | None, bool, int], E] | None = None
    """``plant_in_event(event, seat, open_hands, marker)``: ``event`` with every value
    ``seat`` may not see replaced by values made from ``marker``, as ``plant`` does for
    a state (``open_hands`` and ``seat`` as ``event_for`` takes them), so that
    ``event_for`` gives ``seat`` the same event for both. ``None`` only for a game that
    hides nothing."""


@dataclass(frozen=True, kw_only=True)
class Records(Generic[S, E]):
    """How the game's records are read, upgraded, judged again and taken up.

    Every field has a default: a game made for a test may have records the kernel
    reads alone. A real game gives at least ``judge`` (``atlantis check``)."""

    upgrades: Mapping[int, Upgrade] = field(default_factory=dict)
    """``upgrades[n]`` turns a line of save format ``n`` into format ``n + 1``."""
    judge: Callable[[SavedGame], Judgement] | None = None
    """The full re-judge (``atlantis check``): ``judge(saved)`` takes a save read with
    ``keep_prefix`` and gives the first line the rules do not give, what a repair
    keeps and the actions found. ``None``: the game's saves are not judged (only a
    game made for a test may do without)."""
    check: Callable[[SavedGame], CheckedSave] | None = None
    """``check(saved)``: the game's full verdict on a save read with ``keep_prefix``
    (what ``atlantis check``, the log and the replay read). ``None``: made from
    ``judge`` (``save_lifecycle.check_save``)."""
    find_actions: Callable[[Sequence[E]], Sequence[Action]] | None = None
    """Where each action begins in events recorded without their actions (a save of a
    format before markers), as the game's full check finds them. ``None``: none found."""
    play_from_here: Callable[[Sequence[E], int, Sequence[Action]], TakenUp[E]] | None = None
    """A game's own ``core.kernel.replay.play_from_here`` (same arguments), for a game
    that must change the record it takes up (Atlantis gives the new game a secret and
    a pile of its own). ``None``: the kernel's."""
    states_after: Callable[[Sequence[E]], list[S]] | None = None
    """The state after each event of a record (undo markers included), for a game that
    can do it faster than a fold per undo. ``None``: ``core.kernel.replay.states_after``."""
    ends_game: Callable[[E], bool] | None = None
    """Whether an event ends the game, so that a save's last event says whether it is
    finished without folding it (the saves' lists read many). ``None``: fold and ask
    ``is_over``."""
    prepared: Callable[[E], bool] | None = None
    """Whether a game's opening event lays out a prepared position (a rulebook's worked
    example): it is there to be studied, and its replay and log show every hand.
    ``None``: no game opens so."""


@dataclass(frozen=True, kw_only=True)
class Presentation(Generic[S, E]):
    """How the game speaks to its players: its texts, its log, its lessons."""

    rules: RulesTexts
    """The rules specification (rule ids) and the players' rulebooks per language."""
    describe: Callable[[S, E], str]
    """``describe(state_before, event)``: the event as a sentence for the log."""
    catalogue: Catalogue | None = None
    """The game's translations (``core/<game>/locale``); ``None`` for a game that
    speaks English only. Its name and texts are translated with it."""
    lessons: Callable[[], Sequence[AnyLesson]] = tuple  # (): no lessons
    """The tutorial's lessons in the order a newcomer meets them (``core.kernel.tutor``);
    a callable, so that they are built only when the tutorial is opened. None by default:
    a game without lessons has no tutorial."""
    turn_ended: Callable[[E], bool] | None = None
    """Whether an event ends a turn: the log prints a turn's heading after it, and a
    replay steps by turns from it. ``None``: a turn is a run of actions of one seat."""
    event_seat: Callable[[E], int | None] = field(default=player_field)
    """The seat an event's line of the log belongs to (its colour, the log's filter by
    player), or ``None`` (the table's). For an event that ends a turn, the seat whose
    turn begins. By default the event's ``player`` field."""
    player_names: Callable[[S], Sequence[str]] = field(default=players_field)
    """The players' names, seat by seat, in a state. By default its ``players`` field."""
    event_rules: Callable[[E], tuple[str, ...]] | None = None
    """The rule ids of the rules spec that give an event (``T4.1`` for a move), the most
    specific first; none for a marker no rule gives. A puzzle's verdict names them.
    ``None``: the rule ids the event's log sentence names."""


@dataclass(frozen=True, kw_only=True)
class Playing(Generic[S, E, C, V, O]):
    """What plays the game besides its players: bots, the review, simulations, benchmarks."""

    bots: Mapping[str, Callable[[BotSettings], Bot[V, C]]]
    """The computer opponents by name (``core.kernel.bots.bot_list``); each decides
    from a view (``V``) alone."""
    bot_commands: Callable[[S], Sequence[C]] | None = None
    """``bot_commands(state)``: the legal commands of the seat to act, as a bot that
    chooses from them alone (``core.kernel.bots.CommandsBot``) is given them, in
    place of a view: the same commands as ``legal_commands``, in the same order,
    possibly as a lazy sequence that builds a command when it is read (ArkantiS's
    ``CommandTable``). ``None``: ``legal_commands``."""
    bot_refusal: Callable[[O], str | None] | None = None
    """``bot_refusal(options)``: why the bots cannot play a game with these options (a
    sentence), or ``None`` when they can. ``atlantis simulate``, ``atlantis bench``
    and the new-game form refuse bots then. ``None``: the bots play any options."""
    review_search: Callable[[V], ReviewSearch[S, V, C] | None] | None = None
    """``review_search(view)``: the search the review of a played game
    (``core.services.review``, ``atlantis review``) and the hints weigh the seat's
    choices with, from that seat's view alone, made of the expert bot's pieces;
    ``None`` for a view it cannot judge (options the bots refuse). ``None``: the
    game's saves are not reviewed and it gives no hints."""
    longest_game: int = 10_000
    """More commands than any game can take, however it is played (a bound, not a
    typical length): the conformance kit's random playouts must end within it."""
    turn_count: Callable[[S], int] | None = None
    """How many turns the game of a state has played, for the mean turns
    ``atlantis simulate`` and ``atlantis bench`` report; ``None``: they count the
    commands given instead."""
    preview: Callable[[S], int] | None = None
    """``preview(state)``: work out, from scratch, the preview the screen shows for
    each action the seat to act may point at (in Atlantis, every move of each
    pawn), and say how many previews that was (0 when the state offers none).
    ``atlantis bench`` times it per preview; ``None``: the game has no preview."""
    evolve_all: Callable[[S, Sequence[E]], S] | None = None
    """The state after several events at once (those of one command): the same
    as ``evolve`` of each in turn, for a game that can do it faster (Atlantis
    carries what it derived from a state once per command, not per event).
    ``None``: ``evolve`` each in turn (see ``GameType.advance``)."""


@dataclass(frozen=True, eq=False, kw_only=True)
class GameType(Generic[S, E, C, V, O]):
    """Everything the kernel needs to know of one game: its rules here, the rest in
    four groups by concern (``privacy``, ``records``, ``presentation``, ``play``).

    Every callable is pure: it takes values and returns new ones, so that a
    fold of the same events always gives the same state, and any position can
    be rebuilt, replayed, judged again or searched by a bot.
    """

    id: str
    """The id saves, the command line and the online protocol use: ``atlantis``."""
    name: str
    """The game's name in English, translated for display with ``_``."""
    players: PlayerLimits
    options_type: type[O]
    """The rule options. Each field has a default and a docstring naming its values;
    the new-game dialog and ``--option key=value`` are made from it."""
    # A union of structs is not a ``type`` mypy can spell (``type[E]`` would refuse
    # ``A | B``), so the two msgspec decoder types are ``Any``.
    event_type: Any
    """The union of the game's events, for msgspec's decoders."""
    command_type: Any
    """The union of the game's commands, for msgspec's decoders (online play)."""

    setup: Callable[[Sequence[str], O, str], list[E]]
    """``setup(players, options, secret)``: the events that open a game, all chance
    drawn from the kernel's streams keyed by ``secret`` (``core.kernel.chance``)."""
    decide: Callable[[S, C], list[E]]
    """The events a command causes; raises ``IllegalMove`` naming a rule if refused."""
    decide_trusted: Callable[[S, C], list[E]]
    """``decide`` for a command the game's own move generator built in this very
    state (bots, simulations): it may skip checks the generator ensured."""
    evolve: Callable[[S, E], S]
    """The state after one event; does no validation."""
    fold: Callable[[Iterable[E]], S]
    """The state a whole event stream gives (undone events taken back,
    ``core.kernel.fold``)."""
    to_act: Callable[[S], int | None]
    """The seat whose decision the game waits for, or ``None`` (over, or nobody)."""
    is_over: Callable[[S], bool]
    legal_commands: Callable[[S], list[C]]
    """Every command the seat to act may give (the move generator)."""
    result: Callable[[S], Result]
    """Scores and places; for an unfinished game, as if it ended now."""
    options_of: Callable[[S], O] = field(default=options_field)
    """The rule options a state's game is played with. By default its ``options`` field."""

    privacy: Privacy[S, E, V, O]
    records: Records[S, E]
    presentation: Presentation[S, E]
    play: Playing[S, E, C, V, O]

    def default_options(self) -> O:
        return self.options_type()

    def translate(self, message: str) -> str:
        """A sentence the game marked (``N_``), in the current language."""
        catalogue = self.presentation.catalogue
        return catalogue.gettext(message) if catalogue is not None else message

    def display_name(self) -> str:
        """The game's name in the current language."""
        return self.translate(self.name)

    def check_players(self, count: int) -> str | None:
        """Why ``count`` seats cannot play this game, or ``None`` when they can."""
        if self.players.allows(count):
            return None
        return self.players.refusal(self.display_name(), count)

    def refuses_bots(self, options: O | None) -> str | None:
        """Why the bots cannot play with ``options`` (default: the game's), or ``None``."""
        refusal = self.play.bot_refusal
        if refusal is None:
            return None
        return refusal(self.default_options() if options is None else options)

    def is_finished(self, events: Sequence[E]) -> bool:
        """Whether the game a record holds is over (``ends_game`` of its last event)."""
        if not events:
            return False
        ends_game = self.records.ends_game
        if ends_game is not None:
            return ends_game(events[-1])
        return self.is_over(self.fold(events))

    def open_hands_in(self, state: S) -> bool:
        """Whether ``state``'s game shows every hand (its options' ``hands_open``)."""
        return self.privacy.hands_open(self.options_of(state))

    def advance(self, state: S, events: Sequence[E]) -> S:
        """The state after ``events``: ``evolve_all`` if the game gives one."""
        evolve_all = self.play.evolve_all
        if evolve_all is not None:
            return evolve_all(state, events)
        for event in events:
            state = self.evolve(state, event)
        return state
