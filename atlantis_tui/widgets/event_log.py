"""The game's log: one sentence per event, each in its player's colour.

It is an ``OptionList``, so sentences wrap to the width, long games scroll
cheaply, and a line can be highlighted and chosen (a replay jumps to it).
Lines can be filtered by player and searched, and marked (a replay's review puts
its grades after the lines of the decisions it judged). The log shown during play goes
through the game's ``event_for``, so another player's drawn cards are never
printed; events taken back by an undo stay, struck through. Any game's events
are written through its descriptor (``GameType``): ``describe`` the sentence,
``event_seat`` whose colour, ``turn_ended`` where a turn's heading goes.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from atlantis_tui import style as st
from core.kernel.events import EventsUndone
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType

UNDONE = Style(dim=True, strike=True)


def _default_game() -> AnyGameType:
    from core.games import DEFAULT_GAME, GAMES

    return GAMES.get(DEFAULT_GAME)


def event_line(
    state: Any,
    event: Any,
    viewer: int | None,
    undone: bool = False,
    game: AnyGameType | None = None,
) -> Text:
    """The log line for ``event`` of ``game`` (default: the default game) as ``viewer``
    may read it (``state``: just before it)."""
    game = game if game is not None else _default_game()
    shown = game.privacy.event_for(event, viewer, game.open_hands_in(state))
    sentence = game.presentation.describe(state, shown)
    player = game.presentation.event_seat(event)
    if (
        game.presentation.turn_ended is not None
        and game.presentation.turn_ended(event)
        and player is not None
    ):
        line = Text("── " + sentence, style=st.player_style(player))
    elif isinstance(event, EventsUndone):
        line = Text("↶ " + sentence, style="italic")
    else:
        style = st.player_style(player, bold=False) if player is not None else st.DIM
        line = Text(sentence, style=style)
    if undone:
        line.stylize(UNDONE)
        line.append(_("  (undone)"), style=st.DIM)
    return line


def log_title(names: Sequence[str], player: int | None, search: str) -> str:
    """``Log``, ``Log: Ann's lines only``, ``Log: lines with "bridge"``, or both."""
    if player is None and not search:
        return _("Log")
    if player is None:
        return _('Log: lines with "{words}"').format(words=search)
    name = names[player] if player < len(names) else _("player {n}").format(n=player + 1)
    if not search:
        return _("Log: {name}'s lines only").format(name=name)
    return _('Log: {name}\'s lines with "{words}"').format(name=name, words=search)


@dataclass(frozen=True)
class Entry:
    index: int
    player: int | None
    line: Text


class EventLog(OptionList):
    """Scrollable sentences. Option ids are event positions in the game."""

    DEFAULT_CSS = """
    EventLog {
        /* The scrollbar's columns are kept free from the first line on: OptionList
           wraps and caches each line at the width it first had, so a scrollbar
           appearing later would cover the end of every line written before it. */
        scrollbar-gutter: stable;
        border: round $primary 50%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        game: AnyGameType | None = None,
    ) -> None:
        """``game``: the game whose events the log writes (default: the default game)."""
        super().__init__(name=name, id=id, classes=classes)
        self.game = game if game is not None else _default_game()
        self.border_title = _("Log")
        self.entries: list[Entry] = []
        self.player_filter: int | None = None
        self.search = ""
        self._shown_indexes: list[int] = []
        self.follow = True
        self.player_names: tuple[str, ...] = ()
        self.marks: dict[int, Text] = {}
        """Text put after the line of an event (by its index): a review's grades."""

    def on_resize(self) -> None:
        # Shown again on a small screen (l), or the terminal resized: in live play
        # the newest line is what matters, so keep it in view.
        if self.follow:
            self.call_after_refresh(self.scroll_end, animate=False)

    def watch_virtual_size(self, size: Size) -> None:
        # The lines' heights are known only once laid out, and grow as wrapped lines are
        # measured: in live play, keep the end in view as they do.
        if self.follow:
            self.scroll_end(animate=False)

    # -- filling --------------------------------------------------------------------
    def show_events(
        self,
        events: Sequence[Any],
        states: Sequence[Any],
        viewer: int | None,
        undone: set[int] | frozenset[int] = frozenset(),
        follow: bool = True,
    ) -> None:
        """Replace the log with a whole game; ``states[k]`` is the state after event k.

        ``follow`` scrolls to the newest line (live play); a replay highlights instead.
        """
        self.follow = follow
        self.entries = []
        game = self.game
        if states:
            self.player_names = tuple(game.presentation.player_names(states[0]))
        for index, event in enumerate(events):
            before = states[index - 1] if index else states[0]
            line = event_line(before, event, viewer, index in undone, game)
            self.entries.append(Entry(index, game.presentation.event_seat(event), line))
        self._rebuild()

    def write_events(self, state_before: Any, events: Sequence[Any], viewer: int | None) -> Any:
        """Append ``events`` played from ``state_before`` (``None``: they open the game,
        whose opening event is described from the state it makes); returns the state
        after."""
        game = self.game
        state = state_before
        if state_before is not None:
            self.player_names = tuple(game.presentation.player_names(state_before))
        fresh = []
        for event in events:
            opening = state is None
            if opening:
                state = game.fold([event])
                self.player_names = tuple(game.presentation.player_names(state))
            line = event_line(state, event, viewer, game=game)
            entry = Entry(len(self.entries), game.presentation.event_seat(event), line)
            self.entries.append(entry)
            fresh.append(entry)
            if not opening:
                state = game.evolve(state, event)
        visible = [e for e in fresh if self._visible(e)]
        self._shown_indexes.extend(e.index for e in visible)
        self.add_options([self._option(e) for e in visible])
        self.scroll_end(animate=False)
        return state

    # -- filtering ----------------------------------------------------------------------
    def set_filter(self, player: int | None = None, search: str | None = None) -> None:
        self.player_filter = player
        if search is not None:
            self.search = search.strip().lower()
        self._rebuild()
        # The title says the log is filtered for as long as it is, not a passing toast.
        self.border_title = log_title(self.player_names, player, self.search)
        self.border_subtitle = _("f: next player or all") if player is not None else ""
        if self.search:
            self.border_subtitle += (" · " if player is not None else "") + _("/: search again")

    def _visible(self, entry: Entry) -> bool:
        if self.player_filter is not None and entry.player not in (self.player_filter, None):
            return False
        return not self.search or self.search in entry.line.plain.lower()

    def _option(self, entry: Entry) -> Option:
        return Option(self._prompt(entry), id=str(entry.index))

    def _prompt(self, entry: Entry) -> Text:
        """The entry's line, with its mark after it if it has one."""
        mark = self.marks.get(entry.index)
        if mark is None:
            return entry.line
        line = entry.line.copy()
        line.append(" ")
        line.append_text(mark)
        return line

    # -- marks ------------------------------------------------------------------------
    def set_marks(self, marks: Mapping[int, Text]) -> None:
        """Put ``marks[k]`` after the line of event ``k``, and no mark after the others.

        Only the lines whose mark changes are written again: a long log keeps the
        rest (and where it is scrolled to, and its highlight) as it was.
        """
        old = self.marks
        self.marks = dict(marks)
        changed = sorted(k for k in old.keys() | self.marks.keys() if old.get(k) != marks.get(k))
        shown = self._shown_indexes
        for index in changed:
            at = bisect_left(shown, index)
            if at < len(shown) and shown[at] == index:
                self.replace_option_prompt_at_index(at, self._prompt(self.entries[index]))

    def _rebuild(self) -> None:
        self.clear_options()
        shown = [e for e in self.entries if self._visible(e)]
        self._shown_indexes = [e.index for e in shown]
        self.add_options([self._option(e) for e in shown])
        if self.follow:
            self.scroll_end(animate=False)

    def highlight_event(self, index: int) -> None:
        """Highlight the line of event ``index`` (or the nearest shown line before it)."""
        position = bisect_right(self._shown_indexes, index) - 1
        # Setting the highlight scrolls to it (OptionList's own watcher).
        self.highlighted = position if position >= 0 else None
