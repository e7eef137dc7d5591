"""The panels' texts: players, the hand, the preview of an action, refusals.

Pure functions of the state (and of what the seat may see), so that what they
say is tested without running the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from atlantis_tui import style as shell_style
from atlantis_tui.games.arkantis import style as st
from atlantis_tui.games.arkantis.cards_text import (
    Table,
    card_label,
    cards_grid,
    kind_name,
    kinds_by_id,
)
from atlantis_tui.screens.game.texts import (
    hand_title,
    hands_hidden,
    name_row,
    refusal_text,
    waiting_text,
)
from core.arkantis.cards import kind_of
from core.arkantis.commands import Move, Remove
from core.arkantis.describe import joined
from core.arkantis.events import ModifiedSet
from core.arkantis.i18n import _, ngettext
from core.arkantis.scoring import score_now
from core.arkantis.state import State

if TYPE_CHECKING:
    from core.arkantis.preview import ActionPreview


def moves_text(state: State, seat: int) -> str:
    """``moves 1/3`` (T3.4), or ``moves 1`` without a limit."""
    limit = state.options.move_limit
    used = state.moves_used[seat]
    if limit is None:
        return _("moves {used}").format(used=used)
    return _("moves {used}/{limit}").format(used=used, limit=limit)


def hand_count_text(table: Table, seat: int) -> str:
    """``3 in hand (2 O, 1 E)``: a hand as everyone sees it, by the colours of its backs."""
    orange, emerald = table.hand_colours[seat]
    size = table.hand_sizes[seat]
    return ngettext("{n} card in hand", "{n} cards in hand", size).format(n=size) + (
        f" ({orange} O, {emerald} E)"
    )


def phase_text(state: State) -> str:
    """Where the active player stands in his turn (T2)."""
    if state.phase == "after":
        return _("after the action: buy, or end the turn")
    return _("to act: buy, act or pass")


def player_card(state: State, table: Table, seat: int, kind: str) -> Text:
    """One player in three lines: name, pions and laid cards, hand, moves, score now."""
    acting = state.to_act == seat
    text = name_row(state.players, seat, state.to_act, kind)
    if state.passed[seat]:
        text.append("  " + _("passed (T5)"), style=st.DIM)
    elif acting:
        text.append("  " + phase_text(state), style="bold")
    text.append("\n    ")
    text.append(ngettext("{n} pion", "{n} pions", state.pions[seat]).format(n=state.pions[seat]))
    text.append(" · " + moves_text(state, seat) + " · " + hand_count_text(table, seat))
    text.append("\n    ")
    laid = state.laid[seat]
    text.append(ngettext("{n} laid card", "{n} laid cards", len(laid)).format(n=len(laid)))
    kinds = kinds_by_id(state)
    if laid:
        text.append(
            ": "
            + ", ".join(
                f"{kind_of(c)} {kinds[kind_of(c)].value}" for c in laid if kind_of(c) in kinds
            )
        )
    text.append(" · ")
    text.append(score_phrase(state, table, seat), style="bold")
    return text


def score_phrase(state: State, table: Table, seat: int) -> str:
    """``ended now: 17`` (E2: laid values + pions − cards in hand)."""
    if state.scores:
        return _("score {total}").format(total=state.scores[seat].total)
    score = score_now(state, seat)
    # A hidden hand is empty in a seat's view: its size comes from the table.
    total = score.laid_value + score.pions - table.hand_sizes[seat]
    return _("ended now: {total}").format(total=total)


def player_line(state: State, table: Table, seat: int) -> Text:
    """One player in one line, for small terminals: ``▶● Ann 5p 2L 3h m1/3 →17``."""
    names = [name[:8] for name in state.players]
    text = name_row(names, seat, state.to_act, gap="")
    orange, emerald = table.hand_colours[seat]
    text.append(
        " "
        + _("{p}p {l}L {h}h({o}O{e}E)").format(
            p=state.pions[seat],
            l=len(state.laid[seat]),
            h=table.hand_sizes[seat],
            o=orange,
            e=emerald,
        )
    )
    text.append(" " + moves_text(state, seat), style=st.DIM)
    if state.passed[seat]:
        text.append(" " + _("passed"), style=st.DIM)
    text.append(" " + score_phrase(state, table, seat), style="bold")
    return text


def players_text(state: State, table: Table, kinds: list[str], compact: bool) -> Text:
    """Every player, the one to act marked with ▶."""
    text = Text()
    for seat in range(state.player_count):
        if seat:
            text.append("\n")
        if compact:
            text.append_text(player_line(state, table, seat))
        else:
            text.append_text(player_card(state, table, seat, kinds[seat]))
    if compact:
        # The short marks of ``player_line``, spelt out once.
        text.append("\n" + _("p pions · L laid · h hand: O orange, E emerald"))
        text.stylize(st.DIM, len(text) - len(text.plain.rsplit("\n", 1)[1]))
    return text


def hand_text(state: State, seat: int | None, width: int, compact: bool) -> Text:
    """The hand of ``seat`` (the seat at the keyboard), or a line saying hands are hidden."""
    if seat is None:
        return hands_hidden()
    hand = state.hands[seat]
    text = hand_title(state.players, seat)
    text.append(f"  ({len(hand)})", style=st.DIM)
    if not hand:
        text.append("\n" + _("no cards"), style=st.DIM)
        return text
    text.append("\n")
    if compact:
        for index, card in enumerate(hand):
            if index:
                text.append("\n")
            text.append_text(card_label(state, card))
        return text
    text.append_text(cards_grid(state, hand, width))
    return text


def command_text(command: Remove | Move) -> str:
    """``Remove C4``, ``Remove B2 and C3``, ``Move E6 → F3``."""
    if isinstance(command, Move):
        return _("Move {origin} → {target}").format(origin=command.origin, target=command.target)
    if len(command.squares) == 2:
        first, second = command.squares
        return _("Remove {first} and {second}").format(first=first, second=second)
    return _("Remove {square}").format(square=command.squares[0])


def set_text(state: State, modified: ModifiedSet) -> Text:
    """One modified set: its colour, squares and size, and what it paid (T4.3, T4.4)."""
    text = Text()
    colour = _("blue") if modified.colour == "blue" else _("red")
    glyph = st.TOKEN_GLYPH if modified.colour == "blue" else st.EMPTY_GLYPH
    ground = st.TOKEN if modified.colour == "blue" else st.EMPTY
    text.append(f" {glyph} ", style=ground)
    size = len(modified.squares)
    if size <= MAX_STAIN:
        named = _("{colour} {squares} [{size}]").format(
            colour=colour, squares=" ".join(modified.squares), size=size
        )
    else:  # a large set pays nothing: its squares would only bury the stains
        named = _("{colour} set of {size} squares").format(colour=colour, size=size)
    text.append(" " + named + " → ")
    if modified.card:
        text.append(st.CARD_MARK + " ", style=st.LAYS_CARD)
        text.append(_("lays "))
        text.append_text(card_label(state, modified.card))
    elif modified.pions:
        text.append(st.PIONS_MARK, style=st.PAYS_PIONS)
        text.append(
            ngettext("{n} pion", "{n} pions", modified.pions).format(n=modified.pions),
            style=st.PAYS_PIONS,
        )
    else:
        text.append(st.NOTHING_MARK + " " + _nothing_because(size), style=st.PAYS_NOTHING)
    return text


MAX_STAIN = 5
"""D4: the largest stain; a larger modified set pays nothing (T4.3)."""


def _nothing_because(size: int) -> str:
    """Why a modified set paid nothing (T4.3, T4.4)."""
    if size == 1:
        return _("nothing (a single square)")
    if size > MAX_STAIN:
        return _("nothing (6 squares or more)")
    return _("nothing (no matching card in hand)")


def preview_text(state: State, command: Remove | Move, preview: ActionPreview) -> Text:
    """What the chosen action would do, before it is confirmed (T3, T4)."""
    seat = state.current
    text = Text()
    text.append(command_text(command), style=shell_style.player_style(seat))
    if preview.price:
        text.append(
            "  "
            + ngettext("costs {n} pion", "costs {n} pions", preview.price).format(n=preview.price),
            style="bold",
        )
    else:
        text.append("  " + _("free (T3.1)"), style=st.DIM)
    text.append("\n" + _("Sets it modifies (T4.1):"))
    if not preview.sets:
        text.append(" " + _("none"), style=st.DIM)
    for modified in preview.sets:
        text.append("\n  ")
        text.append_text(set_text(state, modified))
    pions = state.pions[seat]
    after = pions - preview.price + preview.pions
    text.append("\n")
    text.append(
        joined(
            [
                ngettext("Earns {n} pion", "Earns {n} pions", preview.pions).format(
                    n=preview.pions
                ),
                ngettext("lays {n} card", "lays {n} cards", len(preview.laid)).format(
                    n=len(preview.laid)
                ),
            ]
        )
        + " · "
        + _("pions {before} → {after}").format(before=pions, after=after),
        style="bold",
    )
    text.append("\n" + _("Enter: confirm · Esc: choose again"), style=st.DIM)
    return text


def idle_text(state: State, your_turn: bool, mode: str, chosen: tuple[str, ...]) -> Text:
    """What the preview panel says before an action is chosen: what to do, or who plays."""
    if state.is_over or state.to_act is None or not your_turn:
        return waiting_text(state.players, state.is_over, state.to_act)
    if state.phase == "after":
        return Text(_("Your action is made. Buy cards (y) or end your turn (n)."), style=st.DIM)
    hints = {
        "one": _("Remove one: choose a token (arrows and Space, a click, or type C4)."),
        "two": _("Remove two: choose two tokens (2 pions, T3.2)."),
        "move": _("Move: choose the token to move, then an empty square (3 pions, T3.3)."),
    }
    text = Text(hints[mode], style=st.DIM)
    if chosen:
        text.append("\n" + _("Chosen: {squares}").format(squares=" ".join(chosen)))
    return text


__all__ = [
    "command_text",
    "hand_text",
    "idle_text",
    "kind_name",
    "player_card",
    "player_line",
    "players_text",
    "preview_text",
    "refusal_text",
    "set_text",
]
