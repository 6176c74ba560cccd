"""Undefined SSA values reported where they are first used, not at the end of the input.

xDSL's parser notices a value that is used but never defined only once the whole module is read, and reports it at
the end of the input. `UndefinedValueParser` remembers where each forward reference is first made and moves that
error to the first use of the earliest-used undefined value (the message is xDSL's).
"""

from __future__ import annotations

from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Span

#: the start of xDSL's message for values still undefined at the end of the module
UNDEFINED_MESSAGE = "values used but not defined"


class UndefinedValueParser(Parser):
    """xDSL's parser, with "values used but not defined" located at the first such use."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._first_forward_use: dict[str, Span] = {}

    def resolve_operand(self, operand, type):
        name = operand.operand_name
        if name not in self.ssa_values and name not in self.forward_ssa_references:
            self._first_forward_use[name] = operand.span  # a new forward reference (a name may be reused later)
        return super().resolve_operand(operand, type)

    def parse_module(self, allow_implicit_module: bool = True):
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError as e:
            undefined = [name for name in self.forward_ssa_references if name in self._first_forward_use]
            if not undefined or UNDEFINED_MESSAGE not in str(e):
                raise
            first = min(undefined, key=lambda name: self._first_forward_use[name].start)
            names = ", ".join("%" + name for name in self.forward_ssa_references)
            self.raise_error(f"{UNDEFINED_MESSAGE}: [{names}]", self._first_forward_use[first])
