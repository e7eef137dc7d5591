"""``atlantis stats``: games, wins and scores per player, from the save folder.

The tables are built here for the Statistics screen too (``screens.stats``), so
that the terminal and the app say the same thing. See ``core.services.stats`` for what
counts. Saves of every registered game are read; when the folder holds more
than one game, each row names its game. The reviews kept beside the saves
(``atlantis review FILE``) give each player's mean loss per decision.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import add_save_dir, prefixed
from core.kernel.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table

    from core.services.stats import FolderStats, Record

EXIT_OK = 0

BotLabel = Callable[[str], str]
"""How a bot kind is named: the command line keeps the English names (``str``), the
app shows them in the reader's language (``style.bot_label``)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "stats",
        help=_("games, wins and scores per player, from your saves"),
        description=_(
            "Games played, wins, mean and best score per player, read from the save "
            "folder. People are listed by name; bots by kind, in a table of their own. "
            "A tie is a win for each tied player. Unfinished and damaged saves are "
            "counted apart. The examples folder under the save folder (the rulebook's "
            "example games) is not read. The saves reviewed (atlantis review FILE) "
            "give each player's mean loss per decision, per game. Each person and "
            "each bot kind has a rating per game, from the finished games in the "
            "order they were started: it starts at 1000 and rises as the games "
            "make it surer. The puzzles solved give the player's puzzle rating per "
            "game."
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_save_dir(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.saves import default_save_dir
    from core.games import GAMES
    from core.services.stats import folder_stats, stats_json

    stats = folder_stats(args.save_dir or default_save_dir(), GAMES)
    if args.json:
        print(json.dumps(stats_json(stats), ensure_ascii=False))
        return EXIT_OK
    from rich.console import Console
    from rich.text import Text

    # Off a terminal (a file, a pipe) Rich would assume 80 columns and fold the tables.
    console = Console() if sys.stdout.isatty() else Console(width=120)
    console.print(Text(_("Saves in {folder}").format(folder=stats.folder)))
    for renderable in stats_renderables(stats):
        console.print(renderable)
        console.print()
    return EXIT_OK


def summary(stats: FolderStats) -> str:
    """``12 finished games, 3 unfinished, 1 damaged`` (the parts that are not zero)."""
    if not (stats.finished or stats.unfinished or stats.damaged):
        return _("No saved games yet.")
    parts = [
        ngettext("{n} finished game", "{n} finished games", stats.finished).format(n=stats.finished)
    ]
    if stats.unfinished:
        parts.append(
            ngettext("{n} unfinished", "{n} unfinished", stats.unfinished).format(
                n=stats.unfinished
            )
        )
    if stats.damaged:
        count = len(stats.damaged)
        parts.append(ngettext("{n} damaged", "{n} damaged", count).format(n=count))
    return ", ".join(parts)


def _wins(record: Record) -> str:
    if not record.shared_wins:
        return str(record.wins)
    shared = ngettext("{wins} ({n} shared)", "{wins} ({n} shared)", record.shared_wins)
    return shared.format(wins=record.wins, n=record.shared_wins)


def _rating(record: Record) -> str:
    """The record's rating in its game (``core.services.ratings``); a dash: no finished
    game rated it."""
    return "-" if record.rating is None else str(record.rating.value)


def _against(record: Record, bot_label: BotLabel) -> str:
    ranked = sorted(record.against_bots.items(), key=lambda pair: (-pair[1], pair[0]))
    return ", ".join(f"{bot_label(kind)} {count}" for kind, count in ranked) or "-"


def _game_column(stats: FolderStats, table: Table) -> None:
    """A column naming each row's game, when the folder holds more than one."""
    if stats.several_games:
        table.add_column(_("game"))


def _game_cell(stats: FolderStats, record: Record) -> list[RenderableType]:
    return [_(stats.game_names[record.game])] if stats.several_games else []


def people_table(stats: FolderStats, bot_label: BotLabel = str) -> RenderableType:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("People"), title_justify="left")
    table.add_column(_("player"))
    _game_column(stats, table)
    for column in (_("rating"), _("games"), _("wins"), _("mean score")):
        table.add_column(column, justify="right")
    table.add_column(_("against bots"))
    for record in stats.people:
        # A person may have only unfinished games, counted for their reviews.
        mean = f"{record.mean_score:.1f}" if record.games else "-"
        cells = [_rating(record), str(record.games), _wins(record), mean]
        game = _game_cell(stats, record)
        table.add_row(Text(record.name), *game, *cells, Text(_against(record, bot_label)))
    return table


def best_games_table(stats: FolderStats) -> RenderableType:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Best games"), title_justify="left")
    table.add_column(_("player"))
    _game_column(stats, table)
    table.add_column(_("score"), justify="right")
    table.add_column(_("date"))
    table.add_column(_("file"), overflow="fold")
    for record in stats.people:
        if record.best is not None:
            best = record.best
            game = _game_cell(stats, record)
            cells: list[RenderableType] = [str(best.score), Text(best.date), Text(best.file)]
            table.add_row(Text(record.name), *game, *cells)
    return table


def bots_table(stats: FolderStats, bot_label: BotLabel = str) -> RenderableType:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Bots"), title_justify="left")
    table.add_column(_("bot"))
    _game_column(stats, table)
    for column in (_("rating"), _("seats"), _("wins"), _("mean score"), _("best score")):
        table.add_column(column, justify="right")
    for record in stats.bots:
        best = str(record.best.score) if record.best is not None else "-"
        mean = f"{record.mean_score:.1f}"
        cells = [_rating(record), str(record.games), _wins(record), mean, best]
        table.add_row(Text(bot_label(record.name)), *_game_cell(stats, record), *cells)
    return table


def _units(stats: FolderStats) -> dict[str, str]:
    """Game id → its losses' unit in the reader's language."""
    from core.games import GAMES

    return {
        game_id: GAMES.get(game_id).translate(meaning) if game_id in GAMES.ids else meaning
        for game_id, meaning in stats.loss_units.items()
    }


def reviews_table(stats: FolderStats, bot_label: BotLabel = str) -> RenderableType:
    """Each person's mean loss per decision with a choice (a dash: none reviewed),
    then each reviewed bot kind's; the unit, per game when the games differ."""
    from rich.table import Table
    from rich.text import Text

    units = _units(stats)
    one_unit = len(set(units.values())) <= 1
    table = Table(title=_("Reviews"), title_justify="left", caption_justify="left")
    table.add_column(_("player"))
    _game_column(stats, table)
    for column in (_("loss per decision"), _("decisions"), _("saves")):
        table.add_column(column, justify="right")
    if not one_unit:
        table.add_column(_("unit"))
    rows = [(record.name, record) for record in stats.people]
    rows += [
        (_("{bot} (bot)").format(bot=bot_label(record.name)), record)
        for record in stats.bots
        if record.mean_loss is not None
    ]
    for name, record in rows:
        mean = record.mean_loss
        if mean is None:
            cells = ["-", "-", "-"]
        else:
            cells = [f"{mean:.2f}", str(record.reviewed_decisions), str(record.reviewed_saves)]
        unit = [] if one_unit else [Text(units.get(record.game, "-") if mean is not None else "")]
        table.add_row(Text(name), *_game_cell(stats, record), *cells, *unit)
    if one_unit and units:
        caption = _(
            "Loss per decision: the lead ({unit}) each decision with a choice gave up, on "
            "average, against the best move the review found."
        ).format(unit=next(iter(units.values())))
    else:
        caption = _(
            "Loss per decision: the lead each decision with a choice gave up, on average, "
            "against the best move the review found."
        )
    if stats.several_games:
        caption += " " + _("Each game has its own scale: compare a game with itself.")
    table.caption = caption
    return table


def puzzles_table(stats: FolderStats) -> RenderableType:
    """The player's puzzle rating in each game he solved puzzles of."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Puzzles"), title_justify="left", caption_justify="left")
    table.add_column(_("game"))
    for column in (_("rating"), _("attempts"), _("solved at the first try")):
        table.add_column(column, justify="right")
    for record in stats.puzzles:
        rating = str(round(record.rating.rating)) + ("?" if record.provisional else "")
        cells = [rating, str(record.attempts), str(record.solved)]
        table.add_row(Text(_(record.name)), *cells)
    if any(record.provisional for record in stats.puzzles):
        table.caption = _("?: provisional, until more puzzles are played.")
    return table


def review_hint(stats: FolderStats) -> RenderableType:
    """How to review a save: one line."""
    from rich.text import Text

    if stats.reviewed:
        return Text(_("Review another save with atlantis review FILE (kept beside it)."))
    return Text(_("No save reviewed yet: atlantis review FILE judges each decision of a save."))


def damaged_lines(stats: FolderStats) -> RenderableType:
    from rich.text import Text

    text = Text()
    text.append(_("Damaged saves (atlantis check FILE says more):"), style="bold")
    for damaged in stats.damaged:
        text.append("\n  ")
        text.append(prefixed(damaged.file, damaged.problem))
    return text


def stats_renderables(stats: FolderStats, bot_label: BotLabel = str) -> list[RenderableType]:
    """The summary, then the tables that have rows, the reviews (or how to make one),
    the puzzle ratings, then the damaged saves."""
    from rich.text import Text

    shown: list[RenderableType] = [Text(summary(stats))]
    if stats.people:
        shown += [people_table(stats, bot_label), best_games_table(stats)]
    if stats.bots:
        shown.append(bots_table(stats, bot_label))
    if stats.reviewed:
        shown.append(reviews_table(stats, bot_label))
    if stats.people or stats.bots:
        shown.append(review_hint(stats))
    if stats.puzzles:
        shown.append(puzzles_table(stats))
    if stats.puzzle_problem is not None:
        shown.append(Text(stats.puzzle_problem))
    if stats.damaged:
        shown.append(damaged_lines(stats))
    return shown
