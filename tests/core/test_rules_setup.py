"""Rules S1–S5 (components and setup) and the rule options of section V."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.atlantis.commands import BuyCards, DeclareStuck
from core.atlantis.events import AnyEvent, CardsDrawn, CrossingPaid, GameStarted, PawnMoved
from core.atlantis.evolve import fold
from core.atlantis.game_type import ATLANTIS as ATLANTIS_GAME
from core.atlantis.hands import hand_of
from core.atlantis.items import ITEMS, Item, parse_item
from core.atlantis.options import Options
from core.atlantis.saves import read_save, write_save
from core.atlantis.setup import new_game
from core.atlantis.state import ATLANTIS, MAINLAND, State
from core.atlantis.tiles import (
    Tile,
    TileSetError,
    default_tile_set,
    load_tile_set,
    validate_tile_set,
)
from core.atlantis.view import event_for, view_for
from core.kernel.errors import IllegalMove, NotYourTurn
from core.kernel.game import Game
from tests.core.helpers import cards, events_of, game, held, move, of_kind, seeded_game, top

FOUR = ("Ann", "Bob", "Cid", "Dee")


def _state(
    players: tuple[str, ...] = FOUR, seed: int = 7, options: Options | None = None
) -> tuple[list[AnyEvent], State]:
    events = new_game(players, seed, options or Options())
    return events, fold(events)


def _started(events: list[AnyEvent]) -> GameStarted:
    """The opening event of a new game."""
    return of_kind(events[0], GameStarted)


# --- S1 components ---------------------------------------------------------------------


def test_S1_components_of_a_four_player_game() -> None:
    """S1: 84 tiles (42 A, 42 B), 105 cards (15 per item), 12 pawns, 4 bridges."""
    _, state = _state()
    assert len(state.tiles) == 84
    assert Counter(tile.back for tile in state.tiles) == {"A": 42, "B": 42}
    assert {tile.value for tile in state.tiles} == set(range(1, 8))
    assert {tile.item for tile in state.tiles} == set(range(7))
    all_cards = [0] * 7
    for hand in (*state.hands, hand_of(state.deck)):
        all_cards = [a + b for a, b in zip(all_cards, hand, strict=True)]
    assert all_cards == [15] * 7
    assert sum(len(pawns) for pawns in state.pawns) == 12
    assert all(len(pawns) == 3 for pawns in state.pawns)
    assert state.bridges == (None, None, None, None)


def test_S1_tile_set_needs_42_tiles_of_each_back() -> None:
    """S1: a tile set with 41 A tiles and 43 B tiles is refused."""
    tiles = list(default_tile_set())
    first_a = next(i for i, tile in enumerate(tiles) if tile.back == "A")
    tiles[first_a] = Tile(tiles[first_a].item, tiles[first_a].value, "B")
    with pytest.raises(TileSetError):
        validate_tile_set(tuple(tiles))


def test_S1_tile_values_are_1_to_7() -> None:
    """S1: a tile worth 8 is refused."""
    tiles = list(default_tile_set())
    tiles[0] = Tile(tiles[0].item, 8, tiles[0].back)
    with pytest.raises(TileSetError):
        validate_tile_set(tuple(tiles))


def test_S1_1_items_in_order_with_colours() -> None:
    """S1.1: flag red, olives green, helmet grey, amphora brown, ring blue, crown yellow,
    statue white, in that order."""
    assert [item.label for item in ITEMS] == [
        "flag",
        "olives",
        "helmet",
        "amphora",
        "ring",
        "crown",
        "statue",
    ]
    assert [item.colour for item in ITEMS] == [
        "red",
        "green",
        "grey",
        "brown",
        "blue",
        "yellow",
        "white",
    ]
    assert [item.abbreviation for item in ITEMS] == ["Fl", "Ol", "He", "Am", "Ri", "Cr", "St"]
    assert parse_item("olives") is Item.OLIVES
    assert parse_item("St") is Item.STATUE


def test_S1_2_default_tile_set_misses_one_value_per_item_and_back() -> None:
    """S1.2: back A item i lacks value i+1; back B item i lacks ((i+3) mod 7)+1."""
    tiles = default_tile_set()
    for back in ("A", "B"):
        for item in range(7):
            values = sorted(t.value for t in tiles if t.back == back and t.item == item)
            missing = item + 1 if back == "A" else (item + 3) % 7 + 1
            assert values == [v for v in range(1, 8) if v != missing], (back, item)
    # Spot checks written out by hand: A flag lacks 1, A statue lacks 7,
    # B flag lacks 4, B amphora lacks 7, B ring lacks 1.
    assert Tile(int(Item.FLAG), 1, "A") not in tiles
    assert Tile(int(Item.STATUE), 7, "A") not in tiles
    assert Tile(int(Item.FLAG), 4, "B") not in tiles
    assert Tile(int(Item.AMPHORA), 7, "B") not in tiles
    assert Tile(int(Item.RING), 1, "B") not in tiles
    assert Tile(int(Item.RING), 1, "A") in tiles


def test_S1_2_default_tile_set_six_per_item_and_per_value_on_each_back() -> None:
    """S1.2: per back, 6 tiles of each item and every value 1–7 appears 6 times."""
    tiles = default_tile_set()
    for back in ("A", "B"):
        side = [t for t in tiles if t.back == back]
        assert len(side) == 42
        assert Counter(t.item for t in side) == dict.fromkeys(range(7), 6)
        assert Counter(t.value for t in side) == dict.fromkeys(range(1, 8), 6)


# --- S2 path ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 42])
def test_S2_path_layout_stacks_singles_and_water_at_27(seed: int) -> None:
    """S2: 10 stacks of 2, 10 singles, 6 stacks (A), water at 27, 6 stacks, 10 singles,
    10 stacks (B): 53 spaces between Atlantis (0) and the Mainland (54)."""
    _, state = _state(seed=seed)
    assert len(state.spaces) == 55
    assert state.spaces[ATLANTIS] == () and state.spaces[MAINLAND] == ()
    heights = [len(state.spaces[space]) for space in range(1, 54)]
    assert heights == [2] * 10 + [1] * 10 + [2] * 6 + [0] + [2] * 6 + [1] * 10 + [2] * 10
    assert state.spaces[27] == ()
    for space in range(1, 27):
        assert {state.tiles[t].back for t in state.spaces[space]} == {"A"}, space
    for space in range(28, 54):
        assert {state.tiles[t].back for t in state.spaces[space]} == {"B"}, space
    laid = [tile for space in state.spaces for tile in space]
    assert sorted(laid) == list(range(84))


def test_S2_tiles_are_shuffled() -> None:
    """S2: the A and B tiles are shuffled, so two seeds lay different paths."""
    _, first = _state(seed=1)
    _, second = _state(seed=2)
    assert first.spaces[1:27] != second.spaces[1:27]
    assert first.spaces[28:54] != second.spaces[28:54]


def test_S2_only_the_top_tile_of_a_stack_counts() -> None:
    """S2: a stack Fl3/Ol4 shows olives; a flag card passes it to the next flag."""
    g = game("Fl3/Ol4 | Cr2 | Fl5 | Ri1", ["Red", "Blue"], hands={"Red": "Fl"})
    events = g.play(move(0, "A", "Fl"))
    assert of_kind(events[0], PawnMoved).landings == (3,)
    assert g.state.pawns[0][0] == 3


def _readable_names(state: State, stacks: tuple[tuple[int, ...], ...]) -> list[str]:
    """Names of the tiles a state lets one read in ``stacks`` (ids outside the set are
    placeholders and read as nothing)."""
    names: list[str] = []
    for stack in stacks:
        for tile in stack:
            if 0 <= tile < len(state.tiles):
                names.append(str(state.tiles[tile]))
    return names


def test_S2_lower_tile_of_a_stack_is_hidden_from_players() -> None:
    """S2: only the top tile of a stack is visible, so a player's view does not show the
    Fl3 under Ol4."""
    g = game("Fl3/Ol4 | Cr2", ["Red", "Blue"], hands={"Red": "Fl"})
    assert _readable_names(g.state, g.state.spaces[1:3]) == ["Fl3", "Ol4", "Cr2"]
    for seat in (0, 1):
        view = view_for(g.state, seat).state
        readable = _readable_names(view, view.spaces[1:3])
        assert "Ol4" in readable and "Cr2" in readable
        assert "Fl3" not in readable, f"seat {seat} sees the hidden Fl3"


def test_S2_lower_tile_is_hidden_in_the_opening_event_shown_to_a_player() -> None:
    """S2: the game-started event as shown to a player does not reveal lower tiles."""
    g = game("Fl3/Ol4 | Cr2", ["Red", "Blue"], hands={"Red": "Fl"})
    started = event_for(g.events[0], 1)
    assert isinstance(started, GameStarted)
    readable = []
    for stack in started.path[:2]:
        readable += [str(started.tiles[t]) for t in stack if 0 <= t < len(started.tiles)]
    assert "Ol4" in readable
    assert "Fl3" not in readable


# --- S3 players ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [("Solo",), ("A", "B", "C", "D", "E")])
def test_S3_two_to_four_players(players: tuple[str, ...]) -> None:
    """S3: 1 or 5 players are refused."""
    with pytest.raises(IllegalMove) as refused:
        new_game(players, 1)
    assert refused.value.rule == "S3"


@pytest.mark.parametrize("count", [2, 3, 4])
def test_S3_three_pawns_on_atlantis_and_one_bridge_each(count: int) -> None:
    """S3: each player starts with 3 pawns on Atlantis and his bridge unplaced."""
    _, state = _state(players=FOUR[:count])
    assert state.pawns == ((ATLANTIS,) * 3,) * count
    assert state.bridges == (None,) * count


# --- S4 cards --------------------------------------------------------------------------


def test_S4_deal_4_5_6_7_in_seat_order_from_the_start_player() -> None:
    """S4: seats 1–4 get 4, 5, 6, 7 cards from the top of the shuffled pile."""
    events, state = _state()
    started = events[0]
    assert isinstance(started, GameStarted)
    draws = events_of(events, CardsDrawn)
    assert [(d.player, d.count, d.reason) for d in draws] == [
        (0, 4, "deal"),
        (1, 5, "deal"),
        (2, 6, "deal"),
        (3, 7, "deal"),
    ]
    assert draws[0].cards == started.deck[:4]
    assert draws[1].cards == started.deck[4:9]
    assert draws[3].cards == started.deck[15:22]
    assert [sum(hand) for hand in state.hands] == [4, 5, 6, 7]
    assert len(state.deck) == 105 - 22
    assert state.deck == started.deck[22:]


def test_S4_deal_starts_with_a_random_start_player() -> None:
    """S4: with another start player, he gets 4 and the seats after him 5, 6, 7."""
    options = Options(start_player="random")
    for seed in range(100):
        events = new_game(FOUR, seed, options)
        if _started(events).start_player == 2:
            break
    else:
        pytest.fail("no seed gives start player 3")
    state = fold(events)
    assert [(d.player, d.count) for d in events_of(events, CardsDrawn)] == [
        (2, 4),
        (3, 5),
        (0, 6),
        (1, 7),
    ]
    assert [sum(hand) for hand in state.hands] == [6, 7, 4, 5]


def test_S4_two_players_get_4_and_5() -> None:
    """S4: in a two-player game the deal is 4 and 5 cards."""
    _, state = _state(players=("Ann", "Bob"))
    assert [sum(hand) for hand in state.hands] == [4, 5]
    assert len(state.deck) == 96


def test_S4_draw_pile_is_shuffled() -> None:
    """S4: the 105 cards are shuffled, so two seeds give two orders."""
    first, _ = _state(seed=3)
    second, _ = _state(seed=4)
    assert _started(first).deck != _started(second).deck
    assert sorted(_started(first).deck) == sorted(_started(second).deck)


def test_S4_hands_are_secret_collected_tiles_face_up() -> None:
    """S4: a player's view hides the other hands and the pile but shows collected tiles."""
    g = game(
        "Fl1 | Cr2",
        ["Red", "Blue"],
        hands={"Red": "Fl Fl", "Blue": "Ol Ri He"},
        collected={"Blue": "Am5"},
    )
    view = view_for(g.state, 0)
    assert view.state.hands[0] == g.state.hands[0]
    assert view.state.hands[1] == (0,) * 7
    assert view.hand_sizes == (2, 3)
    assert view.state.deck == ()
    assert view.deck_size == 100
    assert view.state.collected[1] == g.state.collected[1]
    blue_deal = events_of(g.events, CardsDrawn)[1]
    assert of_kind(event_for(blue_deal, 0), CardsDrawn).cards == ()
    assert of_kind(event_for(blue_deal, 1), CardsDrawn).cards == cards("Ol Ri He")


def test_S4_cards_bought_stay_secret_from_the_other_players() -> None:
    """S4: hands are secret, so the cards Red just bought are not shown to Blue."""
    g = game(
        "Fl1 | Cr2",
        ["Red", "Blue"],
        hands={"Red": "Cr"},
        collected={"Red": "Am5"},
        deck_after_deal=cards("Fl Fl Ri"),
    )
    g.play(BuyCards(0, held(g.state, 0, "Am5")))
    assert g.state.hands[0] == hand_of(cards("Cr Fl Fl"))
    blue = view_for(g.state, 1)
    assert blue.hand_sizes == (3, 0)
    assert blue.state.hands[0] == (0,) * 7
    assert blue.state.bought == (0,) * 7, "Blue's view shows the two flags Red bought"
    assert of_kind(event_for(g.events[-1], 1), CardsDrawn).cards == ()


# --- S5 start player -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_S5_start_player_is_seat_1_by_default(seed: int) -> None:
    """S5: by default seat 1 starts, whatever the seed; seat 2 may not act first."""
    events = new_game(FOUR, seed)
    game_ = Game(ATLANTIS_GAME, events)
    assert _started(events).start_player == 0
    assert game_.state.current == 0
    with pytest.raises(NotYourTurn):
        game_.play(DeclareStuck(1))


# --- V rule options --------------------------------------------------------------------


def test_V_start_player_random_is_seeded() -> None:
    """V start_player: random picks every seat over many seeds, the same one per seed."""
    options = Options(start_player="random")
    starts = {_started(new_game(FOUR, seed, options)).start_player for seed in range(60)}
    assert starts == {0, 1, 2, 3}
    for seed in (5, 11):
        first = new_game(FOUR, seed, options)
        again = new_game(FOUR, seed, options)
        assert _started(first).start_player == _started(again).start_player
        assert fold(first).current == _started(first).start_player


BUY_PATH = "Fl5 ~ Cr5 | Ol2"


def test_V_buy_limit_default_is_one_purchase_per_turn() -> None:
    """V buy_limit (T1): by default a second purchase in the same turn is refused."""
    g = game(BUY_PATH, ["Red", "Blue"], hands={"Red": "Cr"}, collected={"Red": "Am4 He6"})
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    with pytest.raises(IllegalMove) as refused:
        g.play(BuyCards(0, held(g.state, 0, "He6")))
    assert refused.value.rule == "T1"
    assert len(g.state.collected[0]) == 1


def test_V_buy_limit_unlimited() -> None:
    """V buy_limit: with no limit two purchases in one turn give 2 + 3 cards."""
    options = Options(buy_limit=0)
    g = game(
        BUY_PATH,
        ["Red", "Blue"],
        hands={"Red": "Cr"},
        collected={"Red": "Am4 He6"},
        options=options,
    )
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    g.play(BuyCards(0, held(g.state, 0, "He6")))
    assert g.state.collected[0] == ()
    assert sum(g.state.hands[0]) == 1 + 2 + 3


def test_V_bought_cards_can_pay_by_default() -> None:
    """V bought_cards_can_pay (T1, T5.4): by default cards bought this turn pay the crossing."""
    g = game(
        "Fl5 ~ Cr3 | Ol2",
        ["Red", "Blue"],
        hands={"Red": "Cr"},
        collected={"Red": "St7"},
        deck_after_deal=cards("Ri Ri Ri Ri Ri"),
    )
    g.play(BuyCards(0, held(g.state, 0, "St7")))
    assert g.state.hands[0] == hand_of(cards("Cr Ri Ri Ri"))
    events = g.play(move(0, "A", "Cr", paid="Ri Ri Ri"))
    paid = events_of(events, CrossingPaid)
    assert [(p.owed, p.cards) for p in paid] == [(3, cards("Ri Ri Ri"))]
    assert g.state.pawns[0][0] == 3


def test_V_bought_cards_can_pay_no() -> None:
    """V bought_cards_can_pay = no: cards bought this turn cannot pay the crossing."""
    options = Options(bought_cards_can_pay=False)
    g = game(
        "Fl5 ~ Cr3 | Ol2",
        ["Red", "Blue"],
        hands={"Red": "Cr Fl"},
        collected={"Red": "St7"},
        deck_after_deal=cards("Ri Ri Ri Ri Ri"),
        options=options,
    )
    g.play(BuyCards(0, held(g.state, 0, "St7")))
    assert g.state.hands[0] == hand_of(cards("Cr Fl Ri Ri Ri"))
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Cr", paid="Ri Ri Ri"))
    assert refused.value.rule in {"T4.5", "T5.4"}
    assert g.state.pawns[0][0] == ATLANTIS
    # Only the flag held before the purchase could pay: 1 point for a debt of 3.
    with pytest.raises(IllegalMove):
        g.play(move(0, "A", "Cr", paid="Fl Ri Ri"))


def test_V_paid_cards_to_discard_by_default() -> None:
    """V paid_cards_to (T5.5): by default paid cards go to the discard pile."""
    g = game("Fl5 ~ Cr3 | Ol2", ["Red", "Blue"], hands={"Red": "Cr Ri Ri Ri"})
    g.play(move(0, "A", "Cr", paid="Ri Ri Ri"))
    assert g.state.discard == hand_of(cards("Cr Ri Ri Ri"))
    assert g.state.box_cards == (0,) * 7


def test_V_paid_cards_to_box() -> None:
    """V paid_cards_to = box: paid cards leave the game; played cards still go to discard."""
    g = game(
        "Fl5 ~ Cr3 | Ol2",
        ["Red", "Blue"],
        hands={"Red": "Cr Ri Ri Ri"},
        options=Options(paid_cards_to="box"),
    )
    g.play(move(0, "A", "Cr", paid="Ri Ri Ri"))
    assert g.state.discard == hand_of(cards("Cr"))
    assert g.state.box_cards == hand_of(cards("Ri Ri Ri"))


def _custom_tiles() -> list[dict[str, object]]:
    # Every tile of back A is a value-1 flag, every tile of back B a value-7 statue.
    return [{"item": "flag", "value": 1, "back": "A"}] * 42 + [
        {"item": "statue", "value": 7, "back": "B"}
    ] * 42


def test_V_tile_set_from_a_file(tmp_path: Path) -> None:
    """V tile_set (S1.2): a tile-set file replaces the default set and lays the path."""
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"name": "mine", "tiles": _custom_tiles()}))
    name, tiles = load_tile_set(path)
    assert name == "mine"
    options = Options(tile_set=name)
    events = new_game(("Ann", "Bob"), 5, options, tiles)
    state = fold(events)
    assert _started(events).options.tile_set == "mine"
    assert state.tiles == tiles
    assert {str(state.tiles[t]) for space in state.spaces[1:27] for t in space} == {"Fl1"}
    assert {str(state.tiles[t]) for space in state.spaces[28:54] for t in space} == {"St7"}


def test_V_tile_set_file_must_have_84_tiles(tmp_path: Path) -> None:
    """V tile_set: a file with too few tiles is refused."""
    path = tmp_path / "short.json"
    path.write_text(json.dumps({"name": "short", "tiles": _custom_tiles()[:80]}))
    with pytest.raises(TileSetError):
        load_tile_set(path)


def test_V_open_hands_shows_every_hand() -> None:
    """V open_hands: in teaching mode every hand and every drawn card is visible."""
    g = game(
        "Fl1 | Cr2",
        ["Red", "Blue"],
        hands={"Red": "Fl", "Blue": "Ol Ri"},
        options=Options(open_hands=True),
    )
    view = view_for(g.state, 0)
    assert view.state.hands[1] == hand_of(cards("Ol Ri"))
    blue_deal = events_of(g.events, CardsDrawn)[1]
    assert of_kind(event_for(blue_deal, 0, open_hands=True), CardsDrawn).cards == cards("Ol Ri")


def test_V_options_are_recorded_in_every_saved_game(tmp_path: Path) -> None:
    """V: the rule options are written in the save and read back unchanged."""
    options = Options(
        buy_limit=0,
        bought_cards_can_pay=False,
        paid_cards_to="box",
        start_player="random",
        tile_set="default",
        open_hands=True,
    )
    events = new_game(("Ann", "Bob", "Cid"), 9, options)
    path = tmp_path / "game.atlantis.jsonl"
    write_save(path, events)
    saved = read_save(path)
    assert saved.header.options == options
    assert of_kind(saved.events[0], GameStarted).options == options
    assert fold(saved.events).options == options


def test_V_unlimited_buys_still_refuse_a_tile_not_held() -> None:
    """V buy_limit / T1: even without a limit, only collected tiles can be returned."""
    g = game(
        BUY_PATH,
        ["Red", "Blue"],
        hands={"Red": "Cr"},
        collected={"Red": "Am4"},
        options=Options(buy_limit=0),
    )
    with pytest.raises(IllegalMove) as refused:
        g.play(BuyCards(0, top(g.state, 1)))
    assert refused.value.rule == "T1"


def test_S4_a_viewer_without_a_seat_sees_no_hand() -> None:
    """A watcher or a shared hot-seat screen (``NO_SEAT``) sees every hand hidden, and as
    many hands as there are players."""
    from core.atlantis.view import NO_SEAT, view_for

    state = seeded_game(["Ann", "Bob", "Cleo"], 5).state
    view = view_for(state, NO_SEAT)
    assert len(view.state.hands) == 3
    assert not any(sum(hand) for hand in view.state.hands)
    assert view.hand_sizes == tuple(sum(hand) for hand in state.hands)
