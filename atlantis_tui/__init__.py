"""Atlantis in the terminal: the Textual app and the command line."""
