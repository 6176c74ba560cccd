"""One module per `autoshard` subcommand (NAME, HELP, add_arguments, run)."""
