"""How much of each game's UI folder stands verbatim in another game's.

For every game folder under ``atlantis_tui/games/``, the share of its
non-trivial lines (stripped; not blank, not a comment, an import or a
docstring quote, at least 12 characters) that also occur in another game's
folder, as committed at a revision::

    python -m tools.ui_share            # HEAD
    python -m tools.ui_share 4406faa    # any revision

Then the same share for each pair of games: the worst pair is what the shell's
goal (at most 15 %) is about. A line found in two games' folders is a line the
shell could hold once, or an idiom both write (``text = Text()``): the figure is
an upper bound of what is really repeated.
"""

from __future__ import annotations

import subprocess
import sys

GAMES = ("atlantis", "arkantis", "atlantica")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def non_trivial_lines(revision: str, game: str) -> list[str]:
    """The non-trivial lines of a game's UI folder at ``revision``."""
    names = _git("ls-tree", "-r", "--name-only", revision, f"atlantis_tui/games/{game}/").split()
    lines: list[str] = []
    for name in names:
        if not name.endswith(".py"):
            continue
        for line in _git("show", f"{revision}:{name}").splitlines():
            text = line.strip()
            if len(text) < 12 or text.startswith(("#", "import ", "from ", '"""')):
                continue
            lines.append(text)
    return lines


def main(argv: list[str]) -> int:
    revision = argv[0] if argv else "HEAD"
    lines = {game: non_trivial_lines(revision, game) for game in GAMES}
    for game in GAMES:
        others = set().union(*(set(lines[other]) for other in GAMES if other != game))
        shared = sum(1 for line in lines[game] if line in others)
        share = 100 * shared / max(1, len(lines[game]))
        count = len(lines[game])
        print(f"{game:10} {count:5} non-trivial lines, {shared:4} shared ({share:.0f} %)")
    print("pairs (the share of the first game's lines found in the second's folder):")
    for game in GAMES:
        for other in GAMES:
            if other != game:
                theirs = set(lines[other])
                found = sum(1 for line in lines[game] if line in theirs)
                share = 100 * found / max(1, len(lines[game]))
                print(f"  {game:10} in {other:10} {found:4} ({share:.0f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
