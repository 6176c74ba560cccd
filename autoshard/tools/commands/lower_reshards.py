"""`autoshard lower-reshards IN.mlir [-o OUT]`: replace every `sdy.reshard` by sdy collectives, as Shardy's
`-sdy-reshard-to-collectives` does, and print the module."""

from __future__ import annotations

import argparse

from autoshard.errors import UserError, VerificationError
from autoshard.fileio import read_text, write_text_atomic

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
    from autoshard.emit.lower_reshards import lower_reshards  # noqa: PLC0415
    from autoshard.ir.printing import print_module  # noqa: PLC0415
    from autoshard.ir.verify import check_text  # noqa: PLC0415

    filename = "<stdin>" if args.input == "-" else args.input
    (result,) = check_text(read_text(args.input), filename)
    if result.parse_error is not None:
        raise UserError(result.parse_error)
    if result.errors:
        raise VerificationError(str(result.errors[0]))
    assert result.module is not None
    lower_reshards(result.module, keep_redundant_reshards=args.keep_redundant_reshards)
    write_text_atomic(args.output, print_module(result.module), protect=(args.input,))
    return 0
