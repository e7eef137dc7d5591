"""Chance that cannot be inferred, and undo that cannot peek at the pile.

A new game's secret has 256 bits from the operating system; the path, the
deck, the start player, each reshuffle and each bot read streams of their own,
so the public path says nothing about the pile. An undo that took back cards
drawn from the pile makes the next draw shuffle the pile first, from a stream
no earlier draw used: buy, undo, buy can draw other cards, and the save still
passes the rules check.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import core.atlantis.setup
from atlantis_tui.session import GameSession, Seat
from core.atlantis.bots import make_bot
from core.atlantis.check import check_events
from core.atlantis.commands import BuyCards
from core.atlantis.events import (
    AnyEvent,
    CardsDrawn,
    DeckReshuffled,
    GameStarted,
    PileShuffled,
)
from core.atlantis.game_type import ATLANTIS
from core.atlantis.replay import play_from_here
from core.atlantis.saves import read_save
from core.atlantis.view import NO_SEAT, event_for, view_for
from core.kernel.chance import (
    KeyedStream,
    bot_random,
    is_secret,
    new_secret,
    secret_from_seed,
    stream,
)
from core.kernel.game import Game
from tests.core.helpers import AtlantisGame, seeded_game

SECRET = secret_from_seed(2026)


# ---------------------------------------------------------------- the secret and its streams


def test_a_new_secret_has_256_bits_from_the_system_and_differs_each_time() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(len(bytes.fromhex(secret)) == 32 and is_secret(secret) for secret in secrets)


@pytest.mark.parametrize("text", ["", "abc", "zz" * 32, "00" * 15])
def test_what_is_not_a_secret_is_refused(text: str) -> None:
    assert not is_secret(text)
    with pytest.raises(TypeError):
        KeyedStream(text, "path")


def test_a_stream_is_fixed_by_its_secret_and_label_and_nothing_else() -> None:
    first = [stream(SECRET, "deck").getrandbits(64) for _ in range(3)]
    again = [stream(SECRET, "deck").getrandbits(64) for _ in range(3)]
    assert first == again  # a fresh stream of the same name starts over
    one = stream(SECRET, "deck")
    drawn = [one.getrandbits(64) for _ in range(5)]
    assert len(set(drawn)) == 5
    assert stream(SECRET, "path").getrandbits(64) != drawn[0]
    assert stream(secret_from_seed(2027), "deck").getrandbits(64) != drawn[0]
    one.seed(0)  # nothing can re-seed it with something weaker
    assert one.getrandbits(64) not in drawn
    with pytest.raises(TypeError):
        one.getstate()


def test_a_stream_serves_every_method_of_random_evenly() -> None:
    rng = stream(SECRET, "bot/0")
    counts = Counter(rng.randrange(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and all(800 < n < 1200 for n in counts.values())
    assert all(0.0 <= rng.random() < 1.0 for _ in range(1000))
    assert rng.getrandbits(0) == 0 and 0 <= rng.getrandbits(13) < 2**13
    cards = list(range(20))
    rng.shuffle(cards)
    assert sorted(cards) == list(range(20)) and cards != list(range(20))


def test_bots_get_generators_of_their_own_from_the_secret() -> None:
    assert bot_random(SECRET, 1).random() == bot_random(SECRET, 1).random()
    assert bot_random(SECRET, 1).random() != bot_random(SECRET, 2).random()


def test_a_new_game_records_its_secret_and_no_seed() -> None:
    started = Game.new(ATLANTIS, ["Ann", "Bob"], secret=SECRET).events[0]
    assert isinstance(started, GameStarted)
    assert started.secret == SECRET and started.seed == 0


def test_the_same_path_does_not_give_the_same_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games whose paths happen to be identical still have unrelated piles:
    the path reads its own stream, and the deck another."""
    common = new_secret()

    def path_shared(secret: str, label: str) -> random.Random:
        return stream(common if label == "path" else secret, label)

    monkeypatch.setattr(core.atlantis.setup, "stream", path_shared)
    one = Game.new(ATLANTIS, ["Ann", "Bob"], secret=new_secret()).events[0]
    two = Game.new(ATLANTIS, ["Ann", "Bob"], secret=new_secret()).events[0]
    assert isinstance(one, GameStarted) and isinstance(two, GameStarted)
    assert one.path == two.path
    assert one.deck != two.deck


def test_no_view_of_a_game_holds_its_secret_or_its_pile() -> None:
    game = _game_with_pile_shuffled()
    for seat in (0, 1, NO_SEAT):
        assert view_for(game.state, seat).state.secret == ""
        for event in game.events:
            seen = event_for(event, seat)
            if isinstance(seen, GameStarted):
                assert seen.secret == "" and seen.deck == () and seen.seed == 0
            if isinstance(seen, PileShuffled | DeckReshuffled):
                assert seen.deck == ()
    assert any(isinstance(event, PileShuffled) for event in game.events)


# ---------------------------------------------------------------- undo without peeking


def _to_a_purchase(game: AtlantisGame, rng: random.Random) -> BuyCards:
    """Play greedy bots until the player to act may buy at least 2 cards; that purchase."""
    bot = make_bot("greedy")
    while True:
        state = game.state
        seat = state.to_act
        assert seat is not None and state.phase == "playing"
        dear = [t for t in state.collected[seat] if state.tiles[t].value >= 4]
        if dear and state.purchases == 0 and not state.bridged_this_turn:
            return BuyCards(seat, dear[0])
        game.play(bot.decide(view_for(state, seat), rng))


def _drawn(events: list[AnyEvent]) -> tuple[int, ...]:
    return tuple(card for event in events if isinstance(event, CardsDrawn) for card in event.cards)


def _game_with_pile_shuffled() -> AtlantisGame:
    game = Game.new(ATLANTIS, ["Ann", "Bob"], secret=SECRET)
    buy = _to_a_purchase(game, random.Random(1))
    game.undo(len(game.play(buy)))
    game.play(buy)
    return game


def test_buy_undo_buy_shuffles_the_pile_first_and_draws_other_cards() -> None:
    game = Game.new(ATLANTIS, ["Ann", "Bob", "Cleo"], secret=SECRET)
    buy = _to_a_purchase(game, random.Random(3))
    before = game.state
    first = game.play(buy)
    game.undo(len(first))
    assert game.state.pile_seen and game.state.deck == before.deck
    second = game.play(buy)
    shuffled = second[1]
    assert isinstance(shuffled, PileShuffled)
    assert sorted(shuffled.deck) == sorted(before.deck)
    assert _drawn(second) == shuffled.deck[: len(_drawn(second))]
    assert _drawn(first) != _drawn(second)
    after = game.state  # a new state: the first ``pile_seen`` was another state's
    assert not after.pile_seen
    result = check_events(game.events)
    assert result.ok, result.problem


def test_every_undo_reads_a_new_stream_so_buying_again_and_again_never_repeats() -> None:
    game = Game.new(ATLANTIS, ["Ann", "Bob"], secret=SECRET)
    buy = _to_a_purchase(game, random.Random(5))
    orders: list[tuple[int, ...] | int] = []
    for _ in range(6):
        events = game.play(buy)
        orders.append(next(e.deck for e in events if isinstance(e, PileShuffled)) if orders else 0)
        game.undo(len(events))
    assert len(set(orders[1:])) == len(orders) - 1
    assert game.state.undos == 6
    assert check_events(game.events).ok


def test_a_redo_restores_the_very_cards_and_the_next_draw_shuffles() -> None:
    game = Game.new(ATLANTIS, ["Ann", "Bob"], secret=SECRET)
    buy = _to_a_purchase(game, random.Random(7))
    events = game.play(buy)
    game.undo(len(events))
    game.redo(events)
    assert _drawn(events) and check_events(game.events).ok
    bot = make_bot("greedy")
    rng = random.Random(7)
    while not any(isinstance(e, PileShuffled) for e in game.events[-12:]):
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    assert check_events(game.events).ok


def test_a_seeded_game_of_old_draws_the_same_cards_after_an_undo() -> None:
    """Games without a secret (saves of format 0–1) go on exactly as they were played."""
    game = seeded_game(["Ann", "Bob"], 5)
    buy = _to_a_purchase(game, random.Random(1))
    first = game.play(buy)
    game.undo(len(first))
    assert game.play(buy) == first
    assert check_events(game.events).ok


def test_a_file_whose_pile_shuffle_is_not_the_pile_fails_the_check() -> None:
    game = _game_with_pile_shuffled()
    index = next(i for i, e in enumerate(game.events) if isinstance(e, PileShuffled))
    shuffled = game.events[index]
    assert isinstance(shuffled, PileShuffled)
    forged = [*game.events]
    forged[index] = PileShuffled(shuffled.deck[1:] + (shuffled.deck[0] + 1) % 7 * (1,))
    result = check_events(forged)
    assert result.problem is not None and result.problem.line == index + 2
    assert "draw pile" in result.problem.reason


# ---------------------------------------------------------------- at the table


@pytest.mark.parametrize("seats", [["Ann", "Bob"], ["Ann", "bot:greedy"]])
def test_undo_in_the_app_cannot_show_the_pile(tmp_path: Path, seats: list[str]) -> None:
    """Hot-seat and against a bot: buy, undo, buy; the save passes the check.

    A seeded table, so that the two draws differ: a fresh one could draw the same
    two items again by chance (about one time in twenty), which is no peek."""
    session = GameSession.new(
        [Seat(name) if ":" not in name else Seat("Bot", name[4:]) for name in seats],
        seed=2,
        save_dir=tmp_path,
    )
    started = session.events[0]
    assert isinstance(started, GameStarted) and is_secret(started.secret)
    game = session.game
    rng = random.Random(11)
    bot = make_bot("greedy")
    while True:
        if session.is_bot_turn():
            session.play(session.bot_command())
            continue
        state = game.state
        seat = state.to_act
        assert seat is not None
        dear = [t for t in state.collected[seat] if state.tiles[t].value >= 4]
        if dear and state.purchases == 0 and not state.bridged_this_turn:
            break
        session.play(bot.decide(view_for(state, seat), rng))
    buy = BuyCards(seat, dear[0])
    first = session.play(buy)
    assert session.undo() is not None
    second = session.play(buy)
    assert isinstance(second[1], PileShuffled)
    assert _drawn(first) != _drawn(second)
    path = session.path
    session.close()
    assert path is not None
    saved = read_save(path)
    assert saved.header.seed == 0
    result = check_events(saved.events, saved.lines, saved.header, saved.actions)
    assert result.ok, result.problem
    assert saved.actions == result.actions  # the undone purchase's marker too


def test_a_game_played_on_from_a_replay_does_not_draw_what_the_replay_showed() -> None:
    """A replay shows the draws to come: the new game gets a secret of its own and
    shuffles its pile first, and still passes the rules check."""
    game = Game.new(ATLANTIS, ["Ann", "Bob"], secret=SECRET)
    _to_a_purchase(game, random.Random(9))
    position = len(game.events) - 1
    kept, actions = play_from_here(game.events, position, game.actions)
    started, shuffled = kept[0], kept[-1]
    assert isinstance(started, GameStarted) and is_secret(started.secret)
    assert started.secret != SECRET
    assert isinstance(shuffled, PileShuffled)
    assert sorted(shuffled.deck) == sorted(game.state.deck)
    assert shuffled.deck != game.state.deck
    result = check_events(kept, actions=actions)
    assert result.ok, result.problem
    assert result.state is not None and result.state.deck == shuffled.deck
    again = Game(ATLANTIS, kept, actions=actions)
    seat = again.state.to_act
    assert seat is not None
    again.play(make_bot("greedy").decide(view_for(again.state, seat), random.Random(1)))
    assert check_events(again.events, actions=again.actions).ok
    assert again.actions[-1].start == len(kept)  # the shuffle belongs to no action
