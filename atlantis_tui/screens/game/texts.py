"""The words every game's panels write alike: a player's name row, a hand's title,
who is playing, and a refusal with its rule id.

Pure functions of what they are given, so that what a panel says is tested without
running the app; the games' own texts (``atlantis_tui.games.<game>.texts``) build on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from atlantis_tui import style as shell_style
from core.kernel.i18n import _

DIM = Style(dim=True)


def name_row(
    names: Sequence[str], seat: int, to_act: int | None, kind: str = "human", gap: str = " "
) -> Text:
    """``▶ ● Ann (greedy)``: the mark of the player to act, ``gap``, the seat's symbol and
    name in its colour, and a bot's kind (none for ``human``)."""
    text = Text()
    text.append("▶" if to_act == seat else " ", style=Style(bold=True))
    text.append(gap)
    text.append(
        f"{shell_style.player_tag(seat)} {names[seat]}", style=shell_style.player_style(seat)
    )
    if kind != "human":
        text.append(f" ({shell_style.bot_label(kind)})", style=DIM)
    return text


def hand_title(names: Sequence[str], seat: int) -> Text:
    """``Ann's hand``, in the seat's colour (a span: what is appended after it keeps its
    own style)."""
    text = Text()
    text.append(_("{name}'s hand").format(name=names[seat]), style=shell_style.player_style(seat))
    return text


def hands_hidden() -> Text:
    """What a hand panel says when no hand may be shown."""
    return Text(_("Hands are hidden."), style=DIM)


def waiting_text(names: Sequence[str], over: bool, to_act: int | None) -> Text:
    """What a preview panel says when the game is over or someone else plays (else an
    empty text: the game says what to do)."""
    if over:
        return Text(_("The game is over: this is the final board."), style=DIM)
    name = names[to_act] if to_act is not None else ""
    return Text(_("{name} is playing.").format(name=name), style=DIM)


def refusal_text(rule: str, reason: str) -> Text:
    """A refusal with its rule id."""
    text = Text()
    text.append(_("Not allowed ({rule}): ").format(rule=rule), style="bold red")
    text.append(reason)
    return text
