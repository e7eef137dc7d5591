"""What the app says to a newcomer: no stale prompts, no technical counts."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.end_screen import final_report
from atlantis_tui.games.atlantis.panels import (
    idle_text,
    payment_text,
    piles_text,
    player_card,
    player_line,
)
from atlantis_tui.games.atlantis.payment import total_text
from atlantis_tui.session import GameSession, Seat
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.commands import Payment
from core.atlantis.events import GameEnded
from core.atlantis.items import Item
from core.atlantis.scoring import projected_score, ranks
from tests.core.helpers import opened, seeded_game
from tests.tui import scenes
from tests.tui.driver import play_one_turn, settle


def _messages(app: AtlantisApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_the_log_title_says_whose_lines_it_shows(save_dir: Path) -> None:
    """L filters the log by player: its title names him until L comes back to all."""
    app = scenes.water_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        log = app.screen.query_one(EventLog)
        await pilot.press("L")
        assert log.border_title == "Log: Ann's lines only"
        await pilot.press("L")
        assert log.border_title == "Log: Bob's lines only"
        await pilot.press("L")
        assert log.border_title == "Log"


async def test_hands_key_against_bots_says_something_true(save_dir: Path) -> None:
    app = scenes.water_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("v")
        assert any("bots' hands stay hidden" in m for m in _messages(app))
        assert not any("All hands shown" in m for m in _messages(app))


async def test_undo_names_the_turns_it_took_back(save_dir: Path) -> None:
    """After one move against two bots, undo names your turn and each bot's."""
    seats = [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy")]
    session = GameSession.new(seats, seed=21, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert await play_one_turn(pilot, app)
        await settle(pilot, app)
        await pilot.press("u")
        await settle(pilot, app)
        assert "Took back your turn 1, Bob's turn 2 and Cleo's turn 3." in _messages(app)


def test_the_idle_preview_never_asks_for_a_pawn_out_of_turn() -> None:
    state = scenes.water_session().state
    assert "Choose a pawn" in idle_text(state, your_turn=True)
    assert idle_text(state, your_turn=False) == "Ann is playing."
    finished = scenes.finished_app(Path()).initial_session
    assert finished is not None
    over = finished.state
    assert "The game is over" in idle_text(over, your_turn=False)


def test_payments_read_as_sums() -> None:
    """Tiles and cards joined with +, the total, and what is overpaid."""
    state = scenes.water_session().state
    tile = state.collected[0][0]
    value = state.tiles[tile].value
    text = payment_text(state, Payment((tile,), (Item.FLAG, Item.CROWN)), value + 1).plain
    assert text.endswith(f" + 2 cards (flag, crown) = {value + 2}, overpays 1")
    assert total_text(4, 3) == "4 points for a debt of 3 (overpays 1)"
    assert total_text(2, 3) == "2 points for a debt of 3 (1 short)"


def test_the_player_card_names_the_mainland_and_the_debt() -> None:
    state = scenes.water_session().state
    card = player_card(state, 0, "human", False).plain
    assert "Mainland ○○○ 0/3" in card and "home" not in card
    score = projected_score(state, 0)
    assert f"ended now: {score} pts, " in card and "owes 12 (E2)" in card


def test_every_player_shows_the_score_and_place_if_the_game_ended_now() -> None:
    """E2/E3 as you play: the card and the one-line row give the score the rules
    would give now and the place it makes, ties sharing a place."""
    state = seeded_game(["Ann", "Bob", "Cleo"], 4).state
    scores = [projected_score(state, seat) for seat in range(3)]
    places = ranks(tuple(scores))
    for seat in range(3):
        rank = ("1st", "2nd", "3rd")[places[seat] - 1]
        if scores.count(scores[seat]) > 1:
            rank = "=" + rank
        assert (
            f"ended now: {scores[seat]} pts, {rank}"
            in player_card(state, seat, "human", False).plain
        )
        assert player_line(state, seat).plain.endswith(f"→{scores[seat]} {rank}")
    tied = replace(state, hands=(state.hands[0],) * 3, collected=((), (), ()))
    assert all("=1st" in player_line(tied, seat).plain for seat in range(3))


def test_the_piles_are_counted_and_e4_is_announced_when_both_are_empty() -> None:
    state = seeded_game(["Ann", "Bob"], 4).state
    text = piles_text(state, len(state.deck)).plain
    assert text == f"Draw pile {len(state.deck)} · discard 0"
    boxed = replace(state, options=replace(state.options, paid_cards_to="box"))
    assert "box 0" in piles_text(boxed, 9).plain
    empty = replace(state, deck=(), discard=(0,) * 7)
    assert "(E4)" in piles_text(empty, 0).plain
    assert "(E4)" not in piles_text(replace(empty, discard=(1,) + (0,) * 6), 0).plain


def test_the_end_screen_says_that_a_tie_shares_the_win() -> None:
    events = scenes.finished_events()
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    tied = GameEnded(ended.scores, (0, 1))  # as if Ann and Bob had scored alike
    session = GameSession(opened([*events[:-1], tied]), [Seat("Ann"), Seat("Bob"), Seat("Cleo")])
    _lines, table = final_report(session)
    assert table.caption is not None and "share the win (E3 breaks no tie)" in str(table.caption)


async def test_after_the_end_the_board_offers_no_move(save_dir: Path) -> None:
    """See the board after the scores: the preview says the game is over, and the
    footer no longer offers pawns, moves, purchases, bridges or hints."""
    app = scenes.finished_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        screen = app.screen
        offered = {binding.action for (_, binding, _, _) in screen.active_bindings.values()}
        assert not offered & {"pawn(0)", "confirm", "buy", "bridge", "hint"}
        assert "help" in offered
        assert screen.check_action("confirm", ()) is False
        assert screen.check_action("pawn", (0,)) is False
        preview = screen.query_one("#preview")
        assert "The game is over" in str(preview.render())


def test_the_end_screen_tells_a_final_crossing_paid_again_after_an_undo() -> None:
    """Undo on the final board, then the same crossing paid again: the report tells the
    crossings in force once each (it used to apply the undo marker and fail)."""
    from core.atlantis.events import EventsUndone, FinalCrossingPaid, GameEnded

    events = scenes.finished_events()
    last_paid = max(i for i, e in enumerate(events) if isinstance(e, FinalCrossingPaid))
    assert isinstance(events[-1], GameEnded) and last_paid == len(events) - 2
    again = [*events, EventsUndone(count=2), events[last_paid], events[-1]]
    session = GameSession(opened(again), [Seat("Ann"), Seat("Bob"), Seat("Cleo")])
    lines, _table = final_report(session)
    paid_once, _first = final_report(GameSession(opened(events), session.seats))
    assert [line.text.plain for line in lines] == [line.text.plain for line in paid_once]


async def test_the_final_crossing_says_its_exact_payments_are_equal(save_dir: Path) -> None:
    """At the final crossing only the score is left, and it counts tiles and cards alike:
    the dialog says so when several exact payments are listed, and not while playing."""
    from atlantis_tui.games.atlantis.payment import PaymentScreen

    same_score = "Any payment of exactly 18 leaves the same score (E3)."
    app = scenes.final_crossing_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, PaymentScreen)
        shown = " ".join(str(label.render()) for label in app.screen.query(".dialog-text"))
        assert same_score in shown
    app = scenes.water_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PaymentScreen)
        shown = " ".join(str(label.render()) for label in app.screen.query(".dialog-text"))
        assert "same score" not in shown and "You owe" in shown
