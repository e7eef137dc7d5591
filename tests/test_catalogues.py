"""The French and Dutch catalogues are complete, keep every placeholder, and the
compiled catalogues that ship are the ones their sources describe.

There is one catalogue for the shell (``core/locale``) and one per game
(``core/<game>/locale``); a sentence belongs to the catalogue of the folder it
is written in (``tools/catalogues.py``). The templates are extracted afresh
from the code, so a sentence added without updating the catalogues fails
here, not in front of a player.
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from atlantis_tui.games.atlantis.letters import bridge_letter
from core.atlantis.game_type import ATLANTIS
from core.atlantis.i18n import CATALOGUE as ATLANTIS_CATALOGUE
from core.atlantis.items import ITEMS, LETTERS
from core.kernel.i18n import set_language
from core.services.rules_text import parse_rulebook, rulebook_markdown
from tools.catalogues import TRANSLATED, domains, extract, locale_dir, po_path

ROOT = Path(__file__).resolve().parents[1]
PERCENT_FIELD = re.compile(r"%(?:\(\w+\))?[sdr]")
DOMAINS = domains()
CATALOGUES = [(domain, code) for domain in DOMAINS for code in TRANSLATED]
"""Every (catalogue, language) pair: the shell's and each game's, in French and Dutch."""
_EXTRACTED = extract()


def catalogue(domain: str, code: str) -> Catalog:
    with po_path(domain, code).open("rb") as source:
        return read_po(source, locale=code)


def messages_in_code(domain: str) -> set[tuple[str, str | None]]:
    """(msgid, context) of every marked text of the folders ``domain`` covers."""
    return set(_EXTRACTED[domain])


def fields(text: str) -> set[str]:
    """The placeholders of a text: ``{name}`` fields and ``%s``-style ones."""
    braces = {name for _l, name, _f, _c in string.Formatter().parse(text) if name is not None}
    return braces | set(PERCENT_FIELD.findall(text))


def translations(message: Message) -> list[str]:
    """A message's translations: its one string, or one per plural form."""
    string = message.string
    assert string is not None, message.id  # a catalogue read from a file has every string
    return [string] if isinstance(string, str) else list(string)


def test_there_is_a_catalogue_for_the_shell_and_for_each_game() -> None:
    assert DOMAINS[0] == "shell" and "atlantis" in DOMAINS
    for domain, code in CATALOGUES:
        assert po_path(domain, code).is_file()


@pytest.mark.parametrize(("domain", "code"), CATALOGUES)
def test_every_text_in_the_code_is_in_the_catalogue(domain: str, code: str) -> None:
    known = {
        (m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogue(domain, code)
    }
    missing = sorted(text for text, _context in messages_in_code(domain) - known)
    assert not missing, (
        f"{domain}/{code}: {len(missing)} texts to add (python -m tools.catalogues): {missing[:10]}"
    )


@pytest.mark.parametrize(("domain", "code"), CATALOGUES)
def test_every_message_is_translated_and_not_fuzzy(domain: str, code: str) -> None:
    problems = []
    for message in catalogue(domain, code):
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(text.strip() for text in translations(message)):
            problems.append(f"empty: {message.id!r}")
    assert not problems, f"{code}: " + "\n".join(problems[:20])


@pytest.mark.parametrize(("domain", "code"), CATALOGUES)
def test_translations_keep_every_placeholder(domain: str, code: str) -> None:
    problems = []
    for message in catalogue(domain, code):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(fields(text) for text in ids))
        for text in translations(message):
            # A singular form may leave the count out ("une carte"), never add a field.
            got = fields(text)
            if got - wanted or (wanted - got - {"n", "count"}):
                problems.append(f"{message.id!r}: {sorted(wanted)} → {text!r}")
    assert not problems, f"{code}: " + "\n".join(problems[:20])


@pytest.mark.parametrize(("domain", "code"), CATALOGUES)
def test_the_compiled_catalogue_matches_its_source(domain: str, code: str) -> None:
    """The ``.mo`` that ships says what the ``.po`` says (the catalogues were compiled)."""
    with po_path(domain, code).with_suffix(".mo").open("rb") as compiled:
        shipped = gettext.GNUTranslations(compiled)
    for message in catalogue(domain, code):
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if message.context:
                assert shipped.pgettext(message.context, message.id) == message.string
            else:
                assert shipped.gettext(message.id) == message.string, message.id
        else:
            assert shipped.ngettext(message.id[0], message.id[1], 1) == translations(message)[0]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_seven_different_item_letters(code: str) -> None:
    translation = gettext.translation(
        "atlantis", localedir=ATLANTIS_CATALOGUE.locale_dir, languages=[code]
    )
    letters = [translation.pgettext("item letter", LETTERS[item]) for item in ITEMS]
    assert len(set(letters)) == len(ITEMS) and all(len(letter) == 1 for letter in letters)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_translated_rulebook_has_every_rule_of_the_english_one(code: str) -> None:
    def entries(language: str) -> list[tuple[str, str | None]]:
        markdown = rulebook_markdown(ATLANTIS, language)
        return [(b.kind, b.rule_id) for b in parse_rulebook(markdown) if b.rule_id]

    assert entries(code) == entries("en")


@pytest.mark.parametrize("code", TRANSLATED)
def test_texts_and_the_rulebook_draw_a_bridge_as_the_board_does(code: str) -> None:
    """The board draws a bridge with the language's letter (French ═P═): the help, the
    lessons and the rulebook show the same one."""
    set_language(code)
    try:
        letter = bridge_letter()
    finally:
        set_language("en")
    bridge = re.compile("═([A-Z])═")
    for message in (m for domain in DOMAINS for m in catalogue(domain, code)):
        if isinstance(message.id, str) and "═B═" in message.id:
            for text in translations(message):
                assert set(bridge.findall(text)) == {letter}, text
    assert set(bridge.findall(rulebook_markdown(ATLANTIS, code))) == {letter}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_lists_what_the_code_marks(domain: str) -> None:
    """Each ``.pot`` is the extraction of today's code (for translators' tools)."""
    with (locale_dir(domain) / f"{domain}.pot").open("rb") as source:
        template = read_po(source)
    listed = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    assert listed == messages_in_code(domain)


def test_fields_reads_both_placeholder_styles() -> None:
    assert fields("{n} cards, %(type)s and %s") == {"n", "%(type)s", "%s"}
