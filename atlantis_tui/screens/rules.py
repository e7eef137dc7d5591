"""The rules reference: RULES.md in the app, with a table of contents."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer


def rules_markdown() -> str:
    return resources.files("atlantis_tui").joinpath("data/RULES.md").read_text(encoding="utf-8")


class RulesScreen(Screen[None]):
    """The complete rules with their ids."""

    BINDINGS = [Binding("escape,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(rules_markdown(), show_table_of_contents=True)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
