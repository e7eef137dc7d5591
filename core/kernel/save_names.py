"""How save files are named: every one ends in ``SUFFIX``.

A module of its own, so that the start menu can list a save folder without
loading the save format (msgspec, the events) when the folder holds no save.
"""

SUFFIX = ".atlantis.jsonl"
"""Every save file's name ends so."""
