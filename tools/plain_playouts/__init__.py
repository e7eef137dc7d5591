"""Plain-Python random playouts, one module per game, to measure the engines against.

Each module is a second implementation of its game's rules, written from the
specification (``/work/shared/games/<game>/RULES.md``), that imports nothing
from ``core/`` or ``atlantis_tui/``: it sets up the engine benchmark's table
(the most seats the game takes, the default rule options) and plays to the
end, every decision uniform over the same legal commands the engine's
``random`` bot chooses among. Every module offers the same two functions:

- ``setups(count, seed) -> list[object]``: ``count`` dealt, shuffled setups,
  made before any clock starts;
- ``play(setup, rng) -> int``: one game from a setup to its end; the turns
  played, counted as the engine counts them (``GameType.play.turn_count``).

``python -m tools.engine_ratio`` times them against the engines.
"""
