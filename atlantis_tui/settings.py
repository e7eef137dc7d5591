"""The player's settings kept between runs: for now, the language chosen in the app.

They live in ``settings.json`` inside the save folder, like the tutorial's
progress, and are replaced atomically. A missing or damaged file means no
setting was made.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from core.save_lifecycle import replace_atomically

SETTINGS_NAME = "settings.json"


class Settings(msgspec.Struct, omit_defaults=True):
    """What the player chose in the app."""

    language: str | None = None


def settings_file(save_dir: Path) -> Path:
    return save_dir / SETTINGS_NAME


def load_settings(save_dir: Path) -> Settings:
    try:
        return msgspec.json.decode(settings_file(save_dir).read_bytes(), type=Settings)
    except (OSError, msgspec.DecodeError):
        return Settings()


def save_settings(save_dir: Path, settings: Settings) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    replace_atomically(settings_file(save_dir), msgspec.json.encode(settings))
