"""``core.services.ratings``: OpenSkill ratings per game from finished games' places."""

from __future__ import annotations

import random

from core.services.ratings import (
    BOT,
    PERSON,
    START,
    Entrant,
    GameRating,
    PlayedGame,
    rate_games,
    rating_json,
)
from tests.ratings.saves import created

ANN, BOB, CLEO = Entrant(PERSON, "Ann"), Entrant(PERSON, "Bob"), Entrant(PERSON, "Cleo")
GREEDY = Entrant(BOT, "greedy")


def _game(day: int, entrants: tuple[Entrant, ...], ranks: tuple[int, ...]) -> PlayedGame:
    return PlayedGame("atlantis", created(day), entrants, ranks)


def test_who_always_wins_rates_above_who_always_loses() -> None:
    ratings = rate_games(_game(day, (ANN, BOB), (1, 2)) for day in range(1, 7))
    ann, bob = ratings["atlantis", ANN], ratings["atlantis", BOB]
    assert ann.mu > bob.mu and ann.value > bob.value
    assert ann.games == bob.games == 6
    assert ann.value > START > bob.value


def test_a_tie_moves_the_tied_alike() -> None:
    ratings = rate_games([_game(1, (ANN, BOB, CLEO), (1, 1, 3))])
    ann, bob, cleo = (ratings["atlantis", who] for who in (ANN, BOB, CLEO))
    assert ann == bob
    assert ann.mu > cleo.mu


def test_five_players_are_rated_in_their_places() -> None:
    five = tuple(Entrant(PERSON, name) for name in "ABCDE")
    ratings = rate_games([_game(1, five, (1, 2, 3, 4, 5))])
    mus = [ratings["atlantis", who].mu for who in five]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 5


def test_bots_by_kind_apart_from_a_person_of_the_same_name() -> None:
    """Two greedy seats in one game are the kind's two games; a person named greedy
    is someone else."""
    person = Entrant(PERSON, "greedy")
    ratings = rate_games([_game(1, (person, GREEDY, GREEDY), (3, 1, 2))])
    assert ratings["atlantis", GREEDY].games == 2
    assert ratings["atlantis", person].games == 1
    assert ratings["atlantis", GREEDY].mu > ratings["atlantis", person].mu


def test_each_game_has_its_own_ratings() -> None:
    ratings = rate_games(
        [_game(1, (ANN, BOB), (1, 2)), PlayedGame("arkantis", created(2), (ANN, BOB), (2, 1))]
    )
    assert ratings["atlantis", ANN].mu > ratings["atlantis", BOB].mu
    assert ratings["arkantis", ANN].mu < ratings["arkantis", BOB].mu


def test_games_are_rated_in_the_order_they_were_started_whatever_order_given() -> None:
    games = [
        _game(day, (ANN, BOB, CLEO), tuple(random.Random(day).sample([1, 2, 3], 3)))
        for day in range(1, 9)
    ]
    expected = rate_games(games)
    for seed in range(5):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        assert rate_games(shuffled) == expected
    # The order is the start time's, not the text's: 13:00 at +02:00 is 11:00 UTC,
    # before 12:00 UTC, though its text sorts after.
    late = PlayedGame("atlantis", "2026-03-01T12:00:00+00:00", (ANN, BOB), (1, 2))
    early = PlayedGame("atlantis", "2026-03-01T13:00:00+02:00", (ANN, BOB), (2, 1))
    plainly_early = PlayedGame("atlantis", "2026-03-01T11:00:00+00:00", (ANN, BOB), (2, 1))
    assert rate_games([late, early]) == rate_games([plainly_early, late])
    # Were the text's order followed, Ann's loss would come after her win.
    loss_after = PlayedGame("atlantis", "2026-03-01T12:30:00+00:00", (ANN, BOB), (2, 1))
    assert rate_games([late, early]) != rate_games([late, loss_after])


def test_the_order_of_play_matters_and_is_kept() -> None:
    """Rating is not a sum: the same results in another order rate otherwise, so the
    order must be the games' own."""
    first = [_game(1, (ANN, BOB), (1, 2)), _game(2, (ANN, BOB), (2, 1))]
    second = [_game(1, (ANN, BOB), (2, 1)), _game(2, (ANN, BOB), (1, 2))]
    assert rate_games(first)["atlantis", ANN] != rate_games(second)["atlantis", ANN]


def test_a_game_that_cannot_be_ranked_rates_nothing() -> None:
    assert rate_games([_game(1, (ANN,), (1,)), _game(2, (ANN, BOB), (1,))]) == {}


def test_json_and_the_number_shown() -> None:
    rating = GameRating(mu=25.0, sigma=25 / 3, games=0)
    assert rating.value == START  # a newcomer
    assert rating_json(None) is None
    assert rating_json(GameRating(30.0, 2.0, 7)) == {
        "value": START + 40 * 24,
        "mu": 30.0,
        "sigma": 2.0,
        "games": 7,
    }
