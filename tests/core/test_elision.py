"""French elides « de » and « que » before a name that begins with a vowel."""

from __future__ import annotations

import pytest

from core.kernel.elision import FrenchTemplate
from core.kernel.i18n import _, ngettext, set_language


@pytest.mark.parametrize(
    ("template", "fields", "expected"),
    [
        ("Main de {name}", {"name": "Ann"}, "Main d'Ann"),
        ("Main de {name}", {"name": "Bob"}, "Main de Bob"),
        ("Main de {name}", {"name": "Élodie"}, "Main d'Élodie"),
        ("De {name} à {other}", {"name": "Ivo", "other": "Ann"}, "D'Ivo à Ann"),
        ("tout ce que {name} possédait", {"name": "Ann"}, "tout ce qu'Ann possédait"),
        ("Main de {name}", {"name": "Yves"}, "Main d'Yves"),
        ("Main de {name}", {"name": "Yann"}, "Main de Yann"),  # a y before a vowel
        ("Main de {name}", {"name": "Hans"}, "Main de Hans"),  # an h is left alone
        ("de {name:>5}", {"name": "Ann"}, "de   Ann"),  # as printed: padded first
        ("en attente de {names}", {"names": "Ann, Bob"}, "en attente d'Ann, Bob"),
        ("la moitié de {value}", {"value": 8}, "la moitié de 8"),
        ("la règle de {rule!r}", {"rule": "E2"}, "la règle de 'E2'"),  # a quote, no vowel
        ("le tour de {0}", {}, "le tour d'Ann"),
    ],
)
def test_a_french_template_elides_before_a_value_that_begins_with_a_vowel(
    template: str, fields: dict[str, object], expected: str
) -> None:
    args = ("Ann",) if "{0}" in template else ()
    assert FrenchTemplate(template).format(*args, **fields) == expected


def test_the_translation_functions_hand_out_french_templates_in_french_only() -> None:
    set_language("fr")
    assert _("{name}'s hand").format(name="Ann") == "Main d'Ann"
    pawns = ngettext("{name}'s pawn {letters}", "{name}'s pawns {letters}", 2)
    assert pawns.format(name="Ann", letters="A, B") == "les pions A, B d'Ann"
    # The translator's own words are left as written.
    assert _("the Mainland") == "le Continent"
    set_language("nl")
    assert type(_("{name}'s hand")) is str
    set_language("en")
    assert _("{name}'s hand").format(name="Ann") == "Ann's hand"


def test_format_map_elides_too() -> None:
    assert FrenchTemplate("Main de {name}").format_map({"name": "Ann"}) == "Main d'Ann"


def test_a_missing_field_is_reported_by_format_as_usual() -> None:
    with pytest.raises(KeyError):
        FrenchTemplate("Main de {name}").format(other="Ann")
