"""Replacing a small file all at once, so that a crash never leaves half of it.

Its own module, with nothing but the standard library, so that reading or
writing a setting does not load the rules engine.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def replace_atomically(path: Path, data: bytes) -> None:
    """Make ``path`` hold ``data``, all at once, surviving a crash at any point."""
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
