"""`sdy.constant`: a constant Shardy's passes never fold or dedupe."""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from autoshard.dialects.sdy.op_syntax import with_attributes
from autoshard.dialects.sdy.verify_value_ops import verify_constant


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`%r = sdy.constant dense<...> : tensor<...>` (a constant Shardy's passes never fold or dedupe)."""

    name = "sdy.constant"

    output = result_def()
    value = prop_def(Attribute)

    def __init__(self, value: DenseIntOrFPElementsAttr | Attribute, result_type: Attribute | None = None):
        if result_type is None:
            result_type = value.get_type() if hasattr(value, "get_type") else value.type  # type: ignore[attr-defined]
        super().__init__(result_types=[result_type], properties={"value": value})

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        attrs = parser.parse_optional_attr_dict()
        value = parser.parse_attribute()
        return with_attributes(cls(value), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        printer.print_attribute(self.value)

    def verify_(self) -> None:
        verify_constant(self)
