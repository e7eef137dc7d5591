"""Events as the log tells them: one translatable sentence each.

``describe(state_before, event)`` reads the state the event applies to for
the names of players and what a space held. A card nobody may see is told by
count only. The words for cards, colours, types and locations are
``names``'s, re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.atlantica.events import (
    AnyEvent,
    DisplayRefilled,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    DiversHired,
    EventsUndone,
    GameEnded,
    GameScored,
    GameStarted,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    PileShuffled,
    ResearchChoicesMade,
    ResearchTaken,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.i18n import _, ngettext
from core.atlantica.locations import rule_id
from core.atlantica.names import (
    card_name,
    colour_name,
    crates_name,
    location_name,
    pile_name,
    type_name,
)
from core.atlantica.state import State

__all__ = ["card_name", "colour_name", "describe", "location_name", "type_name"]


def _who(state: State, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.players):
        return _("nobody")
    return state.players[seat]


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(card_name(card) for card in cards)


def _started(state: State, event: GameStarted) -> str:
    if event.prepared is not None:
        return _("A prepared position: {players}; {name} plays first.").format(
            players=", ".join(event.players), name=event.players[event.start_player]
        )
    return _("The game begins: {players}; {name} plays first.").format(
        players=", ".join(event.players), name=event.players[event.start_player]
    )


def _played(state: State, event: DiverCardsPlayed) -> str:
    colours = " ".join(card[0] if card else "?" for card in event.cards)
    text = _("{name} acts at {location}, level {level} ({rule}), paying {colours}.").format(
        name=_who(state, event.player),
        location=location_name(event.location),
        level=event.level,
        rule=rule_id(event.location, event.level),
        colours=colours,
    )
    if event.pair_slot is not None:
        text += " " + _("A pair fills slot {number}.").format(number=event.pair_slot + 1)
    return text


def _treasure(state: State, event: TreasureTaken) -> str:
    places = ", ".join(str(space) for space in event.spaces)
    if event.via == "round":
        return _("{name} takes {cards} from treasure space {spaces} (the round).").format(
            name=_who(state, event.player), cards=_cards(event.cards), spaces=places
        )
    return ngettext(
        "{name} takes {cards} from treasure space {spaces}.",
        "{name} takes {cards} from treasure spaces {spaces}.",
        len(event.spaces),
    ).format(name=_who(state, event.player), cards=_cards(event.cards), spaces=places)


def _ship(state: State, event: ShipChartered) -> str:
    if event.via == "round":
        sentence = _("{name} charters {ship} ({crates}) from {pile} (the round).")
    else:
        sentence = _("{name} charters {ship} ({crates}) from {pile}.")
    return sentence.format(
        name=_who(state, event.player),
        ship=card_name(event.card),
        crates=crates_name(event.card),
        pile=pile_name(event.pile),
    )


def _hired(state: State, event: DiversHired) -> str:
    return ngettext(
        "{name} hires {count} diver, face down.",
        "{name} hires {count} divers, face down.",
        event.count,
    ).format(name=_who(state, event.player), count=event.count)


def _research(state: State, event: ResearchTaken) -> str:
    places = ", ".join(str(space) for space in event.spaces)
    if event.via == "round":
        return _("{name} takes {cards} from research space {spaces} (the round).").format(
            name=_who(state, event.player), cards=_cards(event.cards), spaces=places
        )
    return ngettext(
        "{name} takes {cards} from research space {spaces}.",
        "{name} takes {cards} from research spaces {spaces}.",
        len(event.spaces),
    ).format(name=_who(state, event.player), cards=_cards(event.cards), spaces=places)


def _reshuffled(state: State, event: DiverDeckReshuffled) -> str:
    return ngettext(
        "The discard pile is shuffled into a new draw pile of {count} diver.",
        "The discard pile is shuffled into a new draw pile of {count} divers.",
        event.count,
    ).format(count=event.count)


def _pile(state: State, event: PileShuffled) -> str:
    names = {
        "divers": _("the diver draw pile"),
        "treasures": _("the main treasure pile"),
        "hurricane": _("the hurricane pile"),
        "research": _("the research pile"),
    }
    pile = names.get(event.pile) or pile_name(event.pile)
    return _("After the undo, {pile} is shuffled before it is drawn from.").format(pile=pile)


def _passed(state: State, event: TurnPassed) -> str:
    return ngettext(
        "{name} passes and draws {count} diver.",
        "{name} passes and draws {count} divers.",
        event.count,
    ).format(name=_who(state, event.player), count=event.count)


def _joined(state: State, event: HiredDiversJoinedHand) -> str:
    return ngettext(
        "{name}'s {count} hired diver joins the hand.",
        "{name}'s {count} hired divers join the hand.",
        event.count,
    ).format(name=_who(state, event.player), count=event.count)


def _refilled(state: State, event: DisplayRefilled) -> str:
    drawn = [draw.card for draw in event.draws]
    if event.display == "treasure":
        if not drawn:
            return _("The treasures move toward space 1.")
        return _("The treasure display is refilled: {cards}.").format(cards=_cards(tuple(drawn)))
    if not drawn:
        return _("The research cards move toward space 1.")
    return _("The research display is refilled: {cards}.").format(cards=_cards(tuple(drawn)))


def _hurricane(state: State, event: HurricaneDrawn) -> str:
    return _("{name} draws the hurricane: one last turn each, {names}.").format(
        name=_who(state, event.player),
        names=", ".join(_who(state, seat) for seat in event.final_turns),
    )


def _turn_ended(state: State, event: TurnEnded) -> str:
    if event.next_player is None:
        return _("{name}'s turn ends.").format(name=_who(state, event.player))
    return _("{name}'s turn ends; {next} plays.").format(
        name=_who(state, event.player), next=_who(state, event.next_player)
    )


def _game_ended(state: State, event: GameEnded) -> str:
    if event.reason == "hurricane":
        return _("The last turns are played: the game ends (E1.2).")
    return _("A whole round passed without a card drawn: the game ends (E2).")


def _released(state: State, event: TreasuresReleased) -> str:
    return ngettext(
        "{name} releases {count} treasure for want of crates: {cards}.",
        "{name} releases {count} treasures for want of crates: {cards}.",
        len(event.cards),
    ).format(name=_who(state, event.player), count=len(event.cards), cards=_cards(event.cards))


def _chosen(state: State, event: ResearchChoicesMade) -> str:
    parts = [_("R6 counts {type}").format(type=type_name(kind)) for kind in event.r6_types] + [
        _("R11 joins {type}").format(type=type_name(kind)) for kind in event.r11_types
    ]
    if not parts:
        return _("{name} has made the scoring choices.").format(name=_who(state, event.player))
    return _("{name} chooses: {choices}.").format(
        name=_who(state, event.player), choices="; ".join(parts)
    )


def _scored(state: State, event: GameScored) -> str:
    totals = ", ".join(
        _("{name} {points}").format(name=_who(state, seat), points=score.total)
        for seat, score in enumerate(event.scores)
    )
    won = ", ".join(_who(state, seat) for seat in event.winners)
    if len(event.winners) > 1:
        return _("Scores: {totals}. {names} share the win.").format(totals=totals, names=won)
    if event.tie_break:
        return _("Scores: {totals}. {name} wins on the treasure count (E7).").format(
            totals=totals, name=won
        )
    return _("Scores: {totals}. {name} wins.").format(totals=totals, name=won)


def _undone(state: State, event: EventsUndone) -> str:
    return ngettext(
        "{count} event is taken back.", "{count} events are taken back.", event.count
    ).format(count=event.count)


_SENTENCES: dict[type[Any], Callable[[State, Any], str]] = {
    GameStarted: _started,
    DiverCardsPlayed: _played,
    TreasureTaken: _treasure,
    ShipChartered: _ship,
    DiversHired: _hired,
    ResearchTaken: _research,
    DiverDeckReshuffled: _reshuffled,
    PileShuffled: _pile,
    TurnPassed: _passed,
    HiredDiversJoinedHand: _joined,
    DisplayRefilled: _refilled,
    HurricaneDrawn: _hurricane,
    TurnEnded: _turn_ended,
    GameEnded: _game_ended,
    TreasuresReleased: _released,
    ResearchChoicesMade: _chosen,
    GameScored: _scored,
    EventsUndone: _undone,
}


def describe(state: State, event: AnyEvent) -> str:
    """``event`` as one sentence of the log, ``state`` being the state before it."""
    sentence = _SENTENCES.get(type(event))
    if sentence is None:
        return type(event).__name__
    return sentence(state, event)
