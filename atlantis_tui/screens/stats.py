"""The Statistics screen: games, wins, scores and reviews per player, from the save
folder.

It shows the tables of ``atlantis stats`` (built in ``subcommands.stats``), read
from the app's save folder in a thread so that a large folder does not hold up
the keys.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from atlantis_tui import style as st
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.subcommands.stats import stats_renderables
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.errors import GameError
from core.kernel.i18n import N_, _
from core.services.stats import FolderStats, folder_stats

STATS_HELP_TEXT = N_("""\
# Statistics keys

| Key | What it does |
| --- | --- |
| `↑` `↓` `PgUp` `PgDn` | scroll |
| `?` `F1` | this help |
| `Esc` `q` | close the statistics |

# What is counted

Every save in the save folder is read (`atlantis stats` prints the same
tables). The shipped example games, kept in its `examples` folder, are not.

- **People** are counted by name, **bots** by kind (greedy, random, …), in a
  table of their own: two greedy bots in one game are two seats.
- Only finished games count. Unfinished and damaged saves are counted apart;
  `atlantis check FILE` says what is wrong with a damaged one.
- A tie is a win for each tied player, marked as shared.
- **rating**: each person's and each bot kind's rating in a game, from its
  finished games in the order they were started, their places read from each
  game's result (a tie shares a place). A newcomer starts at 1000; the rating
  is a careful estimate, so it rises as the games make it surer, and a player
  who keeps winning climbs above one who keeps losing.
- **Puzzles**: your puzzle rating in each game, as lichess rates its puzzles:
  a puzzle solved at the first try wins against the puzzle's own rating, a
  missed one loses, and only your first attempt at each puzzle counts. A `?`
  marks a rating still provisional.
- **against bots**: in how many of a person's games each kind of bot played.
- **Best games**: each person's highest score, the day that game was started
  and its file.
- **Reviews**: each player's loss per decision, on average: how much lead each
  decision with a choice gave up against the best move found, in the saves
  reviewed with `atlantis review FILE` (the review is kept beside the save). Each
  game has its own scale. A save changed since its review is not counted, nor an
  unfinished hot-seat game, whose review stays as private as its hands.
""")


class StatsScreen(TranslatedKeys, Screen[None]):
    """The records of the games in ``save_dir``: per person, best games, per bot, and
    the reviews' mean losses."""

    DEFAULT_CSS = """
    StatsScreen #stats-body {
        padding: 1 2;
    }
    """

    BINDINGS = [
        Binding("escape,q", "close", N_("Back")),
        Binding("question_mark,f1", "help", N_("Help")),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.stats: FolderStats | None = None
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="stats-body"):
            yield Static(self._content(), id="stats-content")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = _("Statistics")
        self.run_worker(self._read, thread=True, exclusive=True)

    def _read(self) -> None:
        from core.games import GAMES  # the engine, loaded off the keys' thread

        try:
            stats, problem = folder_stats(self.save_dir, GAMES), None
        except (GameError, OSError) as error:
            stats, problem = None, str(error)
        self.app.call_from_thread(self._show, stats, problem)

    def _show(self, stats: FolderStats | None, problem: str | None) -> None:
        self.stats, self.problem = stats, problem
        if self.is_attached:
            self.query_one("#stats-content", Static).update(self._content())

    def _content(self) -> RenderableType:
        if self.problem is not None:
            return Text(self.problem)
        if self.stats is None:
            return Text(_("Reading the saves…"))
        shown = stats_renderables(self.stats, st.bot_label)
        # A blank line between the parts, as ``atlantis stats`` prints them.
        spaced: list[RenderableType] = []
        for renderable in shown:
            spaced += [renderable, Text()]
        return Group(*spaced[:-1])

    async def retranslate(self) -> None:
        await super().retranslate()
        self.title = _("Statistics")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(STATS_HELP_TEXT))

    def action_close(self) -> None:
        self.dismiss()
