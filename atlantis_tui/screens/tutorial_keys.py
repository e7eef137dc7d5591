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

from core.kernel.i18n import N_

NEXT_KEY = "n"
SKIP_KEY = "k"
PREVIOUS_KEY = "backspace"
RETRY_KEY = "r"
HINT_KEY = "h"
RULES_KEYS = "question_mark,f1"
CLOSE_KEY = "escape"

NEXT_BINDING = Binding(NEXT_KEY, "next", N_("Next"))
"""A game whose own keys use ``n`` lists this binding first among them: a subclass's
binding of a key replaces its base's, and ``next`` must be tried first."""

TUTORIAL_BINDINGS = [
    NEXT_BINDING,
    Binding(SKIP_KEY, "skip", N_("Skip")),
    Binding(RETRY_KEY, "retry", N_("Retry")),
    Binding(PREVIOUS_KEY, "previous", N_("Previous"), key_display="⌫", show=False),
    Binding(HINT_KEY, "hint", N_("Hint")),
    Binding(RULES_KEYS, "rule", N_("Rule"), key_display="?"),
    Binding(CLOSE_KEY, "back", N_("Close")),
]
"""Next lesson (once done), skip (until then), try again, previous lesson, the
lesson's rule in the rulebook's words (hint), the rules reference, and back."""

TUTORIAL_ACTIONS = frozenset(binding.action for binding in TUTORIAL_BINDINGS)
"""The actions of the tutorial's own keys, which a game's keys must leave alone."""
