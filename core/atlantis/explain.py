"""Why things happen: each event with its rule id, and what a refused command could do instead.

``explain(state_before, event)`` gives the rule (RULES.md id) behind an event
and one sentence saying why it happened, so the log and the tutorial can teach
from real play. ``explain_refusal(state, command, refusal)`` turns a refusal
from ``decide`` into a sentence about what *would* be allowed: the payable
total and the least-overpaying payment for T5.4, the cards that would finish a
chain for T4.5, and so on. Both only read the state.
"""

from __future__ import annotations

from core.atlantis.board import Board, Gap
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    PlaceBridge,
    Resign,
)
from core.atlantis.describe import (
    cards_phrase,
    item_name,
    payment_phrase,
    space_phrase,
    tile_phrase,
)
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
from core.atlantis.hands import cards_of, hand_of
from core.atlantis.i18n import _, ngettext
from core.atlantis.items import ITEM_COUNT
from core.atlantis.moves import (
    MovePreview,
    final_debt,
    final_payments,
    legal_moves,
    move_payments,
    pawn_moves,
    payable_cards,
)
from core.atlantis.state import MAINLAND, PAWN_LETTERS, PAWNS_PER_PLAYER, State
from core.kernel.errors import IllegalMove

MAX_LISTED = 3
"""How many alternatives a sentence names; more would not be read."""


# -- events ----------------------------------------------------------------------------------
def explain(state: State, event: AnyEvent) -> tuple[str, str]:
    """The rule id behind ``event`` and one sentence of why (``state``: just before it)."""
    match event:
        case GameStarted():
            return "S2", _(
                "The path is laid from Atlantis to the Mainland and every player gets "
                "three pawns, a bridge and a hand of cards."
            )
        case CardsDrawn():
            return _explain_draw(state, event)
        case DeckReshuffled():
            return "T8", _(
                "The draw pile ran out, so the discard pile was shuffled into a new draw pile."
            )
        case PileShuffled():
            return "T", _(
                "Cards of the draw pile had been seen (an undo took back a draw, or a "
                "replay showed the draws to come), so it is shuffled before anyone draws "
                "again: nobody knows which cards come next."
            )
        case CardsBought(tile=tile):
            value = state.tiles[tile].value
            return "T1", _(
                "At the start of a turn a collected tile may go back to the box for half "
                "its value in cards, rounded down: {value} buys {n}."
            ).format(value=value, n=value // 2)
        case BridgePlaced():
            return "T2", _(
                "Each player may place his one bridge on a gap before moving; from now on "
                "everybody crosses that water for free (T5.3)."
            )
        case PawnMoved():
            return _explain_move(state, event)
        case CrossingPaid(owed=owed):
            return "T5.4", _(
                "Each unbridged gap crossed costs the lower value of its two neighbours, "
                "{owed} in all (T5.1); it is paid once, after moving, with tiles and cards "
                "held since the turn began."
            ).format(owed=owed)
        case TileTaken():
            return _explain_take(state, event)
        case PlayerStuck():
            return "T9", _(
                "No pawn had a move that could be paid for, so the hand is shown, two "
                "cards are drawn and the turn ends."
            )
        case TurnEnded():
            return "T", _("The turn is over and play passes clockwise to the next player.")
        case FinalCrossingStarted(finisher=None):
            return "E4", _(
                "A whole round passed with nobody able to move or draw, so the game ends."
            )
        case FinalCrossingStarted():
            return "E1", _(
                "A third pawn reached the Mainland, so the game ends once that turn is finished."
            )
        case FinalCrossingPaid(player=player, owed=owed, shortfall=short) if short:
            return "E2.1", _(
                "{name}'s pawns still on the path owed {owed} for the water left and all "
                "{name} held did not cover it: the {short} unpaid count as negative points."
            ).format(name=state.players[player], owed=owed, short=short)
        case FinalCrossingPaid(player=player, owed=owed):
            return "E2", _(
                "The game is over, so {name}'s pawns still on the path cross to the "
                "Mainland, paying for all the unbridged water ahead of them: {owed}."
            ).format(name=state.players[player], owed=owed)
        case GameEnded():
            return "E3", _(
                "A score is the value of the tiles held plus one per card, less anything "
                "unpaid; the highest score wins and ties share the win."
            )
        case PlayerResigned():
            return "E5", _(
                "On his turn a player may resign: his pawns leave the path, his turns are "
                "passed over and he ranks last; when one player is left, the game ends."
            )
        case EventsUndone():
            return "", _("Moves were taken back; the game continues from before them.")


def _explain_draw(state: State, event: CardsDrawn) -> tuple[str, str]:
    if event.reason == "deal":
        return "S4", _("Each player is dealt 4, 5, 6 or 7 cards, in seat order.")
    if event.reason == "buy":
        return "T1", _("The cards bought come from the top of the draw pile.")
    if event.reason == "stuck":
        return "T9", _("A player who cannot move draws 2 cards, and his turn ends.")
    home = state.on_mainland(event.player)
    return "T8", ngettext(
        "After moving you draw 1 card plus 1 per pawn on the Mainland ({home} pawn home).",
        "After moving you draw 1 card plus 1 per pawn on the Mainland ({home} pawns home).",
        home,
    ).format(home=home)


def _explain_move(state: State, event: PawnMoved) -> tuple[str, str]:
    item = item_name(event.cards[-1])
    if len(event.cards) > 1:
        occupied = [space_phrase(state, space) for space in event.landings[:-1]]
        return "T4.3", _(
            "The pawn landed on {landed}, where a pawn already stood, so another card "
            "had to be played; a move ends only on a free space or the Mainland."
        ).format(landed=_(" and ").join(occupied))
    if event.landings[-1] == MAINLAND:
        return "T4.2", _(
            "No {item} lies between the pawn and the Mainland, so it went all the way there."
        ).format(item=item)
    return "T4.1", _(
        "A card moves a pawn to the nearest space ahead showing its item: the nearest "
        "{item} was {space}."
    ).format(item=item, space=space_phrase(state, event.landings[-1]))


def _explain_take(state: State, event: TileTaken) -> tuple[str, str]:
    tile = tile_phrase(state, event.tile)
    positions = state.pawns[event.player]
    mainland = MAINLAND in positions and not any(
        event.space < p < MAINLAND and _takes_from(state, p) == event.space for p in positions
    )
    if mainland:
        rule, sentence = (
            "T6.2",
            _(
                "A pawn reaching the Mainland takes the top tile of the free land space "
                "nearest the Mainland: {tile}."
            ).format(tile=tile),
        )
    else:
        rule, sentence = (
            "T6.1",
            _(
                "Looking back toward Atlantis from where the pawn stopped, the first free land "
                "space held {tile}; water and occupied spaces are skipped."
            ).format(tile=tile),
        )
    if len(state.spaces[event.space]) == 1:
        board = Board.of(state)
        edge = event.space in (board.first_land, board.last_land)
        sentence += " " + (
            _("Its space became water beside an end of the path; that end moves back (T7.2).")
            if edge
            else _("Its space became water (T7.1).")
        )
    return rule, sentence


def _takes_from(state: State, stop: int) -> int | None:
    return Board.of(state).tile_to_take(stop, state.occupied())


# -- refusals ---------------------------------------------------------------------------------
def explain_refusal(state: State, command: AnyCommand, refusal: IllegalMove) -> tuple[str, str]:
    """The refused rule and a sentence saying what would be allowed instead."""
    rule = refusal.rule
    if rule == "T":
        actor = state.to_act
        name = state.players[actor] if actor is not None else _("nobody")
        return rule, _("Wait for {name}: only the player whose decision it is may act.").format(
            name=name
        )
    if rule == "E1":
        return rule, _("The game is over: the scores are final.")
    if state.phase == "final_crossing" and not isinstance(command, PayFinalCrossing):
        return rule, _("Only the final crossings remain: pay for your pawns (E2).")
    match command:
        case Move():
            return rule, _move_advice(state, command, rule)
        case BuyCards():
            return rule, _buy_advice(state)
        case PlaceBridge():
            return rule, _bridge_advice(state)
        case DeclareStuck():
            return rule, _stuck_advice(state)
        case PayFinalCrossing():
            return rule, _final_advice(state, command.seat)
        case Resign():
            return rule, _("Resign on your turn, before the final crossing (E5).")


def _pawns_free(state: State, seat: int) -> list[str]:
    return [PAWN_LETTERS[p] for p in range(PAWNS_PER_PLAYER) if state.pawns[seat][p] != MAINLAND]


def _move_advice(state: State, command: Move, rule: str) -> str:
    seat = command.seat
    if rule == "T3":
        letters = ", ".join(_pawns_free(state, seat))
        return _("Choose a pawn that is not on the Mainland: {letters}.").format(letters=letters)
    if rule == "T4.1":
        if not sum(state.hands[seat]):
            return _("Buy cards with a tile (T1), or draw 2 (T9).")
        return _("Play cards you hold: {cards}.").format(
            cards=cards_phrase(cards_of(state.hands[seat]))
        )
    board = Board.of(state)
    start = state.pawns[seat][command.pawn]
    occupied = state.occupied() - {start}
    letter = PAWN_LETTERS[command.pawn]
    if rule == "T4.4":
        position = start
        for count, card in enumerate(command.cards, start=1):
            position = board.landing(position, card)
            if position == MAINLAND or position not in occupied:
                return _(
                    "{cards} already stops pawn {p} on {space}; play only that, or start with "
                    "a card that lands on an occupied space."
                ).format(
                    cards=cards_phrase(command.cards[:count]),
                    p=letter,
                    space=space_phrase(state, position),
                )
        return _("Extra cards follow only an occupied landing (T4.3).")
    if rule == "T4.5" and _ends_occupied(board, start, command.cards, occupied):
        return _chain_advice(state, command)
    if rule == "T4.5":
        cheaper = [p for p in legal_moves(state) if p.pawn == command.pawn][:MAX_LISTED]
        owed = board.cost_between(start, _walk(board, start, command.cards))
        most = state.collected_value(seat) + sum(payable_cards(state, seat, hand_of(command.cards)))
        sentence = _(
            "That crossing costs {owed}, and you can pay at most {most}: your tiles and the "
            "cards you do not play (T5.4)."
        ).format(owed=owed, most=most)
        if cheaper:
            sentence += " " + _("Pawn {p} can afford: {moves}.").format(
                p=letter, moves=_moves_phrase(state, cheaper)
            )
        elif legal_moves(state):
            sentence += " " + _("Another pawn can move.")
        return sentence
    if rule == "T5.4":
        return _payment_advice(state, command)
    return _("Look at the preview: it lists only the moves the rules allow.")


def _walk(board: Board, start: int, cards: tuple[int, ...]) -> int:
    position = start
    for card in cards:
        position = board.landing(position, card)
    return position


def _ends_occupied(
    board: Board, start: int, cards: tuple[int, ...], occupied: frozenset[int]
) -> bool:
    position = _walk(board, start, cards)
    return position != MAINLAND and position in occupied


def _chain_advice(state: State, command: Move) -> str:
    """T4.5 after an occupied landing: which next cards would carry the pawn on."""
    board = Board.of(state)
    seat = command.seat
    start = state.pawns[seat][command.pawn]
    stop = _walk(board, start, command.cards)
    remaining = list(state.hands[seat])
    for card in command.cards:
        remaining[card] -= 1
    options = []
    for item in range(ITEM_COUNT):
        if remaining[item] > 0:
            options.append(
                _("{item} to {space}").format(
                    item=item_name(item), space=space_phrase(state, board.landing(stop, item))
                )
            )
    if not options:
        return _(
            "{space} is occupied and you have no card left to play on: choose another move."
        ).format(space=space_phrase(state, stop))
    return _("{space} is occupied: play one more card, e.g. {options}.").format(
        space=space_phrase(state, stop), options=", ".join(options[:MAX_LISTED])
    )


def _payment_advice(state: State, command: Move) -> str:
    seat = command.seat
    preview = _preview_for(state, command)
    if preview is None:
        return _("Pay with tiles you held and cards you did not play.")
    allowed = payable_cards(state, seat, hand_of(preview.cards))
    if preview.owed == 0:
        return _("This move crosses no water you must pay for: pay nothing.")
    options = move_payments(state, preview, limit=1)
    best = options[0] if options else None
    sentence = _(
        "You owe {owed}: pay with the tiles you held and the cards you did not play, up "
        "to {most} (never the cards played to move or the tile taken now)."
    ).format(owed=preview.owed, most=state.collected_value(seat) + sum(allowed))
    if best is not None:
        sentence += " " + _("Least overpay: {payment}.").format(
            payment=payment_phrase(state, best.tiles, best.cards)
        )
    return sentence


def _preview_for(state: State, command: Move) -> MovePreview | None:
    wanted = tuple(sorted(command.cards))
    for preview in pawn_moves(state, command.pawn):
        if tuple(sorted(preview.cards)) == wanted and preview.destination == _walk(
            Board.of(state), state.pawns[command.seat][command.pawn], command.cards
        ):
            return preview
    return None


def _moves_phrase(state: State, previews: list[MovePreview]) -> str:
    return "; ".join(
        _("{cards} to {space}").format(
            cards=cards_phrase(p.cards), space=space_phrase(state, p.destination)
        )
        for p in previews
    )


def _buy_advice(state: State) -> str:
    seat = state.current
    tiles = state.collected[seat]
    if not tiles:
        return _("You have no collected tile to return; tiles come from moving (T6).")
    if state.bridged_this_turn:
        return _("Cards are bought before the bridge is placed: buy at the start of a turn.")
    if not state.options.allows_purchase(state.purchases):
        return _("You have bought this turn already; buy again next turn.")
    names = ", ".join(tile_phrase(state, t) for t in tiles)
    return _("Return one of your tiles: {tiles}.").format(tiles=names)


def _bridge_advice(state: State) -> str:
    seat = state.current
    if state.bridges[seat] is not None:
        return _("Your bridge is already on the path, and it stays free for everybody.")
    gaps = [gap for gap in Board.of(state).gaps if not gap.bridged]
    if not gaps:
        return _("There is no unbridged water to bridge now.")
    return _("Bridge one of these gaps: {gaps}.").format(
        gaps=", ".join(_gap_phrase(gap) for gap in gaps)
    )


def _gap_phrase(gap: Gap) -> str:
    span = f"{gap.first}" if gap.first == gap.last else f"{gap.first}–{gap.last}"
    return _("water at {span} (costs {price})").format(span=span, price=gap.price)


def _stuck_advice(state: State) -> str:
    moves = legal_moves(state)
    if not moves:
        return _("Declare that you cannot move only when no pawn can move.")
    return _("A pawn can still move, for example: {moves}.").format(
        moves=_moves_phrase(state, moves[:MAX_LISTED])
    )


def _final_advice(state: State, seat: int) -> str:
    if state.phase != "final_crossing":
        return _("The final crossing comes only after a player brings his third pawn home (E1).")
    owed = final_debt(state, seat)
    options = final_payments(state, seat, limit=1)
    sentence = _("Your pawns owe {owed}; pay with any tiles and cards you hold.").format(owed=owed)
    if options and not options[0].is_empty():
        sentence += " " + _("Least overpay: {payment}.").format(
            payment=payment_phrase(state, options[0].tiles, options[0].cards)
        )
    return sentence
