"""The `autoshard` command line: a thin `main()` over subcommand modules in `autoshard.tools.commands`.

Each subcommand lives in its own module exposing `NAME`, `HELP` (one line), `add_arguments(parser)` and
`run(args) -> int`. Only the module of the command being run is imported (so one command's heavy
dependencies never slow down another); `autoshard --help` imports them all to list them. User errors
become one line on stderr and a non-zero exit; `--debug` shows tracebacks.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence

from autoshard.errors import UserError

#: Subcommand name -> module, in the order `autoshard --help` lists them.
COMMAND_MODULES: dict[str, str] = {
    "plan": "plan",
    "cost": "cost",
    "explain": "explain",
    "rules": "rules",
    "print": "print",
    "verify": "verify",
    "lower-reshards": "lower_reshards",
    "simulate": "simulate",
    "validate": "validate",
    "solve-iopddl": "solve_iopddl",
    "experiment": "experiment",
}


def _load_commands(names) -> list:
    return [importlib.import_module(f"autoshard.tools.commands.{COMMAND_MODULES[n]}") for n in names]


def build_parser(names=None) -> argparse.ArgumentParser:
    """The argument parser with the given subcommands (all of them by default)."""
    parser = argparse.ArgumentParser(
        prog="autoshard",
        description="Constraint-solver auto-sharding planner for StableHLO programs (Shardy sdy shardings).",
    )
    parser.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for mod in _load_commands(names or list(COMMAND_MODULES)):
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show Python tracebacks")
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `autoshard` console script; returns the exit code when given `argv`.

    Run on the process's own command line (`argv` None), the process ends after this one command: its objects
    live until exit, so the cyclic garbage collector stays off (a late pass over the whole heap finds nothing), and
    once the command has returned the process exits at once, without the interpreter's teardown freeing every
    object one by one (about a second after planning a billion-parameter step; outputs are written and closed by
    then, and no command registers exit handlers).
    """
    if argv is not None:
        return _main(argv)
    gc.disable()
    code = _main(sys.argv[1:])
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can reach it
            pass
    os._exit(code)


def _main(argv: Sequence[str]) -> int:
    """Run the one command `argv` names; its exit code (user errors and internal ones as one line on stderr)."""
    argv = list(argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser([command] if command in COMMAND_MODULES else None)
    args = parser.parse_args(argv)
    debug = getattr(args, "debug", False)
    try:
        return int(args._run(args) or 0)
    except UserError as e:
        if debug:
            raise
        print(f"autoshard {args.command}: error: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("autoshard: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except Exception as e:  # an internal error: still one line unless --debug
        if debug:
            raise
        print(
            f"autoshard {args.command}: internal error: {type(e).__name__}: {e} (rerun with --debug for a traceback)",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
