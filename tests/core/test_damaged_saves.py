"""Damaged save files: every kind of damage gets a one-line answer naming the line.

Starting from a real game played by bots, each case damages the file one way
(cut short, a byte flipped, a field of the wrong type, an unknown event, no
header, events out of order, events that break a rule) and asks all three
readers: ``read_save(path, mode="keep_prefix")``, ``check_events`` and the
command line ``atlantis check FILE``. They must agree, never raise anything
unexpected, and the command line must answer with one line: exit 0 when the
game is consistent, 1 with ``line N: <rule>: <reason>`` when a rule is broken,
2 with ``line N: <reason>`` when the file cannot be read.

The file has an action marker line before each action's events: damage to a
marker (or an event moved past one) is a broken rule too, on the marker's line
or the first event it misplaces.

``CASES`` counts the cases tried per category; the last test reports them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec
import pytest

from atlantis_tui import cli
from core.atlantis.board import Board
from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.check import check_events
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsDrawn,
    CrossingPaid,
    GameStarted,
    PawnMoved,
    TurnEnded,
)
from core.atlantis.evolve import evolve, fold
from core.atlantis.items import ITEM_COUNT
from core.atlantis.saves import read_save, write_save
from core.atlantis.state import MAINLAND, PAWNS_PER_PLAYER, State
from core.kernel.errors import SaveFileError
from core.kernel.events import Action, ActionMarker
from core.kernel.savefile import encode_line
from tests.core.helpers import AtlantisGame, prepare

CASES: Counter[str] = Counter()
"""Damaged files tried, per category (reported by ``test_enough_cases_were_tried``)."""

# Every test of this module runs in one process, in order, so the last one counts
# them all, also when the suite runs on every core (``--dist loadgroup``).
pytestmark = pytest.mark.xdist_group("damaged-saves")

TRUNCATION_OFFSETS = 200
BYTE_FLIPS = 300
BOTS = ("greedy", "random", "greedy")

# ``<file>: line N: `` then, for a broken rule, the rule id (``T4.5``, ``S4``, ``V``…).
MESSAGE = re.compile(r"^line (?P<line>\d+): (?:(?P<rule>[STEV](?:\d+(?:\.\d+)*)?): )?\S")


# ---------------------------------------------------------------- the saved game


@dataclass(frozen=True)
class Saved:
    """A finished game: its events and the bytes of its save file, line by line."""

    events: list[AnyEvent]
    lines: list[bytes]
    """Each file line without its newline: the header, then the events, each
    action's marker before its first event."""
    actions: tuple[Action, ...]
    event_lines: tuple[int, ...]

    @property
    def data(self) -> bytes:
        return join(self.lines)

    def line_of(self, index: int) -> int:
        """The file line (1-based) of ``events[index]``."""
        return self.event_lines[index]

    def ends_an_action(self, index: int) -> bool:
        return any(action.end == index + 1 for action in self.actions)

    def state_before(self, index: int) -> State:
        return fold(self.events[:index])


def join(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def _has_what_the_cases_need(game: AtlantisGame) -> bool:
    events = game.events
    return any(isinstance(e, BridgePlaced) for e in events) and any(
        isinstance(e, CrossingPaid) and e.tiles for e in events
    )


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Saved:
    """A 3-player bot game with a bridge and a crossing paid with a tile, saved and read back."""
    for seed in range(7, 100):
        game, _ = play_game([make_bot(name) for name in BOTS], seed)
        if _has_what_the_cases_need(game):
            break
    path = tmp_path_factory.mktemp("damaged") / "game.atlantis.jsonl"
    write_save(path, game.events, tuple(f"bot:{name}" for name in BOTS), game.actions)
    lines = path.read_bytes().split(b"\n")[:-1]
    assert len(lines) == len(game.events) + len(game.actions) + 1
    read = read_save(path)
    assert list(read.events) == game.events and read.actions == tuple(game.actions)
    return Saved(list(game.events), lines, tuple(game.actions), read.lines)


# ---------------------------------------------------------------- judging one file


@dataclass(frozen=True)
class Verdict:
    """What ``atlantis check`` answered: exit code, its one line, the line and rule named."""

    code: int
    message: str
    line: int | None
    rule: str | None


def _library_answer(path: Path) -> tuple[int, str]:
    """The exit code and message the library calls lead to, for comparison with the CLI."""
    try:
        saved = read_save(path, mode="keep_prefix")
    except SaveFileError as error:
        return 2, str(error)
    if saved.error is not None and not saved.events:
        return 2, str(saved.error)
    result = check_events(saved.events, saved.lines, saved.header, saved.actions)
    if result.problem is not None:
        return 1, str(result.problem)
    if saved.error is not None:
        return 2, str(saved.error)
    return 0, "consistent"


def judge(path: Path, data: bytes, capsys: pytest.CaptureFixture[str], category: str) -> Verdict:
    """Write ``data`` to ``path`` and ask all three readers about it."""
    CASES[category] += 1
    path.write_bytes(data)
    expected_code, expected_text = _library_answer(path)
    code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    printed = (out + err).splitlines()
    assert len(printed) == 1, printed
    assert code == expected_code, (printed, expected_text)
    prefix = f"{path}: "
    assert printed[0].startswith(prefix), printed
    message = printed[0].removeprefix(prefix)
    assert " ".join(expected_text.split()) in message, (message, expected_text)
    match = MESSAGE.match(message)
    if code == 0:
        assert message.startswith("consistent"), message
        return Verdict(code, message, None, None)
    assert match is not None, f"the answer does not name a line: {message}"
    rule = match["rule"]
    assert (rule is not None) == (code == 1), message
    return Verdict(code, message, int(match["line"]), rule)


@pytest.fixture
def case_path(tmp_path: Path) -> Path:
    return tmp_path / "case.atlantis.jsonl"


def encode(event: AnyEvent) -> bytes:
    return encode_line(event).rstrip(b"\n")


# ---------------------------------------------------------------- truncation


def _expected_after_cut(kept: int) -> tuple[int, int | None]:
    """Exit code and line named when the file keeps its first ``kept`` whole lines."""
    if kept == 0:
        return 2, 1  # the file is empty
    if kept == 1:
        return 2, 2  # a header and no game
    return 0, None  # a save cut between events is consistent so far


def test_truncation_at_every_line_boundary(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for kept in range(len(saved.lines) + 1):
        verdict = judge(case_path, join(saved.lines[:kept]), capsys, "truncated at a line")
        code, line = _expected_after_cut(kept)
        assert (verdict.code, verdict.line) == (code, line), (kept, verdict)
        if kept == len(saved.lines):
            assert "finished" in verdict.message


def test_truncation_at_byte_offsets(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = saved.data
    rng = random.Random(20240611)
    for offset in rng.sample(range(1, len(data)), TRUNCATION_OFFSETS):
        cut = data[:offset]
        verdict = judge(case_path, cut, capsys, "truncated at a byte")
        whole_lines = cut.count(b"\n")
        if cut.endswith(b"\n") or data[offset : offset + 1] == b"\n":
            kept = whole_lines + (0 if cut.endswith(b"\n") else 1)
            assert (verdict.code, verdict.line) == _expected_after_cut(kept), offset
        else:
            # The last line is cut inside: unreadable there, and what precedes it is sound.
            assert (verdict.code, verdict.line) == (2, whole_lines + 1), (offset, verdict)
            if whole_lines >= 2:
                assert re.search(r"events? before it (is|are) consistent", verdict.message)


# ---------------------------------------------------------------- byte flips


def test_random_byte_flips(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any single damaged byte is answered in one line; unreadable lines are named exactly.

    Every third flip turns a digit into another digit: the file stays readable and
    the rules check must find what changed (a random flip seldom does that).
    """
    data = saved.data
    rng = random.Random(7)
    digits = [offset for offset, byte in enumerate(data) if 0x30 <= byte <= 0x39]
    codes: Counter[int] = Counter()
    for flip in range(BYTE_FLIPS):
        damaged = bytearray(data)
        if flip % 3 == 0:
            offset = rng.choice(digits)
            damaged[offset] = rng.choice([d for d in b"0123456789" if d != data[offset]])
        else:
            offset = rng.randrange(len(data))
            damaged[offset] ^= rng.randrange(1, 256)
        verdict = judge(case_path, bytes(damaged), capsys, "byte flipped")
        codes[verdict.code] += 1
        flipped_line = data[:offset].count(b"\n") + 1
        if verdict.code == 2:
            # The damaged line, the line a new newline split off, or (a header now
            # claiming an older format) the first event, which no longer fits it.
            assert verdict.line in (flipped_line, flipped_line + 1, 2), (offset, verdict)
    assert codes[1] and codes[2], codes


# ---------------------------------------------------------------- wrong shapes


def _wrong_value(value: object) -> object:
    """A value of another JSON type than ``value``."""
    return 12345 if isinstance(value, str) else "wrong"


def _with_field(line: bytes, field: str, value: object) -> bytes:
    document = msgspec.json.decode(line)
    document[field] = value
    return msgspec.json.encode(document)


def _sample_lines(saved: Saved, per_type: int) -> list[int]:
    """Line numbers: the header, then the first ``per_type`` lines of each event type."""
    seen: Counter[str] = Counter()
    numbers = [1]
    for number, line in enumerate(saved.lines[1:], start=2):
        kind = msgspec.json.decode(line)["type"]
        seen[kind] += 1
        if seen[kind] <= per_type:
            numbers.append(number)
    return numbers


def test_a_field_of_the_wrong_type(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every field, one at a time, given a value of another type: in the header and
    in the first lines of every event type."""
    for number in _sample_lines(saved, per_type=3):
        line = saved.lines[number - 1]
        document = msgspec.json.decode(line)
        for field, value in document.items():
            damaged = list(saved.lines)
            damaged[number - 1] = _with_field(line, field, _wrong_value(value))
            verdict = judge(case_path, join(damaged), capsys, "field of the wrong type")
            assert (verdict.code, verdict.line) == (2, number), (field, verdict)
            if field not in ("type", "format"):
                assert f"$.{field}" in verdict.message, verdict


def test_an_unknown_event_type(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number in range(2, len(saved.lines) + 1, 5):
        damaged = list(saved.lines)
        damaged[number - 1] = _with_field(damaged[number - 1], "type", "teleported")
        verdict = judge(case_path, join(damaged), capsys, "unknown event type")
        assert (verdict.code, verdict.line) == (2, number)
        assert "unknown event type 'teleported'" in verdict.message


def test_a_missing_or_incomplete_header(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = msgspec.json.decode(saved.lines[0])
    variants: dict[str, bytes] = {
        "no header": join(saved.lines[1:]),
        "an empty first line": join([b"", *saved.lines[1:]]),
        "not an object": join([b"[1, 2, 3]", *saved.lines[1:]]),
    }
    for field in header:
        incomplete = {key: value for key, value in header.items() if key != field}
        variants[f"no {field}"] = join([msgspec.json.encode(incomplete), *saved.lines[1:]])
    for name, data in variants.items():
        verdict = judge(case_path, data, capsys, "missing header")
        if name in ("no seats", "no game"):  # older saves named neither (an Atlantis game)
            assert verdict.code == 0, verdict
        else:
            assert (verdict.code, verdict.line) == (2, 1), (name, verdict)


def test_other_unreadable_files(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(3)
    variants = {
        "empty": b"",
        "blank lines": b"\n\n  \n",
        "a blank line inside": join([*saved.lines[:5], b"", *saved.lines[5:]]),
        "a second game-started": join([*saved.lines[:6], saved.lines[1], *saved.lines[6:]]),
        "noise": bytes(rng.randrange(256) for _ in range(2000)),
        "not UTF-8": join([*saved.lines[:4], b'{"type":"turn-ended\xff"}', *saved.lines[4:]]),
    }
    for name, data in variants.items():
        verdict = judge(case_path, data, capsys, "other unreadable")
        assert verdict.code == 2 and verdict.line is not None, (name, verdict)
    for name, data in {
        "CRLF line ends": saved.data.replace(b"\n", b"\r\n"),
        "a byte-order mark": b"\xef\xbb\xbf" + saved.data,
        "blank lines at the end": saved.data + b"\n \r\n\n",
    }.items():
        verdict = judge(case_path, data, capsys, "other unreadable")
        assert verdict.code == 0, (name, verdict)
    for missing in (case_path.parent / "missing.jsonl", case_path.parent):
        CASES["other unreadable"] += 1
        assert cli.main(["check", str(missing)]) == 2
        printed = capsys.readouterr().err.splitlines()
        assert len(printed) == 1 and "cannot read" in printed[0], printed


# ---------------------------------------------------------------- order


def test_events_out_of_order(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Neighbouring events swapped (the first 80, then a sample), and some moved far away."""
    lines = saved.lines
    rng = random.Random(11)
    firsts = [*range(1, 80), *rng.sample(range(80, len(lines) - 1), 40)]
    assert any(b'"type":"action"' in lines[first] for first in firsts)
    for first in firsts:
        if lines[first] == lines[first + 1]:
            continue
        damaged = list(lines)
        damaged[first], damaged[first + 1] = damaged[first + 1], damaged[first]
        verdict = judge(case_path, join(damaged), capsys, "events out of order")
        number = first + 1  # the file line of the earlier of the two
        if number == 2:
            assert (verdict.code, verdict.line) == (2, 2), verdict
        else:
            # The first disagreement: the moved line, or the command it belongs to.
            assert verdict.code == 1 and verdict.line in (number - 1, number), verdict
    for _ in range(40):
        source = rng.randrange(2, len(lines) - 2)
        target = rng.randrange(source + 2, len(lines))
        damaged = list(lines)
        damaged.insert(target, damaged.pop(source))
        verdict = judge(case_path, join(damaged), capsys, "events out of order")
        assert verdict.code == 1 and verdict.line is not None, verdict
        assert verdict.line <= source + 1, (source, target, verdict)


# ---------------------------------------------------------------- broken rules


def _commands(saved: Saved, kind: type) -> Iterator[tuple[int, State]]:
    """Indexes of events of ``kind`` with the state just before each."""
    state = saved.state_before(1)
    for index, event in enumerate(saved.events[1:], start=1):
        if isinstance(event, kind):
            yield index, state
        state = evolve(state, event)


def _assert_rule_broken(verdict: Verdict, lines: tuple[int, ...], rules: tuple[str, ...]) -> None:
    assert verdict.code == 1, verdict
    assert verdict.line in lines and verdict.rule in rules, (lines, rules, verdict)


def _replaced(saved: Saved, index: int, event: AnyEvent) -> bytes:
    """The save with ``events[index]`` replaced by ``event``."""
    lines = list(saved.lines)
    lines[saved.line_of(index) - 1] = encode(event)
    return join(lines)


def _inserted(saved: Saved, index: int, *items: AnyEvent | ActionMarker) -> bytes:
    """The save with ``items`` (events, and their actions' markers) after ``events[index]``."""
    lines = list(saved.lines)
    at = saved.line_of(index)
    lines[at:at] = [encode_line(item).rstrip(b"\n") for item in items]
    return join(lines)


def _occupied_landing(state: State) -> PawnMoved | None:
    """A one-card move of the active player that ends on an occupied space, if any."""
    seat, board, occupied = state.current, Board.of(state), state.occupied()
    for pawn in range(PAWNS_PER_PLAYER):
        start = state.pawns[seat][pawn]
        for card in range(ITEM_COUNT):
            if start == MAINLAND or not state.hands[seat][card]:
                continue
            landing = board.landing(start, card)
            if landing != MAINLAND and landing in occupied - {start}:
                return PawnMoved(seat, pawn, start, (card,), (landing,), 0)
    return None


def test_a_pawn_onto_an_occupied_space(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tried = 0
    for index, state in _commands(saved, PawnMoved):
        illegal = _occupied_landing(state)
        if illegal is None:
            continue
        verdict = judge(case_path, _replaced(saved, index, illegal), capsys, "rule: occupied")
        _assert_rule_broken(verdict, (saved.line_of(index),), ("T4.3", "T4.5"))
        assert "occupied" in verdict.message
        tried += 1
    assert tried >= 5


def test_paying_with_a_tile_not_owned(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tried = 0
    for index, state in _commands(saved, CrossingPaid):
        paid = saved.events[index]
        assert isinstance(paid, CrossingPaid)
        owned = state.collected[paid.player]
        foreign = next(t for stack in state.spaces for t in stack if t not in owned)
        stolen = msgspec.structs.replace(paid, tiles=(*paid.tiles[1:], foreign))
        verdict = judge(case_path, _replaced(saved, index, stolen), capsys, "rule: tile not owned")
        # Named: the move this payment belongs to, or the payment itself.
        lines = (saved.line_of(index - 1), saved.line_of(index))
        _assert_rule_broken(verdict, lines, ("T5.4",))
        assert "tiles you have collected" in verdict.message
        tried += 1
    assert tried >= 5


def test_drawing_cards_that_are_not_on_top(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for index, _state in _commands(saved, CardsDrawn):
        drawn = saved.events[index]
        assert isinstance(drawn, CardsDrawn)
        other = tuple((card + 1) % ITEM_COUNT for card in drawn.cards)
        forged = msgspec.structs.replace(drawn, cards=other)
        verdict = judge(case_path, _replaced(saved, index, forged), capsys, "rule: not on top")
        rule = "S4" if drawn.reason == "deal" else "T8"
        _assert_rule_broken(verdict, (saved.line_of(index),), (rule,))


def test_a_second_bridge(saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player's second bridge (T2: one each), and a bridge on a bridged gap."""
    tried = 0
    for index, state in _commands(saved, TurnEnded):
        after = evolve(state, saved.events[index])
        seat = after.current
        gaps = Board.of(after).gaps
        if after.bridges[seat] is not None or not gaps or not saved.ends_an_action(index):
            continue
        # Two bridges at the start of the next turn, each an action with its marker:
        # the first is legal, the second not.
        first = BridgePlaced(seat, gaps[0].first)
        second = BridgePlaced(seat, gaps[-1].first)
        marker = ActionMarker(seat, 1)
        data = _inserted(saved, index, marker, first, marker, second)
        verdict = judge(case_path, data, capsys, "rule: second bridge")
        _assert_rule_broken(verdict, (saved.line_of(index) + 4,), ("T2",))
        tried += 1
        if tried == 20:
            break
    for index, state in _commands(saved, TurnEnded):
        after = evolve(state, saved.events[index])
        bridged = [gap for gap in Board.of(after).gaps if gap.bridged]
        if after.bridges[after.current] is not None or not bridged:
            continue
        if not saved.ends_an_action(index):
            continue
        onto = BridgePlaced(after.current, bridged[0].first)
        data = _inserted(saved, index, ActionMarker(after.current, 1), onto)
        verdict = judge(case_path, data, capsys, "rule: second bridge")
        _assert_rule_broken(verdict, (saved.line_of(index) + 2,), ("T2",))
        assert "already has a bridge" in verdict.message
        tried += 1
    assert tried >= 21


def test_other_broken_rules(
    saved: Saved, case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move by the wrong player, events after the end, a header for another game."""
    for index, state in _commands(saved, PawnMoved):
        moved = saved.events[index]
        assert isinstance(moved, PawnMoved)
        other = (moved.player + 1) % state.player_count
        forged = msgspec.structs.replace(moved, player=other)
        verdict = judge(case_path, _replaced(saved, index, forged), capsys, "rule: other")
        _assert_rule_broken(verdict, (saved.line_of(index),), ("T",))
    assert fold(saved.events).is_over
    after_end = join([*saved.lines, encode(TurnEnded(0, 1))])
    verdict = judge(case_path, after_end, capsys, "rule: other")
    _assert_rule_broken(verdict, (len(saved.lines) + 1,), ("E1",))
    renamed = _with_field(saved.lines[0], "players", ["Zed", "Yan", "Xu"])
    verdict = judge(case_path, join([renamed, *saved.lines[1:]]), capsys, "rule: other")
    _assert_rule_broken(verdict, (2,), ("V",))
    started = saved.events[0]
    assert isinstance(started, GameStarted)
    short = msgspec.structs.replace(started, deck=started.deck[:-1])
    verdict = judge(case_path, _replaced(saved, 0, short), capsys, "rule: other")
    _assert_rule_broken(verdict, (2,), ("S1",))


def test_a_prepared_deal_to_a_seat_not_at_the_table(
    case_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A prepared position (a lesson) whose deal names a seat that does not exist."""
    events = prepare("Fl1 | Cr2", ["Red", "Blue"], hands={"Red": "Fl", "Blue": "Ol"})
    dealt = events[1]
    assert isinstance(dealt, CardsDrawn) and dealt.reason == "deal"
    write_save(case_path, events)
    lines = case_path.read_bytes().split(b"\n")[:-1]
    for seat in (9, -1, 2):
        lines[2] = encode(msgspec.structs.replace(dealt, player=seat))
        verdict = judge(case_path, join(lines), capsys, "rule: other")
        _assert_rule_broken(verdict, (3,), ("S4",))


# ---------------------------------------------------------------- the count


CATEGORIES = 13


def test_enough_cases_were_tried(capsys: pytest.CaptureFixture[str]) -> None:
    """Runs last in this module: report the cases per category, and their total."""
    if len(CASES) < CATEGORIES:
        pytest.skip("run the whole module to count the damaged-file cases")
    total = sum(CASES.values())
    with capsys.disabled():
        counts = ", ".join(f"{name} {count}" for name, count in sorted(CASES.items()))
        print(f"\ndamaged-save cases: {counts}; total {total}")
    assert total > 1_000, CASES
