"""Hints: the move the review of a game would call best, told in two stages.

``hint(state, seat)`` asks the kernel (``core.services.hints.best_command``: the
expert's search scored in points of lead, as ``atlantis review`` judges a move)
from the player's own view, so a hint never reveals hidden cards, and describes
its choice with the move previews of ``core.atlantis.moves``. Stage 1 says only
what to act with (which pawn, or the bridge, or a purchase); stage 2 gives the
whole move: cards, destination, payment, and a reason in points — the tile
gained, the points paid, and the water the taken tile leaves for the other
players. A hint never advises resigning.

``budget`` is in seconds of the review's playouts (the same hint on any machine
for a seed); ``playouts`` fixes their number instead, for quick tests.
"""

from __future__ import annotations

import msgspec

from core.atlantis.board import Board
from core.atlantis.bots.evaluation import debt_after_taking
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
    PlaceBridge,
    Resign,
)
from core.atlantis.describe import item_name, payment_phrase, space_phrase, tile_phrase
from core.atlantis.game_type import ATLANTIS as ATLANTIS_GAME
from core.atlantis.i18n import _, ngettext
from core.atlantis.moves import MovePreview, final_debt, move_list, pawn_moves, purchase_options
from core.atlantis.payments import payment_value
from core.atlantis.state import ATLANTIS, MAINLAND, PAWN_LETTERS, State
from core.atlantis.view import view_for
from core.services.hints import HINT_BUDGET, best_command


class Hint(msgspec.Struct, frozen=True):
    """Advice for ``seat``: the command, and sentences for stage 1 and stage 2.

    ``water_for_others`` is, per seat, how much more that player's pawns would
    owe to reach the Mainland once the tile is taken (0 for the adviser).
    """

    seat: int
    command: AnyCommand
    pawn: int | None
    stage1: str
    stage2: str
    reason: str
    preview: MovePreview | None = None
    payment: Payment | None = None
    tile_value: int = 0
    paid: int = 0
    water_for_others: tuple[int, ...] = ()

    def text(self, stage: int) -> str:
        """What to show at ``stage`` 1 (what to act with) or 2 (the move and why)."""
        if stage <= 1:
            return self.stage1
        return f"{self.stage2} {self.reason}".strip()


def hint(
    state: State,
    seat: int,
    budget: float = HINT_BUDGET,
    *,
    playouts: int | None = None,
    seed: int = 0,
) -> Hint:
    """The best move for ``seat``, whose decision it must be, found from its view."""
    if state.to_act != seat:
        raise ValueError(_("it is not {name}'s decision").format(name=state.players[seat]))
    view = view_for(state, seat)
    advice = best_command(ATLANTIS_GAME, view, budget, seed, playouts, allowed=_advisable)
    assert advice is not None  # every Atlantis view is judged
    return describe_advice(view.state, advice.command)


def _advisable(command: AnyCommand) -> bool:
    """Resigning is the player's own business, never advice."""
    return not isinstance(command, Resign)


def describe_advice(state: State, command: AnyCommand) -> Hint:
    """Stage sentences and reasons for ``command`` in ``state`` (the adviser's view)."""
    match command:
        case Move():
            return _move_hint(state, command)
        case PlaceBridge():
            return _bridge_hint(state, command)
        case BuyCards():
            tile = command.tile
            count = state.tiles[tile].value // 2
            return Hint(
                command.seat,
                command,
                None,
                _("Buy cards first (T1)."),
                _("Return {tile} to the box for {n}.").format(
                    tile=tile_phrase(state, tile),
                    n=ngettext("{n} card", "{n} cards", count).format(n=count),
                ),
                _("No pawn can move with the cards you hold.")
                if not move_list(state)
                else _("More cards are worth more to you now than the tile's points."),
                paid=state.tiles[tile].value,
            )
        case DeclareStuck():
            return Hint(
                command.seat,
                command,
                None,
                _("No pawn can move."),
                _("Show your hand and draw 2 cards (T9)."),
                _("Buying cards would cost more points than they help.")
                if purchase_options(state)
                else _("You have no tile to buy cards with (T1)."),
            )
        case PayFinalCrossing():
            owed = final_debt(state, command.seat)
            return Hint(
                command.seat,
                command,
                None,
                _("Pay your final crossing (E2)."),
                _("Pay {payment} for the {owed} your pawns owe.").format(
                    payment=payment_phrase(state, command.payment.tiles, command.payment.cards),
                    owed=owed,
                ),
                _("It keeps the most points."),
                payment=command.payment,
                paid=payment_value(state, command.payment),
            )
        case _:
            raise TypeError(f"no advice is given to {type(command).__name__}")


def _find_preview(state: State, command: Move) -> MovePreview:
    wanted = tuple(sorted(command.cards))
    fallback = None
    for preview in pawn_moves(state, command.pawn):
        if preview.cards == command.cards:
            return preview
        if fallback is None and tuple(sorted(preview.cards)) == wanted:
            fallback = preview
    if fallback is None:
        raise RuntimeError("the advised move is not among the pawn's moves")
    return fallback


def water_left(state: State, preview: MovePreview) -> tuple[int, ...]:
    """Per seat, the extra final-crossing debt once the move's tile is taken."""
    more = debt_after_taking(state, preview.tile_space)
    return tuple(0 if p == state.current else extra for p, extra in enumerate(more))


def _move_hint(state: State, command: Move) -> Hint:
    preview = _find_preview(state, command)
    letter = PAWN_LETTERS[command.pawn]
    where = space_phrase(state, preview.destination)
    plays = ", ".join(item_name(card) for card in preview.cards)
    stage2 = _("Pawn {p}: play {cards} to {where}").format(p=letter, cards=plays, where=where)
    paid = payment_value(state, command.payment)
    if preview.owed:
        stage2 += _(", cross water for {owed} and pay {payment}").format(
            owed=preview.owed,
            payment=payment_phrase(state, command.payment.tiles, command.payment.cards),
        )
    if preview.tile is not None:
        assert preview.tile_space is not None
        stage2 += _(", and take {tile} from space {n}.").format(
            tile=tile_phrase(state, preview.tile), n=preview.tile_space
        )
    else:
        stage2 += _("; there is no tile to take (T6.3).")
    value = state.tiles[preview.tile].value if preview.tile is not None else 0
    water = water_left(state, preview)
    return Hint(
        command.seat,
        command,
        command.pawn,
        _pawn_advice(state, command),
        stage2,
        _move_reason(state, preview, value, paid, water),
        preview=preview,
        payment=command.payment,
        tile_value=value,
        paid=paid,
        water_for_others=water,
    )


def _pawn_advice(state: State, command: Move) -> str:
    """Stage 1: the pawn to move; on Atlantis the three pawns are alike, so say so."""
    letter = PAWN_LETTERS[command.pawn]
    positions = state.pawns[command.seat]
    if positions[command.pawn] == ATLANTIS and positions.count(ATLANTIS) > 1:
        return _("Move a pawn off Atlantis (pawn {p}).").format(p=letter)
    return _("Move pawn {p}.").format(p=letter)


def _move_reason(
    state: State, preview: MovePreview, value: int, paid: int, water: tuple[int, ...]
) -> str:
    parts = []
    if value:
        parts.append(_("You gain {v} points").format(v=value))
    if paid:
        parts.append(_("pay {n}").format(n=paid))
    played = len(preview.cards)
    parts.append(ngettext("spend {n} card", "spend {n} cards", played).format(n=played))
    sentence = _capital(", ".join(parts)) + "."
    if preview.destination == MAINLAND:
        sentence += " " + _("A pawn home draws you one more card every turn (T8).")
    if preview.tile_space is None:
        return sentence
    if len(state.spaces[preview.tile_space]) > 1:
        return sentence + " " + _("A tile lies beneath, so no water opens.")
    hurt = [(state.players[p], extra) for p, extra in enumerate(water) if extra > 0]
    eased = [(state.players[p], -extra) for p, extra in enumerate(water) if extra < 0]
    if hurt:
        owed = ", ".join(f"{name} +{extra}" for name, extra in hurt)
        return f"{sentence} " + _(
            "The new water at space {n} makes the others owe more to reach the Mainland: {owed}."
        ).format(n=preview.tile_space, owed=owed)
    if eased:
        owed = ", ".join(f"{name} −{extra}" for name, extra in eased)
        return f"{sentence} " + _(
            "The new water makes a gap cheaper for the others to cross: {owed}."
        ).format(owed=owed)
    return f"{sentence} " + _("No other player will owe more for water because of it.")


def _bridge_hint(state: State, command: PlaceBridge) -> Hint:
    gap = Board.of(state).gap_at(command.space)
    assert gap is not None
    span = f"{gap.first}" if gap.first == gap.last else f"{gap.first}–{gap.last}"
    mine = sum(1 for position in state.pawns[command.seat] if position < gap.first)
    return Hint(
        command.seat,
        command,
        None,
        _("Place your bridge first (T2)."),
        _("Bridge the water at {span}, which costs {price} to cross.").format(
            span=span, price=gap.price
        ),
        ngettext(
            "{n} of your pawns still has to cross it; afterwards it is free for everybody.",
            "{n} of your pawns still have to cross it; afterwards it is free for everybody.",
            mine,
        ).format(n=mine),
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["Hint", "describe_advice", "hint", "water_left"]
