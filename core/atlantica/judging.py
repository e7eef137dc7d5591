"""The full re-judge of a saved game (``atlantis check``, resuming a save).

Every action in a record begins with events that name its command: an action
opens with ``diver-cards-played`` (its choices of cards are read from the takes
that follow), a pass with ``turn-passed`` (after the shuffles its draw needed),
an end of turn with any of the end-of-turn events, and a player's scoring
choices with ``treasures-released`` or ``research-choices-made``. The judge
rebuilds that command, asks ``decide`` for the events it gives in the state the
record has reached, and compares them with the record, event by event: the
first one that differs, or a command the rules refuse, is the first line the
rules do not give. A file that ends inside an action (a crash while it was
written) is consistent as far as it goes. Undo markers are followed as ``fold``
follows them.

Saves written before a wild treasure (``R11``) of a player who keeps no treasure
was recorded without a type (E5.3) named a type for it. That name never scored
(a wild treasure joins only a type with a real card kept), so the judge takes
the old recording for the one the rules now give (``_recorded_as``), and
rebuilds an old choice of that kind without the name (``_without_old_wild_types``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.atlantica.cards import (
    HURRICANE,
    SHIP_PILES,
    TREASURE_TYPES,
    Pick,
    Place,
    diver_ids,
    research_ids,
    research_kind,
    ship_ids,
    treasure_ids,
)
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.data import data_faults, data_path, known_hashes, round_spaces_refusal
from core.atlantica.decide import action_refusal, decide
from core.atlantica.events import (
    AnyEvent,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    GameStarted,
    PileShuffled,
    ResearchChoicesMade,
    ResearchTaken,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnPassed,
)
from core.atlantica.evolve import after_undo, evolve, initial_state
from core.atlantica.i18n import _
from core.atlantica.payment import payment_refusal
from core.atlantica.scoring import collected
from core.atlantica.state import BOXED, HURRICANE_TREASURES, MAX_PLAYERS, MIN_PLAYERS, State
from core.kernel.judging import JudgeTexts, RecordRules, judge_record
from core.kernel.save_lifecycle import Judgement
from core.kernel.savefile import SavedGame

_CHOOSING = (TreasureTaken, ShipChartered, ResearchTaken)
TAKES_CHOICE = {
    ("submarine", 2): True,
    ("submarine", 3): True,
    ("research", 2): True,
    ("research", 3): True,
    ("bistro", 3): True,
}
"""The levels whose choices of cards the judge reads from the takes that follow."""


def _picks(events: Sequence[AnyEvent], index: int, command: DiverCardsPlayed) -> tuple[Pick, ...]:
    """The cards an action chose, read from the takes after its payment."""
    location, level = command.location, command.level
    if location in ("submarine", "research") and level > 1:
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(following, TreasureTaken | ResearchTaken):
            place: Place = "treasure" if isinstance(following, TreasureTaken) else "research"
            return tuple(Pick(place, space) for space in following.spaces)
    if location == "bistro" and level == 3:
        picks: list[Pick] = []
        for event in events[index + 1 :]:
            if isinstance(event, PileShuffled):
                continue
            if not isinstance(event, _CHOOSING) or event.via != "round":
                break
            if isinstance(event, ShipChartered):
                picks.append(Pick("ship", SHIP_PILES.index(event.pile) + 1))
            elif isinstance(event, TreasureTaken):
                picks += [Pick("treasure", space) for space in event.spaces]
            else:
                picks += [Pick("research", space) for space in event.spaces]
        return tuple(picks)
    return ()


def _keeps_nothing(state: State, seat: int, releases: Sequence[str]) -> bool:
    """E3: whether ``seat`` keeps no treasure card once ``releases`` are released."""
    return len(collected(state, seat)) <= len(releases)


def _without_old_wild_types(state: State, choice: ChooseScoring) -> ChooseScoring:
    """E5.3: a recorded choice as the rules now take it: the types an old save named for
    the wild treasures of a player keeping no treasure dropped (they never scored)."""
    if choice.r11_types and _keeps_nothing(state, choice.seat, choice.releases):
        return ChooseScoring(choice.seat, choice.releases, choice.r6_types)
    return choice


def _recorded_as(recorded: AnyEvent, expected: AnyEvent, state: State) -> bool:
    """Whether the record's event is the one the rules give in ``state`` (the state just
    before it): the same event, or (E5.3) the choices of a player who keeps no treasure
    with a type named for each wild treasure, as saves recorded them before such a card
    was recorded without one. The old name scored nothing, so the scores are the same."""
    if recorded == expected:
        return True
    if not (
        isinstance(recorded, ResearchChoicesMade)
        and isinstance(expected, ResearchChoicesMade)
        and recorded.player == expected.player
        and recorded.r6_types == expected.r6_types
        and not expected.r11_types
    ):
        return False
    seat = recorded.player
    wild = [card for card in state.research[seat] if research_kind(card) == "R11"]
    return (
        _keeps_nothing(state, seat, state.released[seat])
        and len(recorded.r11_types) == len(wild)
        and all(kind in TREASURE_TYPES for kind in recorded.r11_types)
    )


def command_of(events: Sequence[AnyEvent], index: int, state: State) -> AnyCommand | None:
    """The command the action beginning at ``events[index]`` was, or ``None``."""
    event = events[index]
    if state.phase == "scoring":
        if isinstance(event, TreasuresReleased):
            following = events[index + 1] if index + 1 < len(events) else None
            if isinstance(following, ResearchChoicesMade) and following.player == event.player:
                choice = ChooseScoring(
                    event.player, event.cards, following.r6_types, following.r11_types
                )
                return _without_old_wild_types(state, choice)
            return ChooseScoring(event.player, event.cards)
        if isinstance(event, ResearchChoicesMade):
            choice = ChooseScoring(event.player, (), event.r6_types, event.r11_types)
            return _without_old_wild_types(state, choice)
        return None
    if isinstance(event, DiverCardsPlayed):
        return PerformAction(
            event.player,
            event.location,
            event.level,
            event.cards,
            event.pair_slot,
            _picks(events, index, event),
        )
    ahead = index
    while ahead < len(events) and isinstance(events[ahead], PileShuffled | DiverDeckReshuffled):
        ahead += 1
    if ahead < len(events) and isinstance(events[ahead], TurnPassed):
        return Pass(events[ahead].player)  # type: ignore[union-attr]
    if ahead == len(events) and not state.acted:
        return Pass(state.current)  # the record ends in the shuffles a pass's draw needed
    if isinstance(event, (*_CHOOSING, TreasuresReleased, ResearchChoicesMade, TurnPassed)):
        return None
    return EndTurn(state.current)


def _cut_inside(events: Sequence[AnyEvent], index: int, state: State, command: AnyCommand) -> bool:
    """Whether the record ends inside this action before its choices of cards could be
    read (a crash while it was written), with a payment the rules accept."""
    if not isinstance(command, PerformAction) or not TAKES_CHOICE.get(
        (command.location, command.level)
    ):
        return False
    if not all(isinstance(event, (*_CHOOSING, PileShuffled)) for event in events[index + 1 :]):
        return False
    refusal = action_refusal(state, command.location, command.level) or payment_refusal(
        state, command.location, command.level, command.cards, command.pair_slot
    )
    return refusal is None


def _same_cards(found: Sequence[str], expected: Sequence[str]) -> bool:
    return Counter(found) == Counter(expected)


def opening_faults(event: GameStarted) -> str | None:
    """What is wrong with a game's opening event (S1.7, S2–S7), or ``None``."""
    count = len(event.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        return _("S2: {count} players").format(count=count)
    if not 0 <= event.start_player < count:
        return _("S2: the start player is not at the table")
    faults = data_faults(event.data)
    if faults:
        return _("S1.7: {fault}").format(fault=faults[0])
    known = known_hashes(event.options.data_set)
    if known is not None and event.data.hash not in known:
        # Numbers changed under a shipped data set's name, their hash made to fit.
        return _("S1.7: the data are not those of the data set {name} it names ({file})").format(
            name=event.options.data_set, file=data_path(event.options.data_set)
        )
    refusal = round_spaces_refusal(event.options, event.data)
    if refusal is not None:
        return refusal
    prepared = event.prepared
    if prepared is None:
        if len(event.box) != BOXED[count]:
            return _("S4: {count} treasures in the box").format(count=len(event.box))
        if len(event.hurricane) != HURRICANE_TREASURES + 1 or HURRICANE not in event.hurricane:
            return _("S4.1: the hurricane pile is not 10 treasures and the hurricane")
        held: list[str] = []
        laid: list[str] = []
    else:
        if len(prepared.hands) != count:
            return _("S3: the prepared hands are not one per player")
        held = [card for hand in prepared.hands for card in hand] + list(prepared.discard)
        laid = [
            card
            for rows in (prepared.treasures, prepared.ships, prepared.research)
            for row in rows
            for card in row
        ] + [card for card in (*prepared.treasure_display, *prepared.research_display) if card]
    if not _same_cards([*event.divers, *held], diver_ids()):
        return _("S3: the diver cards are not the 78 of the game")
    hurricane = [card for card in event.hurricane if card != HURRICANE]
    if event.hurricane.count(HURRICANE) > 1:
        return _("S4.1: more than one hurricane card")
    treasures = set(treasure_ids(event.data))
    ships = {pile: set(ship_ids(event.data, pile)) for pile in SHIP_PILES}
    research = set(research_ids(event.data))
    every_ship = set().union(*ships.values())
    found_treasures = [*event.box, *hurricane, *event.treasures]
    found_treasures += [card for card in laid if card in treasures]
    if not _same_cards(found_treasures, treasure_ids(event.data)):
        return _("S4: the treasure cards are not those of the data set")
    for pile, cards in zip(SHIP_PILES, event.ships, strict=True):
        if any(card not in ships[pile] for card in cards):
            return _("S5: pile {pile} holds a card of another pile").format(pile=pile)
    found_ships = [card for pile in event.ships for card in pile]
    found_ships += [card for card in laid if card in every_ship]
    if not _same_cards(found_ships, sorted(every_ship)):
        return _("S5: the ship cards are not those of the data set")
    found_research = [*event.research, *(card for card in laid if card in research)]
    if not _same_cards(found_research, research_ids(event.data)):
        return _("S6: the research cards are not those of the data set")
    if prepared is not None and len(laid) != len(
        [c for c in laid if c in treasures or c in every_ship or c in research]
    ):
        return _("S1: a prepared position holds a card the game does not have")
    return None


def _texts() -> JudgeTexts:
    return JudgeTexts(
        no_opening=_("L1: a game begins with game-started"),
        nothing_to_undo=_("L1: nothing to undo there"),
        after_the_end=_("E1.2: an event after the end of the game"),
        no_command=_("L2: this event does not begin a command"),
        not_given=_("L2: the rules do not give this event here"),
        second_opening=_("L1: a game begins only once"),
    )


def _seat_of(state: State) -> int:
    seat = state.to_act
    return -1 if seat is None else seat


RULES: RecordRules[State, AnyEvent, AnyCommand] = RecordRules(
    opening_type=GameStarted,
    opening_faults=opening_faults,
    initial_state=initial_state,
    evolve=evolve,
    after_undo=after_undo,
    decide=decide,
    command_of=command_of,
    is_over=lambda state: state.phase == "over",
    seat_of=_seat_of,
    texts=_texts,
    recorded_as=_recorded_as,
    cut_inside=_cut_inside,
)


def judge(saved: SavedGame) -> Judgement:
    """The full check, as the kernel's ``resume_save`` and ``atlantis check`` ask for it."""
    return judge_record(saved, RULES)
