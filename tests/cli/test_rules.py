"""``atlantis rules RULE …``: one rule, a rule with those under it, or a section."""

from __future__ import annotations

import pytest

from atlantis_tui.cli import main


def titles(out: str) -> list[str]:
    """The rule ids printed, in order (each entry starts with its bold title)."""
    return [line[2:].split()[0] for line in out.splitlines() if line.startswith("**")]


def test_a_rule_id_prints_that_rule_and_those_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "E2"]) == 0
    assert titles(capsys.readouterr().out) == ["E2", "E2.1"]
    assert main(["rules", "t5"]) == 0  # any case
    assert titles(capsys.readouterr().out) == ["T5", "T5.1", "T5.2", "T5.3", "T5.4", "T5.5"]


def test_a_section_id_prints_the_whole_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "E"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## E — ")
    assert titles(out)[0] == "E1" and all(rule.startswith("E") for rule in titles(out))


def test_ids_and_a_word_narrow_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "T5", "T9", "--search", "bridge"]) == 0
    assert titles(capsys.readouterr().out) == ["T5.1", "T5.3", "T9"]


def test_an_unknown_id_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Z9"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "atlantis rules: no rule 'Z9'; rule ids look like T5.4 (see atlantis rules)\n"
    )


def test_a_rule_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "rules", "T2"]) == 0
    assert capsys.readouterr().out.startswith("**T2 Placer votre pont**")
