"""The panels' texts: the players, the hand and the action builder, the preview of
an action, refusals.

Pure functions of the state (and of what the seat may see), so that what they
say is tested without running the app. Another seat's hand and hired cards are
only ever counted, never drawn (L4).
"""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.builder import (
    Draft,
    Payment,
    fitting_cards,
    level_refusal,
    pair_note,
    payment_options,
    pick_spaces,
    refusal_line,
)
from atlantis_tui.games.atlantica.cards_text import (
    LEVEL_EFFECTS,
    LOCATION_KEYS,
    LOCATION_SHORT,
    card_chip,
    chips,
    diver_chip,
    divers_text,
    location_name,
    research_effect,
    slot_text,
    treasure_chip,
)
from atlantis_tui.games.atlantica.session_types import Table
from atlantis_tui.screens.game.texts import (
    hand_title,
    hands_hidden,
    name_row,
    refusal_text,
    waiting_text,
)
from core.atlantica.cards import TREASURE_TYPES, Pick, crates, is_research, is_ship, treasure_type
from core.atlantica.commands import PerformAction
from core.atlantica.i18n import _, ngettext
from core.atlantica.locations import (
    LEVELS,
    LOCATIONS,
    MAX_ACTIONS_PER_TURN,
    MAX_SLOTS_PER_TURN,
    rule_id,
    slots,
)
from core.atlantica.names import card_name, crates_name
from core.atlantica.preview import ActionPreview
from core.atlantica.scoring import points, score_now, score_with_crates
from core.atlantica.state import State


def crates_of(state: State, seat: int) -> int:
    """The crates on a player's ships (T4.5)."""
    return sum(crates(card) for card in state.ships[seat])


def treasures_by_type(state: State, seat: int) -> list[tuple[str, int, int]]:
    """A player's treasures per type, with the ladder's points for that many (S1.3)."""
    counts = Counter(treasure_type(card) for card in state.treasures[seat] if card)
    found: list[tuple[str, int, int]] = []
    for kind in TREASURE_TYPES:
        if counts[kind]:
            ladder = tuple(state.data.ladders.get(kind, ()))
            found.append((kind, counts[kind], points(ladder, counts[kind]) if ladder else 0))
    return found


def treasures_text(state: State, seat: int, compact: bool) -> Text:
    """``ARC 2:3  GLD 1:1``: each type held, how many, and the points of that many on its
    ladder (S1.3); compact, the counts only: ``ARC2 GLD1``."""
    text = Text()
    found = treasures_by_type(state, seat)
    if not found:
        return Text(_("no treasure"), style=st.DIM)
    for index, (kind, count, worth) in enumerate(found):
        if index:
            text.append(" " if compact else "  ")
        text.append_text(treasure_chip(kind))
        if compact:
            text.append(str(count))
        else:
            text.append(f"{count}:", style=st.DIM)
            text.append(str(worth), style=st.BOLD)
    return text


def score_phrase(state: State, seat: int) -> str:
    """``now 23`` (E6, as if the game ended now), or the final score."""
    if state.scores and seat < len(state.scores):
        return _("score {total}").format(total=state.scores[seat].total)
    return _("now {total}").format(total=score_now(state, seat).total)


def player_block(state: State, table: Table, seat: int, kind: str, compact: bool) -> Text:
    """One player: name and score, hand and hired counts; treasures by type with their
    points; ships with their crates, and research cards with what each scores now; the
    treasures that would be released now (E3) and, when there is room, the score with a
    crate for each. Never another seat's cards in hand."""
    names = [name[:10] for name in state.players] if compact else state.players
    gap, shown_kind = ("", "human") if compact else (" ", kind)
    text = name_row(names, seat, state.to_act, shown_kind, gap)
    acting = state.to_act == seat
    text.append(" " + score_phrase(state, seat), style=st.BOLD)
    hand = table.hand_sizes[seat] if seat < len(table.hand_sizes) else 0
    hired = table.hired_counts[seat] if seat < len(table.hired_counts) else 0
    if compact:
        text.append(" " + _("h{n}").format(n=hand))
        if hired:
            text.append(f"+{hired}", style=st.DIM)
            text.append(st.HIDDEN_CARD, style=st.HIDDEN)
    else:
        text.append(" · " + _("{n} in hand").format(n=hand))
        if hired:
            text.append(" · " + _("{n} hired").format(n=hired) + " ", style=st.DIM)
            text.append(st.HIDDEN_CARD * min(hired, 6), style=st.HIDDEN)
    if state.hurricane_holder == seat:
        text.append(" ")
        text.append_text(card_chip("H"))
    if seat in state.final_turns and state.phase == "turn":
        text.append(" " + (_("last turn") if acting else _("1 turn left")), style=st.LOSS)
    held = len(state.treasures[seat])
    boxes = crates_of(state, seat)
    text.append("\n  ")
    text.append_text(treasures_text(state, seat, compact))
    text.append(" · " if compact else "\n  ")
    ships = state.ships[seat]
    if ships:
        text.append_text(chips(ships))
        text.append(" ")
    elif not compact:
        text.append(_("no ship") + " · ", style=st.DIM)
    crates_words = _("{n}cr") if compact else ngettext("{n} crate", "{n} crates", boxes)
    text.append(
        crates_words.format(n=boxes),
        style=st.RELEASE if held > boxes else st.DIM,
    )
    score = score_now(state, seat)
    research = {entry.card: entry.points for entry in score.research}
    if state.research[seat]:
        text.append("\n  " if compact else " · ")
        for index, card in enumerate(state.research[seat]):
            if index:
                text.append(" ")
            text.append_text(card_chip(card))
            text.append(f" {research.get(card, 0)}")
    if score.released and not state.scores:
        text.append("\n  ")
        words = (
            _("released now:")
            if compact
            else _("treasures {t} > crates {c}, released now (E3):").format(t=held, c=boxes)
        )
        text.append(words + " ", style=st.RELEASE)
        text.append_text(chips(score.released))
        if not compact:  # E3: what they would score with a crate each (no room at 80×24)
            text.append("\n  " + _("With crates for all:") + " ", style=st.DIM)
            text.append(str(score_with_crates(state, seat).total), style=st.BOLD)
    return text


def players_text(state: State, table: Table, kinds: list[str], compact: bool) -> Text:
    """Every player, the one to act marked with ▶."""
    blocks = [
        player_block(state, table, seat, kinds[seat] if seat < len(kinds) else "human", compact)
        for seat in range(state.player_count)
    ]
    return Text("\n").join(blocks)


def turn_text(state: State) -> Text:
    """The turn so far: actions and slots used of three, the pair, the locations used
    (T2.1, T2.2, T2.4, T2.5)."""
    text = Text()
    text.append(
        _("Actions {a}/{max_a} · slots {s}/{max_s}").format(
            a=len(state.acted),
            max_a=MAX_ACTIONS_PER_TURN,
            s=state.slots_used,
            max_s=MAX_SLOTS_PER_TURN,
        ),
        style=st.BOLD,
    )
    text.append(" · ")
    text.append(_("pair used") if state.pair_used else _("pair free"), style=st.DIM)
    if state.acted:
        text.append(
            " · "
            + _("used: {places}").format(
                places=", ".join(location_name(place) for place in state.acted)
            ),
            style=st.DIM,
        )
    return text


def hand_text(state: State, seat: int | None, table: Table, compact: bool) -> Text:
    """The hand of ``seat`` (the seat at the keyboard), its hired cards face down (T5.5),
    or a line saying hands are hidden."""
    if seat is None:
        return hands_hidden()
    hand = state.hands[seat]
    text = hand_title(state.players, seat)
    text.append(f" ({len(hand)}) ", style=st.DIM)
    if hand:
        text.append_text(divers_text(hand))
    else:
        text.append(_("no cards"), style=st.DIM)
    hired = state.hired[seat]
    count = table.hired_counts[seat] if seat < len(table.hired_counts) else len(hired)
    if count:
        text.append("\n" if compact else "  ")
        hired_words = ngettext("{n} diver hired", "{n} divers hired", count).format(n=count)
        text.append(hired_words + " ", style=st.DIM)
        if state.options.hired_cards_seen_by_owner and all(hired):
            text.append_text(divers_text(hired))
        else:
            text.append(st.HIDDEN_CARD * count, style=st.HIDDEN)
            text.append(" " + _("(face down, T5.5)"), style=st.DIM)
    return text


def ladders_text(state: State) -> Text:
    """Each type's ladder (S1.3), two to a line: the points for 1, 2, … cards of it."""
    text = Text(_("Ladders (S1.3): points for 1, 2, 3 … cards of a type"), style=st.DIM)
    for index, kind in enumerate(TREASURE_TYPES):
        ladder = state.data.ladders.get(kind, ())
        text.append("\n " if index % 2 == 0 else "   ")
        text.append_text(treasure_chip(kind))
        text.append((" " + " ".join(f"{value:>2}" for value in ladder)).ljust(20))
    return text


def _payable_note(state: State, location: str, level: int) -> Text:
    """``✓ you can pay``, ``✓ with a pair``, or the refusal with its rule."""
    refusal = level_refusal(state, location, level)  # type: ignore[arg-type]
    if refusal is not None:
        return Text("✗ " + refusal_line(refusal), style=st.NO_FIT)
    options = payment_options(state, location, level)  # type: ignore[arg-type]
    if all(option.pair_slot is not None for option in options):
        return Text("✓ " + _("with a pair (T2.5)"), style=st.FITS)
    return Text("✓ " + _("you can pay it"), style=st.FITS)


def _picks_text(state: State, draft: Draft, table: Table) -> Text:
    """The spaces the level may take from, the chosen ones ticked."""
    assert draft.location is not None and draft.level is not None
    spaces = pick_spaces(state, draft.location, draft.level)
    text = Text()
    limit = draft.max_picks
    text.append(
        ngettext("Take up to {n} card: ", "Take up to {n} cards: ", limit).format(n=limit),
        style=st.BOLD,
    )
    if not spaces:
        text.append(_("nothing to take"), style=st.NO_FIT)
        return text
    for index, pick in enumerate(spaces):
        if index:
            text.append(" ")
        picked = pick in draft.picks
        card = _card_at(state, table, pick)
        number = str(pick.space) if pick.place != "ship" else ""
        if draft.rule == "T5.3" and pick.place == "research":
            number = "r" + number  # the round: research spaces apart from treasure ones
        label = Text(st.PICK_MARK if picked else number, style=st.PICKED if picked else Style())
        label.append_text(card_chip(card))
        if index == draft.cursor % len(spaces):
            label.stylize(st.PICK_CURSOR)
        label.stylize(Style(meta={"@click": f"screen.board_pick('{pick.place}', {pick.space})"}))
        text.append_text(label)
    return text


def _card_at(state: State, table: Table, pick: Pick) -> str:
    if pick.place == "treasure":
        return state.treasure_display[pick.space - 1]
    if pick.place == "research":
        return state.research_display[pick.space - 1]
    return table.ship_tops[pick.space - 1] if pick.space - 1 < len(table.ship_tops) else ""


def builder_text(
    state: State, seat: int, draft: Draft, table: Table, your_turn: bool, compact: bool
) -> Text:
    """The action builder under the hand: the turn so far, then the location's levels,
    or the chosen level's slots with the cards that fit, the payment, the pair, the
    picks."""
    text = Text()
    if not your_turn:
        return text
    text.append_text(turn_text(state))
    text.append("\n")
    if draft.location is None:
        text.append(_("Choose a location (or click it on the board):") + "\n", style=st.DIM)
        for index, location in enumerate(LOCATIONS):
            if index:
                text.append("  ")
            part = Text()
            part.append(LOCATION_KEYS[location], style=st.KEY)
            short = compact and location == "research"  # "Research centre" wraps at 80×24
            part.append(" " + (_(LOCATION_SHORT[location]) if short else location_name(location)))
            if location in state.acted:
                part.stylize(st.USED)
            part.stylize(Style(meta={"@click": f"screen.board_location('{location}')"}))
            text.append_text(part)
        text.append("\n")
        if state.acted:
            text.append(_("n: end your turn"), style=st.DIM)
        else:
            text.append(_("or p: pass and draw 5 divers (T8)"), style=st.DIM)
        return text
    location = draft.location
    if draft.level is None:
        text.append(
            _("{place}: choose a level, 1 2 3").format(place=location_name(location)),
            style=st.BOLD,
        )
        for choice in LEVELS:
            line = Text(f"\n {choice} ")
            shown = Text()
            for index, slot in enumerate(slots(location, choice)):
                if index:
                    shown.append(" ")
                shown.append_text(slot_text(slot))
            line.append_text(shown)
            line.append(" " * max(1, 12 - len(shown.plain)))
            line.append_text(_payable_note(state, location, choice))
            line.stylize(Style(meta={"@click": f"screen.board_level('{location}', {choice})"}))
            text.append_text(line)
        return text
    level = draft.level
    rule = rule_id(location, level)
    text.append(
        _("{place} · level {level} ({rule}): {effect}").format(
            place=location_name(location), level=level, rule=rule, effect=_(LEVEL_EFFECTS[rule])
        ),
        style=st.BOLD,
    )
    refusal = level_refusal(state, location, level)
    if refusal is not None:
        text.append("\n✗ " + refusal_line(refusal), style=st.NO_FIT)
        text.append("\n" + _("r: read the rule · another level: 1 2 3"), style=st.DIM)
        return text
    # A draft leaving pairs out (the tutorial's) may have no payment until j asks for one.
    options = draft.options(state)
    payment = options[draft.payment % len(options)] if options else Payment(())
    level_slots = slots(location, level)
    hand = state.hands[seat]
    for index, (slot, paid) in enumerate(
        zip(level_slots, payment.per_slot(len(level_slots)), strict=False)
    ):
        line = Text("\n " + _("slot {n}").format(n=index + 1) + " ")
        line.append_text(slot_text(slot))
        line.append(" " * max(1, 6 - len("|".join(slot))))
        fit = fitting_cards(hand, slot)
        line.append(_("fit:") + " ", style=st.DIM)
        if fit:
            line.append_text(divers_text(fit) if compact else chips(fit))
        else:
            line.append(_("none"), style=st.NO_FIT)
        line.append(" → ")
        for card in paid:
            line.append_text(diver_chip(card, wide=True))
        if index == payment.pair_slot:
            line.append(" " + _("pair (T2.5)"), style=st.BOLD)
        text.append_text(line)
    pair = pair_note(state, location, level)
    text.append("\n")
    if len(options) > 1:
        text.append(
            _("Payment {i} of {n} · Tab: another").format(
                i=draft.payment % len(options) + 1, n=len(options)
            ),
            style=st.DIM,
        )
        text.append(" · ")
    if pair is None:
        text.append(_("pair: allowed (j)"), style=st.FITS)
    else:
        text.append(_("pair: no, {reason}").format(reason=refusal_line(pair)), style=st.DIM)
    if draft.max_picks:
        text.append("\n")
        text.append_text(_picks_text(state, draft, table))
    return text


def takes_text(state: State, found: ActionPreview) -> Text:
    """What an action takes: each card with its name, or the divers it hires."""
    text = Text()
    if found.hires:
        text.append(
            ngettext(
                "Hires {n} diver, face down until your turn ends (T5.5)",
                "Hires {n} divers, face down until your turn ends (T5.5)",
                found.hires,
            ).format(n=found.hires)
        )
        return text
    text.append(_("Takes:") + " ")
    if not found.takes:
        text.append(_("nothing"), style=st.DIM)
    for index, card in enumerate(found.takes):
        if index:
            text.append(", ")
        text.append_text(card_chip(card))
        text.append(" " + _taken_words(card))
    return text


def _taken_words(card: str) -> str:
    """What a taken card is, beside its chip (which already names a ship or a kind)."""
    if is_ship(card):
        return crates_name(card)
    if is_research(card):
        return research_effect(card)
    return card_name(card)


def command_text(command: PerformAction) -> Text:
    """``Port T4.2: W + Y Y (pair)``."""
    text = Text(
        f"{location_name(command.location)} {rule_id(command.location, command.level)}: ",
        style=st.BOLD,
    )
    text.append_text(paid_text(command.cards, command.pair_slot))
    return text


def paid_text(cards: tuple[str, ...], pair_slot: int | None) -> Text:
    """The cards paid, slot by slot, the pair's two together."""
    text = Text()
    slot = 0
    index = 0
    while index < len(cards):
        if slot:
            text.append(" + ")
        size = 2 if slot == pair_slot else 1
        for card in cards[index : index + size]:
            text.append_text(diver_chip(card, wide=True))
        if size == 2:
            text.append(" " + _("(pair)"), style=st.DIM)
        index += size
        slot += 1
    return text


def _change_text(before: int, after: int) -> Text:
    """``7 → 12 (+5)``."""
    change = after - before
    text = Text(f"{before} → {after} ", style=st.BOLD)
    text.append(
        f"({change:+d})", style=st.GAIN if change > 0 else st.LOSS if change < 0 else st.DIM
    )
    return text


def preview_text(state: State, command: PerformAction, found: ActionPreview) -> Text:
    """What the chosen action would do, before it is confirmed: the cards it pays and
    takes, the score before and after, and when some treasures lack crates the score
    with a crate for each (E3); what is left of the turn."""
    text = command_text(command)
    text.append("\n")
    text.append_text(takes_text(state, found))
    text.append("\n" + _("Score now:") + " ")
    text.append_text(_change_text(found.score_before, found.score_after))
    if found.crated_after != found.score_after:
        # E3: treasures without crates score nothing now; say what they are worth shipped.
        text.append("\n" + _("With crates for all:") + " ")
        text.append_text(_change_text(found.crated_before, found.crated_after))
        if found.crates_short:
            short = found.crates_short
            text.append(
                " · " + ngettext("{n} crate short", "{n} crates short", short).format(n=short),
                style=st.RELEASE,
            )
    text.append("\n")
    text.append(
        ngettext("Then {n} slot", "Then {n} slots", found.slots_left).format(n=found.slots_left)
        + " · "
        + ngettext(
            "{n} action left this turn", "{n} actions left this turn", found.actions_left
        ).format(n=found.actions_left),
        style=st.DIM,
    )
    text.append(
        "\n" + _("Enter: confirm · Esc: start again · r: rule {rule}").format(rule=found.rule),
        style=st.DIM,
    )
    return text


def idle_text(state: State, your_turn: bool, draft: Draft) -> Text:
    """What the preview panel says when no action is ready: what to do, or who plays."""
    if state.is_over or state.to_act is None or not your_turn:
        if not state.is_over and state.to_act is not None and state.phase == "scoring":
            name = state.players[state.to_act]
            return Text(_("{name} is choosing what to release.").format(name=name), style=st.DIM)
        return waiting_text(state.players, state.is_over, state.to_act)
    missing = draft.missing(state)
    if missing is not None:
        text = Text(missing, style=st.DIM)
        if draft.location is None and len(state.acted) > 0:
            text.append("\n" + _("Or end your turn: n."), style=st.DIM)
        return text
    return Text()


__all__ = [
    "builder_text",
    "hand_text",
    "idle_text",
    "ladders_text",
    "player_block",
    "players_text",
    "preview_text",
    "refusal_text",
    "takes_text",
]
