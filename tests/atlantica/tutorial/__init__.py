"""Tests of the Atlantica tutorial: its lessons judged by the rules, and its screen."""
