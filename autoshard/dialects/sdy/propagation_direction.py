"""The `allowed_direction` of a propagation barrier."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer


PROPAGATION_DIRECTIONS: tuple[str, ...] = ("NONE", "FORWARD", "BACKWARD", "BOTH")


@irdl_attr_definition
class PropagationDirectionAttr(ParametrizedAttribute):
    """`NONE`, `FORWARD`, `BACKWARD` or `BOTH` (the `allowed_direction` of a propagation barrier)."""

    name = "sdy.propagation_direction"

    value: StringAttr

    def __init__(self, direction: str | StringAttr):
        super().__init__(direction if isinstance(direction, StringAttr) else StringAttr(direction))

    @property
    def direction(self) -> str:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(self.direction)

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationDirectionAttr:
        return PropagationDirectionAttr(parser.parse_keyword_in(PROPAGATION_DIRECTIONS, " as a propagation direction"))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        d = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (d.value,)
