"""Atlantica's rulebooks for players (core/atlantica/data/rulebook*.md) follow its RULES.md.

Each rulebook has one entry ``### <id> <title>`` for every rule a player needs
(sections S, T, E, V with its options, and X), in the order of RULES.md, and
the three languages name the same ids in the same places, so the app can open
any of them at the rule a refusal names (``atlantis rules --game atlantica
T2.5``). Its tables say what the engine does: the slots of each level are
those of ``core.atlantica.locations``, and the setup counts, ladders, ships
and research copies are those of RULES.md and of the shipped data file. The
opening says in one plain paragraph which data is invented and names the file
that holds it. The text is shown in terminals 80 columns wide.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources

import pytest

from core.atlantica.data import default_data
from core.atlantica.game_type import ATLANTICA
from core.atlantica.locations import LOCATIONS, RULE_OF_LEVEL, SLOTS
from core.kernel.game_type import RulesTexts
from core.kernel.i18n import set_language
from core.services.rules_text import (
    parse_rulebook,
    parse_rules,
    rule_ids,
    rule_text,
    rulebook_blocks,
    rulebook_markdown,
    rules_under,
    spec_markdown,
)

LANGUAGES = ("en", "fr", "nl")
RULEBOOKS = {
    "en": "data/rulebook.md",
    "fr": "data/rulebook.fr.md",
    "nl": "data/rulebook.nl.md",
}
TEXTS = RulesTexts(package="core.atlantica", spec="data/RULES.md", rulebooks=RULEBOOKS)
"""The texts as the game's descriptor names them (checked against it below)."""
MAX_WIDTH = 80
MAX_TABLE_WIDTH = 70
PLAYER_SECTIONS = ("S", "T", "E", "V", "X")
"""The sections a player reads; L (events and information) is for the engine."""
DATA_FILE = "core/atlantica/data/atlantica.toml"
INVENTED = {"en": "Invented data:", "fr": "Données inventées\u00a0:", "nl": "Verzonnen gegevens:"}
COLOURS = {
    "en": {"W": "white", "Y": "yellow", "R": "red", "G": "green", "B": "blue", "V": "violet"},
    "fr": {"W": "blanc", "Y": "jaune", "R": "rouge", "G": "vert", "B": "bleu", "V": "violet"},
    "nl": {"W": "wit", "Y": "geel", "R": "rood", "G": "groen", "B": "blauw", "V": "paars"},
}

_ENTRY = re.compile(r"^### (?P<id>\S+)(?: (?P<title>.*))?$")


def spec_order() -> list[str]:
    """The ids of RULES.md a player needs, in document order: rules, the levels defined
    in the locations' tables (T3.1), and the options."""
    ids: list[str] = []
    for block in parse_rules(spec_markdown(TEXTS)):
        if block.kind != "heading":
            ids += [rule for rule in (block.rule_id, *block.inner_ids) if rule]
    wanted = [rule for rule in ids if rule[0] in PLAYER_SECTIONS or rule[0].islower()]
    return list(dict.fromkeys(wanted))


def raw(code: str) -> str:
    return resources.files(TEXTS.package).joinpath(RULEBOOKS[code]).read_text(encoding="utf-8")


def entries(code: str) -> list[tuple[int, str, str]]:
    """(line number, id, title) of every ``###`` heading of a rulebook."""
    found = []
    for number, line in enumerate(rulebook_markdown(TEXTS, code).splitlines(), start=1):
        if line.startswith("###"):
            match = _ENTRY.match(line)
            assert match, f"{code} line {number}: a rule heading is '### <id> <title>': {line!r}"
            found.append((number, match["id"], match["title"] or ""))
    return found


def entry(code: str, rule: str) -> str:
    """The text of one entry of a rulebook, its heading excluded."""
    (block,) = [b for b in rulebook_blocks(TEXTS, code) if b.kind == "rule" and b.rule_id == rule]
    return block.markdown


def table_rows(markdown: str) -> list[list[str]]:
    """The cells of a Markdown text's table rows, header and rule lines left out."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in markdown.splitlines()
        if line.startswith("|")
    ]
    return [row for row in rows[2:] if not set(row[0]) <= {"-", " "}]


def spec_table(rule: str) -> list[list[str]]:
    """The rows of the first table after the specification's rule ``rule`` (S1.3, S7 …),
    read from the lines: the specification indents its tables within the rule's item."""
    lines = spec_markdown(TEXTS).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"- **{rule} "))
    table = []
    for line in lines[start + 1 :]:
        if line.strip().startswith("|"):
            table.append(line.strip())
        elif table:
            break
    return table_rows("\n".join(table))


def marked(cell: str) -> list[tuple[int, bool]]:
    """The numbers of a table cell, each with whether it is set in bold."""
    found = []
    for bold, plain in re.findall(r"\*\*(.*?)\*\*|([^*]+)", cell):
        found += [(int(number), bool(bold)) for number in re.findall(r"\d+", bold or plain)]
    return found


def prose(code: str) -> list[tuple[int, str]]:
    """The lines of a rulebook, with inline code and the ids of headings blanked out."""
    return [
        (number, re.sub(r"`[^`]*`|^### \S+", "``", line))
        for number, line in enumerate(raw(code).splitlines(), 1)
    ]


def test_the_game_names_these_rulebooks() -> None:
    rules = ATLANTICA.presentation.rules
    assert (rules.package, rules.spec, dict(rules.rulebooks)) == (
        TEXTS.package,
        TEXTS.spec,
        RULEBOOKS,
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_rulebook_parses_into_one_block_per_entry(code: str) -> None:
    blocks = parse_rulebook(rulebook_markdown(TEXTS, code))
    rules = [block.rule_id for block in blocks if block.kind == "rule"]
    assert rules == [rule for _, rule, _ in entries(code)]
    sections = [block.rule_id for block in blocks if block.kind == "heading" and block.rule_id]
    assert sections == list(PLAYER_SECTIONS)
    assert rulebook_markdown(TEXTS, code) == raw(code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_id_a_rulebook_names_is_a_rule_of_the_spec(code: str) -> None:
    known = rule_ids(TEXTS)
    unknown = [(number, rule) for number, rule, _ in entries(code) if rule not in known]
    assert not unknown, f"{code}: headings whose id is not in RULES.md: {unknown}"
    # Rules are cited in brackets, "(T4.2)"; cards (`R6`, `B4`) are not rules.
    brackets = " ".join(re.findall(r"\(([^)]*)\)", raw(code)))
    cited = set(re.findall(r"\b[STEVXL]\d+(?:\.\d+)*\b", brackets))
    assert len(cited) > 40, code
    assert cited <= known, f"{code}: cites {sorted(cited - known)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rule_a_player_needs_has_one_entry_in_spec_order(code: str) -> None:
    headings = [rule for _, rule, _ in entries(code)]
    missing = [rule for rule in spec_order() if rule not in headings]
    repeated = sorted({rule for rule in headings if headings.count(rule) > 1})
    assert not missing, f"{code}: rules without an entry: {missing}"
    assert not repeated, f"{code}: rules with more than one entry: {repeated}"
    assert headings == spec_order()


def test_every_section_and_every_option_of_the_spec_is_covered() -> None:
    order = spec_order()
    for section in PLAYER_SECTIONS:
        assert sum(rule.startswith(section) for rule in order) >= 2, section
    options = [rule for rule in order if rule.islower()]
    assert options == [
        "start_player",
        "data_set",
        "round_spaces",
        "joker_only_when_needed",
        "hired_cards_seen_by_owner",
        "diver_reshuffle",
        "final_choices",
        "tiebreak_count",
        "open_hands",
    ]
    assert {"T3.1", "T4.3", "T5.3", "T6.2", "X7"} <= set(order)


def test_the_three_languages_name_the_same_ids() -> None:
    english = [rule for _, rule, _ in entries("en")]
    for code in LANGUAGES[1:]:
        assert [rule for _, rule, _ in entries(code)] == english, code


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_has_a_title_and_a_text(code: str) -> None:
    lines = rulebook_markdown(TEXTS, code).splitlines()
    for number, rule, title in entries(code):
        assert title.strip(), f"{code} line {number}: {rule} has no title"
        following = next((line for line in lines[number:] if line.strip()), "")
        assert following and not following.startswith("#"), f"{code}: {rule} has no text"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_declares_the_invented_data_and_its_file(code: str) -> None:
    """Honest about invented data: one plain paragraph, before the first section, says
    what is the app's own and names the file an owner of the printed game can replace."""
    opening = raw(code).split("\n## ")[0]
    paragraphs = [p for p in opening.split("\n\n") if DATA_FILE in p]
    assert len(paragraphs) == 1, code
    (paragraph,) = paragraphs
    assert paragraph.startswith(INVENTED[code])
    assert "**" not in paragraph and "|" not in paragraph
    assert raw(code).count(DATA_FILE) == 2  # there and in S1.7


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_rule_is_quoted_in_the_readers_language(code: str) -> None:
    """What ``atlantis rules --game atlantica T2.5`` prints: the title and the first
    paragraph of the entry, in the reader's language (conftest sets English back)."""
    set_language(code)
    title = next(title for _, rule, title in entries(code) if rule == "T2.5")
    first = entry(code, "T2.5").split("\n\n")[1]
    assert rule_text(TEXTS, "T2.5") == f"**T2.5 {title}**\n\n{first}"
    assert "joker" in title.casefold() and "4" in first
    assert rule_text(TEXTS, "T").startswith("T — ")
    expected = ["T5", *(f"T5.{n}" for n in range(1, 7))]
    assert [block.rule_id for block in rules_under(TEXTS, "t5")] == expected


@pytest.mark.parametrize("code", LANGUAGES)
def test_lines_fit_an_80_column_terminal(code: str) -> None:
    lines = raw(code).splitlines()
    long = [(number, len(line)) for number, line in enumerate(lines, 1) if len(line) > MAX_WIDTH]
    assert not long, f"{code}: lines longer than {MAX_WIDTH} characters: {long}"
    wide = [
        number
        for number, line in enumerate(lines, 1)
        if line.startswith("|") and len(line) > MAX_TABLE_WIDTH
    ]
    assert not wide, f"{code}: table lines wider than {MAX_TABLE_WIDTH}: {wide}"
    assert "```" not in raw(code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_levels_table_shows_the_slots_the_engine_asks_for(code: str) -> None:
    """The table of T3 to T6 and the overview in T2, in colour words, against
    ``core.atlantica.locations.SLOTS``."""
    words = COLOURS[code]

    def slot(cell: Iterable[str]) -> tuple[str, ...]:
        return tuple(words[c] for c in cell)

    for location in LOCATIONS:
        rule = RULE_OF_LEVEL[location]
        rows = table_rows(entry(code, rule))
        assert [row[0] for row in rows] == [f"{rule}.{level}" for level in (1, 2, 3)]
        for row, level_slots in zip(rows, SLOTS[location], strict=True):
            shown = [tuple(part.split("/")) for part in row[1].split(" + ")]
            assert shown == [slot(s) for s in level_slots], (code, row)
    overview = table_rows(entry(code, "T2"))
    for row, location in zip(overview, LOCATIONS, strict=True):
        assert f"({RULE_OF_LEVEL[location]})" in row[0]
        first, second, third = SLOTS[location][2]
        assert row[1:] == ["/".join(slot(first)), "/".join(slot(second)), "/".join(slot(third))]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_numbers_are_those_of_the_spec(code: str) -> None:
    """S7's counts, E4's ladders (bold where RULES.md marks a value given or derived),
    S1.4's ships and E5's research copies."""
    setup = [[int(n) for n in re.findall(r"\d+", " ".join(row))] for row in spec_table("S7")]
    shown = [
        [int(n) for n in re.findall(r"\d+", " ".join(row))] for row in table_rows(entry(code, "S7"))
    ]
    assert shown == setup
    ladders = [(marked(row[2]), marked(row[3])) for row in spec_table("S1.3")]
    assert [(marked(row[2]), marked(row[3])) for row in table_rows(entry(code, "E4"))] == ladders
    ships = [(row[0], row[1], row[2]) for row in spec_table("S1.4")]
    assert [(row[0], row[2], row[3]) for row in table_rows(entry(code, "S1.4"))] == ships
    research = [(row[0], row[-1]) for row in spec_table("S1.5")]
    assert [(row[0], row[-1]) for row in table_rows(entry(code, "E5"))] == research


def test_the_numbers_are_those_of_the_shipped_data_file() -> None:
    data = default_data()
    rows = table_rows(entry("en", "E4"))
    assert [tuple(n for n, _ in marked(row[3])) for row in rows] == list(data.ladders.values())
    assert [len(marked(row[3])) for row in rows] == [int(row[2].strip("*")) for row in rows]
    crates = [tuple(int(n) for n in row[2].split(", ")) for row in table_rows(entry("en", "S1.4"))]
    assert tuple(crates) == data.ships
    copies = {row[0].strip("`"): int(row[-1]) for row in table_rows(entry("en", "E5"))}
    assert copies == dict(data.research)
    counts = [int(row[2]) for row in table_rows(entry("en", "S1.2"))]
    assert counts == list(data.treasures.values())


def test_french_punctuation_has_a_no_break_space() -> None:
    """French sets ``: ; ? !`` and the inside of « » apart with a no-break space."""
    bad = [
        (number, line)
        for number, line in prose("fr")
        if re.search(r"(?<!\u00a0)[:;?!»]|«(?!\u00a0)", line)
    ]
    assert not bad, bad
    assert sum(line.count("\u00a0") for _, line in prose("fr")) > 50


@pytest.mark.parametrize("code", ("en", "nl"))
def test_other_languages_have_no_no_break_space(code: str) -> None:
    assert not [number for number, line in prose(code) if "\u00a0" in line]


# Words that would betray a sentence left in another language.
LEFTOVERS = {
    "en": ("plongeur", "caisse", "carte", "duiker", "kisten", " de ", " het ", " les "),
    "fr": (" the ", " and ", " you", "diver", "crate", "slot", "duiker", " het ", " een "),
    "nl": (" the ", " and ", " you", "diver", "crate", "slot", "plongeur", " les ", " une "),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_nothing_is_left_untranslated(code: str) -> None:
    found = [
        (number, word)
        for number, line in prose(code)
        for word in LEFTOVERS[code]
        if word in f" {line.casefold()} "
    ]
    assert not found, f"{code}: {found}"


@pytest.mark.parametrize("code", ("fr", "nl"))
def test_every_title_is_translated(code: str) -> None:
    english = {rule: title for _, rule, title in entries("en")}
    same = [rule for _, rule, title in entries(code) if title == english[rule]]
    assert not same, f"{code}: titles left in English: {same}"


FRENCH_TERMS = (
    # The French rulebook's own words (Piatnik 2018), kept in the French rulebook.
    "bateau submersible",
    "port",
    "bistrot",
    "centre de recherche",
    "cartes-plongeur",
    "cartes-trésor",
    "carte-ouragan",
    "cartes-bateau",
    "cartes-recherche",
    "bateaux à moteur",
    "chalands",
    "bateaux de transport",
    "caisses en bois",
    "points gagnants (PG)",
    "relâcher",
    "affréter",
    "engager",
    "payer la tournée",
    "reprendre son souffle",
    "reprendre sa respiration",
    "comme un joker",
    "zone ouragan",
    "décalées vers la gauche",
    "réapprovisionnées",
    "symbole du bistrot",
    "terres cuites",
    "épigraphes",
    "armures",
    "amphores",
    "sens des aiguilles d'une montre",
    "le joueur le plus jeune commence",
)
FRENCH_LEVELS = {
    "T3.1": "Plonger à la surface de l'eau",
    "T3.2": "Plonger dans les profondeurs",
    "T3.3": "Plonger dans les abysses dangereux",
    "T4.1": "Affréter un petit bateau à moteur",
    "T4.2": "Affréter un gros chaland",
    "T4.3": "Affréter un gigantesque bateau de transport",
    "T5.1": "Engager une petite équipe de plongée",
    "T5.2": "Engager une grande équipe de plongée",
    "T5.3": "Payer la tournée à tous les plongeurs",
    "T6.1": "Faire une découverte",
    "T6.2": "Faire une précieuse découverte",
    "T6.3": "Faire deux découvertes sensationnelles",
}


def test_the_french_rulebook_uses_the_printed_rulebooks_words() -> None:
    text = raw("fr").replace("\u00a0", " ").replace("\n", " ").casefold()
    assert [term for term in FRENCH_TERMS if term.casefold() not in text] == []
    titles = {rule: title for _, rule, title in entries("fr")}
    assert {rule: titles[rule] for rule in FRENCH_LEVELS} == FRENCH_LEVELS
    for word in ("ouragan", "plongeur", "caisse"):
        assert text.count(word) > 10, word


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (
            "en",
            (
                "submarine",
                "port",
                "bistro",
                "research centre",
                "diver",
                "crate",
                "hurricane",
                "pay the round",
                "catch your breath",
                "release",
                "motorboat",
                "barge",
                "transport ship",
                "pair",
                "joker",
                "slot",
            ),
        ),
        (
            "nl",
            (
                "duikboot",
                "haven",
                "bistro",
                "onderzoekscentrum",
                "duikerkaart",
                "kisten",
                "orkaan",
                "een rondje geven",
                "op adem komen",
                "afstaan",
                "motorboot",
                "aak",
                "vrachtschip",
                "paar",
                "joker",
                "symbool",
            ),
        ),
    ],
)
def test_each_language_keeps_its_words(code: str, words: tuple[str, ...]) -> None:
    text = raw(code).replace("\n", " ").casefold()
    assert [word for word in words if word.casefold() not in text] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_worked_examples_keep_their_totals_and_the_misprint(code: str) -> None:
    assert "**40**" in entry(code, "X1")
    assert "**50**" in entry(code, "X2") and "22" in entry(code, "X2")
    x3 = entry(code, "X3")
    assert "**60**" in x3 and "55" in x3
    title = next(title for _, rule, title in entries(code) if rule == "X3")
    assert "60" in title and "55" in title
