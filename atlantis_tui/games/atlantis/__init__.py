"""Atlantis on screen: the path, the panels, choosing a move and paying."""
