"""Events as sentences a player reads in the log.

One sentence per event, from the event and the state just before it, e.g.
"Ana removes B2: blue A1 B1 A2 pays 3; red C1 B2 C2 A3 B3 lays the stands (8)".
The words go through the game's catalogue (``core.arkantis.i18n``); a card's
name is the data set's, in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.cards import Kind, kind_of
from core.arkantis.events import (
    ActionResolved,
    AnyEvent,
    CardBought,
    EventsUndone,
    GameEnded,
    GameScored,
    GameStarted,
    ModifiedSet,
    PileShuffled,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.i18n import _, ngettext, pgettext
from core.arkantis.state import State
from core.kernel.i18n import language


def card_name(kinds: Sequence[Kind], card: str) -> str:
    """A card's name in the current language (``the stands``), its id if unknown."""
    for kind in kinds:
        if kind.id == kind_of(card):
            code = language()
            return kind.fr if code == "fr" else kind.nl if code == "nl" else f"the {kind.en}"
    return card


def card_value(kinds: Sequence[Kind], card: str) -> int:
    for kind in kinds:
        if kind.id == kind_of(card):
            return kind.value
    return 0


def colour_word(colour: str) -> str:
    return _("orange") if colour == "orange" else _("emerald")


def pile_words(colour: str, pile: str) -> str:
    if pile == "down":
        return _("the face-down {colour} pile").format(colour=colour_word(colour))
    return _("the face-up {colour} pile").format(colour=colour_word(colour))


def joined(clauses: Sequence[str]) -> str:
    """Clauses one after another, with the language's separator (a semicolon; French
    puts a no-break space before it)."""
    return pgettext("between clauses", "; ").join(clauses)


def listed(names: Sequence[str]) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben and Cleo``."""
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def set_words(state: State, one: ModifiedSet) -> str:
    """One modified set and what it paid."""
    colour = _("blue") if one.colour == "blue" else _("red")
    squares = " ".join(one.squares)
    if one.card:
        return _("{colour} {squares} lays {card} ({value})").format(
            colour=colour,
            squares=squares,
            card=card_name(state.kinds, one.card),
            value=card_value(state.kinds, one.card),
        )
    if one.pions:
        return _("{colour} {squares} pays {pions}").format(
            colour=colour, squares=squares, pions=one.pions
        )
    return _("{colour} {squares} gives nothing").format(colour=colour, squares=squares)


def _resolution(state: State, event: ActionResolved) -> str:
    paying = [one for one in event.sets if one.pions or one.card]
    if not paying:
        return _("No set pays.")
    told = joined([set_words(state, one) for one in paying])
    told = told[0].upper() + told[1:]
    earned = ngettext(
        "{name} earns {count} pion.", "{name} earns {count} pions.", event.pions
    ).format(name=state.players[event.player], count=event.pions)
    return f"{told}. {earned}" if event.pions else f"{told}."


def describe(state: State, event: AnyEvent) -> str:
    """``event`` as one sentence, ``state`` the state just before it."""
    players = state.players

    def who(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else "?"

    match event:
        case GameStarted():
            return _("{players} sit down; {first} starts.").format(
                players=listed(event.players), first=event.players[event.start_player]
            )
        case CardBought():
            if event.card:
                return _("{name} buys {card} from {pile} for {price}.").format(
                    name=who(event.player),
                    card=card_name(state.kinds, event.card),
                    pile=pile_words(event.colour, event.pile),
                    price=event.price,
                )
            return _("{name} buys the top card of {pile} for {price}.").format(
                name=who(event.player), pile=pile_words(event.colour, event.pile), price=event.price
            )
        case PileShuffled():
            return (
                _("{pile} is shuffled: an undo had shown cards of it.")
                .format(pile=pile_words(event.colour, event.pile))
                .capitalize()
            )
        case TokensRemoved():
            if len(event.squares) == 2:
                return _("{name} removes {first} and {second} for 2 pions.").format(
                    name=who(event.player), first=event.squares[0], second=event.squares[1]
                )
            return _("{name} removes {square}.").format(
                name=who(event.player), square=event.squares[0]
            )
        case TokenMoved():
            return _("{name} moves {origin} to {target} for {price} pions.").format(
                name=who(event.player), origin=event.origin, target=event.target, price=event.price
            )
        case ActionResolved():
            return _resolution(state, event)
        case TurnPassed():
            return _("{name} passes for the rest of the game.").format(name=who(event.player))
        case TurnEnded():
            if event.next_player is None:
                return _("{name} ends the turn.").format(name=who(event.player))
            return _("{name} ends the turn; {next} plays.").format(
                name=who(event.player), next=who(event.next_player)
            )
        case GameEnded():
            if event.reason == "all-passed":
                return _("The game ends: everyone has passed.")
            return _("The game ends: no token is left on the board.")
        case GameScored():
            totals = ", ".join(
                f"{who(seat)} {score.total}" for seat, score in enumerate(event.scores)
            )
            names = [who(seat) for seat in event.winners]
            if len(names) == 1:
                return _("{name} wins ({totals}).").format(name=names[0], totals=totals)
            return _("{names} share the win ({totals}).").format(names=listed(names), totals=totals)
        case EventsUndone():
            return ngettext(
                "{count} event is taken back.", "{count} events are taken back.", event.count
            ).format(count=event.count)
