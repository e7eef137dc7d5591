"""What the tutorial, the rules reference and hints look like at 120×40.

Each docstring says what the picture must show. The hint pictures use a small
app of their own (the board, the hand and a hint box), since the game screen
shows hints its own way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Footer, Header, Static

from atlantis_tui.games.atlantis.panels import HandPanel, PlayersPanel
from atlantis_tui.games.atlantis.path_view import PathMarks, PathView
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.tutorial_app import TutorialApp
from core.atlantis.hints import Hint, hint
from core.kernel.i18n import _
from tests.tui.scenes import start_app, water_session

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZE = (120, 40)


class HintApp(App[None]):
    """A prepared position with a hint box: h shows the next stage of the hint."""

    CSS = """
    #hint-board { height: auto; border: round $primary 50%; }
    #hint-lower { height: 1fr; }
    #hint-table { width: 50; border: round $primary 50%; padding: 0 1; }
    #hint-box { width: 1fr; border: round $warning; padding: 0 1; }
    """
    TITLE = "Atlantis — hint"
    BINDINGS = [Binding("h", "more", _("Hint"))]

    def __init__(self) -> None:
        super().__init__()
        self.state = water_session().state
        # A budget is a number of playouts: the advice is the same on every machine.
        self.advice: Hint = hint(self.state, 0, seed=1)
        self.stage = 1

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="hint-board"):
            yield PathView(self.state)
        with Horizontal(id="hint-lower"):
            with VerticalScroll(id="hint-table"):
                yield PlayersPanel()
                yield HandPanel()
            yield Static(id="hint-box")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PlayersPanel).show(self.state, ["human", "greedy"])
        self.query_one(HandPanel).show(self.state, 0)
        self.query_one("#hint-box").border_title = _("Hint")
        self.show_stage()

    def show_stage(self) -> None:
        box = self.query_one("#hint-box", Static)
        box.border_subtitle = _("stage {n} of 2").format(n=self.stage)
        text = self.advice.text(self.stage)
        if self.stage == 1:
            text += "\n\n" + _("Press h again for the whole move.")
        box.update(text)
        preview = self.advice.preview
        if self.stage == 2 and preview is not None:
            self.query_one(PathView).marks = PathMarks(
                selected=(0, preview.pawn),
                labels={preview.destination: "go"},
                active=preview.destination,
                route=preview.landings,
                paid_gaps=frozenset(gap.first for gap in preview.crossings),
                take=preview.tile_space,
            )
        elif self.stage == 1 and self.advice.pawn is not None:
            self.query_one(PathView).marks = PathMarks(selected=(0, self.advice.pawn))

    def action_more(self) -> None:
        self.stage = 2
        self.show_stage()


ANSWER_TILE = ["down", "down", "down", "enter"]
"""Lesson 4's first question answered: O1 (space 4), the third option."""


def test_lesson_with_its_task(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 4 (which tile you take), its question answered: the lesson list, the text and
    the task in a yellow bar, a green "Right" box with the answer worked out (O1); pawn A
    is chosen, its destinations are labelled and "take" marks S7's space."""
    press = [*ANSWER_TILE, "a"]
    assert snap_compare(TutorialApp(save_dir, "tile", bot_delay=0), press=press, terminal_size=SIZE)


def test_lesson_feedback_on_a_wrong_move(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 4 after moving pawn A to C2, a legal move that misses the task: a red "Not
    the task" box saying why (O1 would be taken) without claiming a rule was broken, the
    rulebook's words on T6.1 below and "Nothing was played"; "Another question" has
    taken the task's place below it; the board is unchanged."""
    press = [*ANSWER_TILE, "a", "2", "enter"]
    assert snap_compare(TutorialApp(save_dir, "tile", bot_delay=0), press=press, terminal_size=SIZE)


def test_lesson_completed(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 3 done with two helmets after its question: a green "Well done" box with the
    explanation, "n: next lesson" right below it, each event with its rule id (T4.3, T6.1,
    T8), and a tick in the list."""
    press = ["down", "enter", "a", "2", "enter"]
    assert snap_compare(
        TutorialApp(save_dir, "occupied", bot_delay=0), press=press, terminal_size=SIZE
    )


def test_lesson_opens_on_its_question(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 10 opened: below the task, a question about the position (what Bob will owe
    at the end) in a bar of its own and its options, none highlighted; the players'
    panel leaves out what each would owe if the game ended now, and no move preview."""
    assert snap_compare(TutorialApp(save_dir, "end", bot_delay=0), terminal_size=SIZE)


def test_lesson_wrong_answer(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 5 answered 3: a red "Not quite" box gives the answer, 8, worked out gap by
    gap, and how to find it; "Another question" (the most you could pay with the ring) has
    taken the question's place, and the debts stay hidden."""
    press = ["down", "enter"]
    assert snap_compare(
        TutorialApp(save_dir, "water", bot_delay=0), press=press, terminal_size=SIZE
    )


def test_lesson_cannot_move_done(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 8 (T9), "none" answered and x pressed: a green "Well done" box, What happened
    with its two T9 lines, a hand of four cards, Ann to play, and a tick in the list."""
    press = ["down", "enter", "x"]
    assert snap_compare(
        TutorialApp(save_dir, "stuck", bot_delay=0), press=press, terminal_size=SIZE
    )


def test_rules_reference_at_a_rule(snap_compare: SnapCompare, save_dir: Path) -> None:
    """The rules opened at T5.4: the search box on top, T5.4 scrolled to the top of the
    view and highlighted."""

    async def open_rules(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(RulesScreen(rule_id="T5.4"))
        await pilot.pause()

    assert snap_compare(start_app(save_dir), run_before=open_rules, terminal_size=SIZE)


def test_rules_reference_searched(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Searching "bridge": only the rules that mention a bridge, under their section
    headings, the first one highlighted, and how many there are."""

    async def search(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(RulesScreen(query="bridge"))
        await pilot.pause()

    assert snap_compare(start_app(save_dir), run_before=search, terminal_size=SIZE)


def test_hint_stage_1(snap_compare: SnapCompare) -> None:
    """Ann to play in the water position: the hint box says only which pawn to move, and
    that pawn is highlighted on Atlantis."""
    assert snap_compare(HintApp(), terminal_size=SIZE)


def test_hint_stage_2(snap_compare: SnapCompare) -> None:
    """After h: the whole move (card, destination, tile taken) and the reason in points,
    with the route and the tile marked on the board. (The review's best here moves pawn
    A to olives 4 for the amphora 6 beneath it, no water crossed.)"""
    assert snap_compare(HintApp(), press=["h"], terminal_size=SIZE)
