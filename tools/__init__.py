"""Maintenance scripts for the project's developers (not shipped in the wheel)."""
