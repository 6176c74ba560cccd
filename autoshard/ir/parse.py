"""Parsing MLIR text into an xDSL module, with parse errors as one-line `file:line:col: message` errors."""

from __future__ import annotations

import bisect
import re

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import ParseError

from autoshard.errors import Location, UserError
from autoshard.ir.context import make_context
from autoshard.ir.repeated_ops import RepeatedOpParser


def _location_of(e: ParseError, filename: str) -> tuple[Location | None, str]:
    span = e.span
    line_no = span.input.content.count("\n", 0, span.start) + 1
    line_start = span.input.content.rfind("\n", 0, span.start) + 1
    message = (e.msg if hasattr(e, "msg") else str(e).strip().splitlines()[-1]).strip()
    return Location(filename, line_no, span.start - line_start + 1), message


def parse_module(text: str, filename: str = "<input>", ctx: Context | None = None) -> ModuleOp:
    """Parse `text` (a module, or top-level ops that get wrapped in one); raise `UserError` on bad input."""
    parser = RepeatedOpParser(ctx or make_context(), text, filename)
    try:
        return parser.parse_module()
    except ParseError as e:
        loc, message = _location_of(e, filename)
        raise UserError(message, loc) from None


# ------------------------------------------------------------------------------------------------
# Source locations of ops, and `// -----` chunks
# ------------------------------------------------------------------------------------------------


class SourceMap:
    """Where each parsed op starts in the input (file:line:col), for diagnostics that point at the op."""

    def __init__(self, filename: str, text: str, line_offset: int = 0):
        self.filename = filename
        self._text = text
        self._line_offset = line_offset
        self._offsets: dict[int, tuple[int, object]] = {}  # id(op) -> (offset, op): holding op keeps its id unique
        self._line_starts: list[int] | None = None

    def record(self, op: object, offset: int) -> None:
        self._offsets[id(op)] = (offset, op)

    def _offset(self, op: object) -> int | None:
        entry = self._offsets.get(id(op))
        return entry[0] if entry is not None else None

    def location_of_offset(self, offset: int) -> Location:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self._text)]
        line = bisect.bisect_right(self._line_starts, offset)
        return Location(self.filename, line + self._line_offset, offset - self._line_starts[line - 1] + 1)

    def location(self, op: object) -> Location | None:
        offset = self._offset(op)
        return self.location_of_offset(offset) if offset is not None else None

    def location_of_text(self, op: object, text: str) -> Location | None:
        """Where `text` first occurs from `op`'s start on (a func argument's name in its signature, say); None
        when the op's start is not known or the text does not follow it."""
        offset = self._offset(op)
        found = self._text.find(text, offset) if offset is not None else -1
        return self.location_of_offset(found) if found >= 0 else None


class LocatingParser(RepeatedOpParser):
    """An xDSL parser that records the source position of every op it parses."""

    def __init__(self, ctx: Context, text: str, source_map: SourceMap, name: str = "<unknown>"):
        super().__init__(ctx, text, name)
        self.source_map = source_map

    def parse_operation(self):  # type: ignore[override]
        start = self._current_token.span.start
        op = super().parse_operation()
        self.source_map.record(op, start)
        return op


def parse_module_with_locations(
    text: str, filename: str = "<input>", line_offset: int = 0, ctx: Context | None = None
) -> tuple[ModuleOp, SourceMap]:
    """Like `parse_module`, also returning where each op starts; `line_offset` shifts reported lines
    (for a chunk of a larger file)."""
    source_map = SourceMap(filename, text, line_offset)
    parser = LocatingParser(ctx or make_context(), text, source_map, filename)
    try:
        module = parser.parse_module()
    except ParseError as e:
        loc, message = _location_of(e, filename)
        if loc is not None:
            loc = Location(loc.file, loc.line + line_offset, loc.col)
        raise UserError(message, loc) from None
    if source_map.location(module) is None:
        source_map.record(module, 0)
    return module, source_map


#: The separator line between independent chunks of one file (MLIR's `-split-input-file`).
SPLIT_MARKER = "// -----"


def split_input_file(text: str) -> list[tuple[str, int]]:
    """Chunks of `text` separated by `// -----` lines, each with the number of lines before it."""
    chunks: list[tuple[str, int]] = []
    current: list[str] = []
    start = 0
    for i, line in enumerate(text.splitlines(keepends=True)):
        if re.fullmatch(r"// -----\s*", line.rstrip("\n")):
            chunks.append(("".join(current), start))
            current, start = [], i + 1
        else:
            current.append(line)
    chunks.append(("".join(current), start))
    return chunks
