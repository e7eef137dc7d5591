"""ArkantiS's tutorial: the shell's lessons, questions and feedback
(``atlantis_tui.screens.tutorial``) on ArkantiS's own board widget.

The learner plays with the keys of the game screen: ``o`` remove one, ``w``
remove two, ``m`` move, arrows and Space or a click or a typed ``C4`` to
choose squares, Enter to play, ``y`` to buy, ``p`` to pass, ``n`` to end the
turn. Nothing on the board hints at the answer: no preview of what an action
would pay is shown before it is played, and the chosen squares are marked
only as chosen. Every command is judged by ``core.arkantis.tutor.check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Key
from textual.widgets import Static
from textual.widgets.option_list import Option

from atlantis_tui.games.arkantis import style as st
from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.buy_dialog import pile_option
from atlantis_tui.games.arkantis.cards_text import (
    Table,
    figure_lines,
    kinds_by_id,
    piles_text,
    table_of,
)
from atlantis_tui.games.arkantis.choice import Choice, Mode
from atlantis_tui.games.arkantis.help import HELP_TEXT
from atlantis_tui.games.arkantis.keys import BUILD_BINDINGS, GameKeys
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.texts import (
    command_text,
    hand_text,
    player_line,
    players_text,
    score_phrase,
)
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.tutorial import TurnCommands, TutorialShell
from atlantis_tui.screens.tutorial_keys import turn_tutorial_bindings
from core.arkantis.cards import kind_of
from core.arkantis.commands import Buy, EndTurn, Pass
from core.arkantis.events import AnyEvent
from core.arkantis.i18n import N_, _
from core.arkantis.lessons import LESSONS
from core.arkantis.squares import COLUMNS, SIZE, name, square
from core.arkantis.state import PILES, State
from core.arkantis.tutor import LEARNER, TUTOR, happened


def without_scores(text: Text, state: State, table: Table) -> Text:
    """The players' panel without what each would score if the game ended now: a
    question may ask just that (E2)."""
    lines = []
    for line in text.split("\n", allow_blank=True):
        for seat in range(state.player_count):
            phrase = score_phrase(state, table, seat)
            at = line.plain.find(phrase)
            if at > 0:
                # The phrase and the separator before it (" · " or " ").
                cut = at - 3 if line.plain[at - 3 : at] == " · " else at - 1
                line = Text("").join([line[:cut], line[at + len(phrase) :]])
                break
        lines.append(line)
    return Text("\n").join(lines)


def small_players(state: State, table: Table) -> Text:
    """The players on a small screen: the game's one-line rows, each followed by the
    values of the cards it laid (a question may ask for a score, E2)."""
    kinds = kinds_by_id(state)
    rows = []
    for seat in range(state.player_count):
        row = player_line(state, table, seat)
        laid = [
            f"{kind_of(card)} {kinds[kind_of(card)].value}"
            for card in state.laid[seat]
            if kind_of(card) in kinds
        ]
        if laid:
            row.append("\n  " + _("laid: {cards}").format(cards=", ".join(laid)), style=st.DIM)
        rows.append(row)
    return Text("\n").join(rows)


def small_hand(state: State, seat: int, width: int) -> Text:
    """A hand on a small screen: each card's figure (D3) over its id and value, as many
    to a row as ``width`` holds, so that a question about figures can be answered at
    80×24 (the game's small hand names the cards only)."""
    kinds = kinds_by_id(state)
    blocks: list[list[Text]] = []
    for card in state.hands[seat]:
        kind = kinds.get(kind_of(card))
        if kind is None:
            continue
        figure = figure_lines(kind.cells)
        figure += [""] * (2 - len(figure))
        foot = Text()  # the id alone on the card's colour, not the padding after it
        foot.append(kind.id, style=st.CARD_STYLES[kind.colour])
        foot.append(f" {kind.value}", style="bold")
        lines = [Text(line, style=st.FIGURE_COLOURS[kind.colour]) for line in figure] + [foot]
        wide = max(line.cell_len for line in lines) + 2
        blocks.append([line + Text(" " * (wide - line.cell_len)) for line in lines])
    rows: list[Text] = []
    row: list[list[Text]] = []
    for block in blocks:
        if row and sum(part[0].cell_len for part in row) + block[0].cell_len > width:
            rows += [Text("").join(part[i] for part in row) for i in range(len(row[0]))]
            row = []
        row.append(block)
    if row:
        height = max(len(part) for part in row)
        for part in row:
            part += [Text(" " * part[0].cell_len)] * (height - len(part))
        rows += [Text("").join(part[i] for part in row) for i in range(height)]
    return Text("\n").join(rows)


class TutorialScreen(TutorialShell, GameKeys):
    """ArkantiS's lessons on its board, players, hand and piles."""

    GAME = "arkantis"
    LESSONS = LESSONS
    HELP_TEXT = HELP_TEXT
    TUTOR = TUTOR
    TURN = TurnCommands(Pass, EndTurn)
    HEADING = N_("ArkantiS — tutorial")

    DEFAULT_CSS = """
    TutorialScreen #tut-left { width: 58; }
    TutorialScreen #tut-board {
        height: auto; width: 100%; border: round $primary 50%; align-horizontal: center;
    }
    TutorialScreen #tut-choice { color: $text-muted; }
    TutorialScreen.-narrow #tut-left { width: 28; }
    """

    BINDINGS = turn_tutorial_bindings(BUILD_BINDINGS)

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        self.choice = Choice()
        self.cursor = square(3, 3)
        self.typed_column: int | None = None
        super().__init__(start, progress_path)

    # -- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        table = [Static(id="tut-players"), Static(id="tut-hand"), Static(id="tut-piles")]
        yield from self.compose_beside(Vertical, BoardWidget(id="tut-grid"), table)

    def compose_choice(self) -> ComposeResult:
        yield Static(id="tut-choice")

    def resized(self, narrow: bool) -> None:
        for board in self.query(BoardWidget).results(BoardWidget):
            board.large = not narrow

    def happened(self, before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
        return happened(before, events)

    def reset_input(self) -> None:
        self.choice = Choice(self.choice.mode)
        self.typed_column = None

    def clear_input(self) -> bool:
        if not self.choice.squares:
            return False
        self.reset_input()
        self.refresh_board()
        return True

    # -- drawing ---------------------------------------------------------------------------
    def refresh_board(self) -> None:
        """The board, the table and the chosen squares. Only a played command is outlined:
        nothing marks what a chosen action would pay before it is judged."""
        state = self.state
        acting = self.acting
        played = self.verdict.events if self.done and self.verdict is not None else ()
        changed, sets = action_marks(played)
        board = self.query_one(BoardWidget)
        board.tokens = state.tokens
        board.marks = BoardMarks(
            cursor=self.cursor if acting else None,
            selected=self.choice.squares if acting else (),
            changed=changed,
            sets=sets,
        )
        compact = self.has_class("-narrow")
        table = table_of(state)
        kinds = ["human"] * state.player_count
        if compact:
            players = small_players(state, table)
        else:
            players = players_text(state, table, kinds, compact)
        if self.quiz is not None:
            players = without_scores(players, state, table)
        self.query_one("#tut-players", Static).update(players)
        width = self.query_one("#tut-table").content_region.width or 50
        # The game's panel names the hand's owner; here the owner is the reader.
        title = Text(_("Your hand"), style="bold")
        title.append(f"  ({len(state.hands[LEARNER])})", style="dim")
        if compact:
            cards = [small_hand(state, LEARNER, width)]
        else:
            cards = hand_text(state, LEARNER, width, compact).split("\n", allow_blank=True)[1:]
        self.query_one("#tut-hand", Static).update(Text("\n").join([Text(""), title, *cards]))
        piles = piles_text(state, table)
        self.query_one("#tut-piles", Static).update(Text("\n").join([Text(""), piles]))
        choice = self.query_one("#tut-choice", Static)
        choice.display = acting
        if acting:
            choice.update(self._choice_text())

    def _choice_text(self) -> Text:
        hints = {
            "one": _("o Remove one: choose a token (arrows and Space, a click, or type C4)."),
            "two": _("w Remove two: choose two tokens (2 pions)."),
            "move": _("m Move: choose a token, then an empty square (3 pions)."),
        }
        text = Text(hints[self.choice.mode])
        command = self.choice.command(LEARNER)
        if command is not None:
            text.append("\n")
            text.append(command_text(command), style="bold")
            text.append("  " + _("Enter: play it · Esc: choose again"))
        elif self.choice.squares:
            chosen = " ".join(name(sq) for sq in self.choice.squares)
            text.append("\n" + _("Chosen: {squares}").format(squares=chosen))
        text.append("\n" + _("Also: y buy · p pass · n end the turn"), style="dim")
        return text

    # -- the game's keys -------------------------------------------------------------------
    def action_mode(self, mode: Mode) -> None:
        if self.can_act():
            self.choice = self.choice.with_mode(mode)
            self.refresh_board()

    def action_cursor(self, dx: int, dy: int) -> None:
        row, column = divmod(self.cursor, SIZE)
        self.cursor = square(min(max(row + dy, 0), SIZE - 1), min(max(column + dx, 0), SIZE - 1))
        self.refresh_board()

    def action_choose(self) -> None:
        self.choose(self.cursor)

    def choose(self, sq: int) -> None:
        """Choose or unchoose ``sq`` for the action being prepared."""
        if not self.can_act():
            return
        self.cursor = sq
        self.choice = self.choice.toggle(sq, self.state.tokens)
        self.refresh_board()

    @on(BoardWidget.SquareClicked)
    def _square_clicked(self, message: BoardWidget.SquareClicked) -> None:
        self.choose(message.square)

    def on_key(self, event: Key) -> None:
        """Typing a square's name (``c4``) chooses it."""
        if self.quiz is not None:
            return
        char = (event.character or "").upper()
        if char and char in COLUMNS:
            self.typed_column = COLUMNS.index(char)
            event.stop()
            event.prevent_default()
        elif char and char.isdigit() and self.typed_column is not None:
            row = int(char) - 1
            column, self.typed_column = self.typed_column, None
            if 0 <= row < SIZE:
                self.choose(square(row, column))
            event.stop()
            event.prevent_default()

    def action_confirm(self) -> None:
        """Play the chosen action (or choose the cursor's square when none is ready)."""
        if not self.can_act():
            return
        command = self.choice.command(LEARNER)
        if command is None:
            self.action_choose()
            return
        self.submit(command)

    def action_buy(self) -> None:
        """Choose a pile (T6): the rules judge the purchase like any command."""
        if not self.can_act():
            return
        state, table = self.state, table_of(self.state)
        options = [Option(pile_option(state, table, i), id=str(i)) for i in range(len(PILES))]

        def chosen(answer: str | None) -> None:
            if answer is not None:
                colour, pile = PILES[int(answer)]
                self.submit(Buy(LEARNER, colour, pile))

        self.app.push_screen(ChoiceScreen(_("Buy a card"), _("Which pile?"), options), chosen)
