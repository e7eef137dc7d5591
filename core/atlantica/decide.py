"""``decide(state, command)``: the events a command causes, or a refusal naming its rule.

Every refusal raises ``IllegalMove(rule, reason)`` with a sentence a player can
read (L3). An action (T2–T6) is its payment (``DiverCardsPlayed``, T2.6: the
cards are discarded before the effect) and its effect. Ending the turn or
passing runs T9: hired cards join the hand, the displays shift and refill, the
hurricane may come up (E1.1), and the game may end (E1.2, E2) and be scored
(E3–E7). A hidden pile an undo showed is shuffled before its next draw
(``PileShuffled``), with fresh chance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.atlantica.cards import (
    HURRICANE,
    SHIP_PILES,
    TREASURE_TYPES,
    Pick,
    research_kind,
    treasure_type,
)
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.decided import remember
from core.atlantica.events import (
    AnyEvent,
    DisplayRefilled,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    DiversHired,
    Draw,
    GameEnded,
    GameScored,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    PileShuffled,
    ResearchChoicesMade,
    ResearchTaken,
    Shift,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.evolve import evolve
from core.atlantica.i18n import _
from core.atlantica.locations import (
    HIRE_DRAW,
    LEVELS,
    LOCATIONS,
    MAX_ACTIONS_PER_TURN,
    MAX_SLOTS_PER_TURN,
    PASS_DRAW,
    RESEARCH_SPACES,
    TREASURE_SPACES,
    Location,
    rule_id,
)
from core.atlantica.names import location_name, pile_name, type_name
from core.atlantica.payment import payment_refusal
from core.atlantica.scoring import best_choices, collected, excess, final_scores, winners
from core.atlantica.setup import chance
from core.atlantica.state import State
from core.kernel.errors import GameOver, IllegalMove, NotYourTurn

ROUND_TAKES = 2
"""T5.3: paying the round takes up to 2 cards."""
TAKES: dict[tuple[Location, int], tuple[int, int]] = {
    ("submarine", 2): (2, 3),
    ("submarine", 3): (3, TREASURE_SPACES),
    ("research", 2): (1, RESEARCH_SPACES),
    ("research", 3): (2, RESEARCH_SPACES),
}
"""T3.2, T3.3, T6.2, T6.3: (most cards taken, highest space) of a level that chooses."""


def _name(state: State, seat: int) -> str:
    if 0 <= seat < state.player_count:
        return state.players[seat]
    return _("seat {number}").format(number=seat + 1)


def _check_seat(state: State, seat: int) -> None:
    if not 0 <= seat < state.player_count:
        raise NotYourTurn(_("there is no {other} at this table").format(other=_name(state, seat)))
    actor = state.to_act
    if seat != actor:
        who = _name(state, actor) if actor is not None else _("nobody")
        raise NotYourTurn(
            _("it is {name}'s turn, not {other}'s").format(name=who, other=_name(state, seat))
        )


def _check_turn(state: State, seat: int) -> None:
    if state.phase == "scoring":
        raise IllegalMove("E1.2", _("the game has ended; the scoring choices are being made"))
    _check_seat(state, seat)


# -- where a card can be taken from ------------------------------------------------


def marked(state: State, pick: Pick) -> bool:
    """S1.6: whether paying the round (T5.3) may take from this space."""
    if state.options.round_spaces == "every" or not state.data.round_spaces:
        return True
    return pick in state.data.round_spaces


def card_at(state: State, pick: Pick) -> str:
    """The card a pick would take (``""``: none)."""
    if pick.place == "treasure":
        if 1 <= pick.space <= len(state.treasure_display):
            return state.treasure_display[pick.space - 1]
    elif pick.place == "research":
        if 1 <= pick.space <= len(state.research_display):
            return state.research_display[pick.space - 1]
    elif pick.place == "ship" and 1 <= pick.space <= len(SHIP_PILES):
        pile = state.ship_piles[pick.space - 1]
        return pile[0] if pile else ""
    return ""


ROUND_PICKS: tuple[Pick, ...] = (
    *(Pick("treasure", space) for space in range(1, TREASURE_SPACES + 1)),
    *(Pick("ship", space) for space in range(1, len(SHIP_PILES) + 1)),
    *(Pick("research", space) for space in range(1, RESEARCH_SPACES + 1)),
)
"""Every space paying the round may take from, in board order (T5.3)."""


def round_positions(state: State) -> tuple[int, ...]:
    """``round_sources`` as positions in ``ROUND_PICKS``, read straight from the board."""
    tops = [pile[0] if pile else "" for pile in state.ship_piles]
    cards = (*state.treasure_display, *tops, *state.research_display)
    if len(cards) != len(ROUND_PICKS):  # a board of another size: space by space
        cards = tuple(card_at(state, pick) for pick in ROUND_PICKS)
    found = tuple(index for index, card in enumerate(cards) if card)
    if state.options.round_spaces == "every" or not state.data.round_spaces:
        return found
    return tuple(index for index in found if marked(state, ROUND_PICKS[index]))


def round_sources(state: State) -> list[Pick]:
    """T5.3, T5.4: every bistro-marked space holding a card (treasure spaces, ship piles'
    tops, research spaces), in board order."""
    return [ROUND_PICKS[index] for index in round_positions(state)]


def action_refusal(state: State, location: str, level: int) -> IllegalMove | None:
    """Why the seat to act cannot use ``location`` at ``level`` now, before any card is
    looked at (T2.1, T2.2, T2.4, T2.8, T4.4, T5.6), or ``None``."""
    if location not in LOCATIONS:
        return IllegalMove("S1", _("there is no location {name!r}").format(name=location))
    if level not in LEVELS:
        return IllegalMove("T2.3", _("there is no level {level}").format(level=level))
    if state.phase != "turn":
        return IllegalMove("E1.2", _("the game has ended"))
    if len(state.acted) >= MAX_ACTIONS_PER_TURN:
        return IllegalMove("T2.1", _("a turn has at most 3 actions"))
    if location in state.acted:
        return IllegalMove(
            "T2.2",
            _("you already acted at {location} this turn").format(location=location_name(location)),
        )
    left = MAX_SLOTS_PER_TURN - state.slots_used
    if level > left:
        return IllegalMove(
            "T2.4",
            _("a turn fills at most 3 slots; {left} left, this level has {level}").format(
                left=left, level=level
            ),
        )
    return board_refusal(state, location, level)


def board_refusal(state: State, location: str, level: int) -> IllegalMove | None:
    """Why the board leaves ``location`` at ``level`` nothing to do (T2.8, T4.4, T5.6),
    or ``None``: ``action_refusal`` once the turn allows the action (the move generator
    checks the turn itself, without building the refusals it would skip)."""
    display = state.treasure_display
    if location == "submarine":
        if level == 1 and not display[0]:
            return IllegalMove("T2.8", _("treasure space 1 is empty"))
        if level == 2 and not any(display[:3]):
            return IllegalMove("T2.8", _("treasure spaces 1 to 3 are empty"))
        if level == 3 and not any(display):
            return IllegalMove("T2.8", _("every treasure space is empty"))
    elif location == "port":
        pile = SHIP_PILES[level - 1]
        if not state.ship_piles[level - 1]:
            return IllegalMove("T4.4", _("{pile} is empty").format(pile=pile_name(pile)))
    elif location == "bistro":
        if level < 3 and not state.options.diver_reshuffle and not state.divers:
            return IllegalMove("T5.6", _("the diver draw pile is empty"))
        if level == 3 and not round_positions(state):
            return IllegalMove("T2.8", _("no bistro-marked space holds a card"))
    else:
        research = state.research_display
        if level == 1 and not research[0]:
            return IllegalMove("T2.8", _("research space 1 is empty"))
        if level > 1 and not any(research):
            return IllegalMove("T2.8", _("every research space is empty"))
    return None


def picks_refusal(
    state: State, location: Location, level: int, picks: Sequence[Pick]
) -> IllegalMove | None:
    """Why these choices do not fit the level (T3, T5.3, T5.4, T6, T2.8), or ``None``."""
    rule = rule_id(location, level)
    if location == "bistro" and level == 3:
        if not 1 <= len(picks) <= ROUND_TAKES:
            return IllegalMove("T5.3", _("paying the round takes 1 or 2 cards"))
        places = [pick.place for pick in picks]
        if len(set(places)) != len(places):
            where = {
                "treasure": location_name("submarine"),
                "ship": location_name("port"),
                "research": location_name("research"),
            }.get(places[0], places[0])
            return IllegalMove("T5.4", _("both cards come from {where}").format(where=where))
        for pick in picks:
            if not card_at(state, pick):
                return IllegalMove("T2.8", _("that space holds no card"))
            if not marked(state, pick):
                return IllegalMove("S1.6", _("that space does not carry the bistro symbol"))
        return None
    limits = TAKES.get((location, level))
    if limits is None:
        if picks:
            return IllegalMove(rule, _("this level takes no choice of cards"))
        return None
    most, highest = limits
    place = "treasure" if location == "submarine" else "research"
    if not picks:
        return IllegalMove("T2.8", _("choose at least one card to take"))
    if len(picks) > most:
        return IllegalMove(rule, _("this level takes up to {most} cards").format(most=most))
    spaces = [pick.space for pick in picks]
    if len(set(spaces)) != len(spaces):
        return IllegalMove(rule, _("each space can be chosen once"))
    for pick in picks:
        if pick.place != place or not 1 <= pick.space <= highest:
            return IllegalMove(
                rule, _("this level takes from spaces 1 to {highest}").format(highest=highest)
            )
        if not card_at(state, pick):
            return IllegalMove(
                "T3.5" if place == "treasure" else "T6.4",
                _("space {space} is empty").format(space=pick.space),
            )
    return None


# -- a command's events and the state they lead to -----------------------------------


class Play:
    """The events a command causes so far and the state they lead to, advanced together:
    each event is applied to the state the one before it left (a refill reads the
    display an action emptied), so the state after all of them is known when the
    command is decided (``decided.remember``)."""

    __slots__ = ("events", "start", "state")

    def __init__(self, state: State) -> None:
        self.start = state
        self.state = state
        self.events: list[AnyEvent] = []

    def apply(self, event: AnyEvent) -> State:
        """``event`` added and applied; the state it leaves."""
        self.events.append(event)
        self.state = evolve(self.state, event)
        return self.state

    def done(self) -> list[AnyEvent]:
        """The events, the state they lead to remembered for ``evolve_all``."""
        remember(self.start, self.events, self.state)
        return self.events


# -- drawing from the piles --------------------------------------------------------


def shuffle_if_seen(play: Play, pile: str) -> None:
    """A hidden pile an undo showed is shuffled before its next draw (fresh chance)."""
    state = play.state
    if pile not in state.piles_seen:
        return
    if pile in SHIP_PILES:
        cards = state.ship_piles[SHIP_PILES.index(pile)]
        top, under = cards[:1], list(cards[1:])  # the top card is face up (S5)
    else:
        cards = {
            "divers": state.divers,
            "treasures": state.main_pile,
            "hurricane": state.hurricane_pile,
            "research": state.research_pile,
        }[pile]
        top, under = (), list(cards)
    chance(state.secret, f"pile/{pile}/{state.undos}").shuffle(under)
    play.apply(PileShuffled(pile, (*top, *under)))  # type: ignore[arg-type]


def draw_divers(play: Play, count: int) -> tuple[str, ...]:
    """T7: ``count`` diver cards from the draw pile, the discard pile shuffled into a new
    draw pile under what is left when it runs short (option ``diver_reshuffle``); the
    cards to draw (the caller's event takes them)."""
    shuffle_if_seen(play, "divers")
    state = play.state
    if len(state.divers) < count and state.discard and state.options.diver_reshuffle:
        order = list(state.discard)
        chance(state.secret, f"reshuffle/{state.reshuffles}/{state.undos}").shuffle(order)
        state = play.apply(DiverDeckReshuffled(tuple(order), len(order)))
    return state.divers[:count]


# -- actions ---------------------------------------------------------------------------


def _take(play: Play, seat: int, pick: Pick, via: str) -> None:
    if pick.place == "ship":
        pile = SHIP_PILES[pick.space - 1]
        shuffle_if_seen(play, pile)
        cards = play.state.ship_piles[pick.space - 1]
        uncovered = cards[1] if len(cards) > 1 else ""
        play.apply(ShipChartered(seat, pile, cards[0], uncovered, via))  # type: ignore[arg-type]
        return
    card = card_at(play.state, pick)
    if pick.place == "treasure":
        play.apply(TreasureTaken(seat, (pick.space,), (card,), via))  # type: ignore[arg-type]
    else:
        play.apply(ResearchTaken(seat, (pick.space,), (card,), via))  # type: ignore[arg-type]


def _performed(play: Play, command: PerformAction) -> Play:
    """An action already judged legal: payment, then effect."""
    seat, location, level = command.seat, command.location, command.level
    state = play.apply(DiverCardsPlayed(seat, location, level, command.cards, command.pair_slot))
    if location == "submarine":
        spaces = (1,) if level == 1 else tuple(pick.space for pick in command.picks)
        cards = tuple(state.treasure_display[space - 1] for space in spaces)
        play.apply(TreasureTaken(seat, spaces, cards))
    elif location == "research":
        spaces = (1,) if level == 1 else tuple(pick.space for pick in command.picks)
        cards = tuple(state.research_display[space - 1] for space in spaces)
        play.apply(ResearchTaken(seat, spaces, cards))
    elif location == "port":
        _take(play, seat, Pick("ship", level), "action")
    elif level < 3:
        cards = draw_divers(play, HIRE_DRAW[level])
        seen = play.state.options.hired_cards_seen_by_owner
        play.apply(DiversHired(seat, cards, len(cards), seen))
    else:
        for pick in command.picks:
            _take(play, seat, pick, "round")
    return play


def performed(state: State, command: PerformAction) -> list[AnyEvent]:
    """The events of an action already judged legal: payment, then effect."""
    return _performed(Play(state), command).done()


def perform_refusal(state: State, command: PerformAction) -> IllegalMove | None:
    """Why ``decide`` would refuse this action (the seat, T2–T6), or ``None``: its
    checks without its events (what the preview needs)."""
    try:
        _check_turn(state, command.seat)
    except IllegalMove as not_now:
        return not_now
    refusal = action_refusal(state, command.location, command.level)
    if refusal is None:
        refusal = payment_refusal(
            state, command.location, command.level, command.cards, command.pair_slot
        )
    if refusal is None:
        refusal = picks_refusal(state, command.location, command.level, command.picks)
    return refusal


def _perform(state: State, command: PerformAction) -> list[AnyEvent]:
    refusal = perform_refusal(state, command)
    if refusal is not None:
        raise refusal
    return _performed(Play(state), command).done()


# -- the end of a turn -----------------------------------------------------------------


def _stock(state: State, pile: str) -> tuple[str, ...]:
    """A pile a display refills from, top first (T9.2–T9.4)."""
    if pile == "treasures":
        return state.main_pile
    if pile == "hurricane":
        return state.hurricane_pile
    return state.research_pile


def _refill(
    state: State, display: str, cards: tuple[str, ...], piles: Sequence[str]
) -> tuple[tuple[Shift, ...], tuple[Draw, ...]]:
    """T9.2–T9.4: the shifts toward space 1 and the draws that fill the empty spaces,
    from each pile in turn, top first (the hurricane card fills no space)."""
    left = [space for space, card in enumerate(cards, start=1) if card]
    shifts = tuple(
        Shift(source, target) for target, source in enumerate(left, start=1) if source != target
    )
    draws: list[Draw] = []
    space = len(left) + 1
    for pile in piles:
        for card in _stock(state, pile):
            if space > len(cards):
                return shifts, tuple(draws)
            if card == HURRICANE:
                draws.append(Draw(card, pile, 0))  # type: ignore[arg-type]
                continue
            draws.append(Draw(card, pile, space))  # type: ignore[arg-type]
            space += 1
    return shifts, tuple(draws)


def _needs(state: State, cards: tuple[str, ...], piles: Sequence[str]) -> list[str]:
    """The piles a refill will draw from (to shuffle the seen ones first)."""
    need = sum(1 for card in cards if not card)
    found = []
    for pile in piles:
        if need <= 0:
            break
        size = len(_stock(state, pile))
        if size:
            found.append(pile)
            need -= size
    return found


def turn_end(play: Play, seat: int) -> Play:
    """T9: the end-of-turn steps, the hurricane (E1.1) and the end of the game (E1.2, E2)."""
    state = play.state
    hired = state.hired[seat]
    if hired:
        state = play.apply(HiredDiversJoinedHand(seat, hired, len(hired)))
    hurricane_before = state.hurricane_holder
    for display, piles in (
        ("treasure", ("treasures", "hurricane")),
        ("research", ("research",)),
    ):
        cards = state.treasure_display if display == "treasure" else state.research_display
        for pile in _needs(state, cards, piles):
            shuffle_if_seen(play, pile)
        state = play.state
        shifts, draws = _refill(state, display, cards, piles)
        if shifts or draws:
            state = play.apply(DisplayRefilled(display, shifts, draws))  # type: ignore[arg-type]
    count = state.player_count
    if hurricane_before is None and state.hurricane_holder is not None:
        final = tuple((seat + step) % count for step in range(1, count + 1))
        state = play.apply(HurricaneDrawn(seat, final))
    reason = None
    if state.final_turns == (seat,):
        reason = "hurricane"
    elif state.quiet_passes >= count:
        reason = "endless-passing"
    if reason is None:
        play.apply(TurnEnded(seat, (seat + 1) % count))
        return play
    play.apply(TurnEnded(seat, None))
    play.apply(GameEnded(reason))  # type: ignore[arg-type]
    return scoring(play)


def _automatic(play: Play, seat: int, closing: bool) -> None:
    """A seat's scoring choices made for it (the best ones, E3, E5)."""
    choices = best_choices(play.state, seat)
    if choices.releases:
        play.apply(TreasuresReleased(seat, choices.releases))
    # A wild treasure is recorded even with no type to name (nothing kept, E5.3).
    wild = any(research_kind(card) == "R11" for card in play.state.research[seat])
    if closing or choices.r6_types or wild:
        play.apply(ResearchChoicesMade(seat, choices.r6_types, choices.r11_types))


def scoring(play: Play, after: int = -1) -> Play:
    """E3–E7 from the seat after ``after``: the choices of every seat that does not make
    its own (all of them with ``final_choices = best``) up to the next that does, then
    the scores once every seat's choices are in."""
    state = play.state
    ask = state.options.final_choices == "ask"
    stop = state.choosing if ask and state.choosing is not None else state.player_count
    for seat in range(after + 1, stop):
        _automatic(play, seat, closing=ask)
    state = play.state
    if ask and state.choosing is not None:
        return play
    scores = final_scores(state)
    won, tie_break = winners(scores)
    play.apply(GameScored(scores, won, tie_break))
    return play


def _end_turn(state: State, command: EndTurn) -> list[AnyEvent]:
    _check_turn(state, command.seat)
    if not state.acted:
        raise IllegalMove("T2.7", _("you have not acted this turn; act or pass"))
    return turn_end(Play(state), command.seat).done()


def _pass(state: State, command: Pass) -> list[AnyEvent]:
    seat = command.seat
    _check_turn(state, seat)
    if state.acted:
        raise IllegalMove("T2.7", _("you have already acted, you cannot pass"))
    play = Play(state)
    cards = draw_divers(play, PASS_DRAW)
    play.apply(TurnPassed(seat, cards, len(cards)))
    return turn_end(play, seat).done()


# -- scoring choices -------------------------------------------------------------------


def choice_refusal(state: State, command: ChooseScoring) -> IllegalMove | None:
    """Why these scoring choices are not the seat's to make (E3, E5.2, E5.3), or ``None``."""
    seat = command.seat
    held = list(collected(state, seat))
    for card in command.releases:
        if card not in held:
            return IllegalMove(
                "E3", _("you hold no treasure card {card} to release").format(card=card)
            )
        held.remove(card)
    wanted = excess(state, seat)
    if len(command.releases) != wanted:
        return IllegalMove(
            "E3",
            _("you must release exactly {wanted} treasure cards, not {count}").format(
                wanted=wanted, count=len(command.releases)
            ),
        )
    kinds = [research_kind(card) for card in state.research[seat]]
    if len(command.r6_types) != kinds.count("R6") or any(
        kind not in TREASURE_TYPES for kind in command.r6_types
    ):
        return IllegalMove(
            "E5.2",
            _("name one treasure type for each of your R6 cards, {count}").format(
                count=kinds.count("R6")
            ),
        )
    kept = {treasure_type(card) for card in held}
    if not kept and command.r11_types:  # nothing for a wild treasure to join
        return IllegalMove("E5.3", _("you keep no treasure card: your R11 cards name no type"))
    if kept and len(command.r11_types) != kinds.count("R11"):
        return IllegalMove(
            "E5.3",
            _("name one treasure type for each of your R11 cards, {count}").format(
                count=kinds.count("R11")
            ),
        )
    for kind in command.r11_types:
        if kind not in kept:
            return IllegalMove(
                "E5.3",
                _("a wild treasure joins a type you keep a card of, not {type}").format(
                    type=type_name(kind)
                ),
            )
    return None


def _choose(state: State, command: ChooseScoring) -> list[AnyEvent]:
    if state.phase != "scoring" or state.options.final_choices != "ask":
        raise IllegalMove("E3", _("scoring choices are made when the game has ended"))
    _check_seat(state, command.seat)
    refusal = choice_refusal(state, command)
    if refusal is not None:
        raise refusal
    return chosen(state, command)


def chosen(state: State, command: ChooseScoring) -> list[AnyEvent]:
    """The events of scoring choices already judged legal, and what follows them."""
    seat = command.seat
    play = Play(state)
    if command.releases:
        play.apply(TreasuresReleased(seat, command.releases))
    play.apply(ResearchChoicesMade(seat, command.r6_types, command.r11_types))
    return scoring(play, after=seat).done()


_HANDLERS: dict[type[Any], Callable[[State, Any], list[AnyEvent]]] = {
    PerformAction: _perform,
    EndTurn: _end_turn,
    Pass: _pass,
    ChooseScoring: _choose,
}


def decide(state: State, command: AnyCommand) -> list[AnyEvent]:
    """The events ``command`` causes in ``state``; raises ``IllegalMove`` if refused."""
    if state.phase == "over":
        raise GameOver
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise TypeError(f"unknown command {type(command).__name__}")
    return handler(state, command)


def decide_trusted(state: State, command: AnyCommand) -> list[AnyEvent]:
    """``decide`` for a command the move generator just built in this state: the
    checks it ensured are skipped."""
    if isinstance(command, PerformAction) and state.phase == "turn":
        return performed(state, command)
    if isinstance(command, ChooseScoring) and state.phase == "scoring":
        return chosen(state, command)
    return decide(state, command)
