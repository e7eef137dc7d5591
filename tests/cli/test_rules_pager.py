"""``atlantis rules`` on a terminal: Markdown rendered by Rich, through a pager.

Piped (not a terminal), the rules stay plain Markdown (see test_rules.py). On a
terminal the rendered rules go to the pager, with their styles when the pager
shows them (``less -R``), and the rule ids and ``--search`` choose as ever.
"""

from __future__ import annotations

import os
import sys

import pytest

from atlantis_tui.cli import main

ESCAPE = "\x1b["


def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make stdout a terminal (called in the test: pytest swaps stdout after fixtures)."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)


@pytest.fixture
def paged(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """No pager chosen; what reaches the pager is collected."""
    shown: list[str] = []
    monkeypatch.setattr(
        "rich.pager.SystemPager._pager", lambda self, content: shown.append(content)
    )
    for name in ("PAGER", "MANPAGER", "LESS", "NO_COLOR"):
        monkeypatch.setenv(name, "")  # restored (or removed) after the test
        monkeypatch.delenv(name)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")
    return shown


def test_on_a_terminal_a_rule_is_rendered_through_the_pager(
    paged: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    on_a_terminal(monkeypatch)
    assert main(["rules", "T2"]) == 0
    assert capsys.readouterr().out == ""  # all of it went to the pager
    assert len(paged) == 1
    page = paged[0]
    assert "T2" in page and "**" not in page  # rendered, not Markdown
    assert ESCAPE in page  # bold and colours, which less -R shows
    assert "R" in os.environ["LESS"]


def test_on_a_terminal_the_whole_rulebook_is_paged(
    paged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    on_a_terminal(monkeypatch)
    assert main(["rules"]) == 0
    assert len(paged) == 1 and paged[0].count("\n") > 100
    assert "T5.4" in paged[0] and "## " not in paged[0]


def test_on_a_terminal_a_search_still_chooses_the_rules(
    paged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    on_a_terminal(monkeypatch)
    assert main(["rules", "T5", "T9", "--search", "bridge"]) == 0
    page = paged[0]
    for rule in ("T5.1", "T5.3", "T9"):
        assert rule in page
    assert "T5.4" not in page


def test_an_unknown_rule_on_a_terminal_is_still_one_line(
    paged: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    on_a_terminal(monkeypatch)
    assert main(["rules", "Z9"]) == 2
    assert paged == []
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_a_pager_that_shows_no_styles_gets_none(
    paged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    on_a_terminal(monkeypatch)
    monkeypatch.setenv("PAGER", "more")
    assert main(["rules", "T2"]) == 0
    assert "T2" in paged[0] and ESCAPE not in paged[0]


def test_less_chosen_with_raw_control_characters_gets_styles(
    paged: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    on_a_terminal(monkeypatch)
    monkeypatch.setenv("PAGER", "/usr/bin/less -iR")
    assert main(["rules", "T2"]) == 0
    assert ESCAPE in paged[0]


def test_piped_the_rules_are_plain_markdown_and_no_pager_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(
        "rich.pager.SystemPager._pager", lambda self, content: shown.append(content)
    )
    assert main(["rules", "T2"]) == 0
    assert capsys.readouterr().out.startswith("**T2 ")
    assert shown == []
