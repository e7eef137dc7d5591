"""Widgets of the game screen: the path, the players, the hand, the preview, the log."""
