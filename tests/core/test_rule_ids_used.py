"""Every rule id the program names exists in its game's rules text (RULES.md).

Refusals, explanations, log sentences, lessons and ``check`` messages all
point into the rules by id; the app opens the rules at that id. An id that the
rules do not define would send a player to "There is no rule E4". A game's own
folders (``core/<game>``, ``atlantis_tui/games/<game>``) name its rules; the
shared code (the kernel, the shell's help) names the default game's.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.events import RULE_OF_EVENT, EventsUndone, GameStarted, rule_of
from core.atlantis.evolve import evolve, initial_state
from core.atlantis.explain import explain
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.registry import DEFAULT_GAME
from core.services.rules_text import is_rule_id, rule_ids

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "atlantis_tui")
# An id cited in a sentence ("… (T4.3)", "(occupied landings, T4.3)", "(E2 and E3)"), or a
# whole string that is one. Tile names such as "statue S7" are not cited in brackets.
EMBEDDED = re.compile(r"(?<![\w.])([STEVX]\d{0,2}(?:\.\d)?)(?=\)|,? (?:and|or) [STEVX]\d)")
WHOLE = re.compile(r"[STEVX]\d{0,2}(?:\.\d)?")


def _strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def game_of(path: Path) -> str:
    """The game whose rules a source file names: its folder's, or the default game's."""
    parts = path.relative_to(ROOT).parts
    if parts[0] == "core" and len(parts) > 2 and parts[1] in GAMES:
        return parts[1]
    if parts[:2] == ("atlantis_tui", "games") and len(parts) > 3 and parts[2] in GAMES:
        return parts[2]
    return DEFAULT_GAME


def used_rule_ids() -> dict[str, dict[str, list[str]]]:
    """Rule ids named in the program's source, by game, with where each one stands."""
    found: dict[str, dict[str, list[str]]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            named = found.setdefault(game_of(path), {})
            for line, text in _strings(path):
                ids = {text} if WHOLE.fullmatch(text) else set(EMBEDDED.findall(text))
                for rule in ids:
                    named.setdefault(rule, []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_a_file_names_its_games_rules() -> None:
    assert game_of(ROOT / "core" / "atlantis" / "explain.py") == "atlantis"
    assert game_of(ROOT / "atlantis_tui" / "games" / "atlantis" / "panels.py") == "atlantis"
    assert game_of(ROOT / "core" / "kernel" / "check.py") == DEFAULT_GAME
    assert game_of(ROOT / "atlantis_tui" / "screens" / "simple.py") == DEFAULT_GAME


def test_the_scan_finds_the_ids_the_program_uses() -> None:
    """The scan sees refusals, explanations and lessons (it cannot pass by seeing nothing)."""
    used = used_rule_ids()[ATLANTIS.id]
    assert {"T1", "T2", "T5.4", "E2", "T9", "S3", "E4", "T"} <= set(used)
    assert len(used) >= 30


def test_every_rule_id_used_anywhere_is_in_the_rules() -> None:
    for game_id, used in used_rule_ids().items():
        game = GAMES.get(game_id)
        missing = {rule: where for rule, where in used.items() if not is_rule_id(game, rule)}
        assert not missing, f"ids not in {game_id}'s RULES.md: {missing}"


def test_every_kind_of_event_has_one_rule_that_exists() -> None:
    from typing import get_args

    from core.atlantis.events import AnyEvent

    assert set(RULE_OF_EVENT) == set(get_args(AnyEvent))
    for kind, rule in RULE_OF_EVENT.items():
        assert rule in rule_ids(ATLANTIS), (kind, rule)


def test_explanations_name_the_events_rule_or_one_of_its_parts() -> None:
    """``explain`` may be more precise (T4.1 within T4) but never names another rule."""
    within = {"T8": ("T8", "S4", "T1", "T9"), "E1": ("E1", "E4"), "E2": ("E2",)}
    for seed in (1, 2):
        played, _ = play_game([make_bot("greedy"), make_bot("random"), make_bot("random")], seed)
        started = played.events[0]
        assert isinstance(started, GameStarted)
        state = initial_state(started)
        for event in played.events:
            if isinstance(event, EventsUndone):
                continue
            rule, _sentence = explain(state, event)
            general = rule_of(event)
            allowed = within.get(general, (general,))
            assert any(rule == a or rule.startswith(a + ".") for a in allowed), (event, rule)
            if event is not played.events[0]:
                state = evolve(state, event)
