"""Atlantis (Leo Colovini, Amigo 2009): its rules, texts, lessons and bots."""
