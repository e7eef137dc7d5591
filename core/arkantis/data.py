"""The card data file (S1.6): ``arkantis.toml``, loaded and checked.

The figures, names, colours, values and copies of the cards, and the free
column, were invented (S1.5) and live in a data file so that an owner of the
printed game can replace them. ``load_data_set`` refuses a file that cannot
make a game, one line per fault naming the kind; a value outside the given
5–10 loads, with a warning kept on the ``DataSet``.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import msgspec

from core.arkantis.cards import Kind
from core.arkantis.figures import is_connected, normalise
from core.arkantis.i18n import _
from core.arkantis.squares import COLUMNS
from core.kernel.errors import GameError

DEFAULT_PATH = Path(__file__).parent / "data" / "arkantis.toml"
TOTAL_COPIES = 55
"""S1: the cards of the box."""
LEAST_ORANGE = 8
LEAST_EMERALD = 4
"""S3: a 4-player deal takes 2 orange and 1 emerald card each."""
GIVEN_VALUES = range(5, 11)
"""S1.5: the face values the rulebook gives."""


class DataSetError(GameError):
    """A data file that cannot make a game (S1.6): one line per fault."""

    def __init__(self, faults: list[str]) -> None:
        super().__init__("\n".join(faults))
        self.faults = tuple(faults)


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file as TOML gives it."""

    name: str
    free_column: str
    kind: tuple[Kind, ...]


class DataSet(msgspec.Struct, frozen=True):
    """A checked data set: its name, a hash of its content, the free column (S1.2) and
    the kinds of card (S1.5). ``warnings`` are the facts it departs from (values)."""

    name: str
    hash: str
    free_column: str
    kinds: tuple[Kind, ...]
    warnings: tuple[str, ...] = ()

    def kind(self, kind_id: str) -> Kind:
        """The kind with this id; ``KeyError`` if none."""
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)


def content_hash(free_column: str, kinds: tuple[Kind, ...]) -> str:
    """A hash of what a data set gives a game (its name left out)."""
    return hashlib.sha256(msgspec.json.encode([free_column, kinds])).hexdigest()


def faults_of(free_column: str, kinds: tuple[Kind, ...]) -> tuple[list[str], list[str]]:
    """S1.6: the faults that refuse a data set, and the warnings that do not."""
    faults: list[str] = []
    warnings: list[str] = []
    if free_column not in COLUMNS:
        faults.append(_("free_column is {column!r}, not one of A to G").format(column=free_column))
    seen_ids: set[str] = set()
    figures: dict[tuple[tuple[int, int], ...], str] = {}
    for kind in kinds:
        if kind.id in seen_ids:
            faults.append(_("kind {kind}: its id is used twice").format(kind=kind.id))
        seen_ids.add(kind.id)
        cells = tuple((row, column) for row, column in kind.cells)
        if len(cells) not in (4, 5) or len(set(cells)) != len(cells):
            faults.append(
                _("kind {kind}: a figure has 4 or 5 different cells, not {count}").format(
                    kind=kind.id, count=len(set(cells))
                )
            )
        elif not is_connected(cells):
            faults.append(_("kind {kind}: its cells are not side-connected").format(kind=kind.id))
        else:
            figure = normalise(cells)
            if figure in figures:
                faults.append(
                    _("kind {kind}: its figure is that of {other}").format(
                        kind=kind.id, other=figures[figure]
                    )
                )
            figures[figure] = kind.id
        if kind.copies < 1:
            faults.append(
                _("kind {kind}: copies is {copies}, not a whole number of at least 1").format(
                    kind=kind.id, copies=kind.copies
                )
            )
        if kind.value < 1:
            faults.append(
                _("kind {kind}: value is {value}, not a whole number of at least 1").format(
                    kind=kind.id, value=kind.value
                )
            )
        elif kind.value not in GIVEN_VALUES:
            warnings.append(
                _("kind {kind}: value {value} is outside the rulebook's 5 to 10").format(
                    kind=kind.id, value=kind.value
                )
            )
    total = sum(kind.copies for kind in kinds)
    if total != TOTAL_COPIES:
        faults.append(_("the copies total {total}, not 55").format(total=total))
    orange = sum(kind.copies for kind in kinds if kind.colour == "orange")
    emerald = total - orange
    if orange < LEAST_ORANGE:
        faults.append(_("{count} orange cards, fewer than 8").format(count=orange))
    if emerald < LEAST_EMERALD:
        faults.append(_("{count} emerald cards, fewer than 4").format(count=emerald))
    return faults, warnings


def load_data_set(path: str | Path) -> DataSet:
    """Read and check a data file; raises ``DataSetError`` naming every fault."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise DataSetError(
            [_("cannot read {path}: {error}").format(path=path, error=error)]
        ) from error
    try:
        decoded = msgspec.toml.decode(raw, type=_File)
    except msgspec.DecodeError as error:
        raise DataSetError([_("{path}: {error}").format(path=path, error=error)]) from error
    faults, warnings = faults_of(decoded.free_column, decoded.kind)
    if faults:
        raise DataSetError(faults)
    return DataSet(
        decoded.name,
        content_hash(decoded.free_column, decoded.kind),
        decoded.free_column,
        decoded.kind,
        tuple(warnings),
    )


SHIPPED_HASHES = frozenset({"f57c51d49c9436711b45c9e6288e329a07cfb84e5f5b4c94c7ddacddcb9ba99d"})
"""The hash of every data file this project has shipped as ``default`` (the invented
cards of S1). An owner of the printed game may replace the file: games recorded with
these cards must still check."""


def default_hashes() -> frozenset[str]:
    """The hashes a game naming the default data set may record (S1.6): every version
    shipped, and the file in place now."""
    return SHIPPED_HASHES | {default_data_set().hash}


@cache
def default_data_set() -> DataSet:
    """The data set shipped with the game (``data/arkantis.toml``), read once."""
    return load_data_set(DEFAULT_PATH)
