"""The tutorial's lessons, as data: a position, a few sentences, questions, one task.

How a lesson is judged is the tutor's business (``core.kernel.tutor``, with
Atlantis's checks in ``core.atlantis.tutor``); this module is content only, in
the order a newcomer should meet the rules. The descriptor's ``lessons`` returns
``LESSONS``.
"""

from __future__ import annotations

from core.atlantis.i18n import N_
from core.atlantis.state import MAINLAND
from core.atlantis.tutor import (
    Attempt,
    Lesson,
    Mistake,
    Quiz,
    cards_bought_with,
    declared_stuck,
    drawn_after,
    final_debt_after,
    gap_price,
    is_bridge,
    is_move,
    landing_of,
    moved_pawn_other_than,
    moved_to,
    pawns_before,
    pawns_that_can_move,
    payable_after,
    stop_after,
    taken_after,
    tile_taken_from,
    took,
    water_owed,
    why_no_move,
)
from core.kernel import tutor

PATH_AND_GOAL = Lesson(
    id="path",
    title=N_("The path and the goal"),
    rules=("S2", "E3"),
    text=N_(
        "Atlantis is sinking: your three pawns A, B and C stand on Atlantis, at the left end "
        "of the path, and flee to the Mainland at the right. Each space shows its top tile: "
        "an item's letter and a value (a small ² means another tile lies beneath). At the "
        "end, collected tiles count their value and cards in hand 1 each; the most points "
        "win (E3)."
    ),
    task=N_(
        "Press a to choose pawn A: numbers in brackets mark where it can go. Press the "
        "number under the helmet H5 (or use the arrows), then Enter."
    ),
    path="Fl2 | Ol3/Am4 | Cr1 | He5 | Ri2 | St6 | Fl4 | Am3 | Cr2",
    hands={"You": "Cr He Ri"},
    goal=moved_to(4, "A"),
    mistakes=(
        Mistake(
            moved_pawn_other_than("A"),
            "T3",
            N_("That moves pawn {pawn}. Each turn you choose one pawn (T3); this task is for A."),
        ),
    ),
    otherwise_rule="T4.1",
    otherwise=N_(
        "That takes pawn A to {where}: a card takes a pawn to the nearest space showing its item "
        "(T4.1). Each number on the path is a place one of your cards can "
        "reach; choose the one under H5, space 4."
    ),
    explanation=N_(
        "Pawn A jumped to the helmet, and you took the crown C1 behind it: every move "
        "collects a tile, and a space whose last tile is taken becomes water. You also drew "
        "a card. The game ends when a player brings all three pawns to the Mainland."
    ),
    solution=Attempt("A", 4),
    wrong=(Attempt("A", 3, rule="T4.1"), Attempt("B", 4, rule="T3")),
    quizzes=(
        Quiz(
            N_("Before you move: where would your ring take pawn A?"),
            ("F2 (space 1)", "R2 (space 5)", "C2 (space 9)", N_("the Mainland")),
            landing_of("A", "Ri"),
            N_(
                "A card takes a pawn to the nearest space ahead showing its item: find the first R."
            ),
        ),
        Quiz(
            N_("Before you move: where would your crown take pawn A?"),
            ("C1 (space 3)", "H5 (space 4)", "C2 (space 9)", N_("the Mainland")),
            landing_of("A", "Cr"),
            N_("A card takes a pawn to the nearest space ahead showing its item."),
        ),
        Quiz(
            N_("Before you move: where would a statue card take pawn A?"),
            ("R2 (space 5)", "S6 (space 6)", "F4 (space 7)", N_("the Mainland")),
            landing_of("A", "St"),
            N_("A card takes a pawn to the nearest space ahead showing its item."),
        ),
    ),
)

MOVING = Lesson(
    id="moving",
    title=N_("Moving with a card"),
    rules=("T4.1",),
    text=N_(
        "To move, play one card: the pawn jumps forward to the nearest space ahead showing "
        "that card's item, passing over water, tiles and pawns (T4.1). Once a pawn is "
        "chosen, the numbers on the path show where each of your cards would take it."
    ),
    task=N_("Move pawn A as far along the path as a single card can take it."),
    path="Ol1 | Fl2 | He3 | Ol4 | Am2 | Cr5 | Fl6 | St3 | Ri4 | Am6",
    hands={"You": "Fl Ol Cr"},
    goal=moved_to(6),
    otherwise=N_(
        "Your {cards} would stop on {where}, the nearest {cards} ahead: a card never passes a "
        "space showing its own item, so the farther one is out of its reach (T4.1). "
        "Look where each of your items first appears ahead."
    ),
    explanation=N_(
        "The crown passed five spaces to reach C5, the first crown ahead. The flag and the "
        "olives would have stopped on the first flag and olives, right at the start. You "
        "took the amphora A2 you jumped past last."
    ),
    solution=Attempt("A", 6),
    wrong=(Attempt("A", 2, rule="T4.1"), Attempt("A", 1, rule="T4.1")),
    quizzes=(
        Quiz(
            N_("Before you move: where would your flag take pawn A?"),
            ("F2 (space 2)", "F6 (space 7)", N_("the Mainland")),
            landing_of("A", "Fl"),
            N_("A card never passes a space showing its own item: find the first F ahead."),
        ),
        Quiz(
            N_("Before you move: where would your olives take pawn A?"),
            ("O1 (space 1)", "O4 (space 4)", N_("the Mainland")),
            landing_of("A", "Ol"),
            N_("A card never passes a space showing its own item."),
        ),
        Quiz(
            N_("Before you move: where would an amphora card take pawn A?"),
            ("A2 (space 5)", "A6 (space 10)", N_("the Mainland")),
            landing_of("A", "Am"),
            N_("A card never passes a space showing its own item."),
        ),
    ),
)

OCCUPIED = Lesson(
    id="occupied",
    title=N_("Landing on a pawn"),
    rules=("T4.3", "X1"),
    text=N_(
        "A pawn may not stop where another pawn stands. If your card lands on an occupied "
        "space — anyone's pawn, even your own — you must play another card, of any item, "
        "and move on from there (T4.3). The preview lists every card a move plays."
    ),
    task=N_("Take pawn A, on the amphora A6 (space 7), to the helmet H5 (space 11)."),
    path=(
        "St5[Ann B] | Am2/Ol4 | Fl1 | Ri3 | Cr1[Bob A] | Fl4 | Am6[You A] | He2[Ann A] | Ol3 "
        "| Ri7 | He5 | St6"
    ),
    players=("You", "Ann", "Bob"),
    hands={"You": "He He Ol", "Ann": "Fl", "Bob": "Ol"},
    goal=moved_to(11, "A"),
    mistakes=(
        Mistake(
            moved_pawn_other_than("A"),
            "T3",
            N_("That moves pawn {pawn}; the task is for pawn A, on space 7."),
        ),
    ),
    otherwise=N_(
        "Pawn A would stop on {where}: it is free, so the move would end there (T4.3). To get past "
        "Ann's pawn, land on it: a card that lands on an occupied space must be followed "
        "by another."
    ),
    refusals={
        "T4.5": N_(
            "One helmet lands on H2, where Ann's pawn stands, so you must play another card (T4.3)."
        )
    },
    explanation=N_(
        "Your first helmet landed on H2 under Ann's pawn, so you played a second card, and "
        "the next helmet ahead is H5 (T4.3). Looking back, R7 was the first free tile: it "
        "is yours. You draw just 1 card although you played 2 (T8)."
    ),
    solution=Attempt("A", 11),
    wrong=(Attempt("A", 9, rule="T4.3"), Attempt("B", 11, rule="T3")),
    quizzes=(
        Quiz(
            N_("Before you move: where would your olives take pawn A?"),
            ("O3 (space 9)", "R7 (space 10)", "S6 (space 12)"),
            stop_after("A", "Ol"),
            N_("The olives go to the first O ahead of pawn A; is anyone standing there?"),
        ),
        Quiz(
            N_(
                "Before you move: where would pawn A stop if you played a helmet card and "
                "then a ring card?"
            ),
            ("H2 (space 8)", "O3 (space 9)", "R7 (space 10)", "H5 (space 11)"),
            stop_after("A", "He Ri"),
            N_(
                "A card that lands on a pawn is followed by the next one, which moves on "
                "from that space."
            ),
        ),
        Quiz(
            N_(
                "Before you move: where would pawn B, on Atlantis, stop if you played a "
                "crown card and then a flag card?"
            ),
            ("F1 (space 3)", "C1 (space 5)", "F4 (space 6)", "A6 (space 7)"),
            stop_after("B", "Cr Fl"),
            N_(
                "A card that lands on a pawn is followed by the next one, which moves on "
                "from that space."
            ),
        ),
    ),
)

WHICH_TILE = Lesson(
    id="tile",
    title=N_("Which tile you take"),
    rules=("T6.1",),
    text=N_(
        "After moving, look back toward Atlantis from where your pawn stopped: you take the "
        "top tile of the first free land space, skipping water and spaces with pawns "
        "(T6.1). The space your pawn just left counts as free. The preview names the tile."
    ),
    task=N_("Collect the statue S7 that your pawn A is standing on (space 2)."),
    path="Ri2 | St7[You A] | Fl3[Ann A] | Ol1 | Cr2 | He6 | Am4 | Fl5",
    hands={"You": "Ol Cr He", "Ann": "Fl"},
    goal=took("St7"),
    otherwise=N_(
        "From {where} the first free land space behind you holds {took}, so that is the "
        "tile you take (T6.1). Stop where every space between you and S7 is occupied."
    ),
    explanation=N_(
        "The olives stopped pawn A on O1. Looking back, Ann's pawn occupies F3 and the "
        "space you just left counts as free, so S7 is yours (T6.1). It was the only tile "
        "there, so space 2 became water (T7.1)."
    ),
    solution=Attempt("A", 4),
    wrong=(Attempt("A", 5, rule="T6.1"), Attempt("B", 4, rule="T6.1")),
    quizzes=(
        Quiz(
            N_("Before you move: if pawn A stopped on C2 (space 5), which tile would it take?"),
            ("S7 (space 2)", "F3 (space 3)", "O1 (space 4)", "C2 (space 5)"),
            tile_taken_from(5, "A"),
            N_("Look back toward Atlantis from C2: the first land space without a pawn."),
        ),
        Quiz(
            N_("Before you move: if pawn A stopped on A4 (space 7), which tile would it take?"),
            ("O1 (space 4)", "H6 (space 6)", "A4 (space 7)", N_("nothing")),
            tile_taken_from(7, "A"),
            N_("Look back toward Atlantis from A4: the first land space without a pawn."),
        ),
        Quiz(
            N_("Before you move: if pawn A stopped on H6 (space 6), which tile would it take?"),
            ("O1 (space 4)", "C2 (space 5)", "H6 (space 6)", N_("nothing")),
            tile_taken_from(6, "A"),
            N_("Look back toward Atlantis from H6: the first land space without a pawn."),
        ),
    ),
)

WATER = Lesson(
    id="water",
    title=N_("Water and paying"),
    rules=("T5.1", "T5.4", "X2"),
    text=N_(
        "Crossing water costs the lower value of the two land spaces beside it, whatever "
        "its length; bridged water (═B═) is free, and the costs of one move add up (T5.1). "
        "You pay after moving, with collected tiles (their value) and cards (1 each) — "
        "only what you held when your turn began (T5.4)."
    ),
    task=N_("Bring a pawn to the ring R2 (space 12) and pay for the water it crosses."),
    path="Am6[You A] ~ Fl1 | Cr6[You B] ~ Ol4 | He5 ~B~ St3 ~ Cr5[Ann A] | Ri2",
    hands={"You": "Ri Fl Fl", "Ann": "Am"},
    collected={"You": "Ol5"},
    bridge_owners=("Ann",),
    goal=moved_to(12),
    refusals={
        "T4.5": N_(
            "From space 1, pawn A would cross water for 1 + 4 + 0 + 3 = 8, but you can pay "
            "at most 7: your O5 and the two cards you keep; the ring you play cannot pay "
            "(T4.5, T5.4). Which pawn crosses less water?"
        )
    },
    otherwise=N_(
        "That move is fine, but the task is to reach R2 (space 12). Count the water each "
        "pawn would cross on the way (T5.1)."
    ),
    explanation=N_(
        "Pawn B crossed 4 (C6|O4) + 0 (bridged) + 3 (S3|C5) = 7 and paid it with O5 and "
        "your two flags: never the ring you played, never the S3 you took (T5.4). Taking S3 "
        "made water that joined the bridged gap, so all of it is now free (T2)."
    ),
    solution=Attempt("B", 12),
    wrong=(Attempt("A", 12, rule="T4.5"), Attempt("A", 3, rule="T5.1")),
    quizzes=(
        Quiz(
            N_("Before you move: what would pawn A owe for the water on its way to R2?"),
            ("3", "4", "7", "8"),
            water_owed("A", 12),
            N_(
                "Each gap costs the lower value of its two neighbours, and a bridged gap "
                "nothing; add up every gap between space 1 and space 12."
            ),
        ),
        Quiz(
            N_(
                "Before you move: if a pawn moved with your ring, what is the most you "
                "could pay for its water?"
            ),
            ("5", "7", "8", "10"),
            payable_after("Ri"),
            N_(
                "You pay with the tiles and cards you held when your turn began, never "
                "with the cards you play."
            ),
        ),
        Quiz(
            N_("Before you move: what would pawn B owe for the water on its way to S3?"),
            ("0", "3", "4", "7"),
            water_owed("B", 9),
            N_(
                "Each gap costs the lower value of its two neighbours, and a bridged gap "
                "nothing; add up every gap between space 4 and space 9."
            ),
        ),
    ),
)

BRIDGES = Lesson(
    id="bridges",
    title=N_("Bridges"),
    rules=("T2", "T5.3"),
    text=N_(
        "Each player owns one bridge and may place it once per game on any water, during "
        "his turn before moving (T2). From then on everybody crosses that water for free, "
        "you and the others alike (T5.3)."
    ),
    task=N_("Press w and place your bridge where it saves you the most."),
    path="Fl3 | Ol5[Ann A] ~ ~ Cr6[You A] | He5[You B] | St6[You C] ~ Ri7 | Fl6 | Am4 | He3",
    hands={"You": "Ri Fl", "Ann": "Ol"},
    collected={"You": "Am7"},
    goal=lambda o: o.bridged == 8,
    mistakes=(
        Mistake(
            is_move,
            "T2",
            N_(
                "The bridge goes down before you move: placed after a crossing it would not "
                "refund it (T2). Press w first."
            ),
        ),
    ),
    otherwise_rule="T5.3",
    otherwise=N_(
        "A bridge on the water at {span} lets only the pawns still before it cross for "
        "free: {behind} (T5.3). Which water must your own pawns still cross?"
    ),
    explanation=N_(
        "All three of your pawns still have to cross the water at space 8: your bridge "
        "saves 6 for each of them, now or in the final crossing (E2). Ann crosses it for "
        "free too — a bridge helps everybody, so place it where it helps you most."
    ),
    solution=Attempt(bridge=8),
    wrong=(Attempt(bridge=3, rule="T5.3"), Attempt("A", 9, rule="T2")),
    quizzes=(
        Quiz(
            N_("Before you bridge: how many of your pawns have still to cross the water at 8?"),
            (N_("none"), N_("one"), N_("two"), N_("all three")),
            pawns_before(8),
            N_("Find your pawns ●A, ●B and ●C on the path: which stand before space 8?"),
        ),
        Quiz(
            N_("Before you bridge: how many of your pawns have still to cross the water at 3–4?"),
            (N_("none"), N_("one"), N_("two"), N_("all three")),
            pawns_before(3),
            N_("Find your pawns ●A, ●B and ●C on the path: which stand before space 3?"),
        ),
        Quiz(
            N_("Before you bridge: without a bridge, what does crossing the water at 8 cost?"),
            ("1", "6", "7", "13"),
            gap_price(8),
            N_("Water costs the lower value of the two land spaces beside it."),
        ),
    ),
)

BUYING = Lesson(
    id="buying",
    title=N_("Buying cards"),
    rules=("T1",),
    text=N_(
        "At the start of your turn you may return one collected tile to the box and draw "
        "half its value in cards, rounded down: a 5 gives 2 cards, a 1 gives none (T1). "
        "Once per turn, before the bridge and the move. Points decide the game, so buy "
        "only what you need."
    ),
    task=N_(
        "You hold no cards, so no pawn can move. Press p and buy a card for as few points "
        "as possible."
    ),
    path="Ol3 | Fl2[Ann A] | Cr4 | He1 | Ri5 | St2 | Am3",
    hands={"Ann": "Ol"},
    collected={"You": "Am7 Fl3 He2 Ol1"},
    goal=lambda o: o.bought == "He2",
    mistakes=(
        Mistake(
            lambda o: o.bought is not None and o.fields()["bought"] == 0,
            "T1",
            N_("{tile} buys half of {value}, rounded down: no card at all (T1)."),
        ),
        Mistake(
            declared_stuck,
            "T1",
            N_(
                "That is allowed: with no card no pawn can move, so you may show your hand "
                "and draw 2 cards (T9). This lesson is about the other way out, buying "
                "first (T1): press p."
            ),
        ),
        Mistake(
            is_bridge,
            "T1",
            N_("Cards are bought at the start of the turn, before the bridge (T1). Press p."),
        ),
    ),
    otherwise=N_(
        "{tile} buys {bought} cards for {value} points (T1): a cheaper tile buys one card."
    ),
    explanation=N_(
        "H2 went back to the box and you drew 1 card (2 ÷ 2). Cards bought now count as "
        "held at the start of the turn, so they may also pay for water (T5.4). Buying costs "
        "points, so buy when you would otherwise be stuck."
    ),
    solution=Attempt(buy="He2"),
    wrong=(Attempt(buy="Ol1", rule="T1"), Attempt(buy="Am7", rule="T1")),
    quizzes=(
        Quiz(
            N_("Before you buy: how many cards would your A7 buy?"),
            ("1", "3", "4", "7"),
            cards_bought_with("Am7"),
            N_("A tile buys half its value in cards, rounded down."),
        ),
        Quiz(
            N_("Before you buy: how many cards would your F3 buy?"),
            ("0", "1", "2", "3"),
            cards_bought_with("Fl3"),
            N_("A tile buys half its value in cards, rounded down."),
        ),
        Quiz(
            N_("Before you buy: how many cards would your O1 buy?"),
            ("0", "1", "2", "3"),
            cards_bought_with("Ol1"),
            N_("A tile buys half its value in cards, rounded down."),
        ),
    ),
)

STUCK = Lesson(
    id="stuck",
    title=N_("When no pawn can move"),
    rules=("T9", "T4.5"),
    text=N_(
        "A move is not allowed if your cards run out before the pawn stops on a free "
        "space, or if you cannot pay for its water (T4.5). When none of your pawns has a "
        "move you may make, you show your hand, draw 2 cards and your turn ends: no tile, "
        "no other draw (T9). You may buy cards first (T1); moves that only a bridge you "
        "have not placed yet would allow do not count."
    ),
    task=N_(
        "Play your turn: move a pawn if one can move; if none can, press x to show your "
        "hand and draw 2 cards."
    ),
    path="He4[Ann A] | Ri5[You A] | He6[Ann B] ~ Ri6 | He5 ~B~ Am3 | Fl2",
    hands={"You": "He Ri", "Ann": "Ol"},
    collected={"You": "Ol1"},
    bridge_owners=("You",),
    goal=declared_stuck,
    mistakes=(
        Mistake(
            lambda o: o.bought is not None,
            "T1",
            N_("{tile} buys half of {value}, rounded down: no card at all (T1)."),
        ),
    ),
    otherwise_rule="T9",
    otherwise=N_("That is allowed, but it does not end your turn. Can any pawn move?"),
    refusals={"T4.5": why_no_move},
    explanation=N_(
        "No pawn had a move you could make, so you showed your hand to everybody, drew 2 "
        "cards and your turn ended, with no tile (T9). In a game the app sees this itself "
        "and offers to buy cards or place your bridge first when you still may."
    ),
    solution=Attempt(stuck=True),
    wrong=(
        Attempt("A", 5, rule="T4.5"),
        Attempt("B", rule="T4.5"),
        Attempt(buy="Ol1", rule="T1"),
    ),
    quizzes=(
        Quiz(
            N_("Before you play: how many of your pawns have a move you may make?"),
            (N_("none"), N_("one"), N_("two"), N_("all three")),
            pawns_that_can_move(),
            N_(
                "Try each pawn in your head: does it stop on a free space before your "
                "cards run out, and can you pay for its water?"
            ),
        ),
        Quiz(
            N_("Before you play: if no pawn could move, how many cards would you draw?"),
            ("0", "1", "2", "3"),
            drawn_after(Attempt(stuck=True)),
            N_("A player who cannot move does not draw as after a move."),
        ),
        Quiz(
            N_("Before you play: if no pawn could move, which tile would you take?"),
            ("H4 (space 1)", "R5 (space 2)", "H6 (space 3)", N_("nothing")),
            taken_after(Attempt(stuck=True)),
            N_("A player who cannot move does not finish a turn as after a move."),
        ),
    ),
)

MAINLAND_LESSON = Lesson(
    id="mainland",
    title=N_("Reaching the Mainland"),
    rules=("T4.2", "T8"),
    text=N_(
        "When no space between your pawn and the Mainland shows the item you play, the "
        "pawn goes straight to the Mainland (T4.2). Arriving, you take the free tile "
        "nearest the Mainland (T6.2). Each pawn home draws you one more card every turn: "
        "1 + your pawns on the Mainland (T8)."
    ),
    task=N_("Your pawn B is home already. Bring another pawn to the Mainland."),
    path="Cr2 | Fl4[You A] | Ri3 | Ol5 | Fl1 | He6 | Ri5 | Am2",
    hands={"You": "Fl Ri St", "Ann": "Ol"},
    home={"You": "B"},
    goal=moved_to(MAINLAND),
    otherwise=N_(
        "The {cards} would stop on {where}: a card goes to the Mainland only when no space "
        "ahead shows its item (T4.2). Which of your items is not on the path ahead?"
    ),
    explanation=N_(
        "No statue lies ahead, so the statue took your pawn home (T4.2). You took A2, the "
        "free tile nearest the Mainland (T6.2); its space became water next to the "
        "Mainland, which moved back onto R5 (T7.2). With two pawns home you drew 1 + 2 = 3 "
        "cards (T8)."
    ),
    solution=Attempt("A", MAINLAND),
    wrong=(Attempt("A", 5, rule="T4.2"),),
    quizzes=(
        Quiz(
            N_("Before you move: how many cards will you draw once this pawn is home?"),
            ("1", "2", "3", "4"),
            drawn_after(Attempt("A", MAINLAND)),
            N_("After moving you draw 1 card, plus 1 for each of your pawns on the Mainland."),
        ),
        Quiz(
            N_("Before you move: where would a crown card take pawn A?"),
            ("C2 (space 1)", "A2 (space 8)", N_("the Mainland")),
            landing_of("A", "Cr"),
            N_("Only the spaces ahead of the pawn count, up to the Mainland."),
        ),
        Quiz(
            N_("Before you move: which tile would you take if pawn A reached the Mainland?"),
            ("F4 (space 2)", "R5 (space 7)", "A2 (space 8)", N_("nothing")),
            tile_taken_from(MAINLAND, "A"),
            N_("Arriving home, look back from the Mainland for the first free land space."),
        ),
    ),
)

THE_END = Lesson(
    id="end",
    title=N_("The end and the score"),
    rules=("E1", "E2", "E3", "X3"),
    text=N_(
        "When a player brings his third pawn home, he finishes that turn and the game ends "
        "(E1). Every other pawn still on the path then crosses to the Mainland, its owner "
        "paying for all the water left ahead of it (E2). Scores: tiles' values plus 1 per "
        "card (E3)."
    ),
    task=N_("Pawns A and B are home. End the game: bring pawn C (space 9) to the Mainland."),
    path="Ol1[Ann A] ~ Am5 | He4 ~ Fl6[Ann B] | Cr4[Bob A] ~ St1[You C] | Ri5",
    players=("You", "Ann", "Bob"),
    hands={"You": "Fl Ri", "Ann": "Ol Ol", "Bob": "Cr Am"},
    collected={"You": "Am6 Ri4", "Ann": "He7", "Bob": "Fl5"},
    home={"You": "AB", "Ann": "C", "Bob": "BC"},
    goal=moved_to(MAINLAND, "C"),
    otherwise=N_(
        "The game ends only when your third pawn reaches the Mainland (E1); your {cards} "
        "would stop on {where}, the first {cards} ahead (T4.1)."
    ),
    explanation=N_(
        "Your third pawn is home: you took R5 (T6.2), drew 4 cards (T8), and the game "
        "ended (E1). Ann's pawns owed 1 + 4 + 1 = 6 and 1 for the water left, and Bob's 1 "
        "(E2). Each score is tiles plus cards (E3)."
    ),
    solution=Attempt("C", MAINLAND),
    wrong=(Attempt("C", 10, rule="E1"),),
    quizzes=(
        Quiz(
            N_("Before you move: once the game ends, what will Bob owe for his pawn on C4?"),
            ("0", "1", "4", "5"),
            final_debt_after(Attempt("C", MAINLAND), 2),
            N_(
                "At the end every pawn still on the path pays for all the water ahead of "
                "it: each gap the lower value of its two neighbours."
            ),
        ),
        Quiz(
            N_("Before you move: once the game ends, what will Ann owe for her two pawns?"),
            ("1", "6", "7", "11"),
            final_debt_after(Attempt("C", MAINLAND), 1),
            N_(
                "At the end every pawn still on the path pays for all the water ahead of "
                "it: each gap the lower value of its two neighbours."
            ),
        ),
        Quiz(
            N_("Before you move: how many cards will you draw when pawn C reaches the Mainland?"),
            ("1", "2", "3", "4"),
            drawn_after(Attempt("C", MAINLAND)),
            N_("After moving you draw 1 card, plus 1 for each of your pawns on the Mainland."),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (
    PATH_AND_GOAL,
    MOVING,
    OCCUPIED,
    WHICH_TILE,
    WATER,
    BRIDGES,
    BUYING,
    STUCK,
    MAINLAND_LESSON,
    THE_END,
)


def lesson_index(lesson_id: str) -> int:
    """Position of a lesson by id or by number (``"3"``); raises ``KeyError``."""
    return tutor.lesson_index(LESSONS, lesson_id)
