"""A host and a headless seat never load Textual: they run on machines without a screen."""

from __future__ import annotations

import subprocess
import sys

HEADLESS = (
    "protocol",
    "table",
    "limits",
    "server",
    "client",
    "hosting",
    "bot_player",
    "remote",
)


def test_the_headless_modules_do_not_import_textual() -> None:
    imports = "; ".join(f"import atlantis_tui.online.{name}" for name in HEADLESS)
    loaded = "sorted(m for m in sys.modules if m.startswith('textual'))"
    code = f"import sys; {imports}; print({loaded})"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
