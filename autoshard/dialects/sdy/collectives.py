"""The sdy collectives; each takes one tensor and states the `out_sharding` of its result."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from autoshard.dialects.sdy.all_to_all_params import AllToAllParamListAttr
from autoshard.dialects.sdy.attr_syntax import BodySyntaxAttr
from autoshard.dialects.sdy.axes import AxisRefListAttr, ListOfAxisRefListsAttr
from autoshard.dialects.sdy.op_syntax import (
    parse_attrs_and_typed_operand,
    parse_out_sharding,
    print_attr_dict_and_type,
    with_attributes,
)
from autoshard.dialects.sdy.shardings import REDUCTION_KINDS, TensorShardingAttr
from autoshard.dialects.sdy.value_sharding import ShardingSource
from autoshard.dialects.sdy.verify_collectives import verify_collective
from autoshard.sharding.collective_steps import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    Collective,
    CollectivePermute,
    ReduceScatter,
    ReplicatedToUnreduced,
    ShardedToUnreduced,
)


class CollectiveOp(IRDLOperation, ShardingSource, ABC):
    """Base of every sdy collective: one tensor in, one out, and the `out_sharding` of the result.

    Subclasses set `AXES_PROP` (the name of their axes property, or None) and `AXES_ATTR` (its attribute
    class, which parses and prints it).
    """

    tensor = operand_def()
    result = result_def()
    out_sharding = prop_def(TensorShardingAttr)

    AXES_PROP: ClassVar[str | None] = None
    AXES_ATTR: ClassVar[type[BodySyntaxAttr]] = ListOfAxisRefListsAttr
    HAS_REDUCTION_KIND: ClassVar[bool] = False

    def __init__(self, tensor: SSAValue | Operation, out_sharding: TensorShardingAttr,
                 axes: Attribute | None = None, reduction_kind: str | None = None):
        value = SSAValue.get(tensor)
        props: dict[str, Attribute] = {"out_sharding": out_sharding}
        if self.AXES_PROP is not None:
            if axes is None:
                raise ValueError(f"{self.name} needs its {self.AXES_PROP}")
            props[self.AXES_PROP] = axes if isinstance(axes, Attribute) else self.AXES_ATTR(axes)
        if reduction_kind is not None and reduction_kind != "sum":
            props["reduction_kind"] = StringAttr(reduction_kind)
        super().__init__(operands=[value], result_types=[value.type], properties=props)

    @property
    def axes(self) -> Attribute | None:
        return self.properties.get(self.AXES_PROP) if self.AXES_PROP else None

    @property
    def reduction(self) -> str:
        kind = self.properties.get("reduction_kind")
        return kind.data if isinstance(kind, StringAttr) else "sum"

    @classmethod
    def parse(cls, parser: Parser):
        kind = None
        if cls.HAS_REDUCTION_KIND:
            kind = parser.parse_optional_keyword_in(REDUCTION_KINDS)
        axes = cls.AXES_ATTR.parse_body(parser) if cls.AXES_PROP else None
        operand = parser.parse_unresolved_operand()
        out_sharding = parse_out_sharding(parser)
        value, attrs = parse_attrs_and_typed_operand(parser, operand)
        return with_attributes(cls(value, out_sharding, axes, kind), attrs)

    def print(self, printer: Printer) -> None:
        if self.HAS_REDUCTION_KIND and self.reduction != "sum":
            printer.print_string(f" {self.reduction}")
        if (axes := self.axes) is not None:
            printer.print_string(" ")
            axes.print_body(printer)  # type: ignore[attr-defined]
        printer.print_string(" ")
        printer.print_operand(self.tensor)
        printer.print_string(" out_sharding=")
        self.out_sharding.print_body(printer)
        print_attr_dict_and_type(printer, self, self.result.type)

    def result_sharding(self, index: int) -> TensorShardingAttr | None:
        return self.out_sharding

    @abstractmethod
    def to_collective(self) -> Collective:
        """The collective as plain data (`autoshard.sharding.collective_steps`), with its `out_sharding`."""

    def verify_(self) -> None:
        verify_collective(self)


@irdl_op_definition
class AllGatherOp(CollectiveOp):
    """`sdy.all_gather [{"b"}, {}] %x out_sharding=<...>`: gather along the minor-most axes of each dimension."""

    name = "sdy.all_gather"
    gathering_axes = prop_def(ListOfAxisRefListsAttr)
    AXES_PROP: ClassVar = "gathering_axes"

    def to_collective(self) -> AllGather:
        return AllGather(self.gathering_axes.to_axis_ref_lists(), self.out_sharding.to_sharding())


@irdl_op_definition
class AllSliceOp(CollectiveOp):
    """`sdy.all_slice [{"b"}, {}] %x out_sharding=<...>`: slice along extra axes appended to each dimension."""

    name = "sdy.all_slice"
    slicing_axes = prop_def(ListOfAxisRefListsAttr)
    AXES_PROP: ClassVar = "slicing_axes"

    def to_collective(self) -> AllSlice:
        return AllSlice(self.slicing_axes.to_axis_ref_lists(), self.out_sharding.to_sharding())


@irdl_op_definition
class AllReduceOp(CollectiveOp):
    """`sdy.all_reduce [max] {"y"} %x out_sharding=<...>`: reduce over axes the operand is unreduced on."""

    name = "sdy.all_reduce"
    reduction_axes = prop_def(AxisRefListAttr)
    reduction_kind = opt_prop_def(StringAttr)
    AXES_PROP: ClassVar = "reduction_axes"
    AXES_ATTR: ClassVar = AxisRefListAttr
    HAS_REDUCTION_KIND: ClassVar = True

    def to_collective(self) -> AllReduce:
        return AllReduce(self.reduction_axes.to_axis_refs(), self.out_sharding.to_sharding())


@irdl_op_definition
class ReduceScatterOp(CollectiveOp):
    """`sdy.reduce_scatter [max] [{"y"}] %x out_sharding=<...>`: all-reduce then all-slice on the same axes."""

    name = "sdy.reduce_scatter"
    reduce_scatter_axes = prop_def(ListOfAxisRefListsAttr)
    reduction_kind = opt_prop_def(StringAttr)
    AXES_PROP: ClassVar = "reduce_scatter_axes"
    HAS_REDUCTION_KIND: ClassVar = True

    def to_collective(self) -> ReduceScatter:
        return ReduceScatter(self.reduce_scatter_axes.to_axis_ref_lists(), self.out_sharding.to_sharding())


@irdl_op_definition
class AllToAllOp(CollectiveOp):
    """`sdy.all_to_all [{"b"}: 0->2] %x out_sharding=<...>`: move minor-most axes between dimensions."""

    name = "sdy.all_to_all"
    params = prop_def(AllToAllParamListAttr)
    AXES_PROP: ClassVar = "params"
    AXES_ATTR: ClassVar = AllToAllParamListAttr

    def to_collective(self) -> AllToAll:
        return AllToAll(tuple(p.to_param() for p in self.params.params), self.out_sharding.to_sharding())


@irdl_op_definition
class CollectivePermuteOp(CollectiveOp):
    """`sdy.collective_permute %x out_sharding=<...>`: reorder/replace axes keeping every dim's shard count."""

    name = "sdy.collective_permute"

    def to_collective(self) -> CollectivePermute:
        return CollectivePermute(self.out_sharding.to_sharding())


@irdl_op_definition
class ReplicatedToUnreducedOp(CollectiveOp):
    """`sdy.replicated_to_unreduced {"a"} %x out_sharding=<...>`: make replicated axes unreduced."""

    name = "sdy.replicated_to_unreduced"
    axes_ = prop_def(AxisRefListAttr, prop_name="axes")
    AXES_PROP: ClassVar = "axes"
    AXES_ATTR: ClassVar = AxisRefListAttr

    def to_collective(self) -> ReplicatedToUnreduced:
        return ReplicatedToUnreduced(self.axes_.to_axis_refs(), self.out_sharding.to_sharding())


@irdl_op_definition
class ShardedToUnreducedOp(CollectiveOp):
    """`sdy.sharded_to_unreduced [{"b"}, {}] %x out_sharding=<...>`: make sharding axes unreduced."""

    name = "sdy.sharded_to_unreduced"
    axes_ = prop_def(ListOfAxisRefListsAttr, prop_name="axes")
    AXES_PROP: ClassVar = "axes"

    def to_collective(self) -> ShardedToUnreduced:
        return ShardedToUnreduced(self.axes_.to_axis_ref_lists(), self.out_sharding.to_sharding())
