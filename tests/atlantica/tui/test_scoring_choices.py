"""The scoring dialog (``final_choices = ask``) asks what the rules take (E3, E5.3)."""

from __future__ import annotations

from atlantis_tui.games.atlantica.scoring_dialog import ScoringScreen
from core.atlantica.commands import Pass
from core.atlantica.decide import choice_refusal
from core.atlantica.options import Options
from tests.atlantica.core.helpers import play, position


def test_E5_3_with_nothing_kept_the_dialog_names_no_wild_type() -> None:
    """Ben holds two types and a wild treasure but no ship: he keeps nothing, and his
    wild treasure names no type; the dialog's choice is one the rules accept."""
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1",), ("GLD-1", "TER-2")),
        ships=(("C5-1",), ()),
        research=((), ("R11-1",)),
        divers=(),
        main=(),
        hurricane=(),
        research_pile=(),
        options=Options(diver_reshuffle=False, final_choices="ask"),
    )
    state, _e = play(state, Pass(0))
    state, _e = play(state, Pass(1))
    assert state.to_act == 1
    command = ScoringScreen(state, 1).command()
    assert command.r11_types == () and sorted(command.releases) == ["GLD-1", "TER-2"]
    assert choice_refusal(state, command) is None
