"""The new-game screen: seats (human or bot), names, seed and rule options (V)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from atlantis_tui import style as st
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session import Seat, validate_seats
from core.atlantis.bots import bot_names
from core.atlantis.options import Options
from core.kernel.i18n import N_, _
from core.kernel.savefile import HUMAN

DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dan")
NONE = "none"


class NewGameRequest:
    """What the form asks for: seats, seed (or None) and rule options."""

    def __init__(self, seats: list[Seat], seed: int | None, options: Options) -> None:
        self.seats = seats
        self.seed = seed
        self.options = options


class NewGameScreen(TranslatedKeys, Screen[NewGameRequest | None]):
    """Up to four seats; a seat set to "empty" is left out (two are needed)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    def compose(self) -> ComposeResult:
        kinds = [(_("Human"), HUMAN)] + [
            (_("Bot: {name}").format(name=st.bot_label(n)), n) for n in bot_names()
        ]
        yield Header()
        with VerticalScroll(id="new-game"):
            yield Static(_("New game"), classes="dialog-title")
            for seat in range(4):
                with Horizontal(classes="seat-row"):
                    yield Label(
                        f"{st.player_tag(seat)} {st.colour_name(seat)}",
                        classes=f"seat-tag seat-{seat}",
                    )
                    default = HUMAN if seat == 0 else ("greedy" if seat == 1 else NONE)
                    yield Select(
                        [*kinds, (_("Empty seat"), NONE)] if seat >= 2 else kinds,
                        value=default,
                        allow_blank=False,
                        id=f"kind-{seat}",
                        compact=True,
                    )
                    yield Input(
                        value=DEFAULT_NAMES[seat], id=f"name-{seat}", max_length=16, compact=True
                    )
            with Horizontal(classes="option-row"):
                yield Label(_("Seed (empty: random)"))
                yield Input(
                    placeholder=_("e.g. {n}").format(n=42), id="seed", type="integer", compact=True
                )
            with Horizontal(classes="option-row"):
                yield Label(_("Purchases per turn (T1)"))
                yield Select(
                    [(_("one"), "1"), (_("unlimited"), "0")],
                    value="1",
                    allow_blank=False,
                    id="buy_limit",
                    compact=True,
                )
            with Horizontal(classes="option-row"):
                yield Label(_("Bought cards can pay for water (T1/T5.4)"))
                yield Switch(value=True, id="bought_cards_can_pay")
            with Horizontal(classes="option-row"):
                yield Label(_("Paid cards go to (T5.5)"))
                yield Select(
                    [(_("the discard pile"), "discard"), (_("the box"), "box")],
                    value="discard",
                    allow_blank=False,
                    id="paid_cards_to",
                    compact=True,
                )
            with Horizontal(classes="option-row"):
                yield Label(_("Start player (S5)"))
                yield Select(
                    [(_("seat 1"), "seat1"), (_("random"), "random")],
                    value="seat1",
                    allow_blank=False,
                    id="start_player",
                    compact=True,
                )
            with Horizontal(classes="option-row"):
                yield Label(_("Open hands (teaching)"))
                yield Switch(value=False, id="open_hands")
            yield Label("", id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Back"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        # Start on the first field, so that the focus mark shows from the first frame.
        self.query_one("#kind-0", Select).focus()

    def _request(self) -> NewGameRequest | str:
        seats = []
        for seat in range(4):
            kind = self.query_one(f"#kind-{seat}", Select).value
            if kind == NONE:
                continue
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if not name:
                return _("Seat {n} needs a name.").format(n=seat + 1)
            seats.append(Seat(name, str(kind)))
        if len(seats) < 2:
            return _("Atlantis needs at least two players (S3).")
        try:
            validate_seats(seats)
        except ValueError as problem:
            return str(problem)[:1].upper() + str(problem)[1:] + "."
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            seed = -1
        if seed is not None and not 0 <= seed < 2**63:
            return _("The seed must be a whole number from 0 up.")
        options = Options(
            buy_limit=int(str(self.query_one("#buy_limit", Select).value)),
            bought_cards_can_pay=self.query_one("#bought_cards_can_pay", Switch).value,
            paid_cards_to="box"
            if self.query_one("#paid_cards_to", Select).value == "box"
            else "discard",
            start_player="random"
            if self.query_one("#start_player", Select).value == "random"
            else "seat1",
            open_hands=self.query_one("#open_hands", Switch).value,
        )
        return NewGameRequest(seats, seed, options)

    def action_start(self) -> None:
        request = self._request()
        if isinstance(request, str):
            self.query_one("#form-error", Label).update(request)
            self.notify(request, severity="error")
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()
