"""`autoshard print IN.mlir [--generic] [-o OUT]`: parse, verify and print a module back (pretty by default)."""

from __future__ import annotations

import argparse
import sys

from autoshard.errors import VerificationError
from autoshard.ir.parse import SPLIT_MARKER
from autoshard.ir.printing import print_module
from autoshard.ir.verify import check_text
from autoshard.fileio import read_text, write_text_atomic

NAME = "print"
HELP = "parse, verify and print an MLIR module back (pretty form by default, --generic for the generic form)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="MLIR file (`-` for stdin)")
    parser.add_argument("-o", "--output", default="-", help="output file (default: stdout); never the input")
    parser.add_argument("--generic", action="store_true", help="print the generic op form")
    parser.add_argument("--split-input-file", action="store_true",
                        help="handle each chunk separated by a `// -----` line on its own; join outputs by it")
    parser.add_argument("--no-verify", action="store_true", help="print without verifying")


def run(args: argparse.Namespace) -> int:
    text = read_text(args.input)
    filename = "<stdin>" if args.input == "-" else args.input
    outputs: list[str] = []
    for result in check_text(text, filename, args.split_input_file):
        if result.parse_error is not None:
            raise VerificationError(result.parse_error)
        if result.errors and not args.no_verify:
            for d in result.errors[1:]:
                print(str(d), file=sys.stderr)
            raise VerificationError(str(result.errors[0]))
        assert result.module is not None
        outputs.append(print_module(result.module, generic=args.generic))
    write_text_atomic(args.output, f"\n{SPLIT_MARKER}\n\n".join(outputs), protect=(args.input,))
    return 0
