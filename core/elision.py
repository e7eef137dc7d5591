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

_BEFORE_FIELD = re.compile(r"\b([Dd]e|[Qq]ue) (\{(\w+)(?:!([rsa]))?[^{}]*\})")
"""« de » or « que », a space, then a named or numbered field: ``{name}``, ``{0}``, ``{who!s}``."""


def may_elide(text: str) -> bool:
    """Whether ``text`` has a « de » or « que » before a field (most sentences have not)."""
    return "e {" in text and _BEFORE_FIELD.search(text) is not None


def begins_with_vowel(text: str) -> bool:
    """« Ann », « Élodie », « Ivo »: yes; « Bob », « 8 », « 'E2' »: no."""
    base = unicodedata.normalize("NFD", text[:1])[:1]
    return base != "" and base.lower() in "aeiouy"


class FrenchTemplate(str):
    """A French sentence with fields, filled in with the elisions its values call for."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return str.format(_elided(self, args, kwargs), *args, **kwargs)


def _elided(template: str, args: Sequence[object], kwargs: Mapping[str, object]) -> str:
    def elide(match: re.Match[str]) -> str:
        word, field, name, conversion = match.groups()
        value = args[int(name)] if name.isdigit() else kwargs.get(name, "")
        shown = {"r": repr, "a": ascii}.get(conversion, str)(value)
        if begins_with_vowel(shown):
            return word[:-1] + "'" + field  # de → d', que → qu'
        return match.group(0)

    return _BEFORE_FIELD.sub(elide, template)
