"""Screens with little logic: the hot-seat curtain and the help."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Label, Markdown

from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import N_, _


class CurtainScreen(TranslatedKeys, Screen[None]):
    """Hot-seat: hides the table until the next player is at the keyboard."""

    BINDINGS = [
        Binding("enter", "reveal", N_("Ready"), show=True),
        Binding("space", "reveal", N_("Reveal"), show=False),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Center(id="curtain"), Vertical(classes="dialog"):
            yield Label(
                _("Pass the keyboard to {name}").format(name=self.player_name),
                classes="dialog-title",
            )
            yield Label(
                _("The other hands are hidden. {name}, press Enter when you are ready.").format(
                    name=self.player_name
                ),
                classes="dialog-text",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Footer).refresh_bindings()

    def on_click(self) -> None:
        self.dismiss()

    def action_reveal(self) -> None:
        self.dismiss()


HELP_TEXT = N_("""\
# Keys of this game

| Key | What it does |
| --- | --- |
| `a` `b` `c` | choose pawn A, B or C (or click it on the path) |
| `←` `→` | previous / next destination of the chosen pawn |
| `1`…`9` `0` | jump to the destination marked ‹1›…‹0› (or click it); its key again: move |
| `↑` `↓` | other cards reaching the same destination |
| `Enter` | make the highlighted move (then choose how to pay) |
| `Esc` | put the pawn down; once the game is over, back to the scores |
| `p` | buy cards with a collected tile (T1, start of turn) |
| `w` | place your bridge on water (T2, before moving) |
| `X` | resign: leave the game, the others play on (E5) |

# Reading the path

Each space shows its top tile: the item's **letter** and **value** on the item's
colour (`F` flag, `O` olives, `H` helmet, `A` amphora, `R` ring, `C` crown,
`S` statue); `²` means a second tile lies beneath. `~3~` is water whose
crossing costs 3; `═B═` is bridged water (free). Below each tile: the pawn
standing there (its owner's symbol and letter) or the space number. On a large
board the tile's second line names the item, or shows the pawn standing there,
and the space number is below it.

# Reading the players

A small terminal gives each player one line:

```
▶● Ann 4c ●○○ B owes 3 →13 2nd
```

- `▶` who acts; `●` `▲` `■` `◆` the player's symbol
- `4c` the cards held
- `●○○` the pawns on the Mainland (`●`) and still on the way (`○`)
- `B` the bridge not yet placed (`-` once placed)
- `owes 3` what the pawns would pay if the game ended now (E2)
- `→13 2nd` the score and the place if the game ended now (E3: tiles + cards,
  less that payment); `=45` the final score

# Rule ids

An id in brackets, such as (T4.1) or (E2), names the rule behind a move, a
refusal or a cost. `r` opens the rules at the rule of the last refusal or of
the chosen log line, and `atlantis rules E2` prints one rule.

# Undo and the draw pile

`u` takes back your last turn and the bots' replies after it; nothing is
deleted: the undone events stay in the save, struck through in the log. If
what was undone drew cards, the draw pile is shuffled before the next draw,
so buying, undoing and buying again may bring other cards: undo cannot show
what the pile holds. `U` (redo) brings back the very cards you had.
""")


REPLAY_HELP_TEXT = N_("""\
# Replay keys

| Key | What it does |
| --- | --- |
| `→` `←` (`l` `h`) | one event forward / back |
| `]` `[` | one turn forward / back |
| `Home` `End` | the start / the end of the game |
| `g` | go to an event (`120`) or a turn (`t15`) |
| `space` | play on by itself; `+` `-` faster / slower |
| `p` | play a new game from the position shown (new save file) |
| `o` | show the log instead of the step (small terminals; the chart comes with it) |
| `L` / `/` | filter the log by player / search it, as in the games |
| `Enter` on a log line | jump there |
| `v` | show every hand of an unfinished hot-seat game (asks first) |
| `m` | the game's review on / off; with none yet, review the game now |
| `n` `N` | the next / previous mistake |
| `a` | the board after the better move, and back |
| A click on the chart | the nearest decision reviewed there |
| `?` `F1` | this help |
| `Esc` `q` | close the replay |
| `Ctrl+Q` | quit |

# The review

Each decision is weighed against the best move found from what its player could
see then. The log marks the doubtful ones after their line: `?!` an inaccuracy,
`?` a mistake, `??` a blunder. At a decision the step says what it gave up and
which move was better. The chart under the log shows each player's expected lead
(points ahead of the best opponent) at their decisions, with their symbol; `│`
is the position shown. An unfinished hot-seat game's review stays hidden with its
hands.
""")


class HelpScreen(TranslatedKeys, ModalScreen[None]):
    """The keys and how to read the board (or another help text)."""

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("question_mark", "close", N_("Close"), show=False),
        Binding("f1", "close", N_("Close"), show=False),
    ]

    def __init__(self, text: str = HELP_TEXT) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Markdown(_(self.text))
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss()
