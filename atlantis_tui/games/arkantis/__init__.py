"""ArkantiS's screens: the board, the panels, the game and end screens, the replay's view."""
