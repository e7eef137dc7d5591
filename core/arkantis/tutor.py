"""ArkantiS's tutor: its lessons' positions, what its tasks and questions check.

How a lesson is judged is the kernel's (``core.kernel.tutor``): questions
first, then one command run through the rules, a refusal answered with its
rule, a legal command matched against the lesson's goal and likely mistakes.
This module gives it what is ArkantiS's:

- ``Lesson``: a lesson whose position is a prepared ``GameStarted`` (a board
  drawn in ``#`` and ``.``, pions, hands, laid cards, the piles' cards), and
  the commands the other players play before the learner's turn (a pass);
- ``Outcome``: the facts of a legal command that goals and mistakes ask about
  (what it removed or moved, the sets it modified, pions earned, cards laid,
  the card bought, whether the game ended and the scores);
- ``TUTOR``: ArkantiS's rules for judging, with advice for each refusal;
- ``Attempt``: a command the way the keys make it, so tests replay both the
  right answer and the deliberate wrong ones (``command_for``);
- the facts questions ask, worked out by the rules (``earned_by``,
  ``laid_by`` …), and the words their options use.

The lessons themselves are in ``core.arkantis.lessons``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import TypeVar

from core.arkantis.board import from_picture, grow, reds, to_picture
from core.arkantis.cards import PRICES, Colour, card_ids, kind_of
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Pile, Remove
from core.arkantis.data import default_data_set
from core.arkantis.decide import decide
from core.arkantis.describe import (
    card_name,
    card_value,
    describe,
    joined,
    listed,
    pile_words,
    set_words,
)
from core.arkantis.events import (
    ActionResolved,
    AnyEvent,
    CardBought,
    GameEnded,
    GameScored,
    GameStarted,
    ModifiedSet,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.evolve import evolve, fold
from core.arkantis.i18n import N_, _, ngettext
from core.arkantis.options import DEFAULT_OPTIONS, Options
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.scoring import score_now
from core.arkantis.squares import parse
from core.arkantis.state import State, pile_index
from core.kernel import tutor
from core.kernel.errors import IllegalMove
from core.kernel.tutor import LEARNER

_E = TypeVar("_E")
LARGEST_STAIN = 5
"""T4.3: the largest set that pays (pions or a card)."""


# -- what the learner did ----------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """A command as the keys make it: squares to remove (one or two), a move (from, to),
    a pile to buy from, a pass or the end of the turn. ``rule`` is, for a deliberate
    wrong attempt, the rule its feedback must name."""

    remove: tuple[str, ...] = ()
    move: tuple[str, str] | None = None
    buy: tuple[Colour, Pile] | None = None
    pass_turn: bool = False
    end_turn: bool = False
    rule: str = ""


def command_for(attempt: Attempt, seat: int = LEARNER) -> AnyCommand:
    """The command the keys send for ``attempt``."""
    if attempt.move is not None:
        return Move(seat, attempt.move[0], attempt.move[1])
    if attempt.buy is not None:
        return Buy(seat, attempt.buy[0], attempt.buy[1])
    if attempt.pass_turn:
        return Pass(seat)
    if attempt.end_turn:
        return EndTurn(seat)
    return Remove(seat, attempt.remove)


@dataclass(frozen=True)
class Outcome(tutor.Outcome[State, AnyCommand, AnyEvent]):
    """A legal command and the events it caused, with the facts lessons ask about."""

    def _first(self, kind: type[_E]) -> _E | None:
        return next((event for event in self.events if isinstance(event, kind)), None)

    @property
    def removed(self) -> tuple[str, ...]:
        """The squares whose tokens were lifted (T3.1, T3.2)."""
        event = self._first(TokensRemoved)
        return event.squares if event is not None else ()

    @property
    def moved(self) -> tuple[str, str] | None:
        """The move made (T3.3): from, to."""
        event = self._first(TokenMoved)
        return (event.origin, event.target) if event is not None else None

    @property
    def resolution(self) -> ActionResolved | None:
        return self._first(ActionResolved)

    @property
    def sets(self) -> tuple[ModifiedSet, ...]:
        resolution = self.resolution
        return resolution.sets if resolution is not None else ()

    @property
    def earned(self) -> int:
        """The pions the action's stains paid (T4.3)."""
        resolution = self.resolution
        return resolution.pions if resolution is not None else 0

    @property
    def laid(self) -> tuple[str, ...]:
        """The kinds of the cards laid (T4.4), ``T4`` for ``T4-1``."""
        resolution = self.resolution
        return tuple(kind_of(card) for card in resolution.laid) if resolution else ()

    @property
    def stains(self) -> tuple[ModifiedSet, ...]:
        """The modified sets of 4 or 5 squares (T4.3): those that could lay a card."""
        return tuple(one for one in self.sets if len(one.squares) in (4, 5))

    @property
    def bought(self) -> CardBought | None:
        return self._first(CardBought)

    @property
    def passed(self) -> bool:
        return self._first(TurnPassed) is not None

    @property
    def ended(self) -> bool:
        return self._first(GameEnded) is not None

    @property
    def price(self) -> int:
        """What the action or the purchase cost."""
        removed, moved, bought = (
            self._first(TokensRemoved),
            self._first(TokenMoved),
            self._first(CardBought),
        )
        if removed is not None:
            return removed.price
        if moved is not None:
            return moved.price
        return bought.price if bought is not None else 0

    @property
    def score(self) -> int | None:
        """The learner's final score (E2) when the command ended the game."""
        scored = self._first(GameScored)
        return scored.scores[LEARNER].total if scored is not None else None

    def fields(self) -> dict[str, object]:
        """Values a lesson's sentences may name: ``{squares}``, ``{earned}``, ``{sets}`` …"""
        state = self.before
        bought = self.bought
        paying = [set_phrase(state, one) for one in self.sets if one.pions or one.card]
        stain = self.stains[0] if self.stains else None
        return {
            "squares": " + ".join(self.removed) or " → ".join(self.moved or ()),
            "earned": self.earned,
            "price": self.price,
            "net": self.earned - self.price,
            "sets": joined(paying) or _("no set pays"),
            "stain": " ".join(stain.squares) if stain is not None else "",
            "card": card_name(state.kinds, bought.card) if bought is not None else "",
            "score": self.score if self.score is not None else 0,
        }


Check = Callable[[Outcome], bool]
"""What a lesson's goal and mistakes ask of a legal command."""
Mistake = tutor.Mistake[Outcome]
Verdict = tutor.Verdict[AnyEvent]
Fact = tutor.Fact[State]

#: The words a quiz's truth may answer with, besides numbers and card kinds (English, as
#: the lessons write their options; ``option_text`` translates them).
QUIZ_WORDS = (N_("none"), N_("yes"), N_("no"), N_("nothing"))


class Quiz(tutor.Quiz[State]):
    """A question about a lesson's position (``core.kernel.tutor.Quiz``); its options
    are numbers, card kinds (``T4``) and a few words, shown in the reader's language."""

    def option_text(self, option: str) -> str:
        return _(option) if option in QUIZ_WORDS else option


# -- a lesson ----------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Lesson(tutor.Lesson[State, AnyEvent, AnyCommand, Outcome, Attempt]):
    """One idea of the rules (``core.kernel.tutor.Lesson``) on a prepared position:
    ``board`` drawn with ``#`` (a token) and ``.`` (an empty square), row 1 first;
    each player's pions, hand and laid cards; the piles' cards (top first: each
    colour's order is cut in two, the first half face down, S4), by default every
    card no hand holds; and ``before``, the commands the other players play before
    the learner's turn (the game starts with ``start_player``)."""

    board: str
    players: tuple[str, ...] = ("You", "Ann")
    pions: tuple[int, ...] = (3, 3)
    hands: tuple[tuple[str, ...], ...] = ((), ())
    laid: tuple[tuple[str, ...], ...] = ((), ())
    orange: tuple[str, ...] | None = None
    emerald: tuple[str, ...] | None = None
    start_player: int = LEARNER
    before: tuple[AnyCommand, ...] = ()
    options: Options = DEFAULT_OPTIONS

    def events(self) -> list[AnyEvent]:
        """The events that open the lesson's position (a game like any other)."""
        data = default_data_set()
        held = {card for cards in (*self.hands, *self.laid) for card in cards}
        orders: dict[str, list[str]] = {"orange": [], "emerald": []}
        for kind in data.kinds:
            orders[kind.colour] += [card for card in card_ids(kind) if card not in held]
        started = GameStarted(
            (_("You"), *self.players[1:]),
            self.options,
            data.name,
            data.hash,
            data.free_column,
            data.kinds,
            self.start_player,
            (),
            self.orange if self.orange is not None else tuple(orders["orange"]),
            self.emerald if self.emerald is not None else tuple(orders["emerald"]),
            board=to_picture(from_picture(self.board)),
            pions=self.pions,
            hands=self.hands,
            laid=self.laid,
        )
        events: list[AnyEvent] = [started]
        state = fold(events)
        for command in self.before:
            played = decide(state, command)
            state = reduce(evolve, played, state)
            events += played
        return events

    def start(self) -> State:
        return fold(self.events())


def _outcome(state: State, command: AnyCommand, events: tuple[AnyEvent, ...]) -> Outcome:
    return Outcome(state, command, events)


ADVICE: dict[str, str] = {
    "S1.1": N_("Name a square by its column A–G and its row 1–7, as C4."),
    "T": N_("It is your turn: act as yourself."),
    "T2.2": N_("One action a turn: remove one token, remove two, move one, or pass."),
    "T2.4": N_("A turn ends after its action."),
    "T3.1": N_("Only a square holding a token (blue, ●) can be emptied."),
    "T3.2": N_(
        "Removing two tokens costs 2 pions, paid from the pions you hold before the action."
    ),
    "T3.3": N_("A token moves from a blue square onto an empty (red) one."),
    "T3.4": N_("Each player may move at most 3 tokens in a game."),
    "T3.5": N_(
        "A move costs 3 pions, paid from the pions you hold before it: the pions it "
        "earns come too late."
    ),
    "T5": N_("A player who has passed takes no further turn, nor buys."),
    "T6.1": N_("An orange card costs 2 pions, an emerald card 1."),
    "T6.3": N_("An empty pile is not refilled: buy from the other pile of that colour."),
    "E1": N_("The game is over."),
}
"""What would have been allowed, by the rule a refusal names."""


def explain_refusal(state: State, command: AnyCommand, refusal: IllegalMove) -> tuple[str, str]:
    """The rule a refusal names, and what the rules allow instead, in one sentence."""
    advice = ADVICE.get(refusal.rule, "")
    return refusal.rule, _(advice) if advice else ""


TUTOR: tutor.Tutor[State, AnyEvent, AnyCommand, Outcome] = tutor.Tutor(
    decide=decide,
    evolve=evolve,
    explain_refusal=explain_refusal,
    outcome=_outcome,
)
"""ArkantiS's rules as the tutor judges a command with them."""


def check(lesson: Lesson, state: State, command: AnyCommand) -> Verdict:
    """Judge the learner's command in the lesson's position."""
    return TUTOR.check(lesson, state, command)


# -- what the right command caused, told to the learner ---------------------------------------
def happened(before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
    """What the right command caused, event by event (no rule id: ``""``), ``before``
    being the position it was played in. The learner's seat is called "You", so the
    learner's own events are told in the second person ("You remove F7.", never "You
    removes"); the others' as the game's log tells them (``describe``)."""
    told: list[tuple[str, str]] = []
    state = before
    for event in events:
        sentence = to_learner(state, event) or describe(state, event)
        state = evolve(state, event)
        if sentence:
            told.append(("", sentence))
    return told


def to_learner(state: State, event: AnyEvent) -> str:
    """``event`` told to the learner when the learner did it or is named in it; "" when
    the game's own sentence (``describe``) says it already."""
    match event:
        case TokensRemoved(player=tutor.LEARNER):
            if len(event.squares) == 2:
                return _("You remove {first} and {second} for 2 pions.").format(
                    first=event.squares[0], second=event.squares[1]
                )
            return _("You remove {square}.").format(square=event.squares[0])
        case TokenMoved(player=tutor.LEARNER):
            return _("You move {origin} to {target} for {price} pions.").format(
                origin=event.origin, target=event.target, price=event.price
            )
        case ActionResolved(player=tutor.LEARNER):
            paying = [one for one in event.sets if one.pions or one.card]
            if not paying:
                return _("No set pays.")
            sets = joined([set_words(state, one) for one in paying])
            sets = sets[:1].upper() + sets[1:]
            if not event.pions:
                return f"{sets}."
            earned = ngettext(
                "You earn {count} pion.", "You earn {count} pions.", event.pions
            ).format(count=event.pions)
            return f"{sets}. {earned}"
        case CardBought(player=tutor.LEARNER):
            pile = pile_words(event.colour, event.pile)
            if event.card:
                return _("You buy {card} from {pile} for {price}.").format(
                    card=card_name(state.kinds, event.card), pile=pile, price=event.price
                )
            return _("You buy the top card of {pile} for {price}.").format(
                pile=pile, price=event.price
            )
        case TurnPassed(player=tutor.LEARNER):
            return _("You pass for the rest of the game.")
        case TurnEnded(player=tutor.LEARNER):
            if event.next_player is None:
                return _("Your turn ends.")
            return _("Your turn ends; {next} plays.").format(next=state.players[event.next_player])
        case TurnEnded(next_player=tutor.LEARNER):
            return _("{name} ends the turn; your turn.").format(name=state.players[event.player])
        case GameScored():
            totals = ", ".join(
                f"{state.players[seat]} {score.total}" for seat, score in enumerate(event.scores)
            )
            if event.winners == (LEARNER,):
                return _("You win ({totals}).").format(totals=totals)
            if LEARNER in event.winners:
                others = [state.players[seat] for seat in event.winners if seat != LEARNER]
                return _("You share the win with {names} ({totals}).").format(
                    names=listed(others), totals=totals
                )
    return ""


# -- small predicates the lessons are written with ----------------------------------------------
def removed(*squares: str) -> Check:
    """The action removed exactly these tokens."""
    wanted = tuple(sorted(squares))
    return lambda o: tuple(sorted(o.removed)) == wanted


def is_action(o: Outcome) -> bool:
    return bool(o.removed) or o.moved is not None


def is_buy(o: Outcome) -> bool:
    return o.bought is not None


def earned_nothing(o: Outcome) -> bool:
    return is_action(o) and o.earned == 0


def stain_without_card(o: Outcome) -> bool:
    """A stain of 4 or 5 squares that laid no card (T4.4)."""
    return any(not one.card for one in o.stains)


# -- what quizzes ask, worked out by the rules -----------------------------------------------
def _preview(state: State, attempt: Attempt) -> ActionPreview:
    found = preview(state, command_for(attempt, state.current))
    if isinstance(found, IllegalMove):
        raise RuntimeError(f"a lesson's question asks about a refused action: {found}")
    return found


def set_phrase(state: State, one: ModifiedSet) -> str:
    """One modified set and what it paid; a set larger than a stain by its size alone."""
    if len(one.squares) <= LARGEST_STAIN:
        return set_words(state, one) + f" [{len(one.squares)}]"
    colour = _("blue") if one.colour == "blue" else _("red")
    return _("a {colour} set of {size} gives nothing").format(colour=colour, size=len(one.squares))


def _sets_sentence(state: State, found: ActionPreview) -> str:
    if not found.sets:
        return _("it modifies no set")
    return joined([set_phrase(state, one) for one in found.sets])


def _action_words(attempt: Attempt) -> str:
    if attempt.move is not None:
        return _("Moving {origin} to {target}").format(
            origin=attempt.move[0], target=attempt.move[1]
        )
    if len(attempt.remove) == 2:
        return _("Removing {first} and {second} together").format(
            first=attempt.remove[0], second=attempt.remove[1]
        )
    return _("Removing {square}").format(square=attempt.remove[0])


def earned_by(attempt: Attempt) -> Fact:
    """The pions the action ``attempt`` would earn (T4.1–T4.3), judged once."""

    def earned(state: State) -> int:
        return _preview(state, attempt).pions

    def worked(state: State) -> str:
        found = _preview(state, attempt)
        return _("{action}: {sets}. Earned: {pions} (T4.3).").format(
            action=_action_words(attempt), sets=_sets_sentence(state, found), pions=found.pions
        )

    return Fact(lambda state: str(earned(state)), worked)


def pions_after(attempt: Attempt) -> Fact:
    """The learner's pions after the action: before, less its price, plus what it earns."""

    def total(state: State) -> int:
        found = _preview(state, attempt)
        return state.pions[state.current] - found.price + found.pions

    def worked(state: State) -> str:
        found = _preview(state, attempt)
        return _(
            "{action} costs {price}, paid from the {before} pions you hold (T3.5), and "
            "earns {earned}: {sets}. {before} − {price} + {earned} = {total}."
        ).format(
            action=_action_words(attempt),
            price=found.price,
            before=state.pions[state.current],
            earned=found.pions,
            sets=_sets_sentence(state, found),
            total=total(state),
        )

    return Fact(lambda state: str(total(state)), worked)


def laid_by(attempt: Attempt) -> Fact:
    """The kind of card the action would lay (T4.4), or ``none``."""

    def laid(state: State) -> str:
        found = _preview(state, attempt)
        return kind_of(found.laid[0]) if found.laid else "none"

    def worked(state: State) -> str:
        found = _preview(state, attempt)
        stains = [one for one in found.sets if len(one.squares) in (4, 5)]
        if not stains:
            return _("{action} makes no stain of 4 or 5 squares: no card (T4.3). {sets}.").format(
                action=_action_words(attempt), sets=_sets_sentence(state, found)
            )
        parts = []
        for one in stains:
            if one.card:
                parts.append(
                    _(
                        "the stain {squares} has the figure of {card}, in your hand: the "
                        "card is laid (T4.4)"
                    ).format(squares=" ".join(one.squares), card=card_name(state.kinds, one.card))
                )
            else:
                parts.append(
                    _(
                        "the stain {squares} matches no card in your hand: it gives nothing (T4.4)"
                    ).format(squares=" ".join(one.squares))
                )
        return _("{action}: {stains}.").format(action=_action_words(attempt), stains=joined(parts))

    return Fact(laid, worked)


def _set_at(state: State, square: str) -> tuple[int, bool]:
    sq = parse(square)
    assert sq is not None, square
    blue = bool(state.tokens >> sq & 1)
    colour_squares = state.tokens if blue else reds(state.tokens)
    return grow(1 << sq, colour_squares), blue


def set_size(square: str) -> Fact:
    """The size of the set that holds ``square`` now (D1, D2)."""

    def size(state: State) -> int:
        return _set_at(state, square)[0].bit_count()

    def worked(state: State) -> str:
        found, blue = _set_at(state, square)
        colour = _("blue") if blue else _("red")
        return _(
            "{square} is {colour}; the {colour} squares linked to it side by side (corners "
            "do not count, D1) make a set of {size} (D2)."
        ).format(square=square, colour=colour, size=found.bit_count())

    return Fact(lambda state: str(size(state)), worked)


def card_price(colour: Colour) -> Fact:
    """What a card of ``colour`` costs, and whether the learner's pions pay for it (T6.1)."""

    def worked(state: State) -> str:
        pions = state.pions[state.current]
        price = PRICES[colour]
        colour_name = _("orange") if colour == "orange" else _("emerald")
        afford = _("you can pay it") if pions >= price else _("you cannot pay it")
        return ngettext(
            "Price of one {colour} card: {price} (T6.1); with {pions} pion, {afford}.",
            "Price of one {colour} card: {price} (T6.1); with {pions} pions, {afford}.",
            pions,
        ).format(colour=colour_name, price=price, pions=pions, afford=afford)

    return Fact(lambda state: str(PRICES[colour]), worked)


def affordable_cards(colour: Colour) -> Fact:
    """How many cards of ``colour`` the learner could buy one after another now (T6.1, T6.3)."""

    def count(state: State) -> int:
        left = len(state.piles[pile_index(colour, "down")]) + len(
            state.piles[pile_index(colour, "up")]
        )
        return min(state.pions[state.current] // PRICES[colour], left)

    def worked(state: State) -> str:
        pions = state.pions[state.current]
        return ngettext(
            "Each costs {price} and you hold {pions} pion: {count}, one after another (T6.1).",
            "Each costs {price} and you hold {pions} pions: {count}, one after another (T6.1).",
            pions,
        ).format(price=PRICES[colour], pions=pions, count=count(state))

    return Fact(lambda state: str(count(state)), worked)


def up_top(colour: Colour) -> Fact:
    """The kind of the top card of ``colour``'s face-up pile (S4, T6.4)."""

    def top(state: State) -> str:
        pile = state.piles[pile_index(colour, "up")]
        return kind_of(pile[0]) if pile else "none"

    def worked(state: State) -> str:
        pile = state.piles[pile_index(colour, "up")]
        if not pile:
            return _("That pile is empty (T6.3).")
        return _(
            "The face-up pile shows its top card, {card} ({value}); the face-down pile "
            "shows only its back (S4)."
        ).format(card=card_name(state.kinds, pile[0]), value=card_value(state.kinds, pile[0]))

    return Fact(top, worked)


def score_if_ended(seat: int = LEARNER) -> Fact:
    """``seat``'s score if the game ended now (E2)."""

    def worked(state: State) -> str:
        score = score_now(state, seat)
        return ngettext(
            "{name}: laid cards {laid} + {pions} pions − {hand} card in hand = {total} (E2).",
            "{name}: laid cards {laid} + {pions} pions − {hand} cards in hand = {total} (E2).",
            score.in_hand,
        ).format(
            name=state.players[seat],
            laid=score.laid_value,
            pions=score.pions,
            hand=score.in_hand,
            total=score.total,
        )

    return Fact(lambda state: str(score_now(state, seat).total), worked)


def refused_or_not(attempt: Attempt) -> Fact:
    """Whether the rules allow ``attempt`` now (``yes``/``no``), with the rule that decides."""

    def refusal(state: State) -> IllegalMove | None:
        try:
            decide(state, command_for(attempt, state.current))
        except IllegalMove as refused:
            return refused
        return None

    def worked(state: State) -> str:
        refused = refusal(state)
        if refused is None:
            return _("Yes: the rules allow it.")
        return _("No ({rule}): {reason}.").format(rule=refused.rule, reason=refused.reason)

    return Fact(lambda state: "no" if refusal(state) else "yes", worked)


__all__ = [
    "ADVICE",
    "LEARNER",
    "QUIZ_WORDS",
    "TUTOR",
    "Attempt",
    "Check",
    "Fact",
    "Lesson",
    "Mistake",
    "Outcome",
    "Quiz",
    "Verdict",
    "affordable_cards",
    "card_price",
    "check",
    "command_for",
    "earned_by",
    "earned_nothing",
    "explain_refusal",
    "happened",
    "is_action",
    "is_buy",
    "laid_by",
    "pions_after",
    "refused_or_not",
    "removed",
    "score_if_ended",
    "set_size",
    "stain_without_card",
    "to_learner",
    "up_top",
]
