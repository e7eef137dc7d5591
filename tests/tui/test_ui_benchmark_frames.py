"""The UI benchmark's reading of a terminal stream, on recorded bytes (nothing is timed).

The streams are written as Textual writes them: each frame between the begin
and end of a synchronized update, cursor moves before each changed run, colours
as SGR sequences, and mode changes outside the frames. A virtual clock stands
in for the pseudo-terminal: each chunk carries the time it was read.
"""

from __future__ import annotations

import os
import time

from atlantis_tui.ui_benchmark import (
    SYNC_BEGIN,
    SYNC_END,
    SYNC_QUERY,
    SYNC_REPLY,
    Answer,
    Frame,
    FrameSplitter,
    KeyWatch,
    Terminal,
    rank,
    shows,
    summary,
)

BOLD = b"\x1b[1;38;5;253;48;5;233m"
DIM = b"\x1b[38;5;246;48;5;233m"
RESET = b"\x1b[0m"


def frame(*runs: bytes) -> bytes:
    """One synchronized update painting ``runs``, each after a cursor move."""
    body = b"".join(b"\x1b[%d;3H" % (13 + row) + run for row, run in enumerate(runs))
    return SYNC_BEGIN + body + SYNC_END


def follow(
    chunks: list[tuple[float, bytes]], expected: str, timeout: float = 1.0, quiet: float = 0.3
) -> Answer:
    """How a key written at time 0 was answered by ``chunks``, as the live loop sees it:
    it stops reading once the screen is still or the timeout has passed."""
    splitter = FrameSplitter()
    watch = KeyWatch(0.0, shows(expected), timeout, quiet)
    for at, data in chunks:
        if watch.done(at):
            break
        for complete in splitter.feed(data, at):
            watch.add(complete)
    now = watch.deadline() + 1e-9  # as the live loop wakes: at the deadline, or just after
    assert watch.done(now)
    return watch.answer(now)


def test_frames_end_at_the_end_of_each_synchronized_update_and_lose_their_colours() -> None:
    stream = (
        b"\x1b[?1049h\x1b[?25l"  # modes, outside any frame
        + frame(BOLD + b"Event 8" + RESET + BOLD + b" of 1025 \xc2\xb7 turn 2" + RESET)
        + b"\x1b]22;default\x07"
        + frame(DIM + b"Pawn B \xe2\x86\x92 space 7" + RESET)
    )
    splitter = FrameSplitter()
    frames = []
    # Cut the stream everywhere: inside the markers, the text and a UTF-8 character.
    for at, offset in enumerate(range(0, len(stream), 5)):
        frames.extend(splitter.feed(stream[offset : offset + 5], float(at)))
    assert len(frames) == 2
    assert shows("Event 8 of 1025 · turn 2").search(frames[0].text)
    assert b"\x1b[13;3H" in frames[0].text and b"\x1b[1;" not in frames[0].text
    assert shows("Pawn B → space 7").search(frames[1].text)
    # Each frame is dated by the read that brought its end.
    end = stream.index(SYNC_END) + len(SYNC_END) - 1
    assert frames[0].at == float(end // 5)


def test_text_painted_before_the_app_knows_of_synchronized_output_is_a_frame() -> None:
    splitter = FrameSplitter()
    # Modes paint nothing: no frame.
    assert splitter.feed(b"\x1b[?1049h\x1b[?25l\x1b]22;default\x07", 0.010) == []
    assert splitter.flush() == []
    # A whole screen without brackets, in two chunks, the second ending in a cut SYNC_BEGIN.
    assert splitter.feed(b"\x1b[13;3H" + BOLD + b"New ga", 0.020) == []
    assert splitter.painting_outside_updates
    assert splitter.feed(b"me" + RESET + b"\x1b[14;3HQuit" + SYNC_BEGIN[:4], 0.021) == []
    (first,) = splitter.flush()
    assert first.at == 0.021  # dated by its last byte
    assert shows("New game").search(first.text) and b"\x1b[1;" not in first.text
    # The cut SYNC_BEGIN was kept back: the next frame is whole.
    (second,) = splitter.feed(SYNC_BEGIN[4:] + b"Event 1" + SYNC_END, 0.040)
    assert second == Frame(0.040, b"Event 1")


def test_an_update_closes_the_text_painted_before_it() -> None:
    splitter = FrameSplitter()
    frames = splitter.feed(b"\x1b[2;3HNew game", 0.020)
    frames += splitter.feed(frame(b"Quit"), 0.030)
    assert frames == [Frame(0.020, b"\x1b[2;3HNew game"), Frame(0.030, b"\x1b[13;3HQuit")]
    assert not splitter.painting_outside_updates


def test_the_terminal_ends_a_frame_painted_outside_updates_once_no_byte_follows() -> None:
    reader, writer = os.pipe()
    terminal = Terminal.__new__(Terminal)  # reading a pipe, without a program to run
    terminal.controller = reader
    terminal.splitter = FrameSplitter()
    terminal._tail = b""
    terminal.closed = False
    try:
        os.write(writer, b"\x1b[2;3HNew game")
        before = time.perf_counter()
        (painted,) = terminal.read(before + 30.0)
        # Not held back until the deadline, and dated by its read.
        assert before <= painted.at < time.perf_counter() < before + 10.0
        assert shows("New game").search(painted.text)
    finally:
        os.close(reader)
        os.close(writer)


def test_a_number_is_not_taken_for_a_longer_one() -> None:
    assert not shows("Pawn B → space 5").search("Pawn B → space 54   ".encode())
    assert shows("Pawn B → space 5").search("Pawn B → space 5    ".encode())


def test_the_change_arriving_in_the_second_frame_is_timed_at_that_frame() -> None:
    answer = follow(
        [
            (0.012, frame(DIM + b"footer" + RESET)),  # something else, painted first
            (0.031, frame(BOLD + b"Event 13 of 1025 \xc2\xb7 turn 3" + RESET)),
        ],
        "Event 13 of 1025 · turn 3",
    )
    assert answer == Answer(frames=2, change=0.031, still=0.031)


def test_follow_up_frames_count_until_the_screen_is_still() -> None:
    answer = follow(
        [
            (0.020, frame(BOLD + b"Event 0 of 1025 \xc2\xb7 turn 1" + RESET)),
            # Widgets react to their new sizes: two more frames, then silence.
            (0.050, frame(b"\xe2\x96\xb6 Ann")),
            (0.063, frame(b"\xe2\x94\x82")),
            # Painted after 0.3 s of silence: no longer this key's.
            (0.400, frame(b"clock")),
        ],
        "Event 0 of 1025 · turn 1",
    )
    assert answer == Answer(frames=3, change=0.020, still=0.063)


def test_a_follow_up_frame_before_the_silence_ends_extends_it() -> None:
    answer = follow(
        [
            (0.020, frame(b"Pawn C \xe2\x86\x92 the Mainland")),
            (0.250, frame(b"late resize")),
        ],
        "Pawn C → the Mainland",
    )
    assert answer == Answer(frames=2, change=0.020, still=0.250)


def test_a_change_that_never_arrives_is_a_failure_not_a_dropped_key() -> None:
    answer = follow(
        [
            (0.015, frame(b"Pawn B \xe2\x86\x92 space 6")),  # the previous key's text
            (0.045, frame(b"\xe2\x94\x82")),
            (1.500, frame(b"Pawn B \xe2\x86\x92 space 7")),  # after the timeout
        ],
        "Pawn B → space 7",
        timeout=1.0,
    )
    assert answer == Answer(frames=2, change=None, still=None)
    figures = summary("key", [Answer(1, 0.010, 0.010), answer], "repaint", "still")
    assert figures["key_failures"] == 1
    assert figures["key_not_still"] == 0
    # The failure ranks above every time: the median is the real key, the p90 is unknown.
    assert figures["repaint_median"] == 10.0
    assert figures["repaint_p90"] is None
    assert figures["key_second_frames"] == 1  # the failed key: two frames, neither its own


def test_a_screen_that_never_goes_still_is_counted() -> None:
    ticks = [
        (0.01 * n, frame(b"Event 1 of 9 \xc2\xb7 turn 1" if n == 2 else b"tick"))
        for n in range(1, 200)
    ]
    answer = follow(ticks, "Event 1 of 9 · turn 1", timeout=1.0)
    assert answer.change == 0.02
    assert answer.still is None
    assert summary("replay_seek", [answer], "seek", "still")["replay_seek_not_still"] == 1


def test_ranks_are_nearest_rank() -> None:
    assert rank([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert rank([float(n) for n in range(1, 61)], 0.9) == 54.0
    assert rank([1.0, None, 2.0], 0.5) == 2.0


def test_the_question_about_synchronized_output_is_answered_even_when_cut() -> None:
    reader, writer = os.pipe()
    terminal = Terminal.__new__(Terminal)  # its answers, without a program to run
    terminal.controller = writer
    terminal._tail = b""
    try:
        terminal._answer_queries(b"\x1b[?25l" + SYNC_QUERY[:5])
        terminal._answer_queries(SYNC_QUERY[5:] + b"\x1b[?2048$p" + SYNC_QUERY)
        os.close(writer)
        assert os.read(reader, 100) == SYNC_REPLY * 2
    finally:
        os.close(reader)
