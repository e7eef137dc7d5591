"""The squares a player has chosen on the board, and the action they make.

Three kinds of action take squares (T3): remove one token, remove two, or
move one token to an empty square. The player picks the kind (``o``, ``w``,
``m`` or the action bar), then the squares; choosing an empty square after a
token while removing one means a move, since an empty square cannot be lifted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.arkantis.commands import Move, Remove
from core.arkantis.squares import name

Mode = Literal["one", "two", "move"]


@dataclass(frozen=True)
class Choice:
    """The kind of action and the squares chosen for it, in the order chosen."""

    mode: Mode = "one"
    squares: tuple[int, ...] = ()

    def with_mode(self, mode: Mode) -> Choice:
        """The same squares, as many as ``mode`` takes, for another kind of action."""
        keep = 1 if mode == "one" else 2
        return Choice(mode, self.squares[:keep])

    def toggle(self, square: int, tokens: int) -> Choice:
        """``square`` chosen, or unchosen when it already was."""
        if square in self.squares:
            return Choice(self.mode, tuple(s for s in self.squares if s != square))
        has_token = bool(tokens >> square & 1)
        if self.mode == "one":
            if self.squares and not has_token and tokens >> self.squares[0] & 1:
                return Choice("move", (self.squares[0], square))
            return Choice("one", (square,))
        if self.mode == "two":
            return Choice("two", (*self.squares, square)[-2:])
        if not self.squares:
            return Choice("move", (square,))
        origin, target = self.squares[0], square
        if not tokens >> origin & 1 and has_token:
            origin, target = target, origin  # the token moves, whichever was chosen first
        return Choice("move", (origin, target))

    def command(self, seat: int) -> Remove | Move | None:
        """The action the chosen squares make, once there are enough of them."""
        names = tuple(name(sq) for sq in self.squares)
        if self.mode == "one" and len(names) == 1:
            return Remove(seat, names)
        if self.mode == "two" and len(names) == 2:
            return Remove(seat, names)
        if self.mode == "move" and len(names) == 2:
            return Move(seat, names[0], names[1])
        return None
