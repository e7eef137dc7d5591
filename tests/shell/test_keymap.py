"""One key map: every game screen binds each shared action to the same keys."""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.screen import Screen

from atlantis_tui.games import GAME_UIS
from atlantis_tui.keymap import SHARED_KEYS

SCREENS = [ui.load_screen() for ui in GAME_UIS.values()]


def _keys_by_action(screen: type[Screen[None]]) -> dict[str, set[str]]:
    """Each action of ``screen``'s merged bindings, with every key bound to it."""
    found: dict[str, set[str]] = {}
    for key, bindings in screen._merged_bindings.key_to_bindings.items():  # type: ignore[union-attr]
        for binding in bindings:
            assert isinstance(binding, Binding)
            found.setdefault(binding.action, set()).add(key)
    return found


@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__module__)
def test_every_shared_action_has_the_shared_keys(screen: type[Screen[None]]) -> None:
    bound = _keys_by_action(screen)
    for action, keys in SHARED_KEYS.items():
        assert bound.get(action) == set(keys.split(",")), action


@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__module__)
def test_no_shared_key_does_something_else(screen: type[Screen[None]]) -> None:
    """A game's own key never takes a shared one (Esc aside: clearing, until the end)."""
    shared = {key: action for action, keys in SHARED_KEYS.items() for key in keys.split(",")}
    for action, keys in _keys_by_action(screen).items():
        for key in keys & shared.keys():
            assert action == shared[key] or key == "escape", (key, action)
