"""`autoshard rules IN.mlir [-o OUT] [--conservative]`: print the module with every op's sharding rule."""

from __future__ import annotations

import argparse
import io
import sys

from xdsl.printer import Printer

from autoshard.ir.parse import parse_module
from autoshard.rules.populate import populate_sharding_rules
from autoshard.fileio import read_text, write_text_atomic

NAME = "rules"
HELP = "attach each op's Shardy sharding rule (sdy.sharding_rule) and print the module"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="StableHLO module (.mlir), or - for stdin")
    parser.add_argument("-o", "--output", help="write the module here instead of stdout")
    parser.add_argument(
        "--conservative",
        action="store_true",
        help="conservative propagation: no factors through sliced, padded, windowed or concatenated dimensions",
    )


def run(args: argparse.Namespace) -> int:
    filename = args.input
    text = read_text(filename)
    module = parse_module(text, filename)
    report = populate_sharding_rules(module, conservative=args.conservative)
    for message in report.warnings:
        print(f"{filename}: warning: {message}", file=sys.stderr)
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    printed = out.getvalue().rstrip("\n") + "\n"
    if args.output:
        write_text_atomic(args.output, printed, protect=(filename,) if filename != "-" else ())
    else:
        sys.stdout.write(printed)
    return 0
