"""The new-game screen: seats (human or bot), names, seed and the game's rule options.

Nothing here knows a game's options by hand: the rows are made from its
``options_type`` (``atlantis_tui.rule_options``), each with the label, the
values and the default its struct gives; how many seats there are, and how many
may stay empty, is the game's ``players``; its bots are its ``bots``. When the
app offers several games, the form's first row chooses the game, and the rest
of the form is made again for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Label, Select, Static, Switch

from atlantis_tui import style as st
from atlantis_tui.rule_options import RuleField, RuleValue, offered_fields
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session import Seat, validate_seats
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.bots import bot_names_in
from core.kernel.i18n import N_, _
from core.kernel.savefile import HUMAN

if TYPE_CHECKING:
    from atlantis_tui.games import GameUI
    from core.kernel.registry import AnyGameType

DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
"""A name for each seat of the most any game takes; a seat past them is "Player 6"."""
NONE = "none"


class NewGameRequest:
    """What the form asks for: the game, seats, seed (or None) and rule options."""

    def __init__(
        self, seats: list[Seat], seed: int | None, options: Any, game: AnyGameType
    ) -> None:
        self.seats = seats
        self.seed = seed
        self.options = options
        """An instance of ``game.options_type``."""
        self.game = game


def _option_id(option: RuleField) -> str:
    return f"option-{option.key}"


class NewGameScreen(TranslatedKeys, Screen[NewGameRequest | None]):
    """A row per seat the game can take; a seat set to "empty" is left out (the game's
    fewest are never empty)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    def __init__(
        self,
        game: AnyGameType | None = None,
        default_bot: str | None = None,
        games: Mapping[str, GameUI] | None = None,
    ) -> None:
        """``game``: the game to set up (default: the default game); ``default_bot``:
        who sits at the seats that need a player, after the first (default: the
        game's first bot); ``games``: the games the form offers to choose from (none,
        or one: no choice is shown)."""
        super().__init__()
        if game is None:
            from core.games import DEFAULT_GAME, GAMES

            game = GAMES.get(DEFAULT_GAME)
        self.games: Mapping[str, GameUI] = games if games is not None else {}
        self._set_game(game, default_bot)

    def _set_game(self, game: AnyGameType, default_bot: str | None) -> None:
        self.game = game
        bots = bot_names_in(game.play.bots)
        self.default_bot = default_bot if default_bot in bots else (bots[0] if bots else HUMAN)
        self.options = offered_fields(game.options_type)

    async def on_select_changed(self, event: Select.Changed) -> None:
        """Another game chosen: the form is made again for it (its seats, bots, options)."""
        if event.select.id != "game" or event.value == self.game.id:
            return
        ui = self.games.get(str(event.value))
        if ui is None:
            return
        self._set_game(ui.game, ui.default_bot)
        await self.recompose()
        self._name_the_game()
        self.query_one("#game", Select).focus()

    def compose(self) -> ComposeResult:
        kinds = [(_("Human"), HUMAN)] + [
            (_("Bot: {name}").format(name=st.bot_label(n)), n)
            for n in bot_names_in(self.game.play.bots)
        ]
        limits = self.game.players
        yield Header()
        with VerticalScroll(id="new-game"):
            yield Static(_("New game"), classes="dialog-title")
            if len(self.games) > 1:
                with Horizontal(classes="option-row"):
                    yield Label(_("Game"))
                    yield Select(
                        [(ui.display_name(), ui.id) for ui in self.games.values()],
                        value=self.game.id,
                        allow_blank=False,
                        id="game",
                        compact=True,
                    )
            for seat in range(limits.most):
                may_be_empty = seat >= limits.least
                with Horizontal(classes="seat-row"):
                    yield Label(
                        f"{st.player_tag(seat)} {st.colour_name(seat)}",
                        classes=f"seat-tag seat-{seat}",
                    )
                    default = HUMAN if seat == 0 else (NONE if may_be_empty else self.default_bot)
                    yield Select(
                        [*kinds, (_("Empty seat"), NONE)] if may_be_empty else kinds,
                        value=default,
                        allow_blank=False,
                        id=f"kind-{seat}",
                        compact=True,
                    )
                    yield Input(
                        value=_default_name(seat), id=f"name-{seat}", max_length=16, compact=True
                    )
            with Horizontal(classes="option-row"):
                yield Label(_("Seed (empty: random)"))
                yield Input(
                    placeholder=_("e.g. {n}").format(n=42), id="seed", type="integer", compact=True
                )
            for option in self.options:
                with Horizontal(classes="option-row"):
                    label = Label(_(option.title) if option.title else option.key)
                    if option.description:
                        label.tooltip = _(option.description)
                    yield label
                    yield _field(option)
            yield Label("", id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Back"), id="back")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._name_the_game()
        # Start on the first field, so that the focus mark shows from the first frame.
        self.query_one("#kind-0", Select).focus()

    async def retranslate(self) -> None:
        await super().retranslate()
        self._name_the_game()

    def _name_the_game(self) -> None:
        """The header names the game being set up (not the app's name)."""
        self.title = self.game.display_name()
        self.sub_title = _("New game")

    def _request(self) -> NewGameRequest | str:
        seats = []
        for seat in range(self.game.players.most):
            kind = self.query_one(f"#kind-{seat}", Select).value
            if kind == NONE:
                continue
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if not name:
                return _("Seat {n} needs a name.").format(n=seat + 1)
            seats.append(Seat(name, str(kind)))
        try:
            validate_seats(seats, self.game)
        except ValueError as problem:
            return str(problem)[:1].upper() + str(problem)[1:] + "."
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            seed = -1
        if seed is not None and not 0 <= seed < 2**63:
            return _("The seed must be a whole number from 0 up.")
        chosen: dict[str, RuleValue] = {}
        for option in self.options:
            try:
                chosen[option.key] = self._value(option)
            except ValueError as problem:  # a value typed in that the option does not take
                return str(problem)[:1].upper() + str(problem)[1:] + "."
        options = msgspec.structs.replace(self.game.default_options(), **chosen)
        if any(not seat.is_human for seat in seats):
            refusal = self.game.refuses_bots(options)
            if refusal is not None:  # the game's bots cannot play these options
                return refusal[:1].upper() + refusal[1:] + "."
        return NewGameRequest(seats, seed, options, self.game)

    def _value(self, option: RuleField) -> RuleValue:
        """The value the form shows for ``option``; raises ``ValueError`` saying what is
        wrong with a value typed in."""
        widget = self.query_one(f"#{_option_id(option)}")
        if isinstance(widget, Switch):
            return widget.value
        if isinstance(widget, Select | Input):
            return option.parse(str(widget.value))
        raise TypeError(f"no value in {widget!r}")

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


def _default_name(seat: int) -> str:
    return DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else _("Player {n}").format(n=seat + 1)


def _field(option: RuleField) -> Widget:
    """The widget that sets ``option``: a switch, a list of values, or a field to type in."""
    if option.kind == "switch":
        return Switch(value=bool(option.default_value), id=_option_id(option))
    if option.kind == "choice" or (option.kind == "count" and option.labels):
        values: list[RuleValue] = [*(option.values if option.kind == "choice" else option.labels)]
        if option.default_value not in values:
            values.insert(0, option.default_value)
        return Select(
            [(option.label(value), option.spelled(value)) for value in values],
            value=option.spelled(option.default_value),
            allow_blank=False,
            id=_option_id(option),
            compact=True,
        )
    return Input(
        value=option.spelled(option.default_value),
        # A count that may be none is typed as a word too.
        type="integer" if option.kind == "count" and not option.optional else "text",
        id=_option_id(option),
        compact=True,
    )
