"""Tests of the ArkantiS tutorial: its lessons judged by the rules, and its screen."""
