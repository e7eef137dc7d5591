"""The kernel: what every game shares (saves, undo, replay, chance, check, bots, online).

It never imports a game; a game reaches it through its descriptor (``game_type.GameType``).
"""
