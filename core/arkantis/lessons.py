"""ArkantiS's tutorial lessons, as data: a position, a few sentences, questions, one task.

How a lesson is judged is the tutor's business (``core.kernel.tutor``, with
ArkantiS's checks in ``core.arkantis.tutor``); this module is content only, in
the order a newcomer should meet the rules. Every position is drawn so that
the task has one right command among the many the rules allow, and every
question's answer is worked out from the position by the rules. The
descriptor's ``lessons`` returns ``LESSONS``.
"""

from __future__ import annotations

from core.arkantis.cards import Colour, card_ids
from core.arkantis.commands import Pass
from core.arkantis.data import default_data_set
from core.arkantis.i18n import N_
from core.arkantis.tutor import (
    Attempt,
    Lesson,
    Mistake,
    Outcome,
    Quiz,
    affordable_cards,
    card_price,
    earned_by,
    earned_nothing,
    is_action,
    is_buy,
    laid_by,
    pions_after,
    refused_or_not,
    removed,
    score_if_ended,
    set_size,
    stain_without_card,
)


def _removed_two(o: Outcome) -> bool:
    return len(o.removed) == 2


def _removed_one(o: Outcome) -> bool:
    return len(o.removed) == 1


PAIR = Lesson(
    id="pair",
    title=N_("Lift a token, make a pair"),
    rules=("T4.3", "T3.1", "D2"),
    text=N_(
        "A square with a token is blue (●); an empty one shows its red circle (○). "
        "Squares of one colour that touch by a side, never by a corner, make a set "
        "(D1, D2). Removing one token is free (T3.1). After it, every set the action "
        "changed is judged: a set of 2 pays 2 pions, a set of 3 pays 3, a single "
        "square or a set of 6 or more pays nothing (T4.3)."
    ),
    task=N_("Remove one token so that a red pair forms and pays you 2 pions."),
    board="""
        . . . . . . .
        # # # # # # .
        # # # # # # .
        # # # # # # .
        # # # # # # .
        # # # # # # #
        # # # # # # .
    """,
    pions=(1, 3),
    hands=(("I5-1", "O4-1"), ()),
    goal=removed("F7"),
    mistakes=(
        Mistake(
            earned_nothing,
            "T4.3",
            N_(
                "Removing {squares} makes no red set that pays: a new red square alone is a "
                "set of 1, and a red square joining a set of 6 or more makes it bigger "
                "still; neither pays (T4.3)."
            ),
        ),
    ),
    otherwise=N_(
        "Removing {squares} makes no red pair: follow the red squares it would link, "
        "side by side (D1, T4.3)."
    ),
    explanation=N_(
        "F7 joined the lone red square G7: a new red set of 2, which paid you 2 pions "
        "(T4.3). The blue set lost a token, but a set of 6 or more pays nothing."
    ),
    solution=Attempt(remove=("F7",)),
    wrong=(
        Attempt(remove=("G6",), rule="T4.3"),
        Attempt(remove=("D4",), rule="T4.3"),
        Attempt(remove=("A1",), rule="T3.1"),
        Attempt(remove=("F7", "D4"), rule="T3.2"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: how many pions would removing G6 earn?"),
            ("0", "2", "3"),
            earned_by(Attempt(remove=("G6",))),
            N_("G6 touches G7, but also the large red set above it: count the whole set."),
        ),
        Quiz(
            N_("Before you act: how many squares has the red set that holds G7?"),
            ("1", "2", "12"),
            set_size("G7"),
            N_("Follow the red squares side by side from G7; corners do not count (D1)."),
        ),
        Quiz(
            N_("Before you act: how many pions would removing F6 earn?"),
            ("0", "2", "3"),
            earned_by(Attempt(remove=("F6",))),
            N_("F6 touches G7 only by a corner: which red squares does it join (D1)?"),
        ),
    ),
)

SPLIT = Lesson(
    id="split",
    title=N_("Split a blue set"),
    rules=("T4.1", "T4.2", "T4.3"),
    text=N_(
        "Sets of both colours are judged at once. Lifting a token out of a blue set "
        "can cut it in pieces: each piece is a new set, smaller than the one it came "
        "from, so it is modified and pays by its size (T4.1, T4.2). A piece of 4 or "
        "5 pays only with a matching card (T4.4)."
    ),
    task=N_("Remove one token of the blue bar in row 4 so that the action earns 6 pions."),
    board="""
        # # # # # # #
        # # # # # # #
        . . . . . . .
        # # # # # # #
        . . . . . . .
        # # # # # # #
        # # # # # # #
    """,
    hands=(("T4-1", "L5-1"), ()),
    goal=removed("D4"),
    mistakes=(
        Mistake(
            _removed_two,
            "T3.2",
            N_("That removes two tokens; the task is one, which is free (T3.1)."),
        ),
        Mistake(
            stain_without_card,
            "T4.4",
            N_(
                "Removing {squares} leaves the piece {stain}, a stain of 4 or 5: it pays "
                "only with a card of its figure, and you hold none (T4.4)."
            ),
        ),
        Mistake(
            earned_nothing,
            "T4.3",
            N_(
                "Removing {squares} leaves no piece that pays: a set of 6 or more, or of "
                "one square, pays nothing (T4.3). Cut the bar into pieces that pay."
            ),
        ),
    ),
    otherwise=N_(
        "Removing {squares} does not earn the 6 pions the task asks for: count what each "
        "piece of the bar would pay (T4.3)."
    ),
    explanation=N_(
        "D4 cut the bar of 7 into two pieces of 3: two modified blue sets, 3 pions each "
        "(T4.1, T4.3). The red rows it joined make a set of 15: nothing."
    ),
    solution=Attempt(remove=("D4",)),
    wrong=(
        Attempt(remove=("C4",), rule="T4.4"),
        Attempt(remove=("A4",), rule="T4.3"),
        Attempt(remove=("C3",), rule="T3.1"),
        Attempt(remove=("B4", "F4"), rule="T3.2"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: how many pions would removing B4 earn?"),
            ("0", "2", "3", "6"),
            earned_by(Attempt(remove=("B4",))),
            N_("B4 leaves A4 alone on one side and five tokens on the other."),
        ),
        Quiz(
            N_("Before you act: how many squares has the blue set that holds D4?"),
            ("7", "14", "28"),
            set_size("D4"),
            N_("Rows 3 and 5 are red: does the bar touch another blue square by a side?"),
        ),
        Quiz(
            N_("Before you act: how many pions would removing C4 earn?"),
            ("0", "2", "4", "5"),
            earned_by(Attempt(remove=("C4",))),
            N_("C4 leaves a piece of 2 and a piece of 4: what does each pay?"),
        ),
    ),
)

TWO = Lesson(
    id="two",
    title=N_("Remove two tokens at once"),
    rules=("T3.2", "T4.2"),
    text=N_(
        "For 2 pions you may lift two tokens, anywhere on the board (T3.2). They "
        "leave together and the board is judged once, after both: never as two "
        "removals one after the other. A set that both touch counts once, at its "
        "final size."
    ),
    task=N_(
        "Remove two tokens together so that the action earns more pions than any other pair would."
    ),
    board="""
        . . . . . . .
        # # # # # # #
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . # # # # # .
        . . . . . . .
    """,
    pions=(2, 3),
    hands=(("I5-1", "O4-1"), ()),
    goal=removed("D2", "D6"),
    mistakes=(
        Mistake(
            _removed_one,
            "T3.2",
            N_("That removes one token; the task is two, lifted together for 2 pions."),
        ),
    ),
    otherwise_rule="T4.3",
    otherwise=N_(
        "Another pair earns more than {squares}: judge each bar's pieces after both "
        "tokens are gone (T4.3)."
    ),
    explanation=N_(
        "You paid 2 pions and earned 10: D2 cut the top bar into two pieces of 3 and "
        "D6 cut the bottom one into two pieces of 2, all judged once (T3.2, T4.3)."
    ),
    solution=Attempt(remove=("D2", "D6")),
    wrong=(
        Attempt(remove=("C6", "F6"), rule="T4.3"),
        Attempt(remove=("D2",), rule="T3.2"),
        Attempt(move=("D2", "D4"), rule="T3.5"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: how many pions would removing C6 and F6 together earn?"),
            ("0", "2", "3", "5"),
            earned_by(Attempt(remove=("C6", "F6"))),
            N_("Both are gone before anything is judged: what pieces are left of the bar?"),
        ),
        Quiz(
            N_("Before you act: how many pions would you hold after removing D2 and D6?"),
            ("8", "10", "12"),
            pions_after(Attempt(remove=("D2", "D6"))),
            N_("Pay 2 from the pions you hold, then add what the pieces pay."),
        ),
        Quiz(
            N_("Before you act: how many pions would removing B2 and F2 together earn?"),
            ("0", "3", "4", "6"),
            earned_by(Attempt(remove=("B2", "F2"))),
            N_("Judge the bar once, after both tokens are gone."),
        ),
    ),
)

MOVE = Lesson(
    id="move",
    title=N_("Move a token"),
    rules=("T3.3", "T3.5", "T3.4"),
    text=N_(
        "For 3 pions you may move one token to any empty square (T3.3). The price is "
        "paid from the pions you hold before the move: what it earns comes too late "
        "to pay for it (T3.5). The square it leaves turns red and the one it reaches "
        "turns blue, so sets of both colours change at once. Each player may move at "
        "most 3 times in a game (T3.4)."
    ),
    task=N_("Move one token so that the action earns more pions than any other move."),
    board="""
        . # # # # # .
        . . . . . . .
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # . . . . . #
    """,
    pions=(3, 3),
    hands=(("I5-1", "O4-1"), ()),
    goal=lambda o: o.moved == ("D1", "D7"),
    mistakes=(
        Mistake(
            lambda o: bool(o.removed),
            "T3.3",
            N_("That removes a token; the task is a move, for 3 pions (T3.3)."),
        ),
    ),
    otherwise=N_(
        "Another move earns more than {squares}: count the pieces a move leaves behind "
        "and the pieces it cuts where it lands (T4.3)."
    ),
    explanation=N_(
        "D1 left B1 C1 and E1 F1, 2 pions each; landing on D7 cut the red row into B7 "
        "C7 and E7 F7, 2 more each: 8 pions for 3 (T3.3, T4.3)."
    ),
    solution=Attempt(move=("D1", "D7")),
    wrong=(
        Attempt(move=("C1", "D7"), rule="T3.3"),
        Attempt(remove=("D1",), rule="T3.3"),
        Attempt(move=("D1", "D3"), rule="T3.3"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: how many pions would you hold after moving C1 to D7?"),
            ("3", "4", "7", "10"),
            pions_after(Attempt(move=("C1", "D7"))),
            N_("Pay 3 from what you hold, then add what every modified set pays."),
        ),
        Quiz(
            N_("Before you act: how many pions would moving D1 to A2 earn?"),
            ("0", "2", "4", "6"),
            earned_by(Attempt(move=("D1", "A2"))),
            N_("Judge the sets where the token leaves and where it lands."),
        ),
        Quiz(
            N_("Before you act: could you move a token now, with the pions you hold?"),
            ("yes", "no"),
            refused_or_not(Attempt(move=("B1", "B2"))),
            N_("A move costs 3, paid from the pions held before it (T3.5)."),
        ),
    ),
)

CARD = Lesson(
    id="card",
    title=N_("Lay a card for a stain"),
    rules=("T4.4", "D3", "T4.3"),
    text=N_(
        "A modified set of 4 or 5 squares is a stain. If its figure is the figure of a "
        "card in your hand (turned or flipped as you like, D3), that card is laid in "
        "front of you and scores its value at the end (T4.4). A stain whose figure "
        "you do not hold gives nothing. Your hand shows each card's figure."
    ),
    task=N_("Remove one token so that a stain lays one of your cards."),
    board="""
        # # . . . # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
    """,
    hands=(("T4-1", "P5-1", "L5-1"), ()),
    goal=lambda o: len(o.removed) == 1 and bool(o.laid),
    mistakes=(
        Mistake(
            _removed_two,
            "T3.2",
            N_("That removes two tokens for 2 pions; the task is one token, free (T3.1)."),
        ),
        Mistake(
            stain_without_card,
            "T4.4",
            N_(
                "Removing {squares} makes the stain {stain}, but you hold no card of its "
                "figure: it gives nothing (T4.4)."
            ),
        ),
    ),
    otherwise_rule="T4.3",
    otherwise=N_(
        "Removing {squares} makes no stain of 4 or 5 (T4.3): only a stain can lay a card, "
        "and only one whose figure is in your hand (T4.4)."
    ),
    explanation=N_(
        "D2 made the red stain C1 D1 E1 D2, the figure of your mallet: the card is laid "
        "and will score 6 at the end (T4.4). It stays laid, whatever happens to the stain."
    ),
    solution=Attempt(remove=("D2",)),
    wrong=(
        Attempt(remove=("B1",), rule="T4.4"),
        Attempt(remove=("C2",), rule="T4.4"),
        Attempt(remove=("C2", "D2"), rule="T3.2"),
        Attempt(remove=("A7",), rule="T4.3"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: which card would removing C2 and D2 together lay?"),
            ("T4", "P5", "L5", "none"),
            laid_by(Attempt(remove=("C2", "D2"))),
            N_("Draw the red set they would make, and compare it with each card's figure."),
        ),
        Quiz(
            N_("Before you act: which card would removing F1 lay?"),
            ("T4", "P5", "L5", "none"),
            laid_by(Attempt(remove=("F1",))),
            N_("Four red squares in a line: which of your cards shows that figure?"),
        ),
        Quiz(
            N_("Before you act: which card would removing E2 lay?"),
            ("T4", "P5", "L5", "none"),
            laid_by(Attempt(remove=("E2",))),
            N_("Compare the figure with your cards, turned and flipped (D3)."),
        ),
    ),
)


def _order(colour: Colour, held: set[str], down: str, up: str) -> tuple[str, ...]:
    """Every card of ``colour`` no hand holds, arranged so that ``down`` tops the
    face-down pile and ``up`` the face-up one (S4 cuts the order in two)."""
    cards = [
        card
        for kind in default_data_set().kinds
        if kind.colour == colour
        for card in card_ids(kind)
        if card not in held and card not in (down, up)
    ]
    half = (len(cards) + 2 + 1) // 2
    rest_down, rest_up = cards[: half - 1], cards[half - 1 :]
    return (down, *rest_down, up, *rest_up)


_BUY_HANDS = (("L5-1",), ("T5-1",))
_BUY_HELD = {card for hand in _BUY_HANDS for card in hand}

BUY = Lesson(
    id="buy",
    title=N_("Buy a card"),
    rules=("T6.1", "T6.4", "S4", "T4.5"),
    text=N_(
        "Before or after your action you may buy cards (T2.1, T2.4): an orange card "
        "(a figure of 5) costs 2 pions, an emerald one (a figure of 4) costs 1. Each "
        "colour has two piles: of a face-up pile you see the top card, of a face-down "
        "one only its back (S4, T6.4). A card must be in your hand when the action that "
        "makes its stain is played (T4.5)."
    ),
    task=N_("Buy the card that removing B2 next would lay."),
    board="""
        . . # # # # #
        . # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
        # # # # # # #
    """,
    pions=(1, 3),
    hands=_BUY_HANDS,
    orange=_order("orange", _BUY_HELD, "F5-1", "X5-1"),
    emerald=_order("emerald", _BUY_HELD, "L4-1", "O4-1"),
    goal=lambda o: o.bought is not None and o.bought.card == "O4-1",
    mistakes=(
        Mistake(
            is_action,
            "T4.5",
            N_(
                "That plays an action; the task is to buy first: the card must be in your "
                "hand when the action is played (T4.5)."
            ),
        ),
        Mistake(
            lambda o: is_buy(o) and o.bought is not None and o.bought.pile == "down",
            "T6.4",
            N_(
                "A face-down pile hides its top card: that one was {card}. The face-up "
                "piles show what you buy (T6.4)."
            ),
        ),
    ),
    otherwise_rule="T6.1",
    otherwise=N_(
        "That buys {card}: compare its figure, turned or flipped, with the stain removing "
        "B2 would make (D3, T4.4)."
    ),
    explanation=N_(
        "You paid 1 pion for the paving stone on top of the face-up emerald pile. "
        "Removing B2 now makes the red square A1 B1 A2 B2, its figure: the card will be "
        "laid (T4.4). The next card of that pile is turned up (T6.4)."
    ),
    solution=Attempt(buy=("emerald", "up")),
    wrong=(
        Attempt(buy=("orange", "up"), rule="T6.1"),
        Attempt(buy=("emerald", "down"), rule="T6.4"),
        Attempt(remove=("B2",), rule="T4.5"),
    ),
    quizzes=(
        Quiz(
            N_("Before you buy: which card would removing B2 lay now?"),
            ("O4", "L5", "T4", "none"),
            laid_by(Attempt(remove=("B2",))),
            N_("A card lays only if it is in your hand when the stain is made."),
        ),
        Quiz(
            N_("Before you buy: what does an orange card cost?"),
            ("1", "2", "3"),
            card_price("orange"),
            N_("The colour sets the price: orange cards hold the larger figures."),
        ),
        Quiz(
            N_("Before you buy: how many emerald cards could you buy now, one after another?"),
            ("0", "1", "2", "3"),
            affordable_cards("emerald"),
            N_("Count your pions and the price of one emerald card."),
        ),
    ),
)

END = Lesson(
    id="end",
    title=N_("Pass, and the end"),
    rules=("T5", "E1.1", "E2"),
    text=N_(
        "Instead of an action you may pass, even when you could act: you take no "
        "further turn and may no longer buy (T5). The game ends when every player has "
        "passed, or when no token is left (E1). Each scores the values of his laid "
        "cards, plus his pions, minus 1 for each card still in hand (E2). Ann has "
        "passed already."
    ),
    task=N_("End the game now with the best score you can get."),
    board="""
        . . . . . . .
        . . . . . . .
        . . # . . . .
        . . . . . . .
        . . . . . # .
        . . . . . . .
        . . . . . . .
    """,
    pions=(2, 5),
    hands=(("X5-1",), ("L4-1",)),
    laid=(("O4-1", "T5-1"), ("I5-1",)),
    start_player=1,
    before=(Pass(1),),
    goal=lambda o: o.passed,
    mistakes=(
        Mistake(
            lambda o: o.ended,
            "E2",
            N_(
                "Lifting the last tokens ends the game (E1.2), but their price comes off "
                "the pions you score (E2): that is not the best score you can get."
            ),
        ),
        Mistake(
            is_buy,
            "E2",
            N_(
                "A card bought now costs pions and counts −1 in your hand at the end (E2). "
                "The task is to end the game."
            ),
        ),
    ),
    otherwise_rule="E1.1",
    otherwise=N_("The game goes on: a token is left (E1.2) and not everyone has passed (E1.1)."),
    explanation=N_(
        "You passed; Ann had passed too, so the game is over (E1.1). Your laid cards, "
        "your pions and the card left in your hand make your score (E2)."
    ),
    solution=Attempt(pass_turn=True),
    wrong=(
        Attempt(remove=("C3", "F5"), rule="E2"),
        Attempt(remove=("C3",), rule="E1.1"),
        Attempt(buy=("emerald", "up"), rule="E2"),
        Attempt(move=("C3", "D4"), rule="T3.5"),
    ),
    quizzes=(
        Quiz(
            N_("Before you act: what would your score be if the game ended now?"),
            ("9", "17", "18", "19"),
            score_if_ended(0),
            N_("Laid cards' values, plus pions, minus one per card in hand."),
        ),
        Quiz(
            N_("Before you act: what is Ann's score now?"),
            ("8", "13", "14", "15"),
            score_if_ended(1),
            N_("Laid cards' values, plus pions, minus one per card in hand."),
        ),
        Quiz(
            N_("Before you act: how many pions would removing C3 and F5 together earn?"),
            ("0", "2", "4"),
            earned_by(Attempt(remove=("C3", "F5"))),
            N_("Which sets would change, and how large would they be?"),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (PAIR, SPLIT, TWO, MOVE, CARD, BUY, END)
"""The lessons in the order a newcomer meets them."""

__all__ = ["BUY", "CARD", "END", "LESSONS", "MOVE", "PAIR", "SPLIT", "TWO"]
