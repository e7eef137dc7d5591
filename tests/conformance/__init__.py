"""The conformance kit: one suite every registered game must pass.

Each test takes a ``game`` (``conftest.py``: every game of ``core.games.GAMES``,
and the toy game of ``toy_game.py``) and reads it only through its descriptor
(``core.kernel.game_type.GameType``) and the kernel's services, so that a new
game gets the whole kit by being registered. ``kernel_access`` is the one door
to the kernel's save files, check and replay; ``online_access`` to the online
host.
"""
