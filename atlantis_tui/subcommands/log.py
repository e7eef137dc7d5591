"""``atlantis log FILE [--json]``: a saved game's log, for reading and sharing.

Text: one sentence per event, grouped by turn, undone events marked. JSON:
one object per line, the event itself plus its sentence and whether it was
undone. A damaged save is refused in one line naming the file and the line
that ``atlantis check`` finds (``save_lifecycle.read_checked``). An unfinished
game of two or more people at one keyboard is printed as nobody at the table
sees it (hands, draws and the pile hidden) unless ``--show-hands`` is given, as
its replay hides them until asked.
"""

from __future__ import annotations

import argparse
import sys

from atlantis_tui.subcommands.options import prefixed
from core.kernel.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("log", help=_("print a saved game's log"))
    parser.add_argument("file", metavar=_("file"), help=_("a save file (.jsonl)"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per event"))
    parser.add_argument(
        "--show-hands",
        action="store_true",
        help=_("show every hand and draw of an unfinished hot-seat game (hidden by default)"),
    )
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import msgspec

    from atlantis_tui.saves import game_of_save
    from core.atlantis.describe import describe
    from core.atlantis.events import TurnEnded
    from core.atlantis.evolve import states_after, undone_positions
    from core.atlantis.saves import hands_are_private, read_checked
    from core.atlantis.view import NO_SEAT, event_for
    from core.kernel.errors import SaveFileError

    try:
        game_of_save(args.file)  # a game this version does not play is refused here
        checked = read_checked(args.file)
        if checked.problem is not None:
            # A log going on past the damage would tell a game the rules never gave.
            raise checked.problem
    except SaveFileError as error:
        print(prefixed("atlantis log", prefixed(args.file, error)), file=sys.stderr)
        return 2
    saved = checked.game
    events = list(saved.events)
    undone = undone_positions(events)
    hidden = hands_are_private(saved) and not args.show_hands
    if hidden:
        note = _(
            "Hands and draws are hidden: this hot-seat game is not finished "
            "(--show-hands shows them)."
        )
        print(prefixed("atlantis log", prefixed(args.file, note)), file=sys.stderr)
    states = states_after(events) if events else []
    encoder = msgspec.json.Encoder()
    turn = 1
    for index, true_event in enumerate(events):
        # The sentence reads the state before the event; the opening event is its own.
        state = states[max(index - 1, 0)]
        event = event_for(true_event, NO_SEAT) if hidden else true_event
        sentence = describe(state, event)
        if args.json:
            record = msgspec.to_builtins(event)
            record.update({"index": index, "text": sentence, "undone": index in undone})
            sys.stdout.write(encoder.encode(record).decode() + "\n")
            continue
        if index == 1:
            print(_("Turn {n} — {player}").format(n=turn, player=state.players[state.current]))
        if isinstance(event, TurnEnded):
            if index in undone:
                print("  " + _("({event})  (undone)").format(event=sentence))
            else:
                turn += 1
                name = state.players[event.next_player]
                print(_("Turn {n} — {player}").format(n=turn, player=name))
        elif index:
            line = _("{event}  (undone)").format(event=sentence) if index in undone else sentence
            print("  " + line)
        else:
            print(sentence)
    return 0
