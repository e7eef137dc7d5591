"""One translation function for every sentence a player reads.

English is written in the source. French and Dutch come from gettext
catalogues (managed with Babel: see ``core/locale/README.md``): one for the
shell every game shares (``core/locale/<lang>/LC_MESSAGES/shell.mo``, read by
``_`` here) and one per game, in the game's folder
(``core/atlantis/locale/…/atlantis.mo``, read by ``core/atlantis/i18n.py``'s
``_``). Each ``Catalogue`` follows the one language in use.

The language can change while the program runs (the start menu offers it), so
a sentence is translated when it is shown, never when a module is imported:
texts kept at module or class level are marked with ``N_`` for extraction and
passed through ``_`` where they are used. ``tests/test_translatable.py``
holds the code to that.

Which language applies: ``--lang``, then ``ATLANTIS_LANG``, then the choice
remembered from the app, then the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from core.kernel.elision import FrenchTemplate, may_elide

DOMAIN = "shell"
"""The shell's catalogue: the menus, the log, saves, online play, the command line."""
LOCALE_DIR = Path(__file__).parent.parent / "locale"
ENGLISH = "en"

#: Every language the game speaks, by code, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands"}

_language = ENGLISH


def set_language(code: str) -> None:
    """Speak ``code`` from now on (one of ``LANGUAGES``), in every catalogue."""
    global _language
    if code not in LANGUAGES:
        raise KeyError(f"unknown language {code!r}")  # callers pass a code of LANGUAGES
    _language = code


class Catalogue:
    """One gettext domain, read in the language in use (each language loaded once).

    A game makes one for its own sentences; its module-level ``_``, ``ngettext``
    and ``pgettext`` are this object's methods, so Babel extracts them as usual.
    """

    def __init__(self, domain: str, locale_dir: Path) -> None:
        self.domain = domain
        self.locale_dir = locale_dir
        self._loaded: dict[str, gettext.NullTranslations] = {}
        self._fallbacks: list[Catalogue] = []

    def __reduce__(self) -> tuple[type[Catalogue], tuple[str, Path]]:
        # Sent to another process (``simulate --jobs``) as what it is made of: the
        # translations it loaded hold functions that do not pickle, and load again.
        return (Catalogue, (self.domain, self.locale_dir))

    def add_fallback(self, other: Catalogue) -> None:
        """Look in ``other`` for a sentence this catalogue does not have.

        The shell falls back on every registered game's catalogue: a shell screen
        shows texts a game marked (its key bindings, its lessons' titles) with
        the shell's ``_``.
        """
        if other is not self and other not in self._fallbacks:
            self._fallbacks.append(other)
            self._loaded.clear()

    def _translation(self) -> gettext.NullTranslations:
        loaded = self._loaded.get(_language)
        if loaded is None:
            if _language == ENGLISH:
                loaded = gettext.NullTranslations()
            else:
                loaded = gettext.translation(
                    self.domain, localedir=self.locale_dir, languages=[_language]
                )
                for other in self._fallbacks:
                    loaded.add_fallback(other._own_translation())
            self._loaded[_language] = loaded
        return loaded

    def _own_translation(self) -> gettext.NullTranslations:
        # A fresh object: gettext chains fallbacks by mutating the translation.
        return gettext.translation(self.domain, localedir=self.locale_dir, languages=[_language])

    def gettext(self, message: str) -> str:
        """The sentence in the reader's language (English when no catalogue applies)."""
        return _filled_in_later(self._translation().gettext(message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The sentence for ``count`` things, with the language's own plural rules."""
        return _filled_in_later(self._translation().ngettext(singular, plural, count))

    def pgettext(self, context: str, message: str) -> str:
        """A short text whose translation depends on where it is used (``context``)."""
        return _filled_in_later(self._translation().pgettext(context, message))


SHELL = Catalogue(DOMAIN, LOCALE_DIR)


def language() -> str:
    """The code of the language in use."""
    return _language


def language_code(text: str | None) -> str | None:
    """The supported language a name such as ``fr``, ``nl_BE.UTF-8`` or ``FR`` means."""
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(
    requested: str | None, remembered: str | None, environ: Mapping[str, str] = os.environ
) -> str:
    """The language to speak: ``requested`` (``--lang``), then ``ATLANTIS_LANG``,
    then ``remembered`` (the app's setting), then the locale, else English."""
    for candidate in (requested, environ.get("ATLANTIS_LANG"), remembered):
        code = language_code(candidate)
        if code:
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            # The first locale variable that is set decides, as in POSIX.
            return language_code(value) or ENGLISH
    return ENGLISH


_ = SHELL.gettext
ngettext = SHELL.ngettext
pgettext = SHELL.pgettext


def _filled_in_later(text: str) -> str:
    # French elides « de » before a name that begins with a vowel (core.kernel.elision).
    if _language == "fr" and text and may_elide(text):
        return FrenchTemplate(text)
    return text


def N_(message: str) -> str:
    """Mark a text kept at module or class level for translation; ``_`` translates it
    where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """``N_`` for a text translated with ``pgettext(context, message)``."""
    return message
