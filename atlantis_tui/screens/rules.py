"""The rules reference in the app: one game's rules, searchable, and openable at any rule id.

``core.services.rules_text`` cuts the game's rulebook into blocks — headings,
paragraphs and one block per rule (``T5.4``) — so that a search here can hide
the blocks that do not mention a word, and ``RulesScreen(rule_id="T5.4")`` can
scroll to one rule and mark it. ``game`` names the game whose rules are shown
(Atlantis's by default).
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.games import GAMES
from core.kernel.i18n import N_, _, ngettext
from core.kernel.registry import DEFAULT_GAME
from core.services.rules_text import ID_QUERY, rule_blocks


def _widget_id(index: int) -> str:
    return f"block-{index}"


class RulesScreen(TranslatedKeys, Screen[None]):
    """The complete rules with their ids; type to search, or open at one rule."""

    DEFAULT_CSS = """
    RulesScreen #rules-search {
        margin: 0 1;
    }
    RulesScreen #rules-status {
        height: 1;
        padding: 0 2;
        color: $text-muted;
    }
    RulesScreen #rules-body {
        padding: 0 2;
    }
    RulesScreen .rule-heading {
        text-style: bold;
        color: $accent;
        margin-top: 1;
    }
    RulesScreen .rule-text, RulesScreen .rule-rule {
        margin-bottom: 1;
    }
    RulesScreen .-nested {
        padding-left: 3;
    }
    RulesScreen .-target {
        background: $accent 25%;
    }
    RulesScreen .-hidden {
        display: none;
    }
    """

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("slash", "search", N_("Search")),
        Binding("f3", "next_match", N_("Next match")),
    ]

    def __init__(
        self, rule_id: str | None = None, query: str = "", game: str = DEFAULT_GAME
    ) -> None:
        super().__init__()
        self.game = GAMES.get(game)
        self.rule_id = rule_id
        self.initial_query = query
        self.blocks = rule_blocks(self.game)
        self._matches: list[int] = []
        self._match = 0

    async def retranslate(self) -> None:
        """The rulebook in the new language, at the rule shown."""
        self.blocks = rule_blocks(self.game)
        await super().retranslate()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(
            self.initial_query,
            placeholder=_("Type to search the rules: a word, or a rule id such as T5.4"),
            id="rules-search",
            select_on_focus=False,  # typing on the rules moves here letter by letter
        )
        yield Static("", id="rules-status")
        with VerticalScroll(id="rules-body"):
            for index, block in enumerate(self.blocks):
                if block.kind == "heading":
                    title = block.markdown.lstrip("# ")
                    yield Static(title, id=_widget_id(index), classes="rule-heading", markup=False)
                else:
                    widget = Static(Markdown(block.markdown), id=_widget_id(index))
                    widget.add_class(f"rule-{block.kind}")
                    widget.set_class(block.depth > 0, "-nested")
                    yield widget
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = _("Rules")
        if self.initial_query:
            self.apply_query(self.initial_query)
        elif self.rule_id:
            self.show_rule(self.rule_id)
        self.query_one("#rules-body").focus()

    # -- searching ------------------------------------------------------------------
    @on(Input.Changed, "#rules-search")
    def _query_changed(self, event: Input.Changed) -> None:
        self.apply_query(event.value)

    @on(Input.Submitted, "#rules-search")
    def _query_submitted(self) -> None:
        self.query_one("#rules-body").focus()

    def apply_query(self, query: str) -> None:
        """A rule id jumps to that rule; a word shows only the rules that mention it."""
        query = query.strip()
        status = self.query_one("#rules-status", Static)
        if ID_QUERY.match(query) and self._index_of(query.upper()) is not None:
            self._filter(None)
            self.show_rule(query.upper())
            return
        if len(query) < 2:
            self._filter(None)
            self._mark(None)
            status.update("")
            return
        shown = self._filter(query)
        self._matches = [i for i in shown if self.blocks[i].kind == "rule"]
        self._match = 0
        status.update(
            ngettext(
                "{n} rule mentions “{q}” (F3: next)",
                "{n} rules mention “{q}” (F3: next)",
                len(self._matches),
            ).format(n=len(self._matches), q=query)
        )
        self._mark(self._matches[0] if self._matches else None)

    def _filter(self, word: str | None) -> list[int]:
        """Show the blocks mentioning ``word`` (all when None) and their section headings."""
        sections = {block.section for block in self.blocks if word is None or block.mentions(word)}
        shown = []
        for index, block in enumerate(self.blocks):
            if word is None:
                visible = True
            elif block.kind == "heading":
                visible = block.section in sections and block.markdown.startswith("## ")
            else:
                visible = block.kind == "rule" and block.mentions(word)
            self.query_one(f"#{_widget_id(index)}").set_class(not visible, "-hidden")
            if visible:
                shown.append(index)
        return shown

    def _index_of(self, rule_id: str) -> int | None:
        for index, block in enumerate(self.blocks):
            if block.rule_id == rule_id:
                return index
        # A rule a specification defines within another's text or in a table.
        for index, block in enumerate(self.blocks):
            if rule_id in block.inner_ids:
                return index
        return None

    def show_rule(self, rule_id: str) -> None:
        """Scroll to ``rule_id`` and mark it; an unknown id shows the top of the rules."""
        index = self._index_of(rule_id)
        if index is None:
            self.notify(_("There is no rule {rule}.").format(rule=rule_id), severity="warning")
            return
        self.rule_id = rule_id
        self.query_one("#rules-status", Static).update(
            _("Rule {rule} · / to search · Esc to go back").format(rule=rule_id)
        )
        self._mark(index)

    def _mark(self, index: int | None) -> None:
        for widget in self.query(".-target"):
            widget.remove_class("-target")
        if index is None:
            return
        target = self.query_one(f"#{_widget_id(index)}")
        target.add_class("-target")
        body = self.query_one("#rules-body", VerticalScroll)
        # Scroll once the blocks have their sizes, so the rule lands at the top.
        self.call_after_refresh(body.scroll_to_widget, target, animate=False, top=True)

    # -- actions ----------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#rules-search", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """Typing searches at once: a letter typed anywhere goes to the search field."""
        search = self.query_one("#rules-search", Input)
        if search.has_focus or not event.is_printable or not event.character:
            return
        if event.character == "/":
            return  # the search binding
        event.stop()
        event.prevent_default()
        search.focus()
        search.insert_text_at_cursor(event.character)

    def action_next_match(self) -> None:
        if self._matches:
            self._match = (self._match + 1) % len(self._matches)
            self._mark(self._matches[self._match])

    def action_close(self) -> None:
        self.dismiss()
