"""The tutorial's own keys, the same in every game's tutorial.

A game's tutorial adds its game's action keys, those of its game screen
(Atlantis's pawn keys, ArkantiS's ``o w m y p n``, Atlantica's ``s o b c``
and ``n`` …); the keys that move between lessons and ask for help are these,
whatever the game. None of them is an action key of any game's screen, but
``n``: it opens the next lesson once the task is done, and until then it is
left to the game (ArkantiS and Atlantica end a turn with it).

Skip is ``k``: ``s`` chooses the submarine in Atlantica, and a tutorial
teaches the game's own keys. The keys a tutorial shares with the game screens
mean the same in both (``atlantis_tui.keymap``): ``h`` a hint, ``r`` the rule
(of the last attempt, else the lesson's), ``?`` and F1 the help; so trying the
lesson again is ``t``.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from atlantis_tui.keymap import CONFIRM_BINDING, PASS_BINDING, SHARED_KEYS, end_turn_binding
from core.kernel.i18n import N_

NEXT_KEY = "n"
SKIP_KEY = "k"
PREVIOUS_KEY = "backspace"
RETRY_KEY = "t"
"""Try the lesson again: not ``r``, which reads the rule, as in every game screen."""
HINT_KEY = SHARED_KEYS["hint"]
"""As in every game screen (``atlantis_tui.keymap``): ``h`` (``H`` too)."""
RULE_KEY = SHARED_KEYS["why"]
"""As in every game screen: ``r`` reads the rule (the last attempt's, else the lesson's)."""
HELP_KEYS = SHARED_KEYS["help"]
"""As in every game screen: ``?`` and F1, the keys."""
CLOSE_KEY = "escape"

NEXT_BINDING = Binding(NEXT_KEY, "next", N_("Next"))
"""A game whose own keys use ``n`` lists this binding first among them: a subclass's
binding of a key replaces its base's, and ``next`` must be tried first."""

TUTORIAL_BINDINGS = [
    NEXT_BINDING,
    Binding(SKIP_KEY, "skip", N_("Skip")),
    Binding(RETRY_KEY, "retry", N_("Retry")),
    Binding(PREVIOUS_KEY, "previous", N_("Previous"), key_display="⌫", show=False),
    Binding(HINT_KEY, "hint", N_("Hint"), key_display="h"),
    # As in the game screens, the footer shows Help, not Rule (its room is 80 columns).
    Binding(RULE_KEY, "why", N_("Rule"), show=False),
    Binding(HELP_KEYS, "help", N_("Help"), key_display="?"),
    Binding(CLOSE_KEY, "back", N_("Close")),
    # The lesson's text scrolls away on a small screen to show the question: the keys
    # bring it back (the arrows belong to the question and the board).
    Binding("pageup", "scroll_lesson(-1)", N_("Scroll the lesson up"), show=False),
    Binding("pagedown", "scroll_lesson(1)", N_("Scroll the lesson down"), show=False),
]
"""Next lesson (once done), skip (until then), try again, previous lesson, the
lesson's rule in the rulebook's words (hint), the rule in the rules reference, the
help, back, and the lesson's panel scrolled."""

TUTORIAL_KEYS_HELP = N_("""\
# Keys of every tutorial

| Key | What it does |
| --- | --- |
| `n` | the next lesson, once the task is done (until then, the game's own `n`) |
| `k` | skip this lesson, unfinished |
| `t` | try this lesson again |
| `⌫` | the previous lesson |
| `h` | a hint: the lesson's rules in the rulebook's words |
| `r` | read the rule of the last attempt (or the lesson's) |
| `PgUp` `PgDn` | scroll the lesson |
| `Esc` | put back what is being chosen; else back to the menu |
| `?` `F1` | this help |

The game's own keys work as in a game:
""")
"""The tutorial's own keys, shown above the game's own in a tutorial's help."""


def turn_tutorial_bindings(build: list[BindingType]) -> list[BindingType]:
    """A tutorial's ``BINDINGS`` in a game whose turn is built then ended: the game
    screen's keys for the same actions (``build``, confirm, pass); ``n`` ends the turn,
    as in the game, until the task is done: then it opens the next lesson (the shell's
    binding, tried first: a key bound here replaces the shell's)."""
    return [*build, CONFIRM_BINDING, PASS_BINDING, NEXT_BINDING, end_turn_binding()]


TUTORIAL_ACTIONS = frozenset(binding.action for binding in TUTORIAL_BINDINGS)
"""The actions of the tutorial's own keys, which a game's keys must leave alone."""
