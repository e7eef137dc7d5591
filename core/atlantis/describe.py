"""Events as sentences a player reads in the log ("Ann plays olives and …").

One sentence per event, from the events and the state just before each one,
so the log can say which tile and which space without storing more. The
words go through ``core.kernel.i18n``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.atlantis.board import Board
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    EventsUndone,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    GameStarted,
    PawnMoved,
    PileShuffled,
    PlayerResigned,
    PlayerStuck,
    TileTaken,
    TurnEnded,
)
from core.atlantis.evolve import states_after
from core.atlantis.i18n import _, ngettext
from core.atlantis.items import Item
from core.atlantis.state import MAINLAND, PAWN_LETTERS, State


def item_name(item: int) -> str:
    return Item(item).shown_name


def cards_phrase(cards: Sequence[int]) -> str:
    """``flag, flag, ring`` → ``2 flags and ring``-like short text: ``flag ×2, ring``."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    parts = [item_name(item) + (f" ×{n}" if n > 1 else "") for item, n in sorted(counts.items())]
    return ", ".join(parts) if parts else _("no card")


def tile_phrase(state: State, tile: int) -> str:
    spec = state.tiles[tile]
    return f"{item_name(spec.item)} {spec.value}"


def space_phrase(state: State, space: int) -> str:
    if space == MAINLAND:
        return _("the Mainland")
    if space == 0:
        return _("Atlantis")
    top = state.top(space)
    if top is None:
        return _("space {n}").format(n=space)
    return _("{tile} (space {n})").format(tile=tile_phrase(state, top), n=space)


def payment_phrase(state: State, tiles: Sequence[int], cards: Sequence[int]) -> str:
    parts = [tile_phrase(state, tile) for tile in tiles]
    if cards:
        parts.append(ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)))
    return " + ".join(parts) if parts else _("nothing")


def describe(state: State, event: AnyEvent) -> str:
    """The sentence for ``event``, given the state just before it."""
    players = state.players

    def who(seat: int | None) -> str:
        return players[seat] if seat is not None else _("nobody")

    match event:
        case GameStarted():
            return _("A game for {names} begins; {first} plays first.").format(
                names=", ".join(event.players), first=event.players[event.start_player]
            )
        case CardsDrawn(player=p, cards=cards, count=n, reason=reason):
            what = (
                cards_phrase(cards) if cards else ngettext("{n} card", "{n} cards", n).format(n=n)
            )
            verbs = {
                "deal": _("{who} is dealt {what}."),
                "buy": _("{who} buys {what}."),
                "turn": _("{who} draws {what}."),
                "stuck": _("{who} draws {what} (T9)."),
            }
            return verbs[reason].format(who=who(p), what=what)
        case DeckReshuffled():
            return _("The discard pile is shuffled into a new draw pile (T8).")
        case PileShuffled():
            return _("The draw pile is shuffled: cards in it had been seen.")
        case CardsBought(player=p, tile=tile):
            return _("{who} returns {tile} to the box to buy {n} (T1).").format(
                who=who(p),
                tile=tile_phrase(state, tile),
                n=ngettext("{n} card", "{n} cards", state.tiles[tile].value // 2).format(
                    n=state.tiles[tile].value // 2
                ),
            )
        case BridgePlaced(player=p, space=space):
            gap = Board.of(state).gap_at(space)
            where = (
                _("spaces {a}–{b}").format(a=gap.first, b=gap.last)
                if gap is not None and gap.first != gap.last
                else _("space {n}").format(n=space)
            )
            return _("{who} places a bridge over the water at {where} (T2).").format(
                who=who(p), where=where
            )
        case PawnMoved(player=p, pawn=pawn, cards=cards, landings=landings, owed=owed):
            hops = " → ".join(space_phrase(state, space) for space in landings)
            played = ", ".join(item_name(card) for card in cards)
            sentence = _("{who} plays {cards} and moves pawn {pawn} to {hops}").format(
                who=who(p), cards=played, pawn=PAWN_LETTERS[pawn], hops=hops
            )
            if owed:
                sentence += _(", crossing water for {owed}").format(owed=owed)
            return sentence + "."
        case CrossingPaid(player=p, owed=owed, tiles=tiles, cards=cards):
            return _("{who} pays {what} for {owed} (T5.4).").format(
                who=who(p), what=payment_phrase(state, tiles, cards), owed=owed
            )
        case TileTaken(player=p, space=space, tile=tile):
            sentence = _("{who} takes {tile} from space {n}").format(
                who=who(p), tile=tile_phrase(state, tile), n=space
            )
            if len(state.spaces[space]) == 1:
                board = Board.of(state)
                if space == board.last_land:
                    sentence += _(
                        "; it becomes water and the Mainland moves back to the land before it "
                        "(T7.2)"
                    )
                elif space == board.first_land:
                    sentence += _(
                        "; it becomes water and Atlantis moves up to the land after it (T7.2)"
                    )
                else:
                    sentence += _("; it becomes water (T7.1)")
            return sentence + "."
        case PlayerStuck(player=p, hand=hand):
            return _("{who} cannot move and shows {cards} (T9).").format(
                who=who(p), cards=cards_phrase(hand)
            )
        case TurnEnded(next_player=nxt):
            return _("{who}'s turn.").format(who=who(nxt))
        case FinalCrossingStarted(finisher=finisher):
            if finisher is None:
                return _("Nobody can move any more: the game ends (E4).")
            return _(
                "{who} has brought all three pawns to the Mainland: the game ends (E1)."
            ).format(who=who(finisher))
        case FinalCrossingPaid(player=p, owed=owed, tiles=tiles, cards=cards, shortfall=short):
            if not owed:
                return _("{who}'s pawns reach the Mainland without paying (E2).").format(who=who(p))
            sentence = _("{who}'s pawns cross to the Mainland for {owed}, paying {what}").format(
                who=who(p), owed=owed, what=payment_phrase(state, tiles, cards)
            )
            if short:
                sentence += _("; the {n} unpaid count against {who} (E2.1)").format(
                    n=short, who=who(p)
                )
            return sentence + "."
        case PlayerResigned(player=p):
            return _("{who} resigns and leaves the game (E5).").format(who=who(p))
        case EventsUndone(count=count):
            return ngettext(
                "Undo: the last event is taken back.",
                "Undo: the last {n} events are taken back.",
                count,
            ).format(n=count)
        case _:
            assert isinstance(event, GameEnded), event
            scores, winners = event.scores, event.winners
            table = ", ".join(f"{players[s]} {score}" for s, score in enumerate(scores))
            return _("Final scores: {table}. {won} (E3).").format(
                table=table,
                won=ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
                    names=", ".join(players[s] for s in winners)
                ),
            )


def narrate(events: Sequence[AnyEvent]) -> Iterator[tuple[State, AnyEvent, str]]:
    """Each event with the state before it and its sentence, for a whole game."""
    if not events or not isinstance(events[0], GameStarted):
        return
    states = states_after(events)
    yield states[0], events[0], describe(states[0], events[0])
    for index in range(1, len(events)):
        yield states[index - 1], events[index], describe(states[index - 1], events[index])
