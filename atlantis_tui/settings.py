"""The player's settings kept between runs: the language chosen in the app, and the name
last hosted an online game under.

They live in ``settings.json`` inside the save folder, like the tutorial's
progress, and are replaced atomically. The standard library's json reads them, so that the
language is known before anything heavy is loaded. A missing or damaged file means no
setting was made.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from core.kernel.atomic_files import replace_atomically

SETTINGS_NAME = "settings.json"


@dataclass
class Settings:
    """What the player chose in the app."""

    language: str | None = None
    name: str | None = None
    """The name the player last hosted an online game under: the Host dialog's default."""


def settings_file(save_dir: Path) -> Path:
    return save_dir / SETTINGS_NAME


def load_settings(save_dir: Path) -> Settings:
    try:
        found = json.loads(settings_file(save_dir).read_bytes())
    except (OSError, ValueError):
        return Settings()
    if not isinstance(found, dict):
        return Settings()
    language, name = found.get("language"), found.get("name")
    return Settings(
        language=language if isinstance(language, str) else None,
        name=name if isinstance(name, str) else None,
    )


def save_settings(save_dir: Path, settings: Settings) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    replace_atomically(settings_file(save_dir), json.dumps(asdict(settings)).encode())
