"""Online play: one authoritative game on a host, players and watchers over WebSockets.

``protocol`` defines the messages, ``table`` the game a host runs (seats,
codes, presence, what each may see), ``server`` and ``client`` carry the
messages over WebSockets, ``hosting`` and ``bot_player`` run a host and a
headless seat. None of these imports Textual (a test checks it), so a host
runs without a screen; the screens are in ``screen``, ``app`` and ``menu``.
"""
