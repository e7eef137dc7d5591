"""A compact text form for paths and positions, as RULES.md writes them.

``Am6[Blue A] ~ Fl1 | Cr6 ~ Ol4 | He5 ~B~ St3 ~ Cr5[Red A] | Ri2`` reads left
to right from Atlantis: land spaces are an item abbreviation and value (a
``/`` lists a stack bottom to top, ``Ol2/Ol4``), ``|`` separates neighbours,
``~`` is one water space, ``~B~`` a bridged water space, and ``[Name X]`` puts
pawn X of player Name on the space. Lessons, examples and tests build
positions from it; ``path_text`` writes a state back in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.atlantis.board import Board
from core.atlantis.i18n import _
from core.atlantis.items import Item, parse_item
from core.atlantis.state import MAINLAND, PAWN_LETTERS, State

_LAND = re.compile(r"^(?P<stack>[A-Za-z]{2}\d(?:/[A-Za-z]{2}\d)*)\s*(?:\[(?P<pawn>[^\]]+)\])?$")
_TILE = re.compile(r"^([A-Za-z]{2})(\d)$")


@dataclass
class ParsedSpace:
    """One space of a parsed path: tiles (item, value) bottom to top, or water."""

    tiles: list[tuple[int, int]] = field(default_factory=list)
    bridged: bool = False
    pawn: tuple[str, str] | None = None


def parse_path(text: str) -> list[ParsedSpace]:
    """Read the notation into spaces; raises ``ValueError`` naming the bad token."""
    spaces: list[ParsedSpace] = []
    tokens = re.findall(r"~B~|~|\||[^~|]+", text)
    for raw in tokens:
        token = raw.strip()
        if not token or token == "|":
            continue
        if token in ("~", "~B~"):
            spaces.append(ParsedSpace(bridged=token == "~B~"))
            continue
        match = _LAND.match(token)
        if match is None:
            raise ValueError(
                _("cannot read {token} as a space (expected e.g. Fl3 or Ol2/Am5[Ann A])").format(
                    token=repr(token)
                )
            )
        tiles = []
        for part in match["stack"].split("/"):
            tile = _TILE.match(part)
            assert tile is not None
            value = int(tile[2])
            if not 1 <= value <= 7:
                raise ValueError(
                    _("tile {tile} has value {value}, not 1 to 7").format(
                        tile=repr(part), value=value
                    )
                )
            tiles.append((int(parse_item(tile[1])), value))
        pawn = None
        if match["pawn"]:
            name, _space, letter = match["pawn"].strip().rpartition(" ")
            if letter.upper() not in PAWN_LETTERS or not name:
                raise ValueError(
                    _("cannot read pawn {pawn} (expected e.g. [Ann B])").format(
                        pawn=repr(match["pawn"])
                    )
                )
            pawn = (name, letter.upper())
        spaces.append(ParsedSpace(tiles, pawn=pawn))
    return spaces


def tile_text(state: State, tile: int) -> str:
    spec = state.tiles[tile]
    return f"{Item(spec.item).abbreviation}{spec.value}"


def path_text(state: State, first: int = 1, last: int = MAINLAND - 1) -> str:
    """Write spaces ``first``..``last`` of a state in the notation (top tiles only
    when ``full`` stacks are not needed; stacks of two show as ``Ol2/Ol4``)."""
    board = Board.of(state)
    parts: list[str] = []
    for space in range(first, last + 1):
        stack = state.spaces[space]
        if not stack:
            if board.is_path_water(space):
                gap = board.gap_at(space)
                parts.append("~B~" if gap is not None and gap.bridged else "~")
            continue
        text = "/".join(tile_text(state, tile) for tile in stack)
        standing = state.pawn_at(space)
        if standing is not None:
            player, pawn = standing
            text += f"[{state.players[player]} {PAWN_LETTERS[pawn]}]"
        parts.append(text)
    out = ""
    for index, part in enumerate(parts):
        if index:
            water = part.startswith("~") or parts[index - 1].startswith("~")
            out += " " if water else " | "
        out += part
    return out
