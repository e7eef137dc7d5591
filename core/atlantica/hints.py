"""Hints: the move the review of a game would call best, told in two stages.

``hint(state, seat)`` asks the kernel (``core.services.hints.best_command``: the
expert's search scored in points of lead, as ``atlantis review`` judges a move)
from the player's own view, so a hint never reveals a hidden card, and words
its choice. Stage 1 (``gist``) says only where to go and what for: a location
and its level, ending the turn or passing. Stage 2 (``detail``) gives the whole
command, the diver cards to play and what they take, with the score before and
after, worked out by ``preview``.

``budget`` is in seconds of the review's playouts (the same hint on any machine
for a seed); ``playouts`` fixes their number instead, for quick tests.
"""

from __future__ import annotations

import msgspec

from core.atlantica.cards import is_ship, is_treasure
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.game_type import ATLANTICA
from core.atlantica.i18n import _, ngettext
from core.atlantica.locations import rule_id
from core.atlantica.names import card_name, listed
from core.atlantica.preview import ActionPreview, preview
from core.atlantica.state import State
from core.atlantica.view import view_for
from core.services.hints import HINT_BUDGET, best_command


class Hint(msgspec.Struct, frozen=True):
    """The expert's choice for a position: the command, then its two wordings."""

    command: AnyCommand
    gist: str
    detail: str


def hint(
    state: State,
    seat: int,
    budget: float = HINT_BUDGET,
    *,
    playouts: int | None = None,
    seed: int = 0,
) -> Hint | None:
    """The best command for ``seat`` now, whose decision it must be, from its view
    only; ``None`` when the game cannot judge that view."""
    view = view_for(state, seat)
    advice = best_command(ATLANTICA, view, budget, seed, playouts)
    if advice is None:
        return None
    command = advice.command
    return Hint(command, gist(view.state, command), detail(view.state, command))


def gist(state: State, command: AnyCommand) -> str:
    """Stage 1: where to go and what for, not the cards themselves."""
    if isinstance(command, PerformAction):
        rule = rule_id(command.location, command.level)
        if command.location == "submarine":
            return _("Dive for treasure at the submarine ({rule}).").format(rule=rule)
        if command.location == "port":
            return _("Charter a ship at the port ({rule}).").format(rule=rule)
        if command.location == "research":
            return _("Take research at the research centre ({rule}).").format(rule=rule)
        if command.level == 3:
            return _("Pay the round at the bistro ({rule}).").format(rule=rule)
        return _("Hire divers at the bistro ({rule}).").format(rule=rule)
    if isinstance(command, Pass):
        return _("Catch your breath: pass and draw five divers (T8).")
    if isinstance(command, EndTurn):
        return _("End your turn: nothing more is worth its divers now (T9).")
    assert isinstance(command, ChooseScoring)
    return _("Choose what to release and how your research counts (E3, E5).")


def detail(state: State, command: AnyCommand) -> str:
    """Stage 2: the whole command, and what it earns."""
    if isinstance(command, ChooseScoring):
        if command.releases:
            return _("Release {cards} (E3).").format(
                cards=listed([card_name(card) for card in command.releases])
            )
        return gist(state, command)
    if isinstance(command, Pass):
        return _(
            "Pass and draw five divers straight into your hand (T8): no action open to "
            "you now is worth as much as those cards."
        )
    if not isinstance(command, PerformAction):
        return gist(state, command)
    found = preview(state, command)
    cards = listed([card_name(card) for card in command.cards])
    rule = rule_id(command.location, command.level)
    if not isinstance(found, ActionPreview):
        return _("Play {cards} ({rule}).").format(cards=cards, rule=rule)
    if found.hires:
        return ngettext(
            "Play {cards} ({rule}) to hire {count} diver.",
            "Play {cards} ({rule}) to hire {count} divers.",
            found.hires,
        ).format(cards=cards, rule=rule, count=found.hires)
    taken = listed([card_name(card) for card in found.takes])
    if found.score_after == found.score_before:
        treasures = sum(1 for card in found.takes if is_treasure(card))
        if treasures:
            return ngettext(
                "Play {cards} ({rule}) and take {taken}: no crate carries the treasure "
                "yet, so your score stays at {score} until a ship does (E3).",
                "Play {cards} ({rule}) and take {taken}: no crate carries the treasures "
                "yet, so your score stays at {score} until ships do (E3).",
                treasures,
            ).format(cards=cards, rule=rule, taken=taken, score=found.score_before)
        if any(is_ship(card) for card in found.takes):
            return _(
                "Play {cards} ({rule}) and take {taken}: its crates will carry the "
                "treasures still to come (E3)."
            ).format(cards=cards, rule=rule, taken=taken)
    return _(
        "Play {cards} ({rule}) and take {taken}: your score goes from {before} to {after}."
    ).format(
        cards=cards,
        rule=rule,
        taken=taken,
        before=found.score_before,
        after=found.score_after,
    )
