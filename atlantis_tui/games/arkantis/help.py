"""The help of the ArkantiS game screen: its keys, and how to read the board."""

from __future__ import annotations

from core.arkantis.i18n import N_

HELP_TEXT = N_("""\
# Keys of this game

| Key | What it does |
| --- | --- |
| `o` | remove one token (free, T3.1) |
| `w` | remove two tokens (2 pions, T3.2) |
| `m` | move a token to an empty square (3 pions, T3.3) |
| `←` `↑` `→` `↓` | move the cursor on the board |
| `Space` | choose the square under the cursor (again: unchoose it) |
| `c` `4` | type a square's name to choose it (column, then row) |
| click | choose the square clicked |
| `Enter` | confirm the action the preview shows |
| `Esc` | unchoose every square |
| `y` `$` | buy cards (T6: orange 2 pions, emerald 1) |
| `p` | pass for the rest of the game (T5; asks first) |
| `n` | end the turn after the action (T2.4) |

# Reading the board

Columns `A`–`G` run left to right, rows `1`–`7` top to bottom. `●` on blue is a
token; `○` on red an empty square (S1.3). The cursor is shown reversed.

- `[●]` a chosen square (a double frame on a large board);
- `(○` a square the action changed: a token lifted, moved from or to (a heavy frame);
- a mark on the right of a square of a set the action modified (T4.1): `+` it
  paid pions, `♦` it laid a relic card, `-` it paid nothing. On a large board
  the set's squares are framed in the colour of what it paid, and its first
  square says it: `+3`, or the kind of card laid, `W5`.

Before you confirm, the board and the preview show what the action would do;
after it, they show what it did until the next action.

# Reading the cards

Each card shows its figure, its name, its colour (`O` orange, `E` emerald) and
its face value. Laying is automatic: a stain of a figure you hold lays it (T4.4).

# Score

A score is the face values of your laid cards, plus your pions, minus one per
card left in your hand (E2). "ended now" is the score if the game ended now.
""")
