"""The help of the Atlantica game screen: its keys, and how to read the board."""

from __future__ import annotations

from core.atlantica.i18n import N_

HELP_TEXT = N_("""\
# Keys of this game

| Key | What it does |
| --- | --- |
| `s` `o` `b` `c` | choose a location: submarine, port, bistro, research centre |
| `1` `2` `3` | choose its level (or click the level's row) |
| `↑` `↓` | the level above or below |
| `Tab` | another way to pay the level with your cards |
| `j` | pay with a pair: two cards of one colour in one slot (T2.5) |
| `←` `→` `Space` | the cards a level takes: move, take or leave (or click them) |
| `1` … `6` | once the level chooses cards: take treasure (or research) space n |
| `Enter` | confirm the action the preview shows |
| `Esc` | start the action again |
| `n` | end the turn (after one to three actions, T2.1) |
| `p` | pass: draw 5 divers instead of acting (T8; asks first) |

# Reading the board

Each location shows its three levels: the slots each level fills, with the
diver colours a slot takes (`G|Y`: green or yellow), and what it does. Diver
colours are letters on their colour: `W` white, `Y` yellow, `R` red, `G`
green, `B` blue, `V` violet. A level marked `✗` cannot be played now; choose
its location to read why. A location used this turn is struck through: one
action per location (T2.2), three slots per turn (T2.4).

Treasures are three letters on their type's colour: `ARC` architecture, `TER`
terracotta, `GLD` gold, `AMP` amphorae, `EPI` inscriptions, `STA` statues,
`ARM` armour. Ships are their pile and crates (`B4`: a barge with 4 crates);
research cards their kind (`R6`). A space the action will take from shows `✓`.

# Players

Each player shows the score if the game ended now, the cards in hand (a
number: only your own hand is drawn), hired cards face down (`▒`), treasures
per type with the points of that many on its ladder, treasures against crates
(more treasures than crates: the excess is released at the end, E3), ships,
and each research card with what it would score now.

The hurricane lies in its pile of 11. When a player draws it, everyone plays
one last turn, that player last (E1.1); the board names them.
""")
