"""Each game's board, panels and move input, one folder per game."""
