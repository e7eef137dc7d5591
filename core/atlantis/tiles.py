"""Path tiles and tile sets (RULES.md S1, S1.2).

A tile is identified in the state and in events by its index in the game's
tile set, so 84 tiles can be tracked exactly (every tile is on the path, with a
player, or in the box). The tile set itself is data: the default one ships as
``core/atlantis/data/default_tiles.json`` and a user may supply another file with the
same shape (rule option ``tile_set``).
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import msgspec

from core.atlantis.i18n import _
from core.atlantis.items import ITEM_COUNT, Item, parse_item
from core.kernel.errors import GameError

TILES_PER_BACK = 42
MIN_VALUE = 1
MAX_VALUE = 7
_DEFAULT_FILE = "data/default_tiles.json"


class TileSetError(GameError):
    """A tile-set file that cannot lay the path of S2."""


class Tile(msgspec.Struct, frozen=True, array_like=True):
    """One printed path tile: an item, a value from 1 to 7, and its back (A or B)."""

    item: int
    value: int
    back: str

    def __str__(self) -> str:
        return f"{Item(self.item).abbreviation}{self.value}"


class _TileEntry(msgspec.Struct, forbid_unknown_fields=True):
    item: str
    value: int
    back: str


class _TileSetFile(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    tiles: list[_TileEntry]


TileSet = tuple[Tile, ...]


def validate_tile_set(tiles: TileSet) -> None:
    """Check that a tile set can lay the path of S2: 42 tiles per back, values 1–7."""
    backs = Counter(tile.back for tile in tiles)
    if set(backs) != {"A", "B"} or backs["A"] != TILES_PER_BACK or backs["B"] != TILES_PER_BACK:
        raise TileSetError(
            _(
                "S1: a tile set needs {count} tiles with back A and {count} with back B, "
                "not {found}"
            ).format(count=TILES_PER_BACK, found=dict(backs))
        )
    for index, tile in enumerate(tiles):
        if not 0 <= tile.item < ITEM_COUNT:
            raise TileSetError(
                _("S1: tile {index} has no item {item}").format(index=index, item=tile.item)
            )
        if not MIN_VALUE <= tile.value <= MAX_VALUE:
            raise TileSetError(
                _("S1: tile {index} has value {value}, not 1 to 7").format(
                    index=index, value=tile.value
                )
            )


def parse_tile_set(data: bytes, source: str | None = None) -> tuple[str, TileSet]:
    """Read a tile-set JSON document: ``{"name": …, "tiles": [{item, value, back}]}``.

    ``source`` names the document in errors (a file's path; by default "tile set").
    """
    try:
        document = msgspec.json.decode(data, type=_TileSetFile)
        tiles = tuple(
            Tile(int(parse_item(entry.item)), entry.value, entry.back) for entry in document.tiles
        )
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as error:
        raise TileSetError(
            _("{source}: {problem}").format(
                source=source if source is not None else _("tile set"), problem=error
            )
        ) from None
    validate_tile_set(tiles)
    return document.name, tiles


def load_tile_set(path: str | Path) -> tuple[str, TileSet]:
    """Read a tile-set file chosen by the user."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise TileSetError(
            _("cannot read tile set {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None
    return parse_tile_set(data, str(path))


def default_tile_set() -> TileSet:
    """The default tile set of RULES.md S1.2, read from the shipped data file."""
    return _DEFAULT


def _read_default() -> TileSet:
    # Read at import, so errors name the file: a broken shipped file is a packaging bug.
    data = resources.files("core.atlantis").joinpath(_DEFAULT_FILE).read_bytes()
    return parse_tile_set(data, f"core/atlantis/{_DEFAULT_FILE}")[1]


def generate_default_tile_set() -> TileSet:
    """Build S1.2's default set from its definition (used to write and test the data file).

    Per back, item *i* has every value 1–7 except one: *i*+1 on back A and
    ((*i*+3) mod 7)+1 on back B, so each value appears 6 times per back.
    """
    tiles: list[Tile] = []
    for back in ("A", "B"):
        for item in range(ITEM_COUNT):
            missing = item + 1 if back == "A" else (item + 3) % 7 + 1
            tiles.extend(
                Tile(item, value, back)
                for value in range(MIN_VALUE, MAX_VALUE + 1)
                if value != missing
            )
    return tuple(tiles)


_DEFAULT = _read_default()
