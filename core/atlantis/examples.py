"""The games shipped in ``saves/``: the rulebook's worked examples and a full game.

Each rulebook example (RULES.md X1–X3) is a prepared position followed by the
moves the example describes, so a replay opens on the position and steps
through the example. Run ``python -m core.atlantis.examples saves`` to write them again.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from core.atlantis.bots import make_bot
from core.atlantis.commands import AnyCommand, Move, PayFinalCrossing, Payment
from core.atlantis.events import AnyEvent
from core.atlantis.game_type import ATLANTIS
from core.atlantis.i18n import N_
from core.atlantis.items import parse_item
from core.atlantis.positions import parse_cards, prepared_game
from core.atlantis.saves import write_save
from core.atlantis.setup import new_game
from core.atlantis.state import PAWN_LETTERS, State
from core.atlantis.view import view_for
from core.kernel.game import Game
from core.kernel.save_names import SUFFIX


def _move(
    game: Game[State, AnyEvent, AnyCommand], pawn: str, cards: str, tiles: tuple[int, ...] = ()
) -> None:
    seat = game.state.current
    game.play(Move(seat, PAWN_LETTERS.index(pawn), parse_cards(cards), Payment(tiles=tiles)))


def rulebook_x1() -> list[AnyEvent]:
    """The rulebook's example 1 (RULES.md X1), from its position."""
    game = Game(
        ATLANTIS,
        prepared_game(
            "St5[Black B] | Am2/Ol4 | Fl1 | Ri3 | Cr1[Red A] | Fl4 | Am6[Blue A] | He2[Black A]"
            " | Ol3 | Ri7 | He5 | St6",
            ["Black", "Red", "Blue"],
            hands={"Black": "Fl", "Red": "Ol", "Blue": "He He"},
        ),
    )
    _move(game, "B", "Fl")
    _move(game, "A", "Ol")
    _move(game, "A", "He He")
    return game.events


def rulebook_x2() -> list[AnyEvent]:
    """The rulebook's example 2 (RULES.md X2), from its position."""
    game = Game(
        ATLANTIS,
        prepared_game(
            "Am6[Blue A] ~ Fl1 | Cr6 ~ Ol4 | He5 ~B~ St3 ~ Cr5[Red A] | Ri2",
            ["Red", "Blue"],
            hands={"Blue": "Ri Fl Fl Fl"},
            collected={"Blue": "Ol5 Am3"},
            current="Blue",
            bridge_owners=["Red"],
        ),
    )
    _move(game, "A", "Ri", tiles=game.state.collected[1])
    return game.events


def rulebook_x3() -> list[AnyEvent]:
    """The rulebook's example 3 (RULES.md X3), from its position."""
    game = Game(
        ATLANTIS,
        prepared_game(
            "Ol1[Red A] ~ Am5 | He4 ~ Fl6[Red B] | Cr4[Blue A] ~ St1[Black C] | Ri5",
            ["Red", "Blue", "Black"],
            hands={"Red": "Fl Fl", "Blue": "Ol Ol", "Black": "He"},
            collected={"Red": "Am7"},
            current="Black",
            home={"Red": "C", "Blue": "BC", "Black": "AB"},
        ),
    )
    _move(game, "C", "He")
    game.play(PayFinalCrossing(0, Payment(tiles=game.state.collected[0])))
    blue = game.state.hands[1]
    game.play(PayFinalCrossing(1, Payment(cards=(int(parse_item("Ol")),) if blue[1] else ())))
    return game.events


def demo_game() -> list[AnyEvent]:
    """A whole 4-player game between bots, for replays and benchmarks."""
    names = ["Ann", "Bob", "Cleo", "Dan"]
    bots = [make_bot(name) for name in ("greedy", "random", "greedy", "random")]
    game = Game(ATLANTIS, new_game(names, 2009))
    rngs = [random.Random(2009 + seat) for seat in range(4)]
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        game.play(bots[seat].decide(view_for(game.state, seat), rngs[seat]))
    return game.events


class Shipped(NamedTuple):
    """A shipped game: how to make it, its seats, and what it shows players."""

    make: Callable[[], list[AnyEvent]]
    seats: tuple[str, ...]
    summary: str
    """Marked for translation: shown through ``_``."""


SHIPPED: dict[str, Shipped] = {
    "rulebook-X1": Shipped(
        rulebook_x1,
        ("human", "human", "human"),
        N_("X1: Black B takes Ol4 off a stack; Red takes Fl4; Blue chains two helmets."),
    ),
    "rulebook-X2": Shipped(
        rulebook_x2,
        ("human", "human"),
        N_("X2: Blue's ring crosses four gaps, one bridged: he owes 8 and takes St3."),
    ),
    "rulebook-X3": Shipped(
        rulebook_x3,
        ("human", "human", "human"),
        N_("X3: Black's third pawn reaches the Mainland; Red pays 6 + 1 with a 7, Blue pays 1."),
    ),
    "demo-4-players": Shipped(
        demo_game,
        ("bot:greedy", "bot:random", "bot:greedy", "bot:random"),
        N_("A complete 4-player game between greedy and random bots (seed 2009)."),
    ),
}


def write_all(folder: Path) -> list[Path]:
    written = []
    for name, shipped in SHIPPED.items():
        path = folder / f"{name}{SUFFIX}"
        path.unlink(missing_ok=True)
        write_save(path, shipped.make(), shipped.seats)
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "saves")):
        print(written_path)
