"""Atlantica's tutorial lessons, as data: a position, a few sentences, questions, one task.

How a lesson is judged is the tutor's business (``core.kernel.tutor``, with
Atlantica's checks in ``core.atlantica.tutor``); this module is content only, in
the order a newcomer should meet the rules. Every position is laid out so that
the task has one right command among the many the rules allow, and every
question's answer is worked out from the position by the rules. The
descriptor's ``lessons`` returns ``LESSONS``.
"""

from __future__ import annotations

from core.atlantica.cards import Pick
from core.atlantica.commands import EndTurn, Pass, PerformAction
from core.atlantica.i18n import N_
from core.atlantica.tutor import (
    Attempt,
    Lesson,
    Mistake,
    Quiz,
    at,
    cards_paid,
    colours_kept,
    gain_of,
    hand_after_turn,
    hired_usable,
    is_action,
    level_reaching,
    next_after_turn,
    pair_allowed,
    paying_colour,
    release_cost,
    released_now,
    research,
    research_worth,
    score_if_ended,
    slots_left,
    treasure,
)

# The other player's hand and holdings, the same in every lesson: she is not the subject.
ANN_HAND = ("G2", "G3", "W3", "B2", "Y2")
ANN_TREASURES = ("ARC-2", "TER-2")
ANN_SHIPS = ("B3-2",)

LEVEL1 = Lesson(
    id="level1",
    title=N_("One card, one action"),
    rules=("T2.3", "T3.1", "T6.1", "S1.3"),
    text=N_(
        "Each location has three levels. Level 1 has one slot: pay it with one diver card "
        "of a colour the slot shows (G|Y is green or yellow), and the card goes to the "
        "discard pile (T2.3, T2.6). At level 1 the submarine takes the treasure on space 1 "
        "(T3.1), the port the top ship of pile A (T4.1), the bistro hires 3 divers (T5.1), "
        "the research centre takes the card on research space 1 (T6.1). Amphorae score 2, "
        "5, 10, 16 for 1 to 4 cards (S1.3); research R3 is worth 4 points."
    ),
    task=N_("Play the level-1 action that adds the most points to your score."),
    hands=(("W1", "Y1", "B1", "R1", "V1"), ANN_HAND),
    treasures=(("AMP-1", "AMP-2"), ANN_TREASURES),
    ships=(("C4-1",), ANN_SHIPS),
    treasure_display=("AMP-3", "ARC-1", "STA-1", "TER-1", "GLD-1", "EPI-1"),
    research_display=("R3-1", "R9-1", "R1-1", "R6-1"),
    ship_tops=("A2-1", "B3-1", "C5-1"),
    goal=at("submarine", 1),
    mistakes=(
        Mistake(
            lambda o: o.level > 1,
            "T2.3",
            N_(
                "{Action} plays {cards} cards; the task is a level-1 action: one slot, "
                "one card (T2.3)."
            ),
        ),
        Mistake(
            lambda o: o.passed,
            "T8",
            N_("Passing draws 5 divers instead of acting (T8); the task is an action."),
        ),
        Mistake(
            at("research", 1),
            "S1.3",
            N_(
                "{Action} takes {took}. Another level-1 action adds more to your score: "
                "count what each card would add on its ladder (S1.3)."
            ),
        ),
    ),
    otherwise_rule="T3.1",
    otherwise=N_("{Action} takes {took}. Another level-1 action adds more to your score (S1.3)."),
    explanation=N_(
        "Your yellow diver paid the submarine's level 1 (T3.1): the amphora on space 1 is "
        "yours, and three amphorae score 10 instead of 5 (S1.3), more than the 4 of "
        "research R3. Your turn is ended for you: the treasures move toward space 1 and "
        "the display is refilled (T9.2)."
    ),
    solution=Attempt("submarine", 1),
    wrong=(
        Attempt("research", 1, rule="S1.3"),
        Attempt("submarine", 2, picks=treasure(1, 3), rule="T2.3"),
        Attempt("port", 1, rule="T3.1"),
        Attempt("submarine", 1, cards=("W1",), rule="T2.3"),
        Attempt(pass_turn=True, rule="T8"),
    ),
    quizzes=(
        Quiz(
            N_("First: which of your cards can pay the submarine's level 1?"),
            ("white", "yellow", "blue", "red", "violet"),
            paying_colour("submarine"),
            N_("Read the slot's colours on the board, G|Y, and find them in your hand."),
        ),
        Quiz(
            N_("First: how many points would the amphora on treasure space 1 add to your score?"),
            ("2", "5", "10"),
            gain_of(Attempt("submarine", 1)),
            N_("Amphorae score 2, 5, 10, 16: compare two cards with three."),
        ),
        Quiz(
            N_("First: what would your score be if the game ended now?"),
            ("2", "4", "5", "7"),
            score_if_ended(),
            N_("Your two amphorae, on their ladder; your ship's crates hold them both."),
        ),
    ),
)

DIVE = Lesson(
    id="dive",
    title=N_("Dive deep: level 3 at the submarine"),
    rules=("T3.3", "T2.4", "S1.3"),
    text=N_(
        "Each level adds one slot to the level below: the submarine's level 3 is G|Y + V + "
        "W, three cards, the most a turn may fill (T2.4). It takes up to 3 treasures of your "
        "choice from spaces 1 to 6 (T3.3). A treasure counts on its type's ladder: the more "
        "cards of a type you hold, the more the next one is worth (S1.3)."
    ),
    task=N_("Dive to level 3 and take the three treasures that add the most to your score."),
    hands=(("Y1", "V1", "W1", "B1", "R1"), ANN_HAND),
    treasures=(("AMP-1", "AMP-2", "AMP-3", "STA-1", "STA-2", "EPI-1"), ANN_TREASURES),
    ships=(("C5-1", "B4-1"), ANN_SHIPS),
    treasure_display=("GLD-1", "AMP-4", "ARC-1", "STA-3", "EPI-2", "TER-1"),
    research_display=("R3-1", "R9-1", "R1-1", "R6-1"),
    ship_tops=("A2-1", "B3-1", "C5-2"),
    goal=lambda o: o.rule == "T3.3" and o.treasure_spaces == (2, 4, 5),
    mistakes=(
        Mistake(
            lambda o: o.location == "submarine" and o.level < 3,
            "T3.3",
            N_("{Action} takes {took}; the task is a dive to level 3, for three treasures."),
        ),
        Mistake(
            lambda o: o.rule == "T3.3" and len(o.treasures) < 3,
            "T3.3",
            N_("That takes {took} only: level 3 takes up to three treasures; the task is three."),
        ),
        Mistake(
            lambda o: o.rule == "T3.3",
            "S1.3",
            N_(
                "Three other treasures add more than {took}: count what each card adds on "
                "its ladder, with the cards of its type you hold (S1.3)."
            ),
        ),
    ),
    otherwise_rule="T3.3",
    otherwise=N_("{Action}: the task is a dive to level 3 at the submarine."),
    explanation=N_(
        "The statue makes your statues three, 8 → 15 (+7); the fourth amphora 10 → 16 (+6); "
        "the second inscription 0 → 6 (+6): 19 points in one dive (T3.3, S1.3). Your three "
        "slots are filled, so your turn is over (T2.4)."
    ),
    solution=Attempt("submarine", 3, picks=treasure(2, 4, 5)),
    wrong=(
        Attempt("submarine", 3, picks=treasure(2, 4, 6), rule="S1.3"),
        Attempt("submarine", 3, picks=treasure(2, 4), rule="T3.3"),
        Attempt("submarine", 2, picks=treasure(2, 3), rule="T3.3"),
        Attempt("submarine", 2, picks=treasure(2, 4), rule="T3.2"),
        Attempt("port", 1, rule="T3.3"),
    ),
    quizzes=(
        Quiz(
            N_("First: how many points would the statue on space 4 add to your score?"),
            ("3", "5", "7", "15"),
            gain_of(Attempt("submarine", 3, picks=treasure(4))),
            N_("Statues score 3, 8, 15 for 1 to 3 cards, and you hold two."),
        ),
        Quiz(
            N_("First: which is the lowest submarine level that can take the card on space 5?"),
            ("level 1", "level 2", "level 3"),
            level_reaching(5),
            N_("Each level reaches further into the display."),
        ),
        Quiz(
            N_("First: how many points would the inscription on space 5 add to your score?"),
            ("0", "6", "12"),
            gain_of(Attempt("submarine", 3, picks=treasure(5))),
            N_("Inscriptions score 0, 6, 12 for 1 to 3 cards, and you hold one."),
        ),
    ),
)

PAIR = Lesson(
    id="pair",
    title=N_("The pair, a joker"),
    rules=("T2.5", "T3.2", "T2.4"),
    text=N_(
        "Once a turn, two diver cards of one colour may fill a single slot, whatever colour "
        "the slot asks (T2.5). A pair is allowed only when your single cards cannot pay that "
        "level. It counts as one slot, so a turn with a pair may play four cards (T2.4)."
    ),
    task=N_("Take both statues from the treasure display in one action."),
    hands=(("G1", "W1", "W2", "B1", "R1"), ANN_HAND),
    treasures=(("STA-1", "AMP-1"), ANN_TREASURES),
    ships=(("B4-1",), ANN_SHIPS),
    treasure_display=("ARC-1", "STA-2", "STA-3", "TER-1", "GLD-1", "EPI-1"),
    research_display=("R3-1", "R9-1", "R1-1", "R6-1"),
    ship_tops=("A2-1", "B3-1", "C5-2"),
    goal=lambda o: o.treasure_spaces == (2, 3),
    mistakes=(
        Mistake(
            lambda o: o.location == "submarine",
            "T3.2",
            N_("That takes {took}, not both statues (T3.2)."),
        ),
    ),
    otherwise_rule="T3.2",
    otherwise=N_("{Action} takes {took}, not both statues of the treasure display."),
    explanation=N_(
        "Your green diver filled G|Y, and your two white divers, as a pair, filled the "
        "violet slot no single card of yours could fill (T2.5): both statues are yours, "
        "three with the one you held. Your pair is used for this turn."
    ),
    solution=Attempt("submarine", 2, picks=treasure(2, 3)),
    wrong=(
        Attempt("submarine", 1, rule="T3.2"),
        Attempt("submarine", 2, picks=treasure(1, 2), rule="T3.2"),
        Attempt("port", 1, cards=("W1", "W2"), pair_slot=0, rule="T2.5"),
        Attempt("submarine", 3, picks=treasure(2, 3), rule="T2.5"),
        Attempt("research", 1, rule="T3.2"),
    ),
    quizzes=(
        Quiz(
            N_("First: how many diver cards would taking both statues cost you?"),
            ("2", "3", "4"),
            cards_paid(Attempt("submarine", 2, picks=treasure(2, 3))),
            N_("Level 2 of the submarine has two slots; a pair fills one with two cards."),
        ),
        Quiz(
            N_("First: could a pair pay the port's level 1 now?"),
            ("yes", "no"),
            pair_allowed("port", 1),
            N_("A pair is a joker for a slot your single cards cannot fill."),
        ),
        Quiz(
            N_("First: could a pair pay the research centre's level 2 now?"),
            ("yes", "no"),
            pair_allowed("research", 2),
            N_("Look for a card of yours for each of its slots, B|R and Y."),
        ),
    ),
)

HIRE = Lesson(
    id="hire",
    title=N_("Hire divers at the bistro"),
    rules=("T5.2", "T5.5", "T9.1", "T2.4"),
    text=N_(
        "The bistro's level 1 hires 3 divers, its level 2 hires 6 (T5.1, T5.2). Hired divers "
        "lie face down in front of you: you cannot use them this turn, and they join your "
        "hand only when your turn ends (T5.5, T9.1). You have already taken a treasure this "
        "turn, so one of your three slots is filled (T2.4)."
    ),
    task=N_("Hire as many divers as your turn still allows."),
    hands=(("G1", "Y1", "W1", "R1", "R2"), ANN_HAND),
    treasures=(("ARC-1", "AMP-1"), ANN_TREASURES),
    ships=(("B4-1",), ANN_SHIPS),
    treasure_display=("STA-1", "ARC-3", "STA-3", "TER-1", "GLD-1", "EPI-1"),
    research_display=("R3-1", "R9-1", "R1-1", "R6-1"),
    ship_tops=("A2-1", "B3-1", "C5-2"),
    before=(PerformAction(0, "submarine", 1, ("G1",)),),
    goal=lambda o: o.hired == 6,
    mistakes=(
        Mistake(
            lambda o: o.hired == 3,
            "T5.2",
            N_(
                "Level 1 hires 3 divers; level 2 hires 6, and your turn has two slots left "
                "for it (T2.4)."
            ),
        ),
        Mistake(
            lambda o: not is_action(o),
            "T5.2",
            N_("That ends your turn without hiring; the bistro is still yours this turn (T2.2)."),
        ),
    ),
    otherwise_rule="T5.2",
    otherwise=N_("{Action} hires nobody; the bistro hires divers (T5.1, T5.2)."),
    explanation=N_(
        "Your yellow and white divers paid the bistro's level 2 (T5.2): six divers lay face "
        "down in front of you, out of play for the rest of the turn (T5.5). Your turn is "
        "ended for you, and they joined your hand (T9.1)."
    ),
    solution=Attempt("bistro", 2),
    wrong=(
        Attempt("bistro", 1, rule="T5.2"),
        Attempt("bistro", 3, picks=(Pick("ship", 1),), rule="T2.4"),
        Attempt(pass_turn=True, rule="T2.7"),
        Attempt(end_turn=True, rule="T5.2"),
        Attempt("submarine", 1, rule="T2.2"),
        Attempt("port", 1, rule="T5.2"),
    ),
    quizzes=(
        Quiz(
            N_(
                "First: if you hire six now, how many diver cards will be in your hand when "
                "your turn ends?"
            ),
            ("4", "6", "8", "10"),
            hand_after_turn(Attempt("bistro", 2)),
            N_("The cards you pay leave your hand at once; the hired ones come in later."),
        ),
        Quiz(
            N_("First: could the divers you hire now pay for another action this turn?"),
            ("yes", "no"),
            hired_usable(Attempt("bistro", 2)),
            N_("Where do hired divers lie until your turn ends?"),
        ),
        Quiz(
            N_("First: how many slots can your turn still fill?"),
            ("1", "2", "3"),
            slots_left(),
            N_("A turn fills three slots; your treasure filled one."),
        ),
    ),
)

CRATES = Lesson(
    id="crates",
    title=N_("Crates, or release"),
    rules=("E3", "T4.5", "T4.1"),
    text=N_(
        "At the end each treasure card needs a crate: a player with more treasure cards "
        "than crates on his ships releases the excess, and they score nothing (E3, T4.5). "
        "The release keeps the cards worth the most. A ship's number is its crates: A3 "
        "carries 3 (S1.4)."
    ),
    task=N_("Charter the ship that saves the most points from release."),
    hands=(("W1", "G1", "Y1", "B1"), ANN_HAND),
    treasures=(
        ("AMP-1", "AMP-2", "AMP-3", "STA-1", "STA-2", "GLD-1", "GLD-2", "ARM-2"),
        ANN_TREASURES,
    ),
    ships=(("B3-1", "A2-1"), ANN_SHIPS),
    treasure_display=("ARC-1", "TER-3", "ARM-1", "TER-1", "GLD-3", "EPI-2"),
    research_display=("R3-1", "R9-1", "R1-1", "R6-1"),
    ship_tops=("A3-1", "B2-1", "C3-1"),
    goal=lambda o: o.ships == ("A3-1",),
    mistakes=(
        Mistake(
            lambda o: bool(o.ships),
            "E3",
            N_(
                "Another ship saves more points than {took}: count the crates each adds, "
                "and which treasures they keep (E3)."
            ),
        ),
    ),
    otherwise_rule="T4.1",
    otherwise=N_("{Action} takes {took}; the task is a ship, chartered at the port (T4)."),
    explanation=N_(
        "The motorboat A3 brings your crates from 5 to 8, one for each of your 8 treasures: "
        "nothing is released now, and your gold and armour score again, +8 (E3). The barge "
        "B2 would have kept only two of the three."
    ),
    solution=Attempt("port", 1),
    wrong=(
        Attempt("port", 2, rule="E3"),
        Attempt("port", 3, rule="T2.5"),
        Attempt("research", 3, picks=research(1, 4), rule="T4.1"),
        Attempt("submarine", 1, rule="T4.1"),
    ),
    quizzes=(
        Quiz(
            N_("First: how many treasures would you release if the game ended now?"),
            ("0", "2", "3", "5"),
            released_now(),
            N_("Count your treasure cards and the crates on your ships."),
        ),
        Quiz(
            N_("First: how many points does that release cost you now?"),
            ("0", "4", "8", "10"),
            release_cost(),
            N_("The cards released are those worth the least; count what they would score."),
        ),
        Quiz(
            N_("First: what would your score be if the game ended now?"),
            ("18", "22", "26"),
            score_if_ended(),
            N_("Release first, then score the treasures you keep on their ladders."),
        ),
    ),
)

RESEARCH = Lesson(
    id="research",
    title=N_("Research cards"),
    rules=("E5.2", "E5.1", "T6.2"),
    text=N_(
        "Research cards need no crates and each scores on its own at the end (T6.4, E5.1). "
        "Some are worth a fixed number; others count: R4 gives 5 points if your kept "
        "treasures show 3 colours, R7 one per blue treasure, R8 one per research card you "
        "hold (itself included), R9 one per ship (E5.2). The research centre's level 2 "
        "takes one card of your choice from spaces 1 to 4 (T6.2)."
    ),
    task=N_("Take the research card that adds the most to your score."),
    hands=(("B1", "Y1", "W1", "V1"), ANN_HAND),
    treasures=(("ARC-1", "ARC-3", "ARC-5", "TER-1", "GLD-1"), ANN_TREASURES),
    ships=(("A2-1", "B3-1"), ANN_SHIPS),
    research=(("R1-1",), ()),
    treasure_display=("STA-1", "AMP-1", "ARM-1", "TER-3", "GLD-3", "EPI-2"),
    research_display=("R9-1", "R4-1", "R7-1", "R8-1"),
    ship_tops=("A3-1", "B2-1", "C3-1"),
    goal=lambda o: o.research == ("R4-1",),
    mistakes=(
        Mistake(
            lambda o: bool(o.research),
            "E5.2",
            N_(
                "Another research card adds more than {took}: work out what each would "
                "score with your treasures, ships and research (E5.2)."
            ),
        ),
    ),
    otherwise_rule="T6.2",
    otherwise=N_("{Action} takes {took}; the task is a research card (T6)."),
    explanation=N_(
        "Research R4 scores 5: your architecture (blue), terracotta (red) and gold (yellow) "
        "show three colours (E5.2). R7 would have scored 3, R9 and R8 2 each."
    ),
    solution=Attempt("research", 2, picks=research(2)),
    wrong=(
        Attempt("research", 1, rule="E5.2"),
        Attempt("research", 2, picks=research(3), rule="E5.2"),
        Attempt("research", 3, picks=research(2, 3), rule="T2.5"),
        Attempt("submarine", 2, picks=treasure(1, 3), rule="T6.2"),
    ),
    quizzes=(
        Quiz(
            N_("First: what would R7 on research space 3 score for you?"),
            ("1", "3", "5"),
            research_worth(3),
            N_("R7 counts your blue treasures, architecture."),
        ),
        Quiz(
            N_("First: what would R8 on research space 4 score for you?"),
            ("1", "2", "4"),
            research_worth(4),
            N_("R8 counts your research cards once it is yours, itself included."),
        ),
        Quiz(
            N_("First: how many colours do your treasures show?"),
            ("2", "3", "5"),
            colours_kept(),
            N_("Each treasure type has its own colour: count the types you hold."),
        ),
    ),
)

_LAST_PILE = (
    "H",
    "TER-4",
    "ARC-5",
    "GLD-2",
    "AMP-3",
    "EPI-3",
    "STA-4",
    "ARM-2",
    "TER-5",
    "ARC-6",
    "GLD-4",
)
"""The hurricane pile, the hurricane on top: the refill after your treasure draws it."""

HURRICANE = Lesson(
    id="hurricane",
    title=N_("The hurricane: the last round"),
    rules=("E1.1", "E1.2", "E6"),
    text=N_(
        "When a refill draws the hurricane, the player who drew it keeps it, and each player "
        "plays one more turn, the others first and that player last (E1.1, T9.4). You drew "
        "it last turn, and Ann has played her last turn: this one is the last of the game. "
        "Diver cards score nothing at the end (E6)."
    ),
    task=N_("Play the one action that raises your final score the most."),
    hands=(("G1", "Y1", "V1", "W1", "B1", "R1"), ANN_HAND),
    treasures=(("STA-1", "STA-2", "AMP-1", "ARC-1", "ARC-3"), ANN_TREASURES),
    ships=(("C5-1", "A3-1"), ANN_SHIPS),
    research=(("R1-1",), ()),
    treasure_display=("GLD-1", "AMP-2", "TER-3", "STA-3", "ARM-1", "EPI-2"),
    research_display=("R9-1", "R4-1", "R7-1", "R8-1"),
    ship_tops=("A2-1", "B2-1", "C4-1"),
    main_pile=(),
    hurricane_pile=_LAST_PILE,
    before=(PerformAction(0, "submarine", 1, ("G1",)), EndTurn(0), Pass(1)),
    goal=lambda o: o.rule == "T3.3" and o.treasure_spaces == (1, 3, 4),
    mistakes=(
        Mistake(
            lambda o: o.hired > 0,
            "E6",
            N_("Hired divers join your hand as the game ends, and divers score nothing (E6)."),
        ),
        Mistake(
            lambda o: o.passed,
            "E6",
            N_("Passing draws five divers, worth nothing at the end (E6)."),
        ),
        Mistake(
            is_action,
            "E3",
            N_(
                "Another action raises your final score more than {action}: count each card "
                "on its ladder, and your crates (S1.3, E3)."
            ),
        ),
    ),
    otherwise_rule="E1.1",
    otherwise=N_("This turn is your last: make it count (E1.1)."),
    explanation=N_(
        "Your dive took the amphora, the statue and the armour: +3, +7 and +4. With 9 "
        "treasures and 8 crates your gold piece is released, −1 (E3): +13 in all. Your turn "
        "is ended for you, and with it the game (E1.2)."
    ),
    solution=Attempt("submarine", 3, picks=treasure(1, 3, 4)),
    wrong=(
        Attempt("bistro", 2, rule="E6"),
        Attempt(pass_turn=True, rule="E6"),
        Attempt("submarine", 3, picks=treasure(2, 3, 4), rule="E3"),
        Attempt("bistro", 3, picks=(Pick("treasure", 3), Pick("research", 2)), rule="E3"),
        Attempt(end_turn=True, rule="T2.7"),
    ),
    quizzes=(
        Quiz(
            N_("First: who plays when your turn ends?"),
            ("Ann", "nobody"),
            next_after_turn(),
            N_("The player who drew the hurricane plays the last turn of all."),
        ),
        Quiz(
            N_("First: what would your score be if the game ended now?"),
            ("14", "16", "18", "20"),
            score_if_ended(),
            N_("Your treasures on their ladders, plus research R1's 2 points."),
        ),
        Quiz(
            N_("First: how many points would hiring six divers add to your final score?"),
            ("0", "3", "6"),
            gain_of(Attempt("bistro", 2)),
            N_("What are diver cards worth at the end?"),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (LEVEL1, DIVE, PAIR, HIRE, CRATES, RESEARCH, HURRICANE)
"""The lessons in the order a newcomer meets them."""

__all__ = [
    "CRATES",
    "DIVE",
    "HIRE",
    "HURRICANE",
    "LESSONS",
    "LEVEL1",
    "PAIR",
    "RESEARCH",
]
