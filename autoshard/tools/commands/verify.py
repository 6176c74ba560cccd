"""`autoshard verify IN.mlir`: parse and verify a module (StableHLO + Shardy), report every broken rule."""

from __future__ import annotations

import argparse
import sys

from autoshard.ir.verify import check_text
from autoshard.fileio import read_text

NAME = "verify"
HELP = "parse and verify an MLIR module (sdy rules included); exit 1 with one line per broken rule"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="MLIR file (`-` for stdin)")
    parser.add_argument("--split-input-file", action="store_true",
                        help="verify each chunk separated by a `// -----` line on its own")
    parser.add_argument("--no-warnings", action="store_true",
                        help="do not report warnings (e.g. dimensions not divisible by their shard count)")


def run(args: argparse.Namespace) -> int:
    text = read_text(args.input)
    filename = "<stdin>" if args.input == "-" else args.input
    failed = False
    for result in check_text(text, filename, args.split_input_file):
        if result.parse_error is not None:
            print(f"autoshard verify: error: {result.parse_error}", file=sys.stderr)
            failed = True
            continue
        for d in result.errors:
            print(str(d), file=sys.stderr)
            failed = True
        if not args.no_warnings:
            for d in result.warnings:
                print(str(d), file=sys.stderr)
    return 1 if failed else 0
