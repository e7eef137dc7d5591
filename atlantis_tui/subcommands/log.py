"""``atlantis log FILE [--json]``: a saved game's log, for reading and sharing.

Text: one sentence per event, grouped by turn (a game whose events end turns,
``GameType.presentation.turn_ended``), undone events marked. JSON:
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
    from atlantis_tui.session_protocol import WATCHER
    from core.games import GAMES
    from core.kernel.errors import SaveFileError
    from core.kernel.events import undone_positions
    from core.kernel.replay import states_after
    from core.kernel.save_lifecycle import hands_are_private, read_checked

    try:
        game = game_of_save(args.file)  # a game this version does not play is refused here
        checked = read_checked(args.file, GAMES)
        if checked.problem is not None:
            # A log going on past the damage would tell a game the rules never gave.
            raise checked.problem
    except SaveFileError as error:
        print(prefixed("atlantis log", prefixed(args.file, error)), file=sys.stderr)
        return 2
    saved = checked.game
    events = list(saved.events)
    undone = undone_positions(events)
    hidden = hands_are_private(game, saved) and not args.show_hands
    if hidden:
        note = _(
            "Hands and draws are hidden: this hot-seat game is not finished "
            "(--show-hands shows them)."
        )
        print(prefixed("atlantis log", prefixed(args.file, note)), file=sys.stderr)
    states = states_after(game, events) if events else []
    encoder = msgspec.json.Encoder()
    turn = 1
    turn_ended = game.presentation.turn_ended
    for index, true_event in enumerate(events):
        # The sentence reads the state before the event; the opening event is its own.
        state = states[max(index - 1, 0)]
        event = game.privacy.event_for(true_event, WATCHER, False) if hidden else true_event
        sentence = game.presentation.describe(state, event)
        names = game.presentation.player_names(state)
        if args.json:
            record = msgspec.to_builtins(event)
            record.update({"index": index, "text": sentence, "undone": index in undone})
            sys.stdout.write(encoder.encode(record).decode() + "\n")
            continue
        if index == 1 and turn_ended is not None:
            first = game.to_act(state)
            name = names[first] if first is not None else ""
            print(_("Turn {n} — {player}").format(n=turn, player=name))
        next_seat = game.presentation.event_seat(event)
        if turn_ended is not None and turn_ended(event) and next_seat is not None:
            if index in undone:
                print("  " + _("({event})  (undone)").format(event=sentence))
            else:
                turn += 1
                print(_("Turn {n} — {player}").format(n=turn, player=names[next_seat]))
        elif index:
            line = _("{event}  (undone)").format(event=sentence) if index in undone else sentence
            print("  " + line)
        else:
            print(sentence)
    return 0
