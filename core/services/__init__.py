"""Services built on the kernel for every game: search, simulation, benchmark, review, stats.

They reach a game only through its descriptor, and never import a game or the shell.
"""
