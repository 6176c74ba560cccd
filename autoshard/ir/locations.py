"""MLIR debug locations as JAX prints them (`as_text(debug_info=True)`), which xDSL 0.74 cannot read alone.

`DebugLocationParser` closes two gaps:

- Location aliases are used before their definition: ops say `loc(#loc29)` and `#loc29 = loc(...)` follows the
  module. MLIR allows forward references for locations only; here every top-level `#name = loc(...)` line is
  read before the module, so the references resolve, and the trailing definitions are then accepted again.
- File ranges `loc("f.py":130:16 to :21)` and `loc("f.py":1:2 to 3:4)` become `FileLineColRange`, which
  prints back the same way.

xDSL's location parameters (of `callsite(...)`, name and fused locations) accept only its own closed set of
location classes, so a range nested in one needs `accept_location_ranges()` once per process: the one change
to xDSL itself autoshard makes, done when the first `DebugLocationParser` is made, not on import.
"""

from __future__ import annotations

import re

from xdsl.dialects import builtin
from xdsl.dialects.builtin import BuiltinAttribute, FileLineColLoc, IntAttr, StringAttr
from xdsl.ir import Dialect, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError

#: A top-level location alias definition line: `#loc12 = loc(...)`.
_LOC_ALIAS_LINE = re.compile(r"^(#[A-Za-z_][\w$.-]*)\s*=\s*loc\(.*$", re.MULTILINE)


@irdl_attr_definition
class FileLineColRange(ParametrizedAttribute, BuiltinAttribute):
    """`"file":line:col to [end_line]:end_col`, MLIR's FileLineColRange (xDSL has only the point form)."""

    name = "builtin.file_line_col_range"

    filename: StringAttr = param_def()
    line: IntAttr = param_def()
    column: IntAttr = param_def()
    end_line: IntAttr = param_def()
    end_column: IntAttr = param_def()

    def print_builtin(self, printer: Printer) -> None:
        with printer.in_location():
            printer.print_string_literal(self.filename.data)
            printer.print_string(f":{self.line.data}:{self.column.data} to ")
            if self.end_line.data != self.line.data:
                printer.print_string(str(self.end_line.data))
            printer.print_string(f":{self.end_column.data}")


#: Holds the range location so contexts can register it (parsing does not need it registered).
LocationsDialect = Dialect("autoshard_loc", [], [FileLineColRange])

_ranges_accepted = False


def accept_location_ranges() -> None:
    """Let xDSL's location parameters hold a `FileLineColRange` (idempotent)."""
    global _ranges_accepted
    if _ranges_accepted:
        return
    original_verify = builtin.LocationConstraint.verify

    def verify_location(self, attr, constraint_context) -> None:
        if not isinstance(attr, FileLineColRange):
            original_verify(self, attr, constraint_context)

    builtin.LocationConstraint.verify = verify_location
    _ranges_accepted = True


class DebugLocationParser(Parser):
    """xDSL's parser reading forward location aliases and file ranges."""

    _prescanned_location_aliases: set[str] | None = None

    def __init__(self, *args, **kwargs):
        accept_location_ranges()
        super().__init__(*args, **kwargs)

    def parse_module(self, allow_implicit_module: bool = True):
        if "loc(" in self.lexer.input.content:
            self._prescan_location_aliases()
        return super().parse_module(allow_implicit_module)

    def _prescan_location_aliases(self) -> None:
        """Read every top-level `#name = loc(...)` line first, resolving aliases among them in any order."""
        text = self.lexer.input.content
        pending = [(m.group(1), m.group(0)) for m in _LOC_ALIAS_LINE.finditer(text)]
        resolved: dict[str, object] = {}
        while pending:
            still_pending = []
            for name, line in pending:
                sub = DebugLocationParser(self.ctx, line, self.lexer.input.name)
                sub.attribute_aliases.update(self.attribute_aliases)
                sub.attribute_aliases.update(resolved)
                try:
                    sub._parse_alias_def()
                except ParseError:
                    still_pending.append((name, line))
                    continue
                resolved[name] = sub.attribute_aliases[name]
            if len(still_pending) == len(pending):
                break  # unresolvable: the main parse reports the error at its real position
            pending = still_pending
        self.attribute_aliases.update(resolved)
        self._prescanned_location_aliases = set(resolved)

    def _parse_alias_def(self):
        prescanned = self._prescanned_location_aliases or set()
        name = self._current_token.text
        if name in prescanned:
            prescanned.discard(name)
            del self.attribute_aliases[name]
        return super()._parse_alias_def()

    def _parse_location(self):
        if self._current_token.text in self.attribute_aliases:
            aliased = self.attribute_aliases[self._current_token.text]
            if isinstance(aliased, FileLineColRange):
                self._consume_token()
                return aliased
        location = super()._parse_location()
        if isinstance(location, FileLineColLoc) and self.parse_optional_keyword("to"):
            end_line = location.line.data
            if self.parse_optional_punctuation(":") is None:
                end_line = self.parse_integer(False, False)
                self.parse_punctuation(":")
            end_column = self.parse_integer(False, False)
            return FileLineColRange(location.filename, location.line, location.column,
                                    IntAttr(end_line), IntAttr(end_column))
        return location
