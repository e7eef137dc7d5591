"""Atlantica (Christian Fiore & Knut Happel, Piatnik 2018): divers of six colours
pay for actions at four locations until the hurricane comes up. ``RULES.md``
(``data/RULES.md``) is the authority; ``game_type.ATLANTICA`` is what the kernel
sees of the game."""
