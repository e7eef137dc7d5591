"""Atlantica's diver colours are letters in the reader's language (the translators
choose them, six distinct ones), and small screens explain the players' short marks."""

from __future__ import annotations

import pytest

from atlantis_tui.games.atlantica import cards_text
from atlantis_tui.games.atlantica.cards_text import diver_chip, diver_letter
from atlantis_tui.games.atlantica.legend import letters_legend, players_legend
from core.atlantica.cards import DIVER_COLOURS
from core.kernel.i18n import LANGUAGES, set_language


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
    shown = letters_legend().plain
    assert "V violet" in shown and "W white" in shown
