"""The wheel holds every file the program reads at run time.

Users install with ``pip install .`` or pipx, which build a wheel: a data file
missing from it works in the checkout and crashes for them. ``.ci/run`` also
installs the wheel in a fresh environment and runs it from outside the checkout.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "atlantis_tui")


LOCALES = [ROOT / "core" / "locale", *ROOT.glob("core/*/locale")]
"""The shell's catalogues and each game's."""


def data_files() -> list[str]:
    """Every file in the packages that is not Python source (or a compiled leftover), nor
    a translator's source (the catalogues ship compiled, as ``.mo``)."""
    found = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            in_locale = any(locale in path.parents for locale in LOCALES)
            translators_only = in_locale and path.suffix != ".mo"
            if path.is_file() and path.suffix not in {".py", ".pyc"} and not translators_only:
                found.append(path.relative_to(ROOT).as_posix())
    return sorted(found)


def test_the_packages_have_data_files() -> None:
    files = data_files()
    assert "core/atlantis/data/RULES.md" in files
    assert "core/atlantis/data/default_tiles.json" in files
    assert "atlantis_tui/atlantis.tcss" in files


def test_the_wheel_holds_every_data_file(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), "."],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in data_files() if name not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert "atlantis_tui/cli.py" in names and "core/services/rules_text.py" in names
