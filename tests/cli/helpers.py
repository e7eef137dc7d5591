"""What the command-line tests share: running ``atlantis`` and expecting a refusal."""

from __future__ import annotations

import pytest

from atlantis_tui.cli import main


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``atlantis argv``; it must exit 2 with one line on stderr, which is returned."""
    code: int | str | None
    try:
        code = main(argv)
    except SystemExit as exited:  # argparse's own errors
        code = exited.code
    captured = capsys.readouterr()
    assert code == 2, (argv, captured)
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "Traceback" not in captured.err
    return lines[0]
