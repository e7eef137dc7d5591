"""Every sentence of a game is in its own French and Dutch catalogues, translated.

Scoped to the game's own folders: its package (``GameType.presentation.rules.package``,
``core/<game>/``) and its screens (``atlantis_tui/games/<game>/``), whose
sentences go to the game's catalogue (``core/<game>/locale``, see
``tools/catalogues.py``; ``tests/test_catalogues.py`` checks every catalogue as
a whole); here a game cannot land with a sentence a player would read in English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from core.kernel.registry import AnyGameType
from tests.conformance import kernel_access
from tests.test_catalogues import ROOT, catalogue, fields, translations
from tools.catalogues import KEYWORDS, TRANSLATED


def game_folders(game: AnyGameType) -> list[Path]:
    """The game's package and, if it has one, its folder of screens."""
    package = ROOT / Path(*game.presentation.rules.package.split("."))
    screens = ROOT / "atlantis_tui" / "games" / game.id
    return [package, *([screens] if screens.is_dir() else [])]


def game_messages(game: AnyGameType) -> set[tuple[str, str | None]]:
    """(msgid, context) of every marked text in the game's folders, and its name."""
    found: set[tuple[str, str | None]] = {(game.name, None)}
    for folder in game_folders(game):
        for _file, _line, message, _comments, context in extract_from_dir(
            folder, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                found.add((msgid, context))
    return found


@pytest.fixture(autouse=True)
def _offered(game: AnyGameType) -> None:
    if not kernel_access.is_registered(game):
        pytest.skip(f"{game.id} is not a game the program offers: its texts are not translated")


def test_the_game_has_its_own_folder_of_sentences(game: AnyGameType) -> None:
    package = game_folders(game)[0]
    assert (package / "__init__.py").is_file(), package
    assert len(game_messages(game)) > 1, f"{game.id} marks no sentence for translation"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_of_the_game_is_translated(game: AnyGameType, code: str) -> None:
    translated = {}
    assert game.presentation.catalogue is not None, f"{game.id} has no catalogue of its own"
    for message in catalogue(game.presentation.catalogue.domain, code):
        if message.id and not message.fuzzy and all(text.strip() for text in translations(message)):
            key = message.id if isinstance(message.id, str) else message.id[0]
            translated[(key, message.context)] = message
    missing = sorted(text for text, context in game_messages(game) - translated.keys())
    assert not missing, f"{game.id}, {code}: {len(missing)} sentences to translate: {missing[:10]}"
    for text, context in game_messages(game):
        message = translated[(text, context)]
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(fields(text) for text in ids))
        for translation in translations(message):
            assert fields(translation) <= wanted, (code, text, translation)
