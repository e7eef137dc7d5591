"""ArkantiS (Gilles Chomel): players lift tokens off a 7×7 board and are paid for
the stains each action makes. ``RULES.md`` (``data/RULES.md``) is the authority;
``game_type.ARKANTIS`` is what the kernel sees of the game."""
