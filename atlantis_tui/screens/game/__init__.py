"""What every game's screen does the same way, once.

A game's screen derives from ``GameScreenBase`` (``base``) and fills in only
what is its own: its board and panels (``compose``, ``refresh_all``), its move
builder and keys, its end screen and its hint's words. The shell's parts, one
idea a module:

- ``seats``: whose turn, whose eyes (the seat at the keyboard, hot-seat);
- ``flow``: the play loop: the bots' worker thread, the hand-over curtain,
  the end screen and going back to it from the finished board;
- ``history``: undo and redo, asking before taking back another person's
  decision;
- ``hands``: showing every hand, once everyone agreed;
- ``hints``: the hint in two stages, worked out in a worker;
- ``log``: the log: written as the game goes, shown on small screens with
  its key, filtered by player and searched;
- ``layout``: the small-screen rule (below which size a screen is narrow);
- ``frame``: a screen laid out in titled boxes, the log and an action bar, for a
  game that says which boxes, buttons, hint, help and end screen it has
  (ArkantiS, Atlantica); ``panel`` its text panels, ``texts`` the words every
  game's panels write alike (a name row, a hand's title, who is playing, a
  refusal), ``palette`` the command palette's entries;
- ``moment``: one moment of a game for the replay screen (which hands it shows).

The keys of all this are ``atlantis_tui.keymap``'s.
"""
