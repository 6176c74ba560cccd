"""`autoshard lower-reshards IN.mlir [-o OUT]`: replace every `sdy.reshard` by sdy collectives, as Shardy's
`-sdy-reshard-to-collectives` does, and print the module."""

from __future__ import annotations

import argparse

from autoshard.errors import VerificationError
from autoshard.ir.parse import parse_module
from autoshard.tools.fileio import read_text, write_text_atomic

NAME = "lower-reshards"
HELP = "lower sdy.reshard ops to sdy collectives (Shardy's -sdy-reshard-to-collectives)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="MLIR file with sdy shardings ('-' for stdin)")
    parser.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    parser.add_argument(
        "--keep-redundant-reshards",
        action="store_true",
        help="keep reshards whose input and output shardings are equivalent",
    )


def run(args: argparse.Namespace) -> int:
    from xdsl.utils.exceptions import DiagnosticException  # noqa: PLC0415

    from autoshard.emit.reshard_to_collectives import lower_reshards  # noqa: PLC0415

    module = parse_module(read_text(args.input), args.input)
    try:
        module.verify()
    except DiagnosticException as e:
        raise VerificationError(str(e).strip().splitlines()[0]) from None
    lower_reshards(module, keep_redundant_reshards=args.keep_redundant_reshards)
    write_text_atomic(args.output, f"{module}\n", protect=(args.input,))
    return 0
