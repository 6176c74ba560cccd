"""The Shardy (`sdy`) dialect in xDSL: meshes, sharding annotations, manual/named computations, collectives.

Ops print and parse Shardy's pretty syntax (as `sdy_opt` prints it) and the generic form. Verifiers check
the constraints of the sdy spec (see `autoshard.ir.sdy_checks`, which holds the rules shared by ops and by
`sdy.sharding` annotations on other ops) and report MLIR-style messages.

Python constructors take attributes (`TensorShardingAttr`, `AxisRefListAttr`, ...) or plain lists; every
collective derives from `CollectiveOp` and carries `out_sharding`.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from autoshard.dialects.sdy_attrs import (
    REDUCTION_KINDS,
    SDY_ATTRIBUTES,
    AllToAllParamAttr,
    AllToAllParamListAttr,
    AxisRefAttr,
    AxisRefListAttr,
    DimensionShardingAttr,
    DimMappingAttr,
    ListOfAxisRefListsAttr,
    ManualAxesAttr,
    MeshAttr,
    MeshAxisAttr,
    OpShardingRuleAttr,
    PropagationDirectionAttr,
    PropagationEdgesAttr,
    SubAxisInfoAttr,
    TensorMappingAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
    factor_symbol,
)
from autoshard.sharding import Mesh

__all__ = [
    "AllGatherOp",
    "AllReduceOp",
    "AllSliceOp",
    "AllToAllOp",
    "AllToAllParamAttr",
    "AllToAllParamListAttr",
    "AxisRefAttr",
    "AxisRefListAttr",
    "CollectiveOp",
    "CollectivePermuteOp",
    "ConstantOp",
    "DataFlowEdgeOp",
    "DimMappingAttr",
    "DimensionShardingAttr",
    "FuncDataFlowEdgeOp",
    "ListOfAxisRefListsAttr",
    "ManualAxesAttr",
    "ManualComputationOp",
    "MeshAttr",
    "MeshAxisAttr",
    "MeshOp",
    "NamedComputationOp",
    "OpShardingRuleAttr",
    "PropagationBarrierOp",
    "PropagationDirectionAttr",
    "PropagationEdgesAttr",
    "ReduceScatterOp",
    "ReplicatedToUnreducedOp",
    "ReshardOp",
    "ReturnOp",
    "Sdy",
    "ShardedToUnreducedOp",
    "ShardingConstraintOp",
    "ShardingGroupOp",
    "SubAxisInfoAttr",
    "TensorMappingAttr",
    "TensorShardingAttr",
    "TensorShardingPerValueAttr",
    "factor_symbol",
    "get_sharding",
    "lookup_mesh",
    "lookup_mesh_attr",
]

#: The discardable attribute holding per-result shardings of any op, and per-argument/result of a func.
SHARDING_ATTR = "sdy.sharding"
#: The discardable attribute holding an op's sharding rule.
SHARDING_RULE_ATTR = "sdy.sharding_rule"


# ================================================================================================
# Mesh lookup
# ================================================================================================


def _top_module(op: Operation) -> Operation:
    top = op
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    return top


def _find_mesh_op(scope: Operation, name: str) -> MeshOp | None:
    """The `sdy.mesh @name` visible from `scope` (in an enclosing module, innermost first)."""
    op: Operation | None = scope
    while op is not None:
        if isinstance(op, ModuleOp):
            for child in op.ops:
                if isinstance(child, MeshOp) and child.sym_name.data == name:
                    return child
        op = op.parent_op()
    if isinstance(scope, ModuleOp):
        return None
    top = _top_module(scope)
    if isinstance(top, ModuleOp):
        for child in top.walk():
            if isinstance(child, MeshOp) and child.sym_name.data == name:
                return child
    return None


def module_meshes(module: ModuleOp) -> dict[str, Mesh]:
    """Every `sdy.mesh` of `module`, by name, as plain meshes."""
    return {op.sym_name.data: op.mesh.to_mesh() for op in module.walk() if isinstance(op, MeshOp)}


def lookup_mesh_attr(op_or_module: Operation, mesh_or_ref: str | SymbolRefAttr | MeshAttr) -> MeshAttr | None:
    """The `MeshAttr` a sharding refers to: an inlined mesh, or the `sdy.mesh` of that name (None if absent)."""
    if isinstance(mesh_or_ref, MeshAttr):
        return mesh_or_ref
    name = mesh_or_ref if isinstance(mesh_or_ref, str) else mesh_or_ref.root_reference.data
    mesh_op = _find_mesh_op(op_or_module, name)
    return mesh_op.mesh if mesh_op is not None else None


def lookup_mesh(op_or_module: Operation, name: str | SymbolRefAttr | MeshAttr) -> Mesh:
    """The plain `Mesh` called `name` (`@name` resolved to the module's `sdy.mesh`); raises `UserError`."""
    from autoshard.errors import UserError  # noqa: PLC0415

    mesh = lookup_mesh_attr(op_or_module, name)
    if mesh is None:
        shown = name if isinstance(name, str) else str(name)
        raise UserError(f"unknown mesh: @{shown.lstrip('@')}")
    return mesh.to_mesh()


def get_sharding(value: SSAValue) -> TensorShardingAttr | None:
    """The sharding attached to a value: by the sdy op defining it, by `sdy.sharding` on its defining op or
    on the func argument, or by the in_shardings of the manual/named computation whose block argument it is."""
    from xdsl.dialects.func import FuncOp  # noqa: PLC0415
    from xdsl.ir import BlockArgument, OpResult  # noqa: PLC0415

    if isinstance(value, OpResult):
        op = value.op
        if isinstance(op, (ShardingConstraintOp, ReshardOp)):
            return op.sharding
        if isinstance(op, DataFlowEdgeOp):
            return op.sharding
        if isinstance(op, CollectiveOp):
            return op.out_sharding
        if isinstance(op, (ManualComputationOp, NamedComputationOp)):
            out = op.out_shardings
            return out.shardings[value.index] if out is not None and value.index < len(out.shardings) else None
        attr = op.attributes.get(SHARDING_ATTR)
        if isinstance(attr, TensorShardingPerValueAttr) and value.index < len(attr.shardings):
            return attr.shardings[value.index]
        return None
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        if isinstance(owner, FuncOp):
            if owner.arg_attrs is not None and value.index < len(owner.arg_attrs.data):
                attr = owner.arg_attrs.data[value.index].data.get(SHARDING_ATTR)
                return attr if isinstance(attr, TensorShardingAttr) else None
            return None
        if isinstance(owner, (ManualComputationOp, NamedComputationOp)):
            ins = owner.in_shardings
            return ins.shardings[value.index] if ins is not None and value.index < len(ins.shardings) else None
        if owner is not None and owner.name == "stablehlo.while":  # loop-carried values share the results' shardings
            attr = owner.attributes.get(SHARDING_ATTR)
            if isinstance(attr, TensorShardingPerValueAttr) and value.index < len(attr.shardings):
                return attr.shardings[value.index]
    return None


# ================================================================================================
# Parsing/printing helpers
# ================================================================================================


def _parse_attr_dict_and_type(parser: Parser) -> tuple[dict[str, Attribute], Attribute]:
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    return attrs, parser.parse_type()


def _print_attr_dict_and_type(printer: Printer, op: Operation, type_: Attribute) -> None:
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(type_)


def _sharding(parser: Parser) -> TensorShardingAttr:
    return TensorShardingAttr.parse_body(parser)


def _parse_out_sharding(parser: Parser) -> TensorShardingAttr:
    parser.parse_keyword("out_sharding")
    parser.parse_punctuation("=")
    return _sharding(parser)


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise VerifyException(message)


def _checks():
    from autoshard.ir import sdy_checks  # noqa: PLC0415

    return sdy_checks


# ================================================================================================
# Ops
# ================================================================================================


@irdl_op_definition
class MeshOp(IRDLOperation):
    """`sdy.mesh @name = <["a"=2, "b"=4], device_ids=[...]>`."""

    name = "sdy.mesh"

    sym_name = prop_def(StringAttr)
    mesh = prop_def(MeshAttr)

    traits = traits_def(SymbolOpInterface())

    def __init__(self, sym_name: str, mesh: MeshAttr | Mesh):
        if isinstance(mesh, Mesh):
            mesh = MeshAttr.from_mesh(mesh)
        super().__init__(properties={"sym_name": StringAttr(sym_name), "mesh": mesh})

    @classmethod
    def parse(cls, parser: Parser) -> MeshOp:
        name = parser.parse_symbol_name()
        parser.parse_punctuation("=")
        mesh = MeshAttr.parse_body(parser)
        attrs = parser.parse_optional_attr_dict()
        op = cls(name.data, mesh)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" = ")
        self.mesh.print_body(printer)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        _checks().verify_mesh_op(self)


class _ShardingOnValueOp(IRDLOperation, ABC):
    """`%r = sdy.<op> %input <@mesh, [...]> : type` (sharding_constraint and reshard)."""

    input = operand_def()
    result = result_def()
    sharding = prop_def(TensorShardingAttr)

    def __init__(self, input: SSAValue | Operation, sharding: TensorShardingAttr):
        value = SSAValue.get(input)
        super().__init__(operands=[value], result_types=[value.type], properties={"sharding": sharding})

    @classmethod
    def parse(cls, parser: Parser):
        operand = parser.parse_unresolved_operand()
        sharding = _sharding(parser)
        attrs, type_ = _parse_attr_dict_and_type(parser)
        op = cls(parser.resolve_operand(operand, type_), sharding)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(" ")
        self.sharding.print_body(printer)
        _print_attr_dict_and_type(printer, self, self.result.type)

    def verify_(self) -> None:
        _checks().verify_sharding_on_value_op(self)


@irdl_op_definition
class ShardingConstraintOp(_ShardingOnValueOp):
    """Constrains a tensor (or the uses of this op's result) to a sharding."""

    name = "sdy.sharding_constraint"


@irdl_op_definition
class ReshardOp(_ShardingOnValueOp):
    """Reshards a tensor to a different sharding (lowered to collectives by the partitioner)."""

    name = "sdy.reshard"


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
        parser.parse_keyword("group_id")
        parser.parse_punctuation("=")
        group = parser.parse_integer(allow_boolean=False)
        attrs, type_ = _parse_attr_dict_and_type(parser)
        op = cls(parser.resolve_operand(operand, type_), group)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(f" group_id={self.group_id.value.data}")
        _print_attr_dict_and_type(printer, self, self.input.type)

    def verify_(self) -> None:
        _checks().verify_ranked_tensor(self.input.type, "operand")


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
        parser.parse_keyword("allowed_direction")
        parser.parse_punctuation("=")
        direction = PropagationDirectionAttr.parse_body(parser)
        attrs, type_ = _parse_attr_dict_and_type(parser)
        op = cls(parser.resolve_operand(operand, type_), direction)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_string(f" allowed_direction={self.allowed_direction.direction}")
        _print_attr_dict_and_type(printer, self, self.result.type)

    def verify_(self) -> None:
        _check(self.allowed_direction.direction != "BOTH", "cannot specify `BOTH` as the direction")
        _checks().verify_ranked_tensor(self.input.type, "operand")
        _check(self.input.type == self.result.type,
               f"result type {self.result.type} does not match operand type {self.input.type}")


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`sdy.return %a, %b : t, t`: terminator of sdy region ops."""

    name = "sdy.return"

    results_ = var_operand_def()

    traits = traits_def(IsTerminator())

    def __init__(self, values: Sequence[SSAValue | Operation] = ()):
        super().__init__(operands=[[SSAValue.get(v) for v in values]])

    @classmethod
    def parse(cls, parser: Parser) -> ReturnOp:
        attrs = parser.parse_optional_attr_dict()
        unresolved = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            unresolved.append(first)
            while parser.parse_optional_punctuation(","):
                unresolved.append(parser.parse_unresolved_operand())
        values = []
        if unresolved:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            if len(types) != len(unresolved):
                parser.raise_error(f"{len(unresolved)} operands present, but expected {len(types)}")
            values = [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]
        op = cls(values)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        if self.results_:
            printer.print_string(" ")
            printer.print_list(self.results_, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.results_], printer.print_attribute)


def _parse_block_args(parser: Parser) -> list[Parser.Argument]:
    return parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)


def _print_region_with_args(printer: Printer, region: Region) -> None:
    block = region.block
    printer.print_string(" (")
    printer.print_list(block.args, printer.print_block_argument)
    printer.print_string(") ")
    printer.print_region(region, print_entry_block_args=False, print_empty_block=False)


def _parse_functional_type(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    parser.parse_punctuation(":")
    inputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    parser.parse_punctuation("->")
    if parser._current_token.text == "(":  # noqa: SLF001
        outputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    else:
        outputs = [parser.parse_type()]
    return inputs, outputs


def _resolve_all(parser: Parser, unresolved, types: Sequence[Attribute]) -> list[SSAValue]:
    if len(unresolved) != len(types):
        parser.raise_error(f"expected {len(unresolved)} operand types but got {len(types)}")
    return [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]


@irdl_op_definition
class ManualComputationOp(IRDLOperation):
    """`sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...] manual_axes={"a"} (%arg: local) {...}`.

    The body is per-device code with respect to `manual_axes`: its block arguments and returned values have
    the local (sharded along the manual axes) shapes of the op's operands and results.
    """

    name = "sdy.manual_computation"

    tensors = var_operand_def()
    results_ = var_result_def()
    in_shardings = prop_def(TensorShardingPerValueAttr)
    out_shardings = prop_def(TensorShardingPerValueAttr)
    manual_axes = prop_def(ManualAxesAttr)
    body = region_def("single_block")

    def __init__(self, operands: Sequence[SSAValue], result_types: Sequence[Attribute],
                 in_shardings: TensorShardingPerValueAttr, out_shardings: TensorShardingPerValueAttr,
                 manual_axes: ManualAxesAttr, body: Region):
        super().__init__(operands=[list(operands)], result_types=[list(result_types)],
                         properties={"in_shardings": in_shardings, "out_shardings": out_shardings,
                                     "manual_axes": manual_axes},
                         regions=[body])

    @classmethod
    def parse(cls, parser: Parser) -> ManualComputationOp:
        unresolved = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        parser.parse_keyword("in_shardings")
        parser.parse_punctuation("=")
        in_shardings = TensorShardingPerValueAttr.parse_body(parser)
        parser.parse_keyword("out_shardings")
        parser.parse_punctuation("=")
        out_shardings = TensorShardingPerValueAttr.parse_body(parser)
        parser.parse_keyword("manual_axes")
        parser.parse_punctuation("=")
        manual_axes = ManualAxesAttr.parse_body(parser)
        args = _parse_block_args(parser)
        body = parser.parse_region(args)
        attrs = parser.parse_optional_attr_dict()
        inputs, outputs = _parse_functional_type(parser)
        op = cls(_resolve_all(parser, unresolved, inputs), outputs, in_shardings, out_shardings, manual_axes, body)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_list(self.tensors, printer.print_operand)
        printer.print_string(") in_shardings=")
        self.in_shardings.print_body(printer)
        printer.print_string(" out_shardings=")
        self.out_shardings.print_body(printer)
        printer.print_string(" manual_axes=")
        self.manual_axes.print_body(printer)
        _print_region_with_args(printer, self.body)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(self.tensors.types, self.results_.types)

    def verify_(self) -> None:
        _checks().verify_manual_computation(self)


@irdl_op_definition
class NamedComputationOp(IRDLOperation):
    """`sdy.named_computation<"name">(%x) in_shardings=[...] out_shardings=[...] (%arg: t) {...} : (t) -> t`."""

    name = "sdy.named_computation"

    operands_ = var_operand_def()
    results_ = var_result_def()
    computation_name = prop_def(StringAttr, prop_name="name")
    in_shardings = opt_prop_def(TensorShardingPerValueAttr)
    out_shardings = opt_prop_def(TensorShardingPerValueAttr)
    body = region_def("single_block")

    def __init__(self, computation_name: str, operands: Sequence[SSAValue], result_types: Sequence[Attribute],
                 body: Region, in_shardings: TensorShardingPerValueAttr | None = None,
                 out_shardings: TensorShardingPerValueAttr | None = None):
        props: dict[str, Attribute] = {"name": StringAttr(computation_name)}
        if in_shardings is not None:
            props["in_shardings"] = in_shardings
        if out_shardings is not None:
            props["out_shardings"] = out_shardings
        super().__init__(operands=[list(operands)], result_types=[list(result_types)], properties=props,
                         regions=[body])

    @classmethod
    def parse(cls, parser: Parser) -> NamedComputationOp:
        parser.parse_punctuation("<")
        name = parser.parse_str_literal()
        parser.parse_punctuation(">")
        unresolved = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        in_shardings = out_shardings = None
        if parser.parse_optional_keyword("in_shardings"):
            parser.parse_punctuation("=")
            in_shardings = TensorShardingPerValueAttr.parse_body(parser)
        if parser.parse_optional_keyword("out_shardings"):
            parser.parse_punctuation("=")
            out_shardings = TensorShardingPerValueAttr.parse_body(parser)
        args = _parse_block_args(parser)
        body = parser.parse_region(args)
        attrs = parser.parse_optional_attr_dict()
        inputs, outputs = _parse_functional_type(parser)
        op = cls(name, _resolve_all(parser, unresolved, inputs), outputs, body, in_shardings, out_shardings)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_string_literal(self.computation_name.data)
        printer.print_string(">(")
        printer.print_list(self.operands_, printer.print_operand)
        printer.print_string(")")
        if self.in_shardings is not None:
            printer.print_string(" in_shardings=")
            self.in_shardings.print_body(printer)
        if self.out_shardings is not None:
            printer.print_string(" out_shardings=")
            self.out_shardings.print_body(printer)
        _print_region_with_args(printer, self.body)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(self.operands_.types, self.results_.types)

    def verify_(self) -> None:
        _checks().verify_named_computation(self)


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
        sharding = None
        if parser.parse_optional_keyword("sharding"):
            parser.parse_punctuation("=")
            sharding = _sharding(parser)
        attrs, type_ = _parse_attr_dict_and_type(parser)
        op = cls(parser.resolve_operand(operand, type_), sharding)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        if self.sharding is not None:
            printer.print_string(" sharding=")
            self.sharding.print_body(printer)
        _print_attr_dict_and_type(printer, self, self.result.type)


@irdl_op_definition
class DataFlowEdgeOp(_EdgeOp):
    """`%r = sdy.data_flow_edge %target sharding=<...> : type`: one data-flow edge of a region op."""

    name = "sdy.data_flow_edge"

    def verify_(self) -> None:
        _checks().verify_data_flow_edge(self)


@irdl_op_definition
class FuncDataFlowEdgeOp(_EdgeOp):
    """`%r = sdy.func_data_flow_edge %arg : type`: a data-flow edge on a func argument or call result."""

    name = "sdy.func_data_flow_edge"

    def verify_(self) -> None:
        _checks().verify_func_data_flow_edge(self)


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
        op = cls(value)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        printer.print_attribute(self.value)

    def verify_(self) -> None:
        _checks().verify_constant(self)


# ------------------------------------------------------------------------------------------------
# Collectives
# ------------------------------------------------------------------------------------------------


class CollectiveOp(IRDLOperation, ABC):
    """Base of every sdy collective: one tensor in, one out, and the `out_sharding` of the result.

    Subclasses set `AXES_PROP` (the name of their axes property, or None) and `AXES_KIND`
    (`list_of_lists`, `list` or `params`).
    """

    tensor = operand_def()
    result = result_def()
    out_sharding = prop_def(TensorShardingAttr)

    AXES_PROP: ClassVar[str | None] = None
    AXES_KIND: ClassVar[str] = "list_of_lists"
    HAS_REDUCTION_KIND: ClassVar[bool] = False

    def __init__(self, tensor: SSAValue | Operation, out_sharding: TensorShardingAttr,
                 axes: Attribute | None = None, reduction_kind: str | None = None):
        value = SSAValue.get(tensor)
        props: dict[str, Attribute] = {"out_sharding": out_sharding}
        if self.AXES_PROP is not None:
            if axes is None:
                raise ValueError(f"{self.name} needs its {self.AXES_PROP}")
            props[self.AXES_PROP] = _coerce_axes(axes, self.AXES_KIND)
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
        axes = None
        if cls.AXES_KIND == "list_of_lists" and cls.AXES_PROP:
            axes = ListOfAxisRefListsAttr.parse_body(parser)
        elif cls.AXES_KIND == "list" and cls.AXES_PROP:
            axes = AxisRefListAttr.parse_body(parser)
        elif cls.AXES_KIND == "params" and cls.AXES_PROP:
            axes = AllToAllParamListAttr.parse_body(parser)
        operand = parser.parse_unresolved_operand()
        out_sharding = _parse_out_sharding(parser)
        attrs, type_ = _parse_attr_dict_and_type(parser)
        op = cls(parser.resolve_operand(operand, type_), out_sharding, axes, kind)
        op.attributes.update(attrs)
        return op

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
        _print_attr_dict_and_type(printer, self, self.result.type)

    def verify_(self) -> None:
        _checks().verify_collective(self)


def _coerce_axes(axes, kind: str) -> Attribute:
    if isinstance(axes, Attribute):
        return axes
    if kind == "list_of_lists":
        return ListOfAxisRefListsAttr(axes)
    if kind == "list":
        return AxisRefListAttr(axes)
    return AllToAllParamListAttr(axes)


@irdl_op_definition
class AllGatherOp(CollectiveOp):
    """`sdy.all_gather [{"b"}, {}] %x out_sharding=<...>`: gather along the minor-most axes of each dimension."""

    name = "sdy.all_gather"
    gathering_axes = prop_def(ListOfAxisRefListsAttr)
    AXES_PROP: ClassVar = "gathering_axes"


@irdl_op_definition
class AllSliceOp(CollectiveOp):
    """`sdy.all_slice [{"b"}, {}] %x out_sharding=<...>`: slice along extra axes appended to each dimension."""

    name = "sdy.all_slice"
    slicing_axes = prop_def(ListOfAxisRefListsAttr)
    AXES_PROP: ClassVar = "slicing_axes"


@irdl_op_definition
class AllReduceOp(CollectiveOp):
    """`sdy.all_reduce [max] {"y"} %x out_sharding=<...>`: reduce over axes the operand is unreduced on."""

    name = "sdy.all_reduce"
    reduction_axes = prop_def(AxisRefListAttr)
    reduction_kind = opt_prop_def(StringAttr)
    AXES_PROP: ClassVar = "reduction_axes"
    AXES_KIND: ClassVar = "list"
    HAS_REDUCTION_KIND: ClassVar = True


@irdl_op_definition
class ReduceScatterOp(CollectiveOp):
    """`sdy.reduce_scatter [max] [{"y"}] %x out_sharding=<...>`: all-reduce then all-slice on the same axes."""

    name = "sdy.reduce_scatter"
    reduce_scatter_axes = prop_def(ListOfAxisRefListsAttr)
    reduction_kind = opt_prop_def(StringAttr)
    AXES_PROP: ClassVar = "reduce_scatter_axes"
    HAS_REDUCTION_KIND: ClassVar = True


@irdl_op_definition
class AllToAllOp(CollectiveOp):
    """`sdy.all_to_all [{"b"}: 0->2] %x out_sharding=<...>`: move minor-most axes between dimensions."""

    name = "sdy.all_to_all"
    params = prop_def(AllToAllParamListAttr)
    AXES_PROP: ClassVar = "params"
    AXES_KIND: ClassVar = "params"


@irdl_op_definition
class CollectivePermuteOp(CollectiveOp):
    """`sdy.collective_permute %x out_sharding=<...>`: reorder/replace axes keeping every dim's shard count."""

    name = "sdy.collective_permute"


@irdl_op_definition
class ReplicatedToUnreducedOp(CollectiveOp):
    """`sdy.replicated_to_unreduced {"a"} %x out_sharding=<...>`: make replicated axes unreduced."""

    name = "sdy.replicated_to_unreduced"
    axes_ = prop_def(AxisRefListAttr, prop_name="axes")
    AXES_PROP: ClassVar = "axes"
    AXES_KIND: ClassVar = "list"


@irdl_op_definition
class ShardedToUnreducedOp(CollectiveOp):
    """`sdy.sharded_to_unreduced [{"b"}, {}] %x out_sharding=<...>`: make sharding axes unreduced."""

    name = "sdy.sharded_to_unreduced"
    axes_ = prop_def(ListOfAxisRefListsAttr, prop_name="axes")
    AXES_PROP: ClassVar = "axes"


SDY_OPS = [
    MeshOp,
    ShardingConstraintOp,
    ReshardOp,
    ShardingGroupOp,
    PropagationBarrierOp,
    ManualComputationOp,
    NamedComputationOp,
    DataFlowEdgeOp,
    FuncDataFlowEdgeOp,
    ConstantOp,
    ReturnOp,
    AllGatherOp,
    AllSliceOp,
    AllReduceOp,
    ReduceScatterOp,
    AllToAllOp,
    CollectivePermuteOp,
    ReplicatedToUnreducedOp,
    ShardedToUnreducedOp,
]

Sdy = Dialect("sdy", SDY_OPS, SDY_ATTRIBUTES)
