"""The `allowed_direction` of a propagation barrier."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import AngleBracketedAttr


PROPAGATION_DIRECTIONS: tuple[str, ...] = ("NONE", "FORWARD", "BACKWARD", "BOTH")


@irdl_attr_definition
class PropagationDirectionAttr(AngleBracketedAttr):
    """`NONE`, `FORWARD`, `BACKWARD` or `BOTH` (the `allowed_direction` of a propagation barrier)."""

    name = "sdy.propagation_direction"

    value: StringAttr = param_def(converter=StringAttr.get)

    @property
    def direction(self) -> str:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(self.direction)

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationDirectionAttr:
        return PropagationDirectionAttr(parser.parse_keyword_in(PROPAGATION_DIRECTIONS, " as a propagation direction"))
