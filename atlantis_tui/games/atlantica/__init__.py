"""Atlantica's screens: the board, the action builder, the panels, the game, scoring
and end screens, the replay's view."""
