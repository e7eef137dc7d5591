"""ArkantiS's rulebooks for players (core/arkantis/data/rulebook*.md) follow its RULES.md.

Each rulebook has one entry ``### <id> <title>`` for every rule a player needs
(sections S, D, T, E, V with its options, and X), in the order of RULES.md,
and the three languages name the same ids in the same places, so the app can
open any of them at the rule a refusal names. The card table is not written
in the rulebooks but drawn from the data file (see ``test_figures``); the text
is shown in terminals 80 columns wide.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest

from core.arkantis.game_type import ARKANTIS
from core.arkantis.rulebook_figures import MARKER, expand_figures
from core.services.rules_text import (
    parse_rulebook,
    parse_rules,
    rule_ids,
    rulebook_blocks,
    rulebook_markdown,
    spec_markdown,
)

LANGUAGES = ("en", "fr", "nl")
MAX_WIDTH = 80
MAX_TABLE_WIDTH = 70
PLAYER_SECTIONS = ("S", "D", "T", "E", "V", "X")
"""The sections a player reads; L (events) and A (ambiguities) are for the engine, and
the appendix retells A in plain words."""
DATA_FILE = "core/arkantis/data/arkantis.toml"

_ENTRY = re.compile(r"^### (?P<id>\S+)(?: (?P<title>.*))?$")


def spec_order() -> list[str]:
    """The ids of RULES.md a player needs, in document order: rules, the rules defined
    within another's paragraph (T2.1), and the options."""
    ids: list[str] = []
    for block in parse_rules(spec_markdown(ARKANTIS)):
        if block.kind != "heading":
            ids += [rule for rule in (block.rule_id, *block.inner_ids) if rule]
    wanted = [rule for rule in ids if rule[0] in PLAYER_SECTIONS or rule[0].islower()]
    return list(dict.fromkeys(wanted))


def raw(code: str) -> str:
    """The rulebook file as written, before the card table is drawn into it."""
    name = ARKANTIS.presentation.rules.rulebooks[code]
    return (
        resources.files(ARKANTIS.presentation.rules.package)
        .joinpath(name)
        .read_text(encoding="utf-8")
    )


def entries(code: str) -> list[tuple[int, str, str]]:
    """(line number, id, title) of every ``###`` heading of a rulebook."""
    found = []
    fenced = False
    for number, line in enumerate(rulebook_markdown(ARKANTIS, code).splitlines(), start=1):
        fenced ^= line.startswith("```")
        if line.startswith("###") and not fenced:
            match = _ENTRY.match(line)
            assert match, f"{code} line {number}: a rule heading is '### <id> <title>': {line!r}"
            found.append((number, match["id"], match["title"] or ""))
    return found


def test_the_game_names_a_rulebook_in_each_language() -> None:
    assert set(ARKANTIS.presentation.rules.rulebooks) == set(LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_rulebook_parses_into_one_block_per_entry(code: str) -> None:
    blocks = parse_rulebook(rulebook_markdown(ARKANTIS, code))
    rules = [block.rule_id for block in blocks if block.kind == "rule"]
    assert rules == [rule for _, rule, _ in entries(code)]
    sections = [block.rule_id for block in blocks if block.kind == "heading" and block.rule_id]
    assert sections == list(PLAYER_SECTIONS)
    assert blocks == list(rulebook_blocks(ARKANTIS, code))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_id_a_rulebook_names_is_a_rule_of_the_spec(code: str) -> None:
    known = rule_ids(ARKANTIS)
    unknown = [(number, rule) for number, rule, _ in entries(code) if rule not in known]
    assert not unknown, f"{code}: headings whose id is not in RULES.md: {unknown}"
    # Rules are cited in brackets, "(T4.1)"; squares (D7) and cards (`T4`) are not.
    brackets = " ".join(re.findall(r"\(([^)]*)\)", rulebook_markdown(ARKANTIS, code)))
    cited = set(re.findall(r"\b[SDTEVX]\d+(?:\.\d+)*\b", brackets))
    assert cited, code
    assert cited <= known, f"{code}: cites {sorted(cited - known)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rule_a_player_needs_has_one_entry_in_spec_order(code: str) -> None:
    headings = [rule for _, rule, _ in entries(code)]
    missing = [rule for rule in spec_order() if rule not in headings]
    repeated = sorted({rule for rule in headings if headings.count(rule) > 1})
    assert not missing, f"{code}: rules without an entry: {missing}"
    assert not repeated, f"{code}: rules with more than one entry: {repeated}"
    assert headings == spec_order()


def test_the_three_languages_name_the_same_ids() -> None:
    english = [rule for _, rule, _ in entries("en")]
    for code in LANGUAGES[1:]:
        assert [rule for _, rule, _ in entries(code)] == english, code


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_has_a_title_and_a_text(code: str) -> None:
    lines = rulebook_markdown(ARKANTIS, code).splitlines()
    for number, rule, title in entries(code):
        assert title.strip(), f"{code} line {number}: {rule} has no title"
        following = next((line for line in lines[number:] if line.strip()), "")
        assert following and not following.startswith("#"), f"{code}: {rule} has no text"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_declares_the_invented_data_and_its_file(code: str) -> None:
    opening = "\n".join(raw(code).split("\n## ")[0].splitlines())
    assert DATA_FILE in opening
    assert "17" in opening and re.search(r"\(\w* ?D\)", opening)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_worked_examples_keep_their_boards(code: str) -> None:
    text = rulebook_markdown(ARKANTIS, code)
    for board in (
        "1   # # . # # . #     1   # # . # # . #",
        "7   # . . . . . .     7   # . . # . . .",
    ):
        assert board in text
    assert text.count("    A B C D E F G         A B C D E F G") == 4


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_card_table_is_drawn_into_the_rulebook(code: str) -> None:
    assert raw(code).count(MARKER) == 1
    text = rulebook_markdown(ARKANTIS, code)
    assert MARKER not in text
    assert text == expand_figures(raw(code), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_lines_fit_an_80_column_terminal(code: str) -> None:
    lines = rulebook_markdown(ARKANTIS, code).splitlines()
    long = [(number, len(line)) for number, line in enumerate(lines, 1) if len(line) > MAX_WIDTH]
    assert not long, f"{code}: lines longer than {MAX_WIDTH} characters: {long}"
    wide = [
        number
        for number, line in enumerate(lines, 1)
        if line.startswith("|") and len(line) > MAX_TABLE_WIDTH
    ]
    assert not wide, f"{code}: table lines wider than {MAX_TABLE_WIDTH}: {wide}"
    assert sum(line.startswith("```") for line in lines) % 2 == 0


def prose(code: str) -> list[tuple[int, str]]:
    """The lines of a rulebook outside drawings, with inline code blanked out."""
    found, fenced = [], False
    for number, line in enumerate(raw(code).splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            found.append((number, re.sub(r"`[^`]*`", "``", line)))
    return found


def test_french_punctuation_has_a_no_break_space() -> None:
    """French sets ``: ; ? !`` and the inside of « » apart with a no-break space."""
    bad = [
        (number, line)
        for number, line in prose("fr")
        if line.strip() != MARKER and re.search(r"(?<!\u00a0)[:;?!»]|«(?!\u00a0)", line)
    ]
    assert not bad, bad
    assert sum(line.count("\u00a0") for _, line in prose("fr")) > 50


@pytest.mark.parametrize("code", ("en", "nl"))
def test_other_languages_have_no_no_break_space_before_punctuation(code: str) -> None:
    assert not [number for number, line in prose(code) if "\u00a0" in line]


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (
            "fr",
            (
                "jeton",
                "pion",
                "carte vestige",
                "tache",
                "ensemble",
                "faces cachées",
                "faces visibles",
                "abattre",
                "valeur faciale",
            ),
        ),
        (
            "nl",
            (
                "fiche",
                "telpion",
                "relictkaart",
                "relictvlek",
                "groep",
                "gedekte stapel",
                "open stapel",
                "afleggen",
                "nominale waarde",
                "vrije rij",
            ),
        ),
        ("en", ("token", "pion", "relic card", "stain", "set", "face-down", "face-up", "lay")),
    ],
)
def test_each_language_uses_the_glossarys_words(code: str, words: tuple[str, ...]) -> None:
    text = raw(code).casefold()
    assert [word for word in words if word.casefold() not in text] == []
