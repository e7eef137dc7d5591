"""Atlantica's diver colours are letters in the reader's language (the translators
choose them, six distinct ones), and small screens explain the players' short marks."""

from __future__ import annotations

import pytest

from atlantis_tui.games.atlantica import cards_text
from atlantis_tui.games.atlantica.cards_text import DIVER_NAMES, diver_chip, diver_letter
from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.games.atlantica.legend import letters_legend, players_legend
from core.atlantica.cards import DIVER_COLOURS
from core.atlantica.i18n import _
from core.kernel.i18n import LANGUAGES, set_language
from tests.atlantica.tui import scenes


def test_a_colour_is_shown_with_the_translators_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    letters = {"V": "P", "G": "V"}  # as a French catalogue might: violet P, vert V
    monkeypatch.setattr(cards_text, "pgettext", lambda context, letter: letters.get(letter, letter))
    assert diver_chip("V").plain == "P"
    assert diver_chip("G1", wide=True).plain == " V "
    assert diver_letter("W") == "W"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_six_colours_have_six_letters_in_every_language(code: str) -> None:
    set_language(code)
    letters = [diver_letter(colour) for colour in DIVER_COLOURS]
    assert len(set(letters)) == len(DIVER_COLOURS), letters
    assert all(len(letter) == 1 for letter in letters), letters


def test_the_legend_names_the_marks_and_the_colours() -> None:
    assert players_legend().plain == "h: hand · cr: crates"
    shown = letters_legend(80).plain
    assert "V violet" in shown and "W white" in shown


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_colour_legend_fits_the_hand_panel_at_80x24(code: str) -> None:
    """At 80×24 the hand panel is narrower than the six colours: the legend breaks
    between two of them, each letter beside its name, no line wrapped by the panel."""
    set_language(code)
    try:
        app = scenes.GameApp(scenes.pair_session())
        async with app.run_test(size=(80, 24)) as pilot:
            for _round in range(3):
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.has_class("-narrow")
            width = screen.query_one("#atl-hand").content_region.width
            lines = str(screen.query_one("#atl-hand").render()).splitlines()
            entries = [f"{diver_letter(c)} {_(name)}" for c, name in DIVER_NAMES.items()]
            legend = [line for line in lines if any(entry in line for entry in entries)]
            assert all(any(entry in line for line in legend) for entry in entries), legend
            assert 1 < len(legend) <= 3 and all(len(line) <= width for line in legend)
    finally:
        set_language("en")
