"""Online play: one authoritative game on a host, players and watchers over WebSockets.

``protocol`` defines the messages, ``table`` the game a host runs (seats,
codes, presence, bots), ``server`` and ``client`` carry the messages over
WebSockets. Nothing here imports Textual; the join screen lives in
``atlantis_tui.online.screen``.
"""
