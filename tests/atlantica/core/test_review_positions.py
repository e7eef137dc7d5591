"""The review judges Atlantica positions whose best choice the rules make plain.

Each position is laid with ``setup.prepared_game`` as Atlantica's rule tests lay
theirs (``tests.atlantica.core.helpers.position``, the scoring example's holdings
from ``test_scoring``), every card of the game accounted for (the review samples
the hidden ones), one command is played, and ``review_game`` judges it with a
small fixed budget.

Four tests are strict expected failures: faults of the review found here, each
explained at its test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.atlantica.cards import HURRICANE, diver_ids, treasure_ids
from core.atlantica.commands import ChooseScoring, Pass, PerformAction
from core.atlantica.data import default_data
from core.atlantica.events import Prepared
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import DEFAULT_OPTIONS, Options
from core.atlantica.setup import prepared_game
from core.services.review import BLUNDER, GOOD
from tests.atlantica.core.test_scoring import ANDREA, CHRISTIAN, MAJA
from tests.core.review_positions import assert_good, best_command, describe, reviewed

MAJA_SEAT = 0
SHIPS = (("A3-1", "B4-1"), ("A2-1", "B4-2", "C4-1"), ("B5-1", "C5-1", "C5-2"))
RESEARCH = (
    ("R1-1", "R2-1", "R3-1", "R9-1", "R6-1"),
    ("R2-2", "R3-2", "R7-1", "R4-1"),
    ("R4-2",),
)
"""X1–X3's ships and research cards, as ``test_scoring.example`` lays them."""
ASK = Options(diver_reshuffle=False, final_choices="ask")


def boxed(held: Sequence[str]) -> list[str]:
    """Every treasure card not laid out: in the box (out of play, S4)."""
    laid = set(held)
    return [card for card in treasure_ids(default_data()) if card not in laid]


def scoring_position(players: int) -> list[Any]:
    """RULES.md X1–X3's holdings (Maja, Andréa, Christian: the first ``players`` of
    them) at the end of a game whose players choose their own releases
    (``final_choices = ask``): the hurricane alone in its pile, every diver on the
    discard pile, everyone passes once more and the game is scored, Maja choosing
    first."""
    treasures = (MAJA[0], ANDREA, CHRISTIAN)[:players]
    events = prepared_game(
        ("Maja", "Andréa", "Christian")[:players],
        ASK,
        Prepared(
            hands=((),) * players,
            treasures=treasures,
            ships=SHIPS[:players],
            research=RESEARCH[:players],
            treasure_display=(),
            research_display=(),
            discard=diver_ids(),
        ),
        divers=(),
        treasures=(),
        hurricane=(HURRICANE,),
        box=boxed([card for held in treasures for card in held]),
    )
    state = ATLANTICA.fold(events)
    while state.phase == "turn":
        seat = ATLANTICA.to_act(state)
        assert seat is not None
        events += ATLANTICA.decide(state, Pass(seat))
        state = ATLANTICA.fold(events)
    assert state.phase == "scoring" and ATLANTICA.to_act(state) == MAJA_SEAT
    return events


def listed(events: Sequence[Any], command: ChooseScoring) -> ChooseScoring:
    """``command``, checked to be one the rules list in the position (the review names
    only those)."""
    assert command in ATLANTICA.legal_commands(ATLANTICA.fold(list(events)))
    return command


BEST_RELEASE = ChooseScoring(MAJA_SEAT, ("EPI-1", "ARC-1"), ("GLD",))
"""X1: release the orange and the blue (both score nothing), R6 on yellow: 40."""
PINK_AND_BLUE = ChooseScoring(MAJA_SEAT, ("AMP-3", "ARC-1"), ("GLD",))
"""Release a pink and the blue, R6 on yellow: pink 2 → 5 (X4) instead of 3 → 10,
the orange kept for 0 (X5): 35."""


def test_x1_x2_releasing_a_pink_is_a_blunder() -> None:
    """Maja's holdings of X1 against Andréa's of X2 (50 points): Maja has 9 treasures
    for 7 crates and releases 2 (E3). X1: {orange, blue} is the only release worth
    40. Releasing a pink and the blue instead keeps the orange, worth 0 alone (X5),
    and drops pink from 10 to 5 (X4): 35. Her lead is -10 or -15, exactly: a loss of
    5, a blunder on Atlantica's scale (4 points)."""
    events = scoring_position(2)
    decision = reviewed(ATLANTICA, events, listed(events, PINK_AND_BLUE))
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ATLANTICA, decision) == BEST_RELEASE
    assert (decision.played_value, decision.best_value, decision.loss) == (-15.0, -10.0, 5.0)


def test_x1_x2_the_best_release_is_good() -> None:
    """The position above, Maja's best release played (X1's {orange, blue}, R6 on
    yellow, 40): graded good, a choice made right among many."""
    events = scoring_position(2)
    assert len(ATLANTICA.legal_commands(ATLANTICA.fold(events))) > 1
    decision = reviewed(ATLANTICA, events, listed(events, BEST_RELEASE))
    assert_good(ATLANTICA, decision, BEST_RELEASE)


def test_x1_x3_releasing_a_pink_is_a_blunder_though_maja_trails() -> None:
    """X1–X3 themselves (three players): the same release of a pink and the blue makes
    Maja 35 instead of 40 while Christian scores 60. The loss is 5 points whatever
    the gap: a blunder, X1's release best."""
    events = scoring_position(3)
    decision = reviewed(ATLANTICA, events, listed(events, PINK_AND_BLUE))
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ATLANTICA, decision) == BEST_RELEASE


def test_r6_on_a_released_type_is_a_blunder() -> None:
    """Maja against Andréa (above): X1's release, but her R6 named on blue, whose only
    card she releases: R6 scores 0 instead of 4 (4 yellow kept), so 36 instead of 40
    (the game's own final score): a blunder, R6 on yellow best."""
    events = scoring_position(2)
    wrong = listed(events, ChooseScoring(MAJA_SEAT, ("EPI-1", "ARC-1"), ("ARC",)))
    decision = reviewed(ATLANTICA, events, wrong)
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ATLANTICA, decision) == BEST_RELEASE


def test_x1_s_next_best_release_is_reviewed() -> None:
    """Maja against Andréa (above): the release X1 names as the next best, {orange,
    pink} with R6 on yellow, 36 (the game accepts it). The review judges it: a blunder,
    X1's release best."""
    events = scoring_position(2)
    next_best = ChooseScoring(MAJA_SEAT, ("AMP-3", "EPI-1"), ("GLD",))
    decision = reviewed(ATLANTICA, events, next_best)
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ATLANTICA, decision) == BEST_RELEASE


SECOND_INSCRIPTION = ("EPI-2", "ARC-1", "TER-1", "GLD-1", "AMP-1")
LAST_TREASURES = ("ARM-1", "ARM-2")


def last_turn() -> list[Any]:
    """Ana's last turn: Ben drew the hurricane at the end of his turn (E1.1, the main
    pile empty), so Ana plays once more, then Ben. Ana holds one inscription, a
    ship with 3 crates and a single green diver; treasure space 1 shows a second
    inscription."""
    held = {"EPI-1", *SECOND_INSCRIPTION, *LAST_TREASURES}
    events = prepared_game(
        ("Ana", "Ben"),
        DEFAULT_OPTIONS,
        Prepared(
            hands=(("G1",), ("W1", "Y1", "R1", "B1", "V1")),
            treasures=(("EPI-1",), ()),
            ships=(("A3-1",), ()),
            research=((), ()),
            treasure_display=SECOND_INSCRIPTION,
            research_display=("R1-1", "R2-1", "R3-1", "R4-1"),
            discard=(),
        ),
        treasures=(),
        hurricane=(HURRICANE, *LAST_TREASURES),
        box=boxed(sorted(held)),
        start_player=1,
    )
    state = ATLANTICA.fold(events)
    events += ATLANTICA.decide(state, Pass(1))
    state = ATLANTICA.fold(events)
    assert state.hurricane_holder == 1 and state.final_turns == (0, 1)
    assert ATLANTICA.to_act(state) == 0 and state.treasure_display[0] == "EPI-2"
    return events


TAKE_SPACE_1 = PerformAction(0, "submarine", 1, ("G1",))


def test_passing_the_last_turn_instead_of_the_second_inscription_is_a_blunder() -> None:
    """Ana's last turn (above): her green diver takes the card on treasure space 1
    (T3.1), her second inscription: 1 scores 0, 2 score 6 (X5), and her ship has
    room for it (E3). Passing draws 5 divers, worth nothing at the end (E6). A loss of
    6 points, a blunder, the submarine best."""
    decision = reviewed(ATLANTICA, last_turn(), Pass(0))
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ATLANTICA, decision) == TAKE_SPACE_1
    assert decision.loss == 6.0


def test_taking_the_second_inscription_is_good() -> None:
    """Ana's last turn, the second inscription taken: the best choice, graded good."""
    decision = reviewed(ATLANTICA, last_turn(), TAKE_SPACE_1)
    assert_good(ATLANTICA, decision, TAKE_SPACE_1)
    assert decision.grade == GOOD
