"""Which language the program speaks, decided once at start and changed from the app.

The order: ``--lang`` (anywhere on the command line), then ``ATLANTIS_LANG``,
then the language chosen in the app (``settings.json`` in the save folder),
then the locale, else English (``core.kernel.i18n.choose_language``). ``--lang`` is
read before the command line is parsed, so that the help and the errors of
the parser are in that language too.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from core.kernel.i18n import LANGUAGES, choose_language, language_code, set_language


class UnknownLanguage(ValueError):
    """``--lang`` names a language the game does not speak."""


def take_language_option(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The ``--lang`` value, if any, and the arguments without it."""
    rest: list[str] = []
    requested: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--lang":
            requested = next(items, "")
        elif item.startswith("--lang="):
            requested = item.partition("=")[2]
        else:
            rest.append(item)
    if requested is not None and language_code(requested) is None:
        choices = ", ".join(LANGUAGES)
        raise UnknownLanguage(f"--lang {requested!r}: choose one of {choices}")
    return requested, rest


def save_dir_option(argv: Sequence[str]) -> Path | None:
    """The ``--save-dir`` given on the command line, if any (where the settings live)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--save-dir", type=Path)
    known, _rest = early.parse_known_args(list(argv))
    save_dir: Path | None = known.save_dir
    return save_dir


def start_language(argv: Sequence[str]) -> list[str]:
    """Choose the language for this run; return the arguments left for the parser."""
    from atlantis_tui.saves import default_save_dir
    from atlantis_tui.settings import load_settings

    requested, rest = take_language_option(argv)
    save_dir = save_dir_option(rest) or default_save_dir()
    remembered = load_settings(save_dir).language
    set_language(choose_language(requested, remembered, os.environ))
    return rest


def remember_language(save_dir: Path, code: str) -> None:
    """Speak ``code`` from now on, in this run and the next ones."""
    from atlantis_tui.settings import load_settings, save_settings

    set_language(code)
    settings = load_settings(save_dir)
    settings.language = code
    save_settings(save_dir, settings)
