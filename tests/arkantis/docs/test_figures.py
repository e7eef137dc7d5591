"""The rulebooks' card table is drawn from the data set (S1.5, S1.6), not typed.

The rulebooks hold a marker line where the table goes; ``expand_figures``
draws every kind of the data set into it (figure, mirror image, name in the
rulebook's language, colour, value, copies), so a data file an owner of the
printed game writes changes the rulebook too. ``core.services.rules_text`` calls
it through the hook a game registers.
"""

from __future__ import annotations

import msgspec
import pytest

from core.arkantis.cards import Kind
from core.arkantis.data import default_data_set
from core.arkantis.rulebook_figures import (
    MARKER,
    expand_figures,
    figure_lines,
    figure_table,
    is_chiral,
)
from core.kernel.game_type import RulesTexts
from core.services.rules_text import rulebook_blocks, rulebook_markdown

HOOK = Kind(
    id="L4",
    fr="le crochet",
    en="hook",
    nl="haak",
    colour="emerald",
    value=5,
    copies=4,
    cells=((0, 0), (1, 0), (2, 0), (2, 1)),
)
PAVING = Kind(
    id="O4",
    fr="le pavé",
    en="paving stone",
    nl="straatsteen",
    colour="emerald",
    value=8,
    copies=4,
    cells=((0, 0), (0, 1), (1, 0), (1, 1)),
)
ARCH = Kind(
    id="U5",
    fr="l'arche",
    en="arch",
    nl="boog",
    colour="orange",
    value=8,
    copies=3,
    cells=((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
)
BOOK = "# A book\n\nBefore.\n\n" + MARKER + "\n\nAfter.\n"


def test_a_figure_is_drawn_square_by_square_in_aligned_lines() -> None:
    assert figure_lines(HOOK.cells) == ["██  ", "██  ", "████"]
    assert figure_lines(ARCH.cells) == ["██  ██", "██████"]
    assert figure_lines(((5, 3), (5, 4))) == ["████"]  # placed at the top left


def test_only_a_figure_unlike_its_mirror_image_shows_both() -> None:
    assert is_chiral(HOOK.cells)
    assert not is_chiral(PAVING.cells) and not is_chiral(ARCH.cells)
    table = figure_table([HOOK, PAVING], "en")
    (hook_line,) = [line for line in table if line.startswith("L4")]
    assert "██       ██" in hook_line  # the figure, then its mirror image
    assert "████   ████" in "\n".join(table)


@pytest.mark.parametrize(
    ("code", "name", "colour", "total"),
    [
        ("en", "paving stone", "emerald", "8 cards: 8 emerald, 0 orange."),
        ("fr", "le pavé", "émeraude", "8 cartes\u00a0: 8 émeraude, 0 orange."),
        ("nl", "straatsteen", "smaragdgroen", "8 kaarten: 8 smaragdgroen, 0 oranje."),
    ],
)
def test_the_table_speaks_the_rulebooks_language(
    code: str, name: str, colour: str, total: str
) -> None:
    text = expand_figures(BOOK, code, [HOOK, PAVING])
    assert MARKER not in text
    assert text.startswith("# A book\n\nBefore.\n\n```\n") and text.endswith("\n\nAfter.\n")
    (line,) = [line for line in text.splitlines() if line.startswith("O4")]
    assert name in line and colour in line and line.split()[-2:] == ["8", "4"]
    assert total in text


def test_changing_a_kind_changes_the_text() -> None:
    before = expand_figures(BOOK, "en", [HOOK, PAVING])
    dearer = msgspec.structs.replace(PAVING, value=9, copies=2, en="flagstone")
    after = expand_figures(BOOK, "en", [HOOK, dearer])
    (line,) = [line for line in after.splitlines() if line.startswith("O4")]
    assert "flagstone" in line and line.split()[-2:] == ["9", "2"]
    assert before != after and "paving stone" not in after
    reshaped = msgspec.structs.replace(HOOK, cells=((0, 0), (0, 1), (0, 2), (1, 0)))
    assert expand_figures(BOOK, "en", [reshaped, PAVING]) != before


def test_a_text_without_the_marker_is_left_alone() -> None:
    assert expand_figures("# A book\n", "fr", [HOOK]) == "# A book\n"


def test_the_shipped_data_set_is_drawn_by_default() -> None:
    kinds = default_data_set().kinds
    text = expand_figures(BOOK, "fr", None)
    assert text == expand_figures(BOOK, "fr", kinds)
    lines = text.splitlines()
    for kind in kinds:
        (line,) = [line for line in lines if line.startswith(kind.id + " ")]
        assert kind.fr in line and line.split()[-2:] == [str(kind.value), str(kind.copies)]
        drawn = figure_lines(kind.cells)[0]
        assert drawn.rstrip() in line
    total = sum(kind.copies for kind in kinds)
    assert f"{total} cartes\u00a0:" in text


def test_a_games_expander_rewrites_its_rulebook_in_the_readers_language() -> None:
    """The kernel's hook: the expander receives the language of the rulebook shown."""
    seen: list[str] = []

    def expander(markdown: str, code: str) -> str:
        seen.append(code)
        return markdown.replace("How to play Atlantis", f"How to play ({code})")

    plain = RulesTexts(
        package="core.atlantis",
        spec="data/RULES.md",
        rulebooks={"en": "data/rulebook.md", "fr": "data/rulebook.fr.md"},
    )
    texts = RulesTexts(plain.package, plain.spec, plain.rulebooks, expand=expander)
    assert rulebook_markdown(texts, "en").startswith("# How to play (en)")
    assert rulebook_markdown(texts, "nl").startswith("# How to play (en)")  # no Dutch book
    assert rulebook_blocks(texts, "en")[0].markdown == "# How to play (en)"
    assert "fr" not in seen and set(seen) == {"en"}
    assert rulebook_markdown(plain, "en").startswith("# How to play Atlantis")
