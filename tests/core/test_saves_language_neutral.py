"""Saves hold events, not words: a game saved while the program speaks French is the
same file as in English (``tests/cli/test_languages.py`` logs it in Dutch)."""

from __future__ import annotations

from pathlib import Path

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.saves import write_save
from core.kernel.i18n import set_language


def saved_game(folder: Path, code: str) -> Path:
    set_language(code)
    bots = [make_bot("greedy"), make_bot("random")]
    game, _durations = play_game(bots, seed=7, names=("Ann", "Bob"))
    path = folder / f"game-{code}.atlantis.jsonl"
    write_save(path, game.events, seats=("bot:greedy", "bot:random"))
    return path


def test_a_save_written_in_french_is_the_save_written_in_english(tmp_path: Path) -> None:
    french = saved_game(tmp_path, "fr").read_bytes()
    english = saved_game(tmp_path, "en").read_bytes()
    assert french == english
