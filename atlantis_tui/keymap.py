"""One key map: the keys of what every game's screen does the same way.

Each game's screen lists its own keys, then ``escape_bindings`` (Esc: its own
clearing, or back to the scores once the game is over) and ``shared_bindings()``,
in its ``BINDINGS``. The shared keys were chosen to clash with no game's own: ArkantiS names
its board's columns ``a``–``g`` (and ``A``–``G``), Atlantica takes ``s o b c j``
and the digits, Atlantis ``a b c p w`` and the digits. A test reads every game
screen's bindings and checks that each shared action has the keys below, and
the help screens show ``SHARED_KEYS_HELP`` before each game's own table.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingType

from core.kernel.i18n import N_

SHARED_KEYS: dict[str, str] = {
    "hint": "h,H",
    "undo": "u,ctrl+z",
    "redo": "U,ctrl+y",
    "toggle_hands": "v",
    "toggle_log": "l",
    "log_player": "L",
    "log_search": "slash",
    "why": "r",
    "help": "question_mark,f1",
    "scores": "escape",
}
"""Each shared action's keys, in Textual's notation (the first one is shown)."""

REPLAY_LOG_KEY = "o"
"""Showing the log in a replay on a small screen: there ``l`` steps forward (as ``h``
steps back, the viewers' keys), so the log is opened with ``o``; filtering and searching
it are ``log_player`` and ``log_search``'s keys, as in the games."""

RESIGN_KEY = "X"
"""Resigning, in the games that have it (Atlantis, E5): a capital, hard to press by
mistake."""


def log_bindings() -> list[BindingType]:
    """Filtering the log by player and searching it: the same keys in every game and in
    the replay."""
    return [
        Binding(SHARED_KEYS["log_player"], "log_player", N_("Filter log"), show=False),
        Binding(SHARED_KEYS["log_search"], "log_search", N_("Search log"), show=False),
    ]


def shared_bindings(*, hint_shown: bool = True) -> list[BindingType]:
    """The shared keys as bindings, after a game screen's own in its ``BINDINGS`` (so
    that its footer shows the game's keys first). Esc is ``escape_bindings``'s."""
    keys = SHARED_KEYS
    return [
        Binding(keys["hint"], "hint", N_("Hint"), show=hint_shown, key_display="h"),
        Binding(keys["undo"], "undo", N_("Undo")),
        Binding(keys["redo"], "redo", N_("Redo"), show=False),
        Binding(keys["toggle_hands"], "toggle_hands", N_("Hands"), show=False),
        Binding(keys["toggle_log"], "toggle_log", N_("Log")),
        Binding(keys["help"], "help", N_("Help")),
        Binding(keys["why"], "why", N_("Rule"), show=False),
        *log_bindings(),
    ]


def escape_bindings(own: Binding) -> list[BindingType]:
    """Esc: back to the scores once the game is over, else the game's ``own`` Esc binding
    (clearing what is being chosen). A screen's bindings for a key replace those its
    base declares for it, so a game that binds Esc lists both, the scores first."""
    return [
        Binding(SHARED_KEYS["scores"], "scores", N_("Scores")),
        replace(own, key=SHARED_KEYS["scores"], show=False),
    ]


RESIGN_BINDING = Binding(RESIGN_KEY, "resign", N_("Resign"), show=False)

CONFIRM_BINDING = Binding("enter", "confirm", N_("Confirm"), show=False)
PASS_BINDING = Binding("p", "pass_turn", N_("Pass"), show=False)
"""Playing the action built, and passing (asking first), in the games whose turn is built
then ended (ArkantiS, Atlantica), in their game screens and tutorials alike."""


def end_turn_binding(*, shown: bool = False) -> Binding:
    """``n`` ends the turn (in a tutorial, until the task is done: then it opens the next
    lesson, whose binding comes first)."""
    return Binding("n", "end_turn", N_("End turn"), show=shown)


def turn_game_bindings(build: list[BindingType], *, end_shown: bool = False) -> list[BindingType]:
    """A game screen's ``BINDINGS`` in a game whose turn is built then ended: its ``build``
    keys, confirm, pass, end the turn, Esc (clearing what is built, or the scores), and
    the shared keys."""
    return [
        *build,
        CONFIRM_BINDING,
        PASS_BINDING,
        end_turn_binding(shown=end_shown),
        *escape_bindings(Binding("escape", "clear", N_("Clear"))),
        *shared_bindings(),
    ]


SHARED_KEYS_HELP = N_("""\
# Keys of every game

| Key | What it does |
| --- | --- |
| `h` | a hint (again: the whole move) |
| `u` / `U` | undo your last turn / redo it (asks before taking back another player's) |
| `v` | show or hide every hand (hot-seat, if all agree) |
| `l` | show the log (on a small screen, in place of the preview) |
| `L` / `/` | filter the log by player / search it |
| `r` | read the rule of the last refusal or of the preview |
| `Esc` | once the game is over: back to the scores |
| `Ctrl+P` | command palette: every action, searchable |
| `?` `F1` | this help |
| `Ctrl+Q` | quit — every event is already saved |
""")
"""The table of shared keys, shown above each game's own keys in its help."""
