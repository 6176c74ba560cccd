"""Ops that annotate one value: sharding constraints, reshards, sharding groups, propagation barriers."""

from __future__ import annotations

from abc import ABC

from xdsl.dialects.builtin import IntegerAttr, IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from autoshard.dialects.sdy.diagnostics import check
from autoshard.dialects.sdy.op_syntax import (
    parse_attrs_and_typed_operand,
    parse_named,
    parse_sharding,
    print_attr_dict_and_type,
    with_attributes,
)
from autoshard.dialects.sdy.propagation_direction import PropagationDirectionAttr
from autoshard.dialects.sdy.shardings import TensorShardingAttr
from autoshard.dialects.sdy.value_sharding import ShardingSource
from autoshard.dialects.sdy.verify_shardings import verify_ranked_tensor
from autoshard.dialects.sdy.verify_value_ops import verify_sharding_on_value_op


class _ShardingOnValueOp(IRDLOperation, ShardingSource, ABC):
    """`%r = sdy.<op> %input <@mesh, [...]> : type` (sharding_constraint and reshard)."""

    input = operand_def()
    result = result_def()
    sharding = prop_def(TensorShardingAttr)

    def __init__(self, input: SSAValue | Operation, sharding: TensorShardingAttr):
        value = SSAValue.get(input)
        # one operand, one result, one property: what IRDL's generic construction would work out from the
        # definitions, built directly (emission creates one of these per planned value)
        Operation.__init__(self, operands=(value,), result_types=(value.type,), properties={"sharding": sharding})

    @classmethod
    def parse(cls, parser: Parser):
        operand = parser.parse_unresolved_operand()
        sharding = parse_sharding(parser)
        value, attrs = parse_attrs_and_typed_operand(parser, operand)
        return with_attributes(cls(value, sharding), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(" ")
        self.sharding.print_body(printer)
        print_attr_dict_and_type(printer, self, self.result.type)

    def result_sharding(self, index: int) -> TensorShardingAttr | None:
        return self.sharding

    def verify_(self) -> None:
        verify_sharding_on_value_op(self)


@irdl_op_definition
class ShardingConstraintOp(_ShardingOnValueOp):
    """Constrains a tensor (or the uses of this op's result) to a sharding."""

    name = "sdy.sharding_constraint"


@irdl_op_definition
class ReshardOp(_ShardingOnValueOp):
    """Reshards a tensor to a different sharding (lowered to collectives by the partitioner)."""

    name = "sdy.reshard"


#: ops that only state a value's sharding: the value they return is their operand's
SHARDING_ONLY_OPS = (ShardingConstraintOp.name, ReshardOp.name)


@irdl_op_definition
class ShardingGroupOp(IRDLOperation):
    """`sdy.sharding_group %input group_id=3 : type`: tensors of one group get the same sharding."""

    name = "sdy.sharding_group"

    input = operand_def()
    group_id = prop_def(IntegerAttr)

    def __init__(self, input: SSAValue | Operation, group_id: int):
        super().__init__(operands=[SSAValue.get(input)],
                         properties={"group_id": IntegerAttr(group_id, IntegerType(64))})

    @classmethod
    def parse(cls, parser: Parser) -> ShardingGroupOp:
        operand = parser.parse_unresolved_operand()
        group = parse_named(parser, "group_id", lambda p: p.parse_integer(allow_boolean=False))
        value, attrs = parse_attrs_and_typed_operand(parser, operand)
        return with_attributes(cls(value, group), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(f" group_id={self.group_id.value.data}")
        print_attr_dict_and_type(printer, self, self.input.type)

    def verify_(self) -> None:
        verify_ranked_tensor(self.input.type, "operand")


@irdl_op_definition
class PropagationBarrierOp(IRDLOperation):
    """`%r = sdy.propagation_barrier %input allowed_direction=BACKWARD : type`."""

    name = "sdy.propagation_barrier"

    input = operand_def()
    result = result_def()
    allowed_direction = prop_def(PropagationDirectionAttr)

    def __init__(self, input: SSAValue | Operation, allowed_direction: str | PropagationDirectionAttr):
        value = SSAValue.get(input)
        if isinstance(allowed_direction, str):
            allowed_direction = PropagationDirectionAttr(allowed_direction)
        super().__init__(operands=[value], result_types=[value.type],
                         properties={"allowed_direction": allowed_direction})

    @classmethod
    def parse(cls, parser: Parser) -> PropagationBarrierOp:
        operand = parser.parse_unresolved_operand()
        direction = parse_named(parser, "allowed_direction", PropagationDirectionAttr.parse_body)
        value, attrs = parse_attrs_and_typed_operand(parser, operand)
        return with_attributes(cls(value, direction), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(f" allowed_direction={self.allowed_direction.direction}")
        print_attr_dict_and_type(printer, self, self.result.type)

    def verify_(self) -> None:
        check(self.allowed_direction.direction != "BOTH", "cannot specify `BOTH` as the direction")
        verify_ranked_tensor(self.input.type, "operand")
        check(self.input.type == self.result.type,
               f"result type {self.result.type} does not match operand type {self.input.type}")
