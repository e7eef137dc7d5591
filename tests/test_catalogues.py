"""The French and Dutch catalogues are complete, keep every placeholder, and the
compiled catalogues that ship are the ones their sources describe.

The template (``atlantis.pot``) is extracted afresh from the code, so a sentence
added without updating the catalogues fails here, not in front of a player.
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from core.atlantis.game_type import ATLANTIS
from core.atlantis.items import ITEMS, LETTERS
from core.kernel.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from core.kernel.rules_text import parse_rulebook, rulebook_markdown

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
KEYWORDS = {
    "_": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
PERCENT_FIELD = re.compile(r"%(?:\(\w+\))?[sdr]")


def po_file(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(code: str) -> Catalog:
    with po_file(code).open("rb") as source:
        return read_po(source, locale=code)


def messages_in_code() -> set[tuple[str, str | None]]:
    """(msgid, context) of every marked text in ``core`` and ``atlantis_tui``."""
    found: set[tuple[str, str | None]] = set()
    for folder in ("core", "atlantis_tui"):
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
        ):
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                found.add((msgid, context))
    return found


def fields(text: str) -> set[str]:
    """The placeholders of a text: ``{name}`` fields and ``%s``-style ones."""
    braces = {name for _l, name, _f, _c in string.Formatter().parse(text) if name is not None}
    return braces | set(PERCENT_FIELD.findall(text))


def translations(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_in_the_code_is_in_the_catalogue(code: str) -> None:
    known = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogue(code)}
    missing = sorted(text for text, _context in messages_in_code() - known)
    assert not missing, f"{code}: {len(missing)} texts to add (pybabel update): {missing[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_not_fuzzy(code: str) -> None:
    problems = []
    for message in catalogue(code):
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(text.strip() for text in translations(message)):
            problems.append(f"empty: {message.id!r}")
    assert not problems, f"{code}: " + "\n".join(problems[:20])


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_every_placeholder(code: str) -> None:
    problems = []
    for message in catalogue(code):
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


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_matches_its_source(code: str) -> None:
    """The ``.mo`` that ships says what the ``.po`` says (``pybabel compile`` was run)."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as compiled:
        shipped = gettext.GNUTranslations(compiled)
    for message in catalogue(code):
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if message.context:
                assert shipped.pgettext(message.context, message.id) == message.string
            else:
                assert shipped.gettext(message.id) == message.string, message.id
        else:
            assert shipped.ngettext(message.id[0], message.id[1], 1) == message.string[0]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_seven_different_item_letters(code: str) -> None:
    translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
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
    translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
    letter = translation.pgettext("bridge letter", "B")
    bridge = re.compile("═([A-Z])═")
    for message in catalogue(code):
        if isinstance(message.id, str) and "═B═" in message.id:
            for text in translations(message):
                assert set(bridge.findall(text)) == {letter}, text
    assert set(bridge.findall(rulebook_markdown(ATLANTIS, code))) == {letter}


def test_the_template_lists_what_the_code_marks() -> None:
    """``atlantis.pot`` is the extraction of today's code (for translators' tools)."""
    with (LOCALE_DIR / "atlantis.pot").open("rb") as source:
        template = read_po(source)
    listed = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    assert listed == messages_in_code()


def test_fields_reads_both_placeholder_styles() -> None:
    assert fields("{n} cards, %(type)s and %s") == {"n", "%(type)s", "%s"}
