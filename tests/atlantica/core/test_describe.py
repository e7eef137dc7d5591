"""The words of the log and the screens: a card told with its article, a treasure type
and one card of it told apart (``terres cuites`` / ``terre cuite``), in each language."""

from __future__ import annotations

import pytest

from core.atlantica.describe import describe
from core.atlantica.events import ShipChartered, TreasuresReleased, TreasureTaken
from core.atlantica.names import a_card, card_name, some_cards, type_name
from core.kernel.i18n import set_language
from tests.atlantica.core.helpers import position

TYPES_AND_CARDS = {
    "fr": {
        "TER": ("terres cuites", "terre cuite"),
        "ARM": ("armures", "armure"),
        "GLD": ("or", "pièce d'or"),
        "STA": ("statues", "statue"),
        "AMP": ("amphores", "amphore"),
        "EPI": ("épigraphes", "épigraphe"),
    },
    "nl": {
        "TER": ("terracotta", "terracotta"),
        "ARM": ("harnassen", "harnas"),
        "GLD": ("goud", "goudstuk"),
        "STA": ("beelden", "beeld"),
    },
}


@pytest.mark.parametrize("code", ["fr", "nl"])
def test_a_type_and_one_card_of_it_have_their_own_words(code: str) -> None:
    set_language(code)
    for kind, (type_words, card_words) in TYPES_AND_CARDS[code].items():
        assert type_name(kind) == type_words
        assert card_name(f"{kind}-1") == card_words


def test_every_card_has_its_article() -> None:
    assert [a_card(card) for card in ("GLD-1", "AMP-1", "ARM-1", "B4-1", "R6-1", "W1")] == [
        "a gold piece",
        "an amphora",
        "a piece of armour",
        "a barge B4",
        "a research card R6",
        "a white diver",
    ]
    assert some_cards(("GLD-1", "AMP-1", "STA-1")) == "a gold piece, an amphora and a statue"


LINES = {
    "en": (
        "Ana takes a gold piece from treasure space 5.",
        "Ana takes a terracotta and an amphora from treasure spaces 2 and 3.",
        "Ana charters a motorboat A3 (3 crates) from pile A.",
        "Ana releases 2 treasures for want of crates: a terracotta and a piece of armour.",
    ),
    "fr": (
        "Ana prend une pièce d'or sur la case trésor 5.",
        "Ana prend une terre cuite et une amphore sur les cases trésor 2 et 3.",
        "Ana affrète un bateau à moteur A3 (3 caisses) de la pioche A.",
        "Ana relâche 2 trésors faute de caisses\u00a0: une terre cuite et une armure.",
    ),
    "nl": (
        "Ana neemt een goudstuk van schatvak 5.",
        "Ana neemt een terracotta en een amfora van schatvakken 2 en 3.",
        "Ana chartert een motorboot A3 (3 kisten) van stapel A.",
        "Ana staat 2 schatten af bij gebrek aan kisten: een terracotta en een harnas.",
    ),
}


@pytest.mark.parametrize("code", ["en", "fr", "nl"])
def test_the_log_names_cards_as_a_sentence_does(code: str) -> None:
    set_language(code)
    state = position([(), ()])
    events = (
        TreasureTaken(0, (5,), ("GLD-1",)),
        TreasureTaken(0, (2, 3), ("TER-1", "AMP-1")),
        ShipChartered(0, "A", "A3-1", ""),
        TreasuresReleased(0, ("TER-1", "ARM-1")),
    )
    assert tuple(describe(state, event) for event in events) == LINES[code]
