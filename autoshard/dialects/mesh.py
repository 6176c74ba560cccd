"""MLIR's `mesh` dialect in xDSL: the ops that express shardings (`mesh.mesh`, `mesh.sharding`, `mesh.shard`).

Syntax follows the MLIR mesh dialect documentation (xDSL ships the same dialect under its newer name,
`shard`, with `grid` for `mesh`; we print the `mesh.` names):

    mesh.mesh @mesh(shape = 2x4) {autoshard.axis_names = ["data", "model"]}
    %s = mesh.sharding @mesh split_axes = [[0], [1]] partial = sum [1] : !mesh.sharding
    %0 = mesh.shard %arg0 to %s annotate_for_users : tensor<4x8xf32>

Mesh axes have no names in this dialect; `autoshard.axis_names` (a discardable attribute on `mesh.mesh`)
keeps the names of the axes an sdy mesh had, in mesh order.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import auto
from typing import ClassVar

from xdsl.dialects.builtin import (
    I16,
    I64,
    ArrayAttr,
    DenseArrayBase,
    FlatSymbolRefAttr,
    ModuleOp,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    i16,
    i64,
)
from xdsl.dialects.utils import DimensionList, DynamicIndexList, EnumAttribute
from xdsl.ir import Attribute, Dialect, Operation, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import Pure, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

__all__ = [
    "AXIS_NAMES_ATTR",
    "MeshAxesArrayAttr",
    "MeshDialect",
    "MeshOp",
    "ReductionKind",
    "ReductionKindAttr",
    "ShardOp",
    "ShardingOp",
    "ShardingType",
    "find_mesh_op",
]

#: Discardable attribute on `mesh.mesh`: the sdy axis names, in mesh order.
AXIS_NAMES_ATTR = "autoshard.axis_names"

MeshAxesAttr = DenseArrayBase[I16]
#: A dynamic (`?`) mesh axis size, as dimension lists hold it (MLIR's `ShapedType::kDynamic`).
DYNAMIC_SIZE = -(2**63)


def _axes_attr(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i16, list(values))


# ================================================================================================
# Attributes and types
# ================================================================================================


@irdl_attr_definition
class MeshAxesArrayAttr(ParametrizedAttribute, SpacedOpaqueSyntaxAttribute):
    """Mesh axes per tensor dimension, `[[0], [], [1, 2]]` (`split_axes` of `mesh.sharding`)."""

    name = "mesh.axisarray"

    axes: ArrayAttr[MeshAxesAttr]

    def __init__(self, axes: Sequence[Sequence[int]]):
        super().__init__(ArrayAttr(tuple(_axes_attr(a) for a in axes)))

    def lists(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(int(v) for v in a.get_values()) for a in self.axes.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        def sublist() -> DenseArrayBase:
            return _axes_attr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer))

        return (ArrayAttr(tuple(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, sublist))),)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_square_brackets():
            printer.print_list(
                self.lists(), lambda axes: printer.print_string("[" + ", ".join(str(a) for a in axes) + "]")
            )


class ReductionKind(StrEnum):
    """How partial values combine (`mesh::ReductionKind`)."""

    SUM = auto()
    MAX = auto()
    MIN = auto()
    PRODUCT = auto()
    AVERAGE = auto()
    BITWISE_AND = auto()
    BITWISE_OR = auto()
    BITWISE_XOR = auto()
    GENERIC = auto()


@irdl_attr_definition
class ReductionKindAttr(EnumAttribute[ReductionKind], SpacedOpaqueSyntaxAttribute):
    """`sum`, `max`, ... (`#mesh.partial<sum>` in generic form)."""

    name = "mesh.partial"

    assembly_format = "$value"


@irdl_attr_definition
class ShardingType(ParametrizedAttribute, TypeAttribute):
    """`!mesh.sharding`, the type of `mesh.sharding` results."""

    name = "mesh.sharding"


# ================================================================================================
# Ops
# ================================================================================================


@irdl_op_definition
class MeshOp(IRDLOperation):
    """`mesh.mesh @name(shape = 2x4)`: a device mesh; `?` marks a dynamic axis size."""

    name = "mesh.mesh"

    sym_name = prop_def(SymbolNameConstraint())
    shape = prop_def(DenseArrayBase[I64])

    traits = traits_def(SymbolOpInterface())

    assembly_format = "$sym_name `(` `shape` `=` custom<DimensionList>($shape) `)` attr-dict"
    custom_directives = (DimensionList,)

    def __init__(self, sym_name: str, shape: Sequence[int], axis_names: Sequence[str] | None = None):
        super().__init__(
            properties={"sym_name": StringAttr(sym_name), "shape": DenseArrayBase.from_list(i64, list(shape))}
        )
        if axis_names is not None:
            self.attributes[AXIS_NAMES_ATTR] = ArrayAttr(tuple(StringAttr(n) for n in axis_names))

    @property
    def shape_values(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.shape.get_values())

    @property
    def axis_names(self) -> tuple[str, ...] | None:
        names = self.attributes.get(AXIS_NAMES_ATTR)
        if not isinstance(names, ArrayAttr):
            return None
        return tuple(n.data for n in names.data if isinstance(n, StringAttr))

    def verify_(self) -> None:
        shape = self.shape_values
        if not shape:
            raise VerifyException("'mesh.mesh' op rank of mesh is expected to be a positive integer")
        for size in shape:
            if size <= 0 and size != DYNAMIC_SIZE:
                raise VerifyException(f"'mesh.mesh' op dimension size {size} of the mesh must be positive")
        names = self.attributes.get(AXIS_NAMES_ATTR)
        if names is not None:
            if not isinstance(names, ArrayAttr) or not all(isinstance(n, StringAttr) for n in names.data):
                raise VerifyException(f"'mesh.mesh' op {AXIS_NAMES_ATTR} must be an array of strings")
            if len(names.data) != len(shape):
                raise VerifyException(
                    f"'mesh.mesh' op {AXIS_NAMES_ATTR} has {len(names.data)} names for a mesh of rank {len(shape)}"
                )


def find_mesh_op(scope: Operation, name: str) -> MeshOp | None:
    """The `mesh.mesh @name` in the module enclosing `scope` (or in `scope` if it is the module)."""
    top = scope
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    for op in top.walk():
        if isinstance(op, MeshOp) and op.sym_name.data == name:
            return op
    return None


@irdl_op_definition
class ShardingOp(IRDLOperation):
    """`mesh.sharding @mesh split_axes = [[0], [1]] partial = sum [2] : !mesh.sharding`.

    `split_axes[i]` lists the mesh axes (outer to inner) that split tensor dimension i; `partial_axes` the
    mesh axes over which the values are partial results still to be combined by `partial_type`.
    """

    name = "mesh.sharding"

    mesh = prop_def(FlatSymbolRefAttr)
    split_axes = prop_def(MeshAxesArrayAttr)
    partial_axes = opt_prop_def(MeshAxesAttr)
    partial_type = opt_prop_def(ReductionKindAttr)
    static_sharded_dims_offsets = prop_def(DenseArrayBase[I64], default_value=DenseArrayBase.from_list(i64, []))
    dynamic_sharded_dims_offsets = var_operand_def(I64)
    static_halo_sizes = prop_def(DenseArrayBase[I64], default_value=DenseArrayBase.from_list(i64, []))
    dynamic_halo_sizes = var_operand_def(I64)

    result = result_def(ShardingType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    assembly_format = (
        "$mesh `split_axes` `=` $split_axes "
        "(`partial` `=` $partial_type $partial_axes^)? "
        "(`halo_sizes` `=` custom<DynamicIndexList>($dynamic_halo_sizes, $static_halo_sizes)^)? "
        "(`sharded_dims_offsets` `=` "
        "custom<DynamicIndexList>($dynamic_sharded_dims_offsets, $static_sharded_dims_offsets)^)? "
        "attr-dict `:` type($result)"
    )
    custom_directives = (DynamicIndexList,)

    def __init__(
        self,
        mesh: str,
        split_axes: Sequence[Sequence[int]],
        partial_axes: Sequence[int] = (),
        partial_type: ReductionKind | str = ReductionKind.SUM,
    ):
        properties: dict[str, Attribute] = {
            "mesh": SymbolRefAttr(mesh),
            "split_axes": MeshAxesArrayAttr(split_axes or [[]]),
        }
        if partial_axes:
            properties["partial_axes"] = _axes_attr(partial_axes)
            properties["partial_type"] = ReductionKindAttr(ReductionKind(partial_type))
        super().__init__(operands=[[], []], result_types=[ShardingType()], properties=properties)

    @property
    def mesh_name(self) -> str:
        return self.mesh.root_reference.data

    def split_axes_lists(self) -> tuple[tuple[int, ...], ...]:
        return self.split_axes.lists()

    def partial_axes_list(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.partial_axes.get_values()) if self.partial_axes is not None else ()

    def verify_(self) -> None:
        if (self.partial_axes is None) != (self.partial_type is None):
            raise VerifyException("'mesh.sharding' op partial_axes and partial_type go together")
        if self.partial_type is not None and self.partial_type.data == ReductionKind.GENERIC:
            raise VerifyException("'mesh.sharding' op partial type 'generic' is not allowed in a sharding")
        has_offsets = bool(self.static_sharded_dims_offsets.get_values()) or bool(self.dynamic_sharded_dims_offsets)
        has_halos = bool(self.static_halo_sizes.get_values()) or bool(self.dynamic_halo_sizes)
        if has_offsets and has_halos:
            raise VerifyException("'mesh.sharding' op halo sizes and shard offsets are mutually exclusive")
        used = [a for axes in self.split_axes_lists() for a in axes] + list(self.partial_axes_list())
        for axis in used:
            if axis < 0:
                raise VerifyException(f"'mesh.sharding' op mesh axis {axis} is negative")
        duplicates = sorted({a for a in used if used.count(a) > 1})
        if duplicates:
            raise VerifyException(f"'mesh.sharding' op mesh axis {duplicates[0]} is used more than once")
        mesh = find_mesh_op(self, self.mesh_name)
        if mesh is None:
            if _inside_module(self):
                raise VerifyException(f"'mesh.sharding' op mesh @{self.mesh_name} is not defined")
            return
        rank = len(mesh.shape_values)
        for axis in used:
            if axis >= rank:
                raise VerifyException(
                    f"'mesh.sharding' op mesh axis {axis} is out of range for mesh @{self.mesh_name} of rank {rank}"
                )


def _inside_module(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ModuleOp):
            return True
        parent = parent.parent_op()
    return False


@irdl_op_definition
class ShardOp(IRDLOperation):
    """`%r = mesh.shard %v to %sharding [annotate_for_users] : tensor<...>`.

    Without `annotate_for_users` the sharding is that of the value `%v` as its defining op produces it;
    with it, the sharding in which the users of `%r` take the value.
    """

    name = "mesh.shard"

    T: ClassVar = VarConstraint("T", TensorType.constr())

    src = operand_def(T)
    sharding = operand_def(ShardingType)
    annotate_for_users = opt_prop_def(UnitAttr)

    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$src `to` $sharding (`annotate_for_users` $annotate_for_users^)? attr-dict `:` type($result)"

    def __init__(self, src: SSAValue | Operation, sharding: SSAValue | Operation, annotate_for_users: bool = False):
        value = SSAValue.get(src)
        super().__init__(
            operands=[value, SSAValue.get(sharding)],
            result_types=[value.type],
            properties={"annotate_for_users": UnitAttr()} if annotate_for_users else {},
        )

    @property
    def for_users(self) -> bool:
        return self.annotate_for_users is not None


MeshDialect = Dialect(
    "mesh",
    [MeshOp, ShardingOp, ShardOp],
    [MeshAxesArrayAttr, ReductionKindAttr, ShardingType],
)
