"""Propagation edges: the debug record of which axis a sharding propagation step moved between values."""

from __future__ import annotations


from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import (
    AngleBracketedAttr,
    int_value,
    parse_body_list,
    print_body_list,
    print_joined,
)
from autoshard.dialects.sdy.axes import AxisRefAttr


EDGE_NODE_TYPES: tuple[str, ...] = ("operand", "result")


@irdl_attr_definition
class EdgeValueRefAttr(AngleBracketedAttr):
    """`operand-1` / `result-0`: one operand or result of the op the edges are attached to."""

    name = "sdy.edge_value_ref"

    node_type: StringAttr = param_def(converter=StringAttr.get)
    index_attr: IntAttr = param_def(converter=IntAttr.get)

    index = int_value("index_attr")

    @property
    def type(self) -> str:
        return self.node_type.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"{self.type}-{self.index}")

    @staticmethod
    def parse_body(parser: AttrParser) -> EdgeValueRefAttr:
        kind = parser.parse_keyword_in(EDGE_NODE_TYPES, " (an edge value: operand-N or result-N)")
        parser.parse_punctuation("-")
        return EdgeValueRefAttr(kind, parser.parse_integer(allow_boolean=False, allow_negative=False))


@irdl_attr_definition
class AxisToPropagationDetailsAttr(AngleBracketedAttr):
    """`{"y" = operand-1 -> [operand-0, result-0]}`: where one axis flowed from and to."""

    name = "sdy.axis_to_propagation_details"

    axis_name: AxisRefAttr
    source: EdgeValueRefAttr
    targets: ArrayAttr[EdgeValueRefAttr]

    def print_body(self, printer: Printer) -> None:
        printer.print_string("{")
        self.axis_name.print_body(printer)
        printer.print_string(" = ")
        self.source.print_body(printer)
        printer.print_string(" -> [")
        print_joined(printer, self.targets.data, lambda t: t.print_body(printer))
        printer.print_string("]}")

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisToPropagationDetailsAttr:
        parser.parse_punctuation("{")
        axis = AxisRefAttr.parse_body(parser)
        parser.parse_punctuation("=")
        source = EdgeValueRefAttr.parse_body(parser)
        parser.parse_punctuation("->")
        targets = parse_body_list(parser, EdgeValueRefAttr)
        parser.parse_punctuation("}")
        return AxisToPropagationDetailsAttr.new((axis, source, ArrayAttr(tuple(targets))))


@irdl_attr_definition
class PropagationOneStepAttr(AngleBracketedAttr):
    """`{step-2 = [{"y" = operand-1 -> [result-0]}, ...]}`."""

    name = "sdy.propagation_one_step"

    step_index_attr: IntAttr
    axis_entries: ArrayAttr[AxisToPropagationDetailsAttr]

    step_index = int_value("step_index_attr")

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"{{step-{self.step_index} = [")
        print_joined(printer, self.axis_entries.data, lambda e: e.print_body(printer))
        printer.print_string("]}")

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationOneStepAttr:
        parser.parse_punctuation("{")
        parser.parse_keyword("step")
        parser.parse_punctuation("-")
        step = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation("=")
        entries = parse_body_list(parser, AxisToPropagationDetailsAttr)
        parser.parse_punctuation("}")
        return PropagationOneStepAttr.new((IntAttr(step), ArrayAttr(tuple(entries))))


@irdl_attr_definition
class PropagationEdgesAttr(AngleBracketedAttr):
    """`#sdy.propagation_edges<[{step-0 = [...]}, ...]>`: per-step propagation details of a value."""

    name = "sdy.propagation_edges"

    value: ArrayAttr[PropagationOneStepAttr]

    @property
    def steps(self) -> tuple[PropagationOneStepAttr, ...]:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        print_body_list(printer, self.steps)

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationEdgesAttr:
        steps = parse_body_list(parser, PropagationOneStepAttr)
        return PropagationEdgesAttr.new((ArrayAttr(tuple(steps)),))
