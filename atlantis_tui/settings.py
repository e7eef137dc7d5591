"""The player's settings kept between runs: for now, the language chosen in the app.

They live in ``settings.json`` inside the save folder, like the tutorial's
progress, and are replaced atomically. The standard library's json reads them, so that the
language is known before anything heavy is loaded. A missing or damaged file means no
setting was made.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from core.atomic_files import replace_atomically

SETTINGS_NAME = "settings.json"


@dataclass
class Settings:
    """What the player chose in the app."""

    language: str | None = None


def settings_file(save_dir: Path) -> Path:
    return save_dir / SETTINGS_NAME


def load_settings(save_dir: Path) -> Settings:
    try:
        found = json.loads(settings_file(save_dir).read_bytes())
    except (OSError, ValueError):
        return Settings()
    language = found.get("language") if isinstance(found, dict) else None
    return Settings(language=language if isinstance(language, str) else None)


def save_settings(save_dir: Path, settings: Settings) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    replace_atomically(settings_file(save_dir), json.dumps(asdict(settings)).encode())
