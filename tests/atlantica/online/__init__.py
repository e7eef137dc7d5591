"""Atlantica hosted online: privacy, misbehaving clients, scoring choices, the screen."""
