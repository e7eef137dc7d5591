"""The card data file (S1.7): ``data/atlantica.toml``, loaded and checked.

The numbers of S1.2–S1.6 live in one file so that an owner of the printed game
can replace the invented ones (option ``data_set``). ``load_data`` refuses a
file that cannot make a game, one line per fault (S1.7); a ladder that differs
from a value S1.3 marks as given loads with a warning naming the value,
because the printed cards outrank a translated example. ``known_hashes`` are the
data a game naming the shipped data set may have recorded (S1.7), and
``round_spaces_refusal`` the option value a data file makes an error (V1).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import msgspec

from core.atlantica.cards import (
    DIVER_COLOURS,
    DIVERS_PER_COLOUR,
    RESEARCH_KINDS,
    SHIP_PILES,
    TREASURE_TYPES,
    GameData,
    Pick,
)
from core.atlantica.i18n import _
from core.atlantica.locations import RESEARCH_SPACES, TREASURE_SPACES
from core.atlantica.options import DEFAULT_DATA_SET, Options
from core.kernel.errors import GameError

DEFAULT_PATH = Path(__file__).parent / "data" / "atlantica.toml"

TREASURE_COUNTS: dict[str, int] = {
    "ARC": 12,
    "TER": 10,
    "GLD": 9,
    "AMP": 8,
    "EPI": 7,
    "STA": 6,
    "ARM": 5,
}
"""S1.2 [given]: the cards of each type (57)."""
SHIPS_PER_PILE = 8
CRATES = range(1, 6)
"""S1.4 [given]: 8 cards a pile, 1 to 5 crates a card."""
RESEARCH_CARDS = 30
RESEARCH_COPIES = range(2, 5)
"""S1.5 [given]: 30 cards over the 11 kinds, 2 to 4 copies each."""

GIVEN_LADDER_VALUES: dict[str, dict[int, int]] = {
    "ARC": {5: 13},
    "TER": {3: 10, 4: 16},
    "GLD": {1: 1, 4: 15},
    "AMP": {1: 2, 2: 5, 3: 10, 4: 16},
    "EPI": {1: 0, 2: 6, 3: 12},
    "STA": {1: 3, 3: 15},
    "ARM": {1: 4, 2: 9},
}
"""S1.3: the ladder values the rulebook gives or its examples derive (``{k: vk}``)."""
GIVEN_LADDER_LENGTHS: dict[str, int] = {"AMP": 4, "STA": 3}
"""S1.3: the ladder lengths the rulebook gives (examples 1 and 3)."""
PLACE_SPACES: dict[str, int] = {
    "treasure": TREASURE_SPACES,
    "ship": len(SHIP_PILES),
    "research": RESEARCH_SPACES,
}


class DataSetError(GameError):
    """A data file that cannot make a game (S1.7): one line per fault."""

    def __init__(self, faults: list[str]) -> None:
        super().__init__("\n".join(faults))
        self.faults = tuple(faults)


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file as TOML gives it."""

    name: str
    divers: dict[str, int]
    treasures: dict[str, int]
    ladders: dict[str, tuple[int, ...]]
    ships: dict[str, tuple[int, ...]]
    research: dict[str, int]
    round_spaces: tuple[tuple[str, int], ...] = ()


class LoadedData(msgspec.Struct, frozen=True):
    """A checked data set (``data``) and what it departs from in S1.3 (``warnings``)."""

    data: GameData
    warnings: tuple[str, ...] = ()


def content_hash(data: GameData) -> str:
    """A hash of what a data set gives a game (its name and hash left out)."""
    content = [data.treasures, data.ladders, data.ships, data.research, data.round_spaces]
    return hashlib.sha256(msgspec.json.encode(content)).hexdigest()


def _count_faults(
    what: str, found: dict[str, int], expected: dict[str, int], faults: list[str]
) -> None:
    for key in sorted(set(found) - set(expected)):
        faults.append(_("{what}: {key} is not one of them").format(what=what, key=key))
    for key, count in expected.items():
        if key not in found:
            faults.append(_("{what}: {key} is missing").format(what=what, key=key))
        elif found[key] != count:
            faults.append(
                _("{what}: {key} has {found} cards, not {count}").format(
                    what=what, key=key, found=found[key], count=count
                )
            )


def ladder_faults(ladders: dict[str, tuple[int, ...]]) -> tuple[list[str], list[str]]:
    """S1.7, S1.3: the faults of the ladders (refused) and their departures (warned)."""
    faults: list[str] = []
    warnings: list[str] = []
    for key in sorted(set(ladders) - set(TREASURE_TYPES)):
        faults.append(_("ladders: {key} is not a treasure type").format(key=key))
    for kind in TREASURE_TYPES:
        ladder = ladders.get(kind)
        if not ladder:
            faults.append(_("ladders: {type} has no ladder").format(type=kind))
            continue
        if ladder[0] < 0:
            faults.append(
                _("ladders: {type} starts at {value}, below 0").format(type=kind, value=ladder[0])
            )
        for index in range(1, len(ladder)):
            if ladder[index] <= ladder[index - 1]:
                faults.append(
                    _("ladders: {type} is not strictly increasing at v{index}").format(
                        type=kind, index=index + 1
                    )
                )
                break
        length = GIVEN_LADDER_LENGTHS.get(kind)
        if length is not None and len(ladder) != length:
            warnings.append(
                _("ladders: {type} has {found} steps, the rulebook gives {given}").format(
                    type=kind, found=len(ladder), given=length
                )
            )
        for step, value in GIVEN_LADDER_VALUES[kind].items():
            found = ladder[step - 1] if step <= len(ladder) else None
            if found != value:
                warnings.append(
                    _("ladders: {type} v{step} is {found}, the rulebook gives {given}").format(
                        type=kind,
                        step=step,
                        found="-" if found is None else found,
                        given=value,
                    )
                )
    return faults, warnings


def file_faults(file: _File) -> tuple[list[str], list[str]]:
    """S1.7: every fault that refuses a data file, and the warnings that do not."""
    faults: list[str] = []
    _count_faults(_("divers"), file.divers, dict.fromkeys(DIVER_COLOURS, DIVERS_PER_COLOUR), faults)
    _count_faults(_("treasures"), file.treasures, TREASURE_COUNTS, faults)
    more, warnings = ladder_faults(file.ladders)
    faults += more
    for key in sorted(set(file.ships) - set(SHIP_PILES)):
        faults.append(_("ships: {key} is not a pile").format(key=key))
    for pile in SHIP_PILES:
        cards = file.ships.get(pile)
        if cards is None:
            faults.append(_("ships: pile {pile} is missing").format(pile=pile))
            continue
        if len(cards) != SHIPS_PER_PILE:
            faults.append(
                _("ships: pile {pile} has {count} cards, not 8").format(pile=pile, count=len(cards))
            )
        for crates in cards:
            if crates not in CRATES:
                faults.append(
                    _("ships: pile {pile} has a card with {crates} crates, not 1 to 5").format(
                        pile=pile, crates=crates
                    )
                )
    for key in sorted(set(file.research) - set(RESEARCH_KINDS)):
        faults.append(_("research: {key} is not a research kind").format(key=key))
    for kind in RESEARCH_KINDS:
        copies = file.research.get(kind)
        if copies is None:
            faults.append(_("research: {kind} is missing").format(kind=kind))
        elif copies not in RESEARCH_COPIES:
            faults.append(
                _("research: {kind} has {copies} copies, not 2 to 4").format(
                    kind=kind, copies=copies
                )
            )
    total = sum(file.research.values())
    if total != RESEARCH_CARDS:
        faults.append(_("research: {total} cards, not 30").format(total=total))
    for place, space in file.round_spaces:
        if place not in PLACE_SPACES or not 1 <= space <= PLACE_SPACES[place]:
            faults.append(
                _("round_spaces: {place} {space} is not a space of the board").format(
                    place=place, space=space
                )
            )
    return faults, warnings


def data_faults(data: GameData) -> list[str]:
    """S1.7: the faults of a data set as a game records it (``judging`` reads it)."""
    file = _File(
        data.name,
        dict.fromkeys(DIVER_COLOURS, DIVERS_PER_COLOUR),
        dict(data.treasures),
        dict(data.ladders),
        dict(zip(SHIP_PILES, data.ships, strict=True)),
        dict(data.research),
        tuple((pick.place, pick.space) for pick in data.round_spaces),
    )
    faults, _warnings = file_faults(file)
    if data.hash != content_hash(data):
        faults.append(_("the data's hash is not that of its numbers"))
    return faults


def load_data(path: str | Path) -> LoadedData:
    """Read and check a data file; raises ``DataSetError`` naming every fault (S1.7)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise DataSetError(
            [_("cannot read {path}: {error}").format(path=path, error=error)]
        ) from error
    try:
        file = msgspec.toml.decode(raw, type=_File)
    except msgspec.DecodeError as error:
        raise DataSetError([_("{path}: {error}").format(path=path, error=error)]) from error
    faults, warnings = file_faults(file)
    if faults:
        raise DataSetError(faults)
    data = GameData(
        name=file.name,
        hash="",
        treasures={kind: file.treasures[kind] for kind in TREASURE_TYPES},
        ladders={kind: tuple(file.ladders[kind]) for kind in TREASURE_TYPES},
        ships=(file.ships["A"], file.ships["B"], file.ships["C"]),
        research={kind: file.research[kind] for kind in RESEARCH_KINDS},
        round_spaces=tuple(Pick(place, space) for place, space in file.round_spaces),  # type: ignore[arg-type]
    )
    return LoadedData(msgspec.structs.replace(data, hash=content_hash(data)), tuple(warnings))


@cache
def default_loaded() -> LoadedData:
    """The shipped data file, read and checked once."""
    return load_data(DEFAULT_PATH)


def default_data() -> GameData:
    """The data set shipped with the game (``data/atlantica.toml``), read once."""
    return default_loaded().data


def data_path(data_set: str) -> Path:
    """The file the option ``data_set`` names: the shipped one for ``default`` (S1.7)."""
    return DEFAULT_PATH if data_set == DEFAULT_DATA_SET else Path(data_set)


SHIPPED_DATA_HASHES = frozenset(
    {"9e4bad5b93a29d52692dd7802e9670f96862632b75f94e138fea826de2b72590"}
)
"""The hash of every data file this project has shipped as ``default`` (the invented
numbers of S1.2–S1.6). An owner of the printed game may replace the file: games
recorded with these numbers must still check."""


def known_hashes(data_set: str) -> frozenset[str] | None:
    """The hashes a game naming the data set ``data_set`` may record (S1.7): for the
    shipped one, those of every version shipped and of the file in place now; ``None``
    for a file of the players' own, whose numbers the game alone records.

    A ``game-started`` that records other numbers under the shipped data set's
    name, even with a hash made to fit them, is damaged.
    """
    if data_set != DEFAULT_DATA_SET:
        return None
    return SHIPPED_DATA_HASHES | {default_data().hash}


def round_spaces_refusal(options: Options, data: GameData) -> str | None:
    """V1: why ``options`` cannot be played with ``data``, in one line naming the data
    file, or ``None`` when they can. ``round_spaces=marked`` takes only the spaces the
    data file marks, so a file that marks none makes that value an error (the turn 4
    ruling) rather than quietly playing as ``every``."""
    if options.round_spaces != "marked" or data.round_spaces:
        return None
    return _(
        "V1: round_spaces=marked takes the spaces the data file marks, and {file} marks none"
    ).format(file=data_path(options.data_set))
