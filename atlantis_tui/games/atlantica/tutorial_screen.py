"""Atlantica's tutorial: the shell's lessons, questions and feedback
(``atlantis_tui.screens.tutorial``) on Atlantica's own board and action builder.

The learner plays with the keys of the game screen and its builder
(``board_text``, ``builder``): ``s o b c`` a location, ``1 2 3`` a level,
``Tab`` another payment, ``j`` a pair, arrows and Space or digits or a click for
the cards to take, Enter to play; ``p`` passes, ``n`` ends the turn (and, once
the task is done, opens the next lesson). The builder offers a pair only once
``j`` asks for one: a lesson teaches when a pair is allowed, so it is not
filled in by itself. Nothing on screen hints at the answer: no preview of what
an action would score is shown before it is played, and the table names what
each player holds without its points (the ladders are shown, to count with).
Every command is judged by ``core.atlantica.tutor.check``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from atlantis_tui import style as shell_style
from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.board import BoardMarks, board_text
from atlantis_tui.games.atlantica.builder import Draft, level_refusal, pick_spaces
from atlantis_tui.games.atlantica.cards_text import card_chip, chips, divers_text, treasure_chip
from atlantis_tui.games.atlantica.help import HELP_TEXT
from atlantis_tui.games.atlantica.keys import BUILD_BINDINGS, GameKeys
from atlantis_tui.games.atlantica.panels import BoardPanel, Panel
from atlantis_tui.games.atlantica.session_types import table_of_state
from atlantis_tui.games.atlantica.texts import builder_text, command_text, hand_text
from atlantis_tui.screens.tutorial import TurnCommands, TutorialShell
from atlantis_tui.screens.tutorial_keys import turn_tutorial_bindings
from core.atlantica.cards import TREASURE_TYPES, Pick, crates, treasure_type
from core.atlantica.commands import EndTurn, Pass, PerformAction
from core.atlantica.events import AnyEvent
from core.atlantica.i18n import N_, _, ngettext
from core.atlantica.lessons import LESSONS
from core.atlantica.locations import LOCATIONS, Location
from core.atlantica.payment import pair_refusal
from core.atlantica.state import State
from core.atlantica.tutor import LEARNER, TUTOR, Lesson, happened, refused

LEARNERS_DRAFT = Draft(auto_pair=False)
"""The builder with nothing chosen; a pair only once ``j`` asks for one."""


def table_text(state: State, compact: bool) -> Text:
    """Every player's holdings without their points: the hand's size, hired cards face
    down, treasures by type, ships and their crates, research cards, the hurricane; then
    the ladders to count with. A lesson's questions ask for the points, so the table
    must not show them. The ladders go three to a line (two on a small screen, where a
    player's holdings take one line), so that all stay in view below the players."""
    lines: list[Text] = []
    for seat in range(state.player_count):
        lines += player_lines(state, seat, compact)
    if not compact:
        lines.append(Text(""))
    lines.append(Text(_("Ladders (S1.3): points for 1, 2, 3 … cards"), style=st.BOLD))
    lines += ladder_lines(state, 2 if compact else 3)
    return Text("\n").join(lines)


def player_lines(state: State, seat: int, compact: bool) -> list[Text]:
    """A player's name and hand, then treasures, ships and research (one line or two)."""
    line = Text()
    line.append("▶" if state.to_act == seat else " ", style=st.BOLD)
    line.append(
        f" {shell_style.player_tag(seat)} {state.players[seat]}",
        style=shell_style.player_style(seat),
    )
    line.append(" · " + _("{n} in hand").format(n=len(state.hands[seat])), style=st.DIM)
    hired = len(state.hired[seat])
    if hired:
        line.append(" · " + _("{n} hired").format(n=hired) + " ")
        line.append(st.HIDDEN_CARD * min(hired, 6), style=st.HIDDEN)
    if state.hurricane_holder == seat:
        line.append(" ")
        line.append_text(card_chip("H"))
    held = Counter(treasure_type(card) for card in state.treasures[seat] if card)
    treasures = Text("   ")
    for kind in TREASURE_TYPES:
        if held[kind]:
            treasures.append_text(treasure_chip(kind))
            treasures.append(f"×{held[kind]} " if held[kind] > 1 else " ")
    if not held:
        treasures.append(_("no treasure"), style=st.DIM)
    ships = Text("   ")
    boxes = sum(crates(card) for card in state.ships[seat])
    if state.ships[seat]:
        ships.append_text(chips(state.ships[seat]))
        ships.append(" ")
    ships.append(ngettext("{n} crate", "{n} crates", boxes).format(n=boxes), style=st.DIM)
    if state.research[seat]:
        ships.append("  ")
        ships.append_text(chips(state.research[seat]))
    if compact:
        treasures.rstrip()
        return [line, Text.assemble(treasures, " ", ships[2:])]
    return [line, treasures, ships]


LADDER_WIDTH = 21
"""Columns a ladder takes when two share a line (``ARC 1 3 6 9 13 18`` and a gap)."""


def ladder_lines(state: State, per_line: int) -> list[Text]:
    """Each treasure type's ladder, ``per_line`` to a line."""
    ladders = []
    for kind in TREASURE_TYPES:
        ladder = Text()  # the chip on its colour, the points after it plain
        ladder.append_text(treasure_chip(kind))
        ladder.append(" " + " ".join(str(value) for value in state.data.ladders[kind]))
        ladders.append(ladder)
    lines = []
    for first in range(0, len(ladders), per_line):
        line = Text(" ")
        for ladder in ladders[first : first + per_line]:
            line.append_text(ladder)
            line.append(" " * max(1, LADDER_WIDTH - ladder.cell_len))
        line.rstrip()
        lines.append(line)
    return lines


class TutorialScreen(TutorialShell, GameKeys):
    """Atlantica's lessons on its board, hand, table and action builder."""

    GAME = "atlantica"
    LESSONS = LESSONS
    HELP_TEXT = HELP_TEXT
    TUTOR = TUTOR
    TURN = TurnCommands(Pass, EndTurn)
    HEADING = N_("Atlantica — tutorial")

    DEFAULT_CSS = """
    TutorialScreen #tut-left { width: 66; }
    TutorialScreen #tut-board {
        height: auto; max-height: 24; border: round $primary 50%; padding: 0 1;
    }
    TutorialScreen.-narrow #tut-left { width: 47; }
    TutorialScreen.-narrow #tut-board { padding: 0; max-height: 10; }
    TutorialScreen.-narrow VerticalScroll { scrollbar-size-vertical: 1; }
    """

    BINDINGS = turn_tutorial_bindings(BUILD_BINDINGS)

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        self.draft = LEARNERS_DRAFT
        super().__init__(start, progress_path)

    # -- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        table = [Panel(id="tut-hand"), Panel(id="tut-players")]
        yield from self.compose_beside(VerticalScroll, BoardPanel(id="tut-board-text"), table)

    def compose_choice(self) -> ComposeResult:
        yield Panel(id="tut-choice")

    def happened(self, before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
        return happened(before, events)

    def reset_input(self) -> None:
        self.draft = LEARNERS_DRAFT

    def clear_input(self) -> bool:
        if self.draft == LEARNERS_DRAFT or not self.acting:
            return False
        self._set_draft(LEARNERS_DRAFT)
        return True

    # -- drawing ---------------------------------------------------------------------------
    def _marks(self) -> BoardMarks:
        if not self.acting:
            return BoardMarks(clickable=False)
        state, draft = self.state, self.draft
        refused = frozenset(
            (location, level)
            for location in LOCATIONS
            for level in (1, 2, 3)
            if level_refusal(state, location, level) is not None
        )
        cursor = None
        if draft.location is not None and draft.level is not None and draft.max_picks:
            spaces = pick_spaces(state, draft.location, draft.level)
            if spaces:
                cursor = spaces[draft.cursor % len(spaces)]
        return BoardMarks(
            location=draft.location,
            level=draft.level,
            picks=draft.picks,
            cursor=cursor,
            refused=refused,
            clickable=True,
        )

    def refresh_board(self) -> None:
        """The board, the table, the hand and the action being built. Only a played command
        changes the position; nothing shows what a chosen action would score."""
        state = self.state
        table = table_of_state(state)
        compact = self.has_class("-narrow")
        box = self.query_one("#tut-board")
        width = (box.content_region.width or (45 if compact else 62)) - 1
        self.query_one(BoardPanel).show(board_text(state, table, self._marks(), width, compact))
        # The game's panel names the hand's owner; here the owner is the reader.
        hand = Text(_("Your hand"), style=st.BOLD)
        hand.append(f" ({len(state.hands[LEARNER])}) ", style=st.DIM)
        hand.append_text(divers_text(state.hands[LEARNER]))
        hired = hand_text(state, LEARNER, table, compact).split("\n")[1:]
        self.query_one("#tut-hand", Panel).show(Text("\n").join([hand, *hired]))
        players = table_text(state, compact)
        # A blank line between the hand and the players, where there is room for it.
        above = [] if compact else [Text("")]
        self.query_one("#tut-players", Panel).show(Text("\n").join([*above, players]))
        choice = self.query_one("#tut-choice", Panel)
        choice.display = self.acting
        if self.acting:
            choice.show(self._choice_text(compact))

    def _choice_text(self, compact: bool) -> Text:
        state = self.state
        text = builder_text(state, LEARNER, self.draft, table_of_state(state), True, compact)
        command = self.draft.command(state, LEARNER)
        if command is not None:
            text.append("\n")
            text.append_text(command_text(command))
            text.append("  " + _("Enter: play it · Esc: choose again"), style=st.DIM)
        return text

    def _set_draft(self, draft: Draft) -> None:
        self.draft = draft
        self.refresh_board()

    def _at(self, location: Location, level: int | None = None) -> Draft:
        """The builder on a location (and level), payment and picks again, no pair."""
        return replace(self.draft.at(location, level), auto_pair=False)

    # -- the game's keys -------------------------------------------------------------------
    def action_location(self, location: Location) -> None:
        """Choose a location (again: choose its level again)."""
        if self.can_act():
            self._set_draft(self._at(location))

    def action_board_location(self, location: str) -> None:
        """A click on a location's title."""
        if location in LOCATIONS:
            self.action_location(location)

    def action_level(self, level: int) -> None:
        if self.can_act() and self.draft.location is not None:
            self._set_draft(self._at(self.draft.location, level))

    def action_board_level(self, location: str, level: int) -> None:
        """A click on a level's row: that location at that level."""
        if not self.can_act() or location not in LOCATIONS:
            return
        if self.draft.location != location or self.draft.level != level:
            self._set_draft(self._at(location, level))

    def action_digit(self, number: int) -> None:
        """A level, or, once a level that chooses cards is chosen, a space of the chosen
        location's display (the treasure spaces for the round)."""
        draft = self.draft
        if not self.can_act() or draft.location is None:
            return
        if draft.level is None or not draft.max_picks:
            if number <= 3:
                self.action_level(number)
            return
        place = "research" if draft.location == "research" else "treasure"
        self.action_board_pick(place, number)

    def action_step_level(self, step: int) -> None:
        draft = self.draft
        if not self.can_act() or draft.location is None:
            return
        level = 1 if draft.level is None else min(3, max(1, draft.level + step))
        if level != draft.level:
            self.action_level(level)

    def _spaces(self) -> tuple[Pick, ...]:
        draft = self.draft
        if draft.location is None or draft.level is None or not draft.max_picks:
            return ()
        return pick_spaces(self.state, draft.location, draft.level)

    def action_pick_cursor(self, step: int) -> None:
        if self.can_act() and self._spaces():
            draft = self.draft
            self._set_draft(replace(draft, cursor=draft.cursor + step))

    def action_toggle_pick(self) -> None:
        spaces = self._spaces()
        if self.can_act() and spaces:
            self._set_draft(self.draft.toggle(spaces[self.draft.cursor % len(spaces)]))

    def action_board_pick(self, place: str, space: int) -> None:
        """A click on a space (or a digit): take it, or leave it when taken."""
        if not self.can_act():
            return
        spaces = self._spaces()
        pick = Pick(place, space)  # type: ignore[arg-type]
        if pick not in spaces:
            if self.draft.max_picks:
                self.notify(_("This level cannot take that card."), severity="warning")
            return
        toggled = self.draft.toggle(pick)
        self._set_draft(replace(toggled, cursor=spaces.index(pick)))

    def action_next_payment(self) -> None:
        draft = self.draft
        if not self.can_act() or draft.location is None or draft.level is None:
            return
        options = draft.options(self.state)
        if len(options) > 1:
            self._set_draft(draft.with_payment((draft.payment + 1) % len(options)))

    def action_pair(self) -> None:
        """j: pay with a pair (T2.5); the rules judge a pair they refuse."""
        draft = self.draft
        if not self.can_act() or draft.location is None or draft.level is None:
            return
        refusal = pair_refusal(self.state, draft.location, draft.level)
        if refusal is not None:
            assert isinstance(self.lesson, Lesson)
            self.show_verdict(refused(self.lesson, self.state, refusal))
            return
        options = replace(draft, auto_pair=True).options(self.state)
        pairs = [index for index, option in enumerate(options) if option.pair_slot is not None]
        if not pairs:
            self.notify(_("No two cards of one colour can fill a slot of this level."))
            return
        current = draft.payment % len(options) if options else 0
        following = [index for index in pairs if index > current] or pairs
        # The pair asked for: from now on the builder offers the payments with one.
        self._set_draft(replace(draft, payment=following[0], auto_pair=True))

    def action_confirm(self) -> None:
        """Enter: play the chosen action (or take the card under the arrows while the
        level still needs one). A level that cannot be played is judged too, so that
        the feedback names its rule."""
        if not self.can_act():
            return
        draft, state = self.draft, self.state
        if draft.location is None or draft.level is None:
            self.notify(draft.missing(state) or "", severity="warning")
            return
        if level_refusal(state, draft.location, draft.level) is not None:
            self.submit(PerformAction(LEARNER, draft.location, draft.level, (), None, draft.picks))
            return
        command = draft.command(state, LEARNER)
        if command is None:
            if draft.max_picks and not draft.picks:
                self.action_toggle_pick()
                return
            if draft.payment_of(state) is None:
                # No payment without a pair, and none asked for (j): the rules judge the
                # action unpaid, and say which rule it needs.
                paid = PerformAction(LEARNER, draft.location, draft.level, (), None, draft.picks)
                self.submit(paid)
                return
            self.notify(draft.missing(state) or "", severity="warning")
            return
        self.submit(command)
