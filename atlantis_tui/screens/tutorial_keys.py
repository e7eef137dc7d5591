"""The tutorial's own keys, the same in every game's tutorial.

A game's tutorial adds its game's action keys, those of its game screen
(Atlantis's pawn keys, ArkantiS's ``o w m y p n``, Atlantica's ``s o b c``
and ``n`` …); the keys that move between lessons and ask for help are these,
whatever the game. None of them is an action key of any game's screen, but
``n``: it opens the next lesson once the task is done, and until then it is
left to the game (ArkantiS and Atlantica end a turn with it).

Skip is ``k``: ``s`` chooses the submarine in Atlantica, and a tutorial
teaches the game's own keys.
"""

from __future__ import annotations

from textual.binding import Binding

from atlantis_tui.keymap import SHARED_KEYS
from core.kernel.i18n import N_

NEXT_KEY = "n"
SKIP_KEY = "k"
PREVIOUS_KEY = "backspace"
RETRY_KEY = "r"
HINT_KEY = SHARED_KEYS["hint"]
"""As in every game screen (``atlantis_tui.keymap``): ``h`` (``H`` too)."""
RULES_KEYS = SHARED_KEYS["help"]
"""As the games' help: ``?`` and F1; here the rules, at the rule the lesson names."""
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
    Binding(RULES_KEYS, "rule", N_("Rule"), key_display="?"),
    Binding(CLOSE_KEY, "back", N_("Close")),
    # The lesson's text scrolls away on a small screen to show the question: the keys
    # bring it back (the arrows belong to the question and the board).
    Binding("pageup", "scroll_lesson(-1)", N_("Scroll the lesson up"), show=False),
    Binding("pagedown", "scroll_lesson(1)", N_("Scroll the lesson down"), show=False),
]
"""Next lesson (once done), skip (until then), try again, previous lesson, the
lesson's rule in the rulebook's words (hint), the rules reference, back, and the
lesson's panel scrolled."""

TUTORIAL_ACTIONS = frozenset(binding.action for binding in TUTORIAL_BINDINGS)
"""The actions of the tutorial's own keys, which a game's keys must leave alone."""
