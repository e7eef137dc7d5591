"""French elision before a name put into a sentence: « la main d'Ann », not « de Ann ».

A translator writes « Main de {name} » once, for every name; whether « de »
becomes « d' » depends on the name, known only when the sentence is filled in.
French translations are therefore handed out as ``FrenchTemplate``, a ``str``
whose ``format`` elides « de » and « que » before a field whose value begins
with a vowel. The rest of the sentence is the translator's and is left alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

_BEFORE_FIELD = re.compile(r"\b([Dd]e|[Qq]ue) (\{\w[^{}]*\})")
"""« de » or « que », a space, then a named or numbered field: ``{name}``, ``{0}``, ``{who!r}``."""
_VOWELS = "aeiou"


def may_elide(text: str) -> bool:
    """Whether ``text`` has a « de » or « que » before a field (most sentences have not)."""
    return "e {" in text and _BEFORE_FIELD.search(text) is not None


def begins_with_vowel(text: str) -> bool:
    """« Ann », « Élodie », « Yves »: yes; « Bob », « Yann », « 8 », « 'E2' »: no.

    A y sounds as a vowel before a consonant (Yves) and as a consonant before a
    vowel (Yann, Yolande). A silent h (Hélène) is not told from an aspirated one
    (Hans), so neither elides.
    """
    first, second = (_base_letter(text[index : index + 1]) for index in (0, 1))
    if first == "y":
        return second != "" and second not in _VOWELS
    return first != "" and first in _VOWELS


def _base_letter(character: str) -> str:
    return unicodedata.normalize("NFD", character)[:1].lower()


class FrenchTemplate(str):
    """A French sentence with fields, filled in with the elisions its values call for."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return str.format(_elided(self, args, kwargs), *args, **kwargs)

    def format_map(self, mapping: Mapping[str, object]) -> str:  # type: ignore[override]
        return str.format_map(_elided(self, (), mapping), mapping)


def _elided(template: str, args: Sequence[object], kwargs: Mapping[str, object]) -> str:
    def elide(match: re.Match[str]) -> str:
        word, field = match.groups()
        try:
            # The field as it will be printed: attributes, conversion and spec included.
            shown = field.format(*args, **kwargs)
        except (IndexError, KeyError, AttributeError):
            return match.group(0)  # the whole format call will say what is missing
        if begins_with_vowel(shown):
            return word[:-1] + "'" + field  # de → d', que → qu'
        return match.group(0)

    return _BEFORE_FIELD.sub(elide, template)
