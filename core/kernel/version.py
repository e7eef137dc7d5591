"""The program's version: written into every save's header and shown by ``--version``.

A module of its own, so that reading it loads nothing else (the command line's
start-up, and the package build, read it).
"""

APP_VERSION = "0.1.0"
