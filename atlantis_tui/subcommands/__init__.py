"""One module per ``atlantis`` subcommand: each adds its parser and runs it."""
