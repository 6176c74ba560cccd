"""Data-flow edge ops, which carry the sharding of a value that flows through a region op or a call."""

from __future__ import annotations

from abc import ABC

from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from autoshard.dialects.sdy.op_syntax import (
    parse_attrs_and_typed_operand,
    parse_optional_named,
    parse_sharding,
    print_attr_dict_and_type,
    with_attributes,
)
from autoshard.dialects.sdy.shardings import TensorShardingAttr
from autoshard.dialects.sdy.value_sharding import ShardingSource
from autoshard.dialects.sdy.verify_value_ops import verify_data_flow_edge, verify_func_data_flow_edge


class _EdgeOp(IRDLOperation, ABC):
    """`%r = sdy.<edge op> %input [sharding=<...>] : type`."""

    input = operand_def()
    result = result_def()
    sharding = opt_prop_def(TensorShardingAttr)

    def __init__(self, input: SSAValue | Operation, sharding: TensorShardingAttr | None = None):
        value = SSAValue.get(input)
        super().__init__(operands=[value], result_types=[value.type],
                         properties={"sharding": sharding} if sharding is not None else {})

    @classmethod
    def parse(cls, parser: Parser):
        operand = parser.parse_unresolved_operand()
        sharding = parse_optional_named(parser, "sharding", parse_sharding)
        value, attrs = parse_attrs_and_typed_operand(parser, operand)
        return with_attributes(cls(value, sharding), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        if self.sharding is not None:
            printer.print_string(" sharding=")
            self.sharding.print_body(printer)
        print_attr_dict_and_type(printer, self, self.result.type)


@irdl_op_definition
class DataFlowEdgeOp(_EdgeOp, ShardingSource):
    """`%r = sdy.data_flow_edge %target sharding=<...> : type`: one data-flow edge of a region op."""

    name = "sdy.data_flow_edge"

    def result_sharding(self, index: int) -> TensorShardingAttr | None:
        return self.sharding

    def verify_(self) -> None:
        verify_data_flow_edge(self)


@irdl_op_definition
class FuncDataFlowEdgeOp(_EdgeOp):
    """`%r = sdy.func_data_flow_edge %arg : type`: a data-flow edge on a func argument or call result."""

    name = "sdy.func_data_flow_edge"

    def verify_(self) -> None:
        verify_func_data_flow_edge(self)
