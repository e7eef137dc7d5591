"""The card table of ArkantiS's rulebooks, drawn from the data file (S1.5, S1.6).

The printed rulebook's card pictures are lost, so the figures, names, colours,
values and copies are invented and live in ``data/arkantis.toml``. The
rulebooks do not copy them: each holds the marker line ``<!-- card-figures -->``
where the table belongs, and ``expand_figures`` replaces it with the table
drawn from the data set, so a replaced data file changes the rulebook too.
``core.services.rules_text`` calls it through its rulebook hook
(``RulesTexts.expand``) before the rulebook is cut into entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.arkantis.cards import Colour, Kind
from core.arkantis.data import default_data_set

MARKER = "<!-- card-figures -->"
"""The line of a rulebook that the card table replaces."""

FILLED = "██"
"""One square of a figure: two characters, so that a square looks square in a terminal."""
EMPTY = "  "
GAP = "   "
"""Between a chiral figure and its mirror image."""

Cell = tuple[int, int]

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "kind": "card",
        "figure": "figure",
        "name": "name",
        "colour": "colour",
        "value": "value",
        "copies": "copies",
        "orange": "orange",
        "emerald": "emerald",
        "total": "{total} cards: {emerald} emerald, {orange} orange.",
    },
    "fr": {
        "kind": "carte",
        "figure": "figure",
        "name": "nom",
        "colour": "couleur",
        "value": "valeur",
        "copies": "exemplaires",
        "orange": "orange",
        "emerald": "émeraude",
        "total": "{total} cartes\u00a0: {emerald} émeraude, {orange} orange.",
    },
    "nl": {
        "kind": "kaart",
        "figure": "figuur",
        "name": "naam",
        "colour": "kleur",
        "value": "waarde",
        "copies": "aantal",
        "orange": "oranje",
        "emerald": "smaragdgroen",
        "total": "{total} kaarten: {emerald} smaragdgroen, {orange} oranje.",
    },
}


def _words(language: str) -> dict[str, str]:
    return _WORDS.get(language, _WORDS["en"])


def _normal(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved to the top left corner, sorted: one figure, one value."""
    cells = tuple(cells)
    top = min(row for row, _ in cells)
    left = min(column for _, column in cells)
    return tuple(sorted((row - top, column - left) for row, column in cells))


def mirror(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The figure turned over left to right."""
    return _normal((row, -column) for row, column in cells)


def is_chiral(cells: Iterable[Cell]) -> bool:
    """Whether no quarter turn of the figure gives its mirror image: the card then
    shows both (S1.5)."""
    turned = _normal(cells)
    mirrored = mirror(turned)
    for _quarter in range(4):
        if turned == mirrored:
            return False
        turned = _normal((column, -row) for row, column in turned)
    return True


def figure_lines(cells: Iterable[Cell]) -> list[str]:
    """A figure drawn in text, one line per row, ``██`` per square; every line has the
    figure's full width, so that figures line up in a monospace block."""
    normal = _normal(cells)
    height = max(row for row, _ in normal) + 1
    width = max(column for _, column in normal) + 1
    filled = set(normal)
    return [
        "".join(FILLED if (row, column) in filled else EMPTY for column in range(width))
        for row in range(height)
    ]


def card_drawing(kind: Kind) -> list[str]:
    """The figure of a card, and beside it its mirror image when the card shows two."""
    first = figure_lines(kind.cells)
    if not is_chiral(kind.cells):
        return first
    second = figure_lines(mirror(kind.cells))
    height = max(len(first), len(second))
    blank_first = " " * len(first[0])
    first += [blank_first] * (height - len(first))
    second += [""] * (height - len(second))
    return [f"{left}{GAP}{right}" for left, right in zip(first, second, strict=True)]


def _name(kind: Kind, language: str) -> str:
    names = {"en": kind.en, "fr": kind.fr, "nl": kind.nl}
    return names.get(language, kind.en)


def figure_table(kinds: Sequence[Kind], language: str) -> list[str]:
    """Every kind of card as a fenced block of lines: its id, figure (with its mirror
    image), name in ``language``, colour, face value and copies; then the totals."""
    words = _words(language)
    drawings = [card_drawing(kind) for kind in kinds]
    figure_width = max([len(words["figure"])] + [len(line) for d in drawings for line in d])
    name_width = max([len(words["name"])] + [len(_name(kind, language)) for kind in kinds])
    colour_width = max([len(words["colour"])] + [len(words[kind.colour]) for kind in kinds])

    def row(ident: str, figure: str, name: str, colour: str, value: str, copies: str) -> str:
        cells = [
            ident.ljust(5),
            figure.ljust(figure_width),
            name.ljust(name_width),
            colour.ljust(colour_width),
            value.rjust(len(words["value"])),
            copies.rjust(len(words["copies"])),
        ]
        return "  ".join(cells).rstrip()

    lines = [
        "```",
        row(
            words["kind"],
            words["figure"],
            words["name"],
            words["colour"],
            words["value"],
            words["copies"],
        ),
    ]
    for kind, drawing in zip(kinds, drawings, strict=True):
        lines.append("")
        lines.append(
            row(
                kind.id,
                drawing[0],
                _name(kind, language),
                words[kind.colour],
                str(kind.value),
                str(kind.copies),
            )
        )
        lines.extend(row("", line, "", "", "", "") for line in drawing[1:])
    lines.append("```")
    lines.append("")
    lines.append(_totals(kinds, words))
    return lines


def _totals(kinds: Sequence[Kind], words: dict[str, str]) -> str:
    count: dict[Colour, int] = {"orange": 0, "emerald": 0}
    for kind in kinds:
        count[kind.colour] += kind.copies
    return words["total"].format(
        total=sum(count.values()), emerald=count["emerald"], orange=count["orange"]
    )


def expand_figures(markdown: str, language: str, kinds: Sequence[Kind] | None = None) -> str:
    """The rulebook ``markdown`` with its marker line replaced by the card table in
    ``language``, drawn from ``kinds`` (the shipped data set's when not given)."""
    if MARKER not in markdown:
        return markdown
    if kinds is None:
        kinds = default_data_set().kinds
    table = figure_table(kinds, language)
    lines: list[str] = []
    for line in markdown.splitlines():
        lines.extend(table if line.strip() == MARKER else [line])
    return "\n".join(lines) + ("\n" if markdown.endswith("\n") else "")
