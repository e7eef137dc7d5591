"""Which language the program speaks, and the command line in French and Dutch.

The order is ``--lang``, ``ATLANTIS_LANG``, the choice remembered from the app,
the locale, English. Saves stay language-neutral: a game saved in French
replays and logs in Dutch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.cli import main
from atlantis_tui.language import UnknownLanguage, take_language_option
from atlantis_tui.settings import Settings, load_settings, save_settings
from core.kernel.i18n import _, choose_language, language, language_code, set_language

SAVES = Path(__file__).parents[2] / "saves"
DEMO = SAVES / "demo-4-players.atlantis.jsonl"


@pytest.fixture(autouse=True)
def _own_save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


@pytest.mark.parametrize(
    ("requested", "environment", "remembered", "expected"),
    [
        ("fr", {"ATLANTIS_LANG": "nl", "LANG": "nl_NL.UTF-8"}, "nl", "fr"),
        (None, {"ATLANTIS_LANG": "nl", "LANG": "fr_FR.UTF-8"}, "fr", "nl"),
        (None, {"LANG": "nl_BE.UTF-8"}, "fr", "fr"),
        (None, {"LANG": "nl_BE.UTF-8"}, None, "nl"),
        (None, {"LC_ALL": "fr_CA.UTF-8", "LANG": "nl_NL"}, None, "fr"),
        (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}, None, "en"),
        (None, {"LANG": "C.UTF-8"}, None, "en"),
        (None, {}, None, "en"),
        (None, {"ATLANTIS_LANG": "klingon"}, None, "en"),
    ],
)
def test_the_order_in_which_a_language_is_chosen(
    requested: str | None, environment: dict[str, str], remembered: str | None, expected: str
) -> None:
    assert choose_language(requested, remembered, environment) == expected


def test_language_names_are_read_loosely() -> None:
    assert [language_code(n) for n in ("FR", "nl_BE.UTF-8", "fr-CA", "en@euro", "de")] == [
        "fr",
        "nl",
        "fr",
        "en",
        None,
    ]


def test_lang_is_taken_from_anywhere_on_the_line() -> None:
    assert take_language_option(["rules", "--lang", "fr", "--search", "pont"]) == (
        "fr",
        ["rules", "--search", "pont"],
    )
    assert take_language_option(["--lang=nl", "log", "x"]) == ("nl", ["log", "x"])
    with pytest.raises(UnknownLanguage):
        take_language_option(["--lang", "de"])


def test_an_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "rules"]) == 2
    assert capsys.readouterr().err.strip() == "atlantis: --lang 'de': choose one of en, fr, nl"


def test_rules_search_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "rules", "--search", "pont"]) == 0
    printed = capsys.readouterr().out
    assert "T5.3" in printed and "pont" in printed.lower()
    assert "bridge" not in printed.lower()


def test_the_dutch_log_of_a_game_saved_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "nl", "log", str(DEMO)]) == 0
    printed = capsys.readouterr().out
    set_language("nl")
    assert _("Turn {n} — {player}").split("{")[0] in printed
    assert "Beurt" in printed and " plays " not in printed


def test_help_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    printed = capsys.readouterr().out
    assert printed.startswith("utilisation") or printed.lower().startswith("usage")
    set_language("fr")
    assert _("show this help message and exit") in printed


def test_a_parse_error_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "nl", "frobnicate"])
    error = capsys.readouterr().err
    set_language("nl")
    assert _("invalid choice: %(value)r (choose from %(choices)s)").split("%")[0] in error


def test_the_remembered_language_applies_when_nothing_else_says(
    monkeypatch: pytest.MonkeyPatch, _own_save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("ATLANTIS_LANG")
    monkeypatch.setenv("LANG", "C.UTF-8")
    save_settings(_own_save_dir, Settings(language="nl"))
    assert main(["rules", "--search", "brug"]) == 0
    assert language() == "nl"
    assert "T5.3" in capsys.readouterr().out


def test_damaged_settings_mean_no_setting(_own_save_dir: Path) -> None:
    _own_save_dir.mkdir(parents=True)
    (_own_save_dir / "settings.json").write_text("{not json")
    assert load_settings(_own_save_dir) == Settings()


def test_a_game_saved_in_french_logs_in_dutch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.core.test_saves_language_neutral import saved_game

    path = saved_game(tmp_path, "fr")
    assert main(["--lang", "nl", "log", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "Beurt 1" in printed and "krijgt" in printed
    assert "reçoit" not in printed and "Tour 1" not in printed


@pytest.mark.parametrize(
    "code, greedy, random_bot", [("en", "Greedy 2", "Random 3"), ("fr", "Glouton 2", "Au hasard 3")]
)
def test_bots_are_named_in_the_language_of_the_game(
    code: str, greedy: str, random_bot: str
) -> None:
    from atlantis_tui.session import parse_players
    from core.kernel.i18n import set_language

    set_language(code)
    try:
        names = [seat.name for seat in parse_players("Ann,bot:greedy,bot:random")]
    finally:
        set_language("en")
    assert names == ["Ann", greedy, random_bot]
