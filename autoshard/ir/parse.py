"""Parsing MLIR text into an xDSL module, with parse errors as one-line `file:line:col: message` errors."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from autoshard.errors import Location, UserError
from autoshard.ir.context import make_context


def _location_of(e: ParseError, filename: str) -> tuple[Location | None, str]:
    span = e.span
    line_no = span.input.content.count("\n", 0, span.start) + 1
    line_start = span.input.content.rfind("\n", 0, span.start) + 1
    message = (e.msg if hasattr(e, "msg") else str(e).strip().splitlines()[-1]).strip()
    return Location(filename, line_no, span.start - line_start + 1), message


def parse_module(text: str, filename: str = "<input>", ctx: Context | None = None) -> ModuleOp:
    """Parse `text` (a module, or top-level ops that get wrapped in one); raise `UserError` on bad input."""
    parser = Parser(ctx or make_context(), text, filename)
    try:
        return parser.parse_module()
    except ParseError as e:
        loc, message = _location_of(e, filename)
        raise UserError(message, loc) from None
