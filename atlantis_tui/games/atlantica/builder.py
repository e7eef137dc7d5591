"""The action builder: the location, level, payment and picks a player is choosing.

An action (T2.3) is built in steps, each undone by choosing again: a location
(``s o b c`` or a click on the board), a level (``1 2 3`` or a click on its
row), a payment among the distinct ones the hand allows (``Tab`` cycles them,
``j`` goes to one with a pair, T2.5), then, for the levels that choose cards
(T3.2, T3.3, T5.3, T6.2, T6.3), the spaces to take from (arrows and Space, or
a click). ``Draft.command`` is the ``PerformAction`` once every step is made.

Nothing here decides a rule: what is legal comes from the rules
(``action_refusal``, ``payments``, ``pair_refusal``); this module only keeps
the player's choices and says what is still missing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.atlantica.cards import Pick, diver_colour
from core.atlantica.commands import PerformAction
from core.atlantica.i18n import _
from core.atlantica.legal_commands import action_refusal
from core.atlantica.locations import (
    RESEARCH_SPACES,
    TREASURE_SPACES,
    Location,
    Slot,
    rule_id,
    slots,
)
from core.atlantica.payment import pair_refusal, payments
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

MAX_PICKS: dict[str, int] = {"T3.2": 2, "T3.3": 3, "T5.3": 2, "T6.2": 1, "T6.3": 2}
"""The levels that choose their cards, and how many they take at most."""

SHIP_PLACES = ("A", "B", "C")


@dataclass(frozen=True)
class Payment:
    """One way to pay a level: ``cards`` in slot order, the pair's two cards side by
    side at ``pair_slot`` (T2.5), as ``PerformAction`` takes them."""

    cards: tuple[str, ...]
    pair_slot: int | None = None

    def per_slot(self, count: int) -> list[tuple[str, ...]]:
        """The cards of each of ``count`` slots (two in the pair's)."""
        filled: list[tuple[str, ...]] = []
        index = 0
        for slot in range(count):
            size = 2 if slot == self.pair_slot else 1
            filled.append(self.cards[index : index + size])
            index += size
        return filled


def payment_options(state: State, location: Location, level: int) -> list[Payment]:
    """Every distinct legal payment of ``location`` at ``level``: without a pair first."""
    found = [Payment(tuple(cards), pair) for cards, pair in payments(state, location, level)]
    return sorted(found, key=lambda payment: payment.pair_slot is not None)


def fitting_cards(hand: tuple[str, ...], slot: Slot) -> tuple[str, ...]:
    """The cards of ``hand`` a slot takes (T2.3)."""
    return tuple(card for card in hand if card and diver_colour(card) in slot)


def cannot_pay(state: State, location: Location, level: int) -> IllegalMove:
    """Why the hand cannot pay a level the rules would otherwise allow (T2.3, T2.5)."""
    hand = state.hands[state.current]
    wanted = slots(location, level)
    lacking = [slot for slot in wanted if not fitting_cards(hand, slot)]
    names = ", ".join("|".join(slot) for slot in lacking)
    if len(lacking) > 1:
        return IllegalMove(
            "T2.3",
            _("no card of yours fits {slots}; a pair fills only one slot (T2.5)").format(
                slots=names
            ),
        )
    if state.pair_used:
        return IllegalMove(
            "T2.5",
            _("no card of yours fits {slot}, and your pair is used this turn").format(slot=names),
        )
    return IllegalMove(
        "T2.3",
        _("no card of yours fits {slot}, and no two cards of a colour are left for a pair").format(
            slot=names
        ),
    )


def level_refusal(state: State, location: Location, level: int) -> IllegalMove | None:
    """Why ``location`` at ``level`` cannot be played now, before any card is chosen:
    the rules' reason (T2.2, T2.4, T2.8, T4.4 …), or a hand that cannot pay it."""
    refusal = action_refusal(state, location, level)
    if refusal is not None:
        return refusal
    if not payments(state, location, level):
        return cannot_pay(state, location, level)
    return None


def pick_spaces(state: State, location: Location, level: int) -> tuple[Pick, ...]:
    """The spaces a level may take from now, holding a card (T3.2, T3.3, T5.3, T6.2,
    T6.3); empty for a level that chooses nothing."""
    rule = rule_id(location, level)
    if rule not in MAX_PICKS:
        return ()
    treasures = tuple(
        Pick("treasure", space)
        for space in range(1, TREASURE_SPACES + 1)
        if space <= len(state.treasure_display) and state.treasure_display[space - 1]
    )
    research = tuple(
        Pick("research", space)
        for space in range(1, RESEARCH_SPACES + 1)
        if space <= len(state.research_display) and state.research_display[space - 1]
    )
    if rule == "T3.2":
        return tuple(pick for pick in treasures if pick.space <= 3)
    if rule == "T3.3":
        return treasures
    if rule in ("T6.2", "T6.3"):
        return research
    ships = tuple(
        Pick("ship", index + 1) for index, pile in enumerate(state.ship_piles) if len(pile) > 0
    )
    every = treasures + ships + research
    marked = state.data.round_spaces
    if state.options.round_spaces == "marked" and marked:
        return tuple(pick for pick in every if pick in marked)
    return every


def pick_name(pick: Pick) -> str:
    """``space 3``, ``pile B``, ``research 2``: where a pick takes from."""
    if pick.place == "treasure":
        return _("treasure {n}").format(n=pick.space)
    if pick.place == "ship":
        return _("pile {pile}").format(pile=SHIP_PLACES[pick.space - 1])
    return _("research {n}").format(n=pick.space)


@dataclass(frozen=True)
class Draft:
    """What the player has chosen so far for one action."""

    location: Location | None = None
    level: int | None = None
    payment: int = 0
    """The index of the chosen payment among ``payment_options``."""
    picks: tuple[Pick, ...] = ()
    cursor: int = 0
    """The index of the space the arrows are on, among ``pick_spaces``."""
    auto_pair: bool = True
    """Whether the payments offered include those with a pair. The tutorial, whose
    lessons teach when a pair is allowed, sets it only once ``j`` asks for a pair, so a
    level only a pair can pay is not paid with one by itself."""

    @property
    def rule(self) -> str | None:
        """The rule of the chosen level, ``T4.2``."""
        if self.location is None or self.level is None:
            return None
        return rule_id(self.location, self.level)

    @property
    def max_picks(self) -> int:
        """How many cards the chosen level may choose (0: none to choose)."""
        return MAX_PICKS.get(self.rule or "", 0)

    def at(self, location: Location, level: int | None = None) -> Draft:
        """The builder on another location (and level): payment and picks start again."""
        return Draft(location, level)

    def options(self, state: State) -> list[Payment]:
        """The payments to choose among (``payment_options``), those with a pair left out
        unless ``auto_pair``. Those without a pair come first in both lists, so an index
        means the same payment in each."""
        if self.location is None or self.level is None:
            return []
        found = payment_options(state, self.location, self.level)
        return found if self.auto_pair else [one for one in found if one.pair_slot is None]

    def with_payment(self, index: int) -> Draft:
        return replace(self, payment=index)

    def toggle(self, pick: Pick) -> Draft:
        """``pick`` chosen, or unchosen when it was. A level takes at most
        ``max_picks`` cards: the oldest pick gives way. The round takes its two cards
        from two locations (T5.4): a second pick of one place replaces the first."""
        if pick in self.picks:
            return replace(self, picks=tuple(p for p in self.picks if p != pick))
        kept = self.picks
        if self.rule == "T5.3":
            kept = tuple(p for p in kept if p.place != pick.place)
        limit = self.max_picks
        if limit == 0:
            return self
        chosen = (*kept, pick)[-limit:]
        return replace(self, picks=chosen)

    def payment_of(self, state: State) -> Payment | None:
        """The chosen payment, when the level can be paid."""
        options = self.options(state)
        if not options:
            return None
        return options[self.payment % len(options)]

    def missing(self, state: State) -> str | None:
        """What is still to choose, in a sentence; ``None`` when the action is whole."""
        if self.location is None:
            return _("Choose a location: s o b c, or click it on the board.")
        if self.level is None:
            return _("Choose a level: 1 2 3, or click its row.")
        if self.max_picks and not self.picks:
            return _("Choose the cards to take: ← → and Space, or click them.")
        return None

    def command(self, state: State, seat: int) -> PerformAction | None:
        """The action, once location, level, payment and picks are chosen."""
        if self.location is None or self.level is None or self.missing(state) is not None:
            return None
        payment = self.payment_of(state)
        if payment is None:
            return None
        return PerformAction(
            seat,
            self.location,
            self.level,
            payment.cards,
            payment.pair_slot,
            self.picks if self.max_picks else (),
        )


def refusal_line(refusal: IllegalMove) -> str:
    """A refusal as one line: ``T2.2: you already acted at the port this turn``."""
    return _("{rule}: {reason}").format(rule=refusal.rule, reason=refusal.reason)


def draft_of(state: State, command: object) -> Draft | None:
    """The builder holding ``command`` (a hint's action), so that the preview shows it and
    Enter plays it; ``None`` for anything but an action."""
    if not isinstance(command, PerformAction):
        return None
    colours = [diver_colour(card) for card in command.cards if card]
    options = payment_options(state, command.location, command.level)
    index = next(
        (
            number
            for number, option in enumerate(options)
            if option.pair_slot == command.pair_slot
            and [diver_colour(card) for card in option.cards] == colours
        ),
        0,
    )
    return Draft(command.location, command.level, index, command.picks)


def pair_note(state: State, location: Location, level: int) -> IllegalMove | None:
    """Why a pair may not fill a slot of this level now (T2.5); ``None`` when it may."""
    return pair_refusal(state, location, level)
