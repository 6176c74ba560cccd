"""Verification rules of the sdy dialect, shared by the sdy ops and by `sdy.sharding` annotations on other ops.

Every rule raises `VerifyException` with an MLIR-style message (Shardy's wording where Shardy has the rule);
the caller (`autoshard.ir.verify`) prefixes the op name and location. Rules Shardy lacks report warnings
through `WARNINGS` (a list the driver resets per run): a dimension whose size is not divisible by the number
of shards of its sharding (Shardy pads such dimensions, so its own tests accept them).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ModuleOp, SymbolRefAttr, TensorType, UnrankedTensorType
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from autoshard.dialects.sdy_attrs import (
    AxisRefAttr,
    DimensionShardingAttr,
    MeshAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
)
from autoshard.sharding import AxisRef, Mesh
from autoshard.sharding.axis_list import merged

#: Warnings collected during a verification run (rules Shardy does not enforce); see `autoshard.ir.verify`.
WARNINGS: list[str] = []


def fail(message: str) -> None:
    raise VerifyException(message)


def _refs_text(refs: Iterable[AxisRef]) -> str:
    return "[" + ", ".join(str(r) for r in refs) + "]"


# ================================================================================================
# Meshes and axis refs
# ================================================================================================


def verify_mesh_attr(mesh: MeshAttr, prefix: str = "") -> None:
    """Axis names unique, sizes positive, device ids a non-iota permutation (or one id for a maximal mesh)."""
    ids = mesh.device_ids
    for d in ids:
        if d < 0:
            fail(f"{prefix}device id must be non-negative, got: {d}")
    if not mesh.axes.data:
        if len(ids) > 1:
            fail(f"{prefix}axes is empty and device_ids has more than one element")
        return
    seen: set[str] = set()
    for axis in mesh.axes.data:
        if axis.axis in seen:
            fail(f'{prefix}duplicate axis name: "{axis.axis}"')
        seen.add(axis.axis)
        if axis.size < 1:
            fail(f"{prefix}axis size must be at least 1, got: {axis.size}")
    if ids:
        total = mesh.total_size
        if total != len(ids):
            fail(f"{prefix}total product of axis sizes must match total number of device ids, got: {total} != {len(ids)}")
        if sorted(ids) != list(range(total)):
            fail(f"{prefix}sorted device ids must be iota(product(axes)), got: {', '.join(str(d) for d in sorted(ids))}")
        if list(ids) == list(range(total)):
            fail(f"{prefix}device ids must not be iota(product(axes)); omit them instead")


def verify_mesh_op(op) -> None:
    verify_mesh_attr(op.mesh)
    if not isinstance(op.parent_op(), ModuleOp):
        fail(f"expects parent op 'builtin.module', got {op.parent_op().name if op.parent_op() else 'none'}")


def verify_axis_ref(ref: AxisRefAttr, mesh: MeshAttr) -> None:
    full = mesh.axis_size(ref.axis)
    if full is None:
        fail(f'unknown axis name: "{ref.axis}"')
    sub = ref.sub_axis
    if sub is None:
        return
    if sub.pre_size < 1:
        fail(f"sub-axis pre-size must be at least 1: {ref}")
    if sub.size <= 1:
        fail(f"sub-axis sizes must be greater than 1: {ref}")
    next_pre = sub.pre_size * sub.size
    if full % next_pre != 0:
        fail(f"sub-axis next pre-size {next_pre} doesn't divide the size of the full axis {full}: {ref}")
    if sub.size == full:
        fail(f"sub-axis size is equal to the full axis size: {ref}")


def verify_axis_ref_list(refs: Sequence[AxisRefAttr], mesh: MeshAttr, plain: Mesh) -> None:
    """Each ref valid, and no two adjacent refs that merge into one (sub-)axis."""
    for ref in refs:
        verify_axis_ref(ref, mesh)
    plain_refs = [r.to_axis_ref() for r in refs]
    for a, b in zip(plain_refs, plain_refs[1:]):
        if not a.is_full() and not b.is_full() and a.can_merge(b, plain):
            fail(f"two consecutive sub-axes can be merged: {a}, {b}")


def verify_no_overlap(refs: Sequence[AxisRef], plain: Mesh) -> None:
    """No duplicate refs and no overlapping (sub-)axes among `refs`."""
    by_name: dict[str, list[AxisRef]] = {}
    for ref in refs:
        for other in by_name.get(ref.name, []):
            if other == ref:
                fail(f"duplicate axis ref: {ref}")
            if other.is_full() != ref.is_full():
                fail(f'both sub-axis and full-axis are used for axis name: "{ref.name}"')
            if other.overlaps(ref, plain):
                first, second = sorted((other, ref), key=lambda r: (r.pre_size, r.size(plain)))
                fail(f"overlapping sub-axes: {first}, {second}")
        by_name.setdefault(ref.name, []).append(ref)


def verify_sorted(refs: Sequence[AxisRef], plain: Mesh, what: str) -> None:
    keys = [r.sort_key(plain) for r in refs]
    if keys != sorted(keys):
        fail(f"{what} are not ordered w.r.t. mesh")


def sorted_merged(refs: Iterable[AxisRef], plain: Mesh) -> tuple[AxisRef, ...]:
    """`refs` in mesh order with adjacent sub-axes merged (how Shardy canonicalizes axis sets)."""
    return merged(sorted(refs, key=lambda r: r.sort_key(plain)), plain)


# ================================================================================================
# Tensor shardings
# ================================================================================================


def resolve_mesh(scope: Operation, sharding: TensorShardingAttr, prefix: str = "") -> MeshAttr:
    """The mesh of `sharding` (inlined or looked up from `scope`), failing with 'unknown mesh'."""
    from autoshard.dialects.sdy import lookup_mesh_attr  # noqa: PLC0415

    mesh = lookup_mesh_attr(scope, sharding.mesh_or_ref)
    if mesh is None:
        assert isinstance(sharding.mesh_or_ref, SymbolRefAttr)
        fail(f"{prefix}unknown mesh: @{sharding.mesh_or_ref.root_reference.data}")
    if sharding.inline_mesh is not None:
        verify_mesh_attr(mesh, prefix)
    return mesh  # type: ignore[return-value]


def verify_ranked_tensor(type_: Attribute, what: str) -> None:
    if not isinstance(type_, TensorType):
        fail(f"{what} must be a ranked tensor, got {type_}")


def is_static_tensor(type_: Attribute) -> bool:
    return isinstance(type_, TensorType) and all(d >= 0 for d in type_.get_shape())


def verify_tensor_sharding(
    scope: Operation,
    sharding: TensorShardingAttr,
    type_: Attribute | None,
    prefix: str = "",
    check_divisibility: bool = True,
) -> MeshAttr:
    """Check `sharding` against its mesh and (when given) the type of the value it annotates.

    `prefix` names the value in messages, e.g. "result 1 - ". Returns the resolved mesh.
    """
    mesh = resolve_mesh(scope, sharding, prefix)
    plain = mesh.to_mesh()
    if mesh.is_maximal() and (sharding.rank or sharding.replicated or sharding.unreduced):
        fail(f"{prefix}a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes")
    if mesh.is_maximal():  # a single-device sharding is not checked against the type (as Shardy does)
        return mesh
    if type_ is not None:
        if isinstance(type_, UnrankedTensorType):
            fail(f"{prefix}only ranked tensors can have a sharding")
        if not isinstance(type_, TensorType):
            if sharding.rank or sharding.replicated or sharding.unreduced:
                fail(f"{prefix}non-shaped tensors can only have a sharding with rank 0 and no replicated or "
                     "unreduced axes")
        elif sharding.rank != len(type_.get_shape()):
            fail(f"{prefix}sharding doesn't match tensor rank: {sharding.rank} != {len(type_.get_shape())}")
    all_refs: list[AxisRef] = []
    for i, dim in enumerate(sharding.dims):
        try:
            verify_axis_ref_list(dim.axis_refs, mesh, plain)
        except VerifyException as e:
            fail(f"{prefix}{e}")
        if dim.priority is not None and dim.is_closed and not dim.axis_refs:
            fail(f"{prefix}dim {i} is empty and closed but has a priority")
        all_refs.extend(r.to_axis_ref() for r in dim.axis_refs)
    for refs, what in ((sharding.replicated, "replicated axes"), (sharding.unreduced, "unreduced axes")):
        try:
            verify_axis_ref_list(refs, mesh, plain)
            verify_sorted([r.to_axis_ref() for r in refs], plain, what)
        except VerifyException as e:
            fail(f"{prefix}{e}")
        all_refs.extend(r.to_axis_ref() for r in refs)
    try:
        verify_no_overlap(all_refs, plain)
    except VerifyException as e:
        fail(f"{prefix}{e}")
    if isinstance(type_, TensorType):
        for i, (size, dim) in enumerate(zip(type_.get_shape(), sharding.dims)):
            shards = math.prod(r.to_axis_ref().size(plain) for r in dim.axis_refs)
            if size == 0 and shards > 1:
                fail(f"{prefix}dim {i} of size 0 is sharded into {shards} shards")
            if check_divisibility and size > 0 and shards > 1 and size % shards != 0:
                WARNINGS.append(
                    f"{prefix}dimension {i} of size {size} is not divisible by its {shards} shards "
                    f"({', '.join(str(r) for r in dim.axis_refs)}); it will be padded"
                )
    return mesh


def verify_sharding_per_value(
    scope: Operation, per_value: TensorShardingPerValueAttr, types: Sequence[Attribute], what: str
) -> None:
    """A `#sdy.sharding_per_value` for the values `types` (`what` is "result", "operand", ...)."""
    shardings = per_value.shardings
    if len(shardings) != len(types):
        if not (len(types) == 0 and len(shardings) == 1):
            fail(f"{what} shardings don't match number of values: {len(shardings)} shardings vs {len(types)} values")
        verify_tensor_sharding(scope, shardings[0], None, f"{what} - ")  # a sharding of an op without results
        return
    for i, (sharding, type_) in enumerate(zip(shardings, types)):
        prefix = f"{what} - " if len(types) == 1 else f"{what} {i} - "
        verify_tensor_sharding(scope, sharding, type_, prefix)


# ================================================================================================
# Sharding ops and unreduced reduction kinds
# ================================================================================================


def _unreduced_kind_rules(op, in_sharding: TensorShardingAttr | None, out: TensorShardingAttr) -> None:
    if not out.unreduced:
        return
    in_refs = {r.to_axis_ref() for r in in_sharding.unreduced} if in_sharding is not None else set()
    kept = [r for r in out.unreduced if r.to_axis_ref() in in_refs]
    new = [r for r in out.unreduced if r.to_axis_ref() not in in_refs]
    if kept and in_sharding is not None and in_sharding.reduction != out.reduction:
        fail(f"cannot change the reduction operator of kept unreduced axes from {in_sharding.reduction} to "
             f"{out.reduction}.")
    if new and out.reduction != "sum":
        fail(f"cannot introduce '{out.reduction}' unreduced axes. Expected 'sum'.")


def verify_sharding_on_value_op(op) -> None:
    """sdy.sharding_constraint / sdy.reshard."""
    from autoshard.dialects.sdy import get_sharding  # noqa: PLC0415

    if op.input.type != op.result.type:
        fail(f"result type {op.result.type} does not match operand type {op.input.type}")
    verify_tensor_sharding(op, op.sharding, op.result.type)
    verify_not_bound_by_parent(op, [op.sharding])
    _unreduced_kind_rules(op, get_sharding(op.input), op.sharding)


def verify_data_flow_edge(op) -> None:
    from xdsl.ir import OpResult  # noqa: PLC0415

    if not is_static_tensor(op.result.type):
        fail("expected sdy.data_flow_edge to have a static-shaped result")
    if op.sharding is not None:
        verify_tensor_sharding(op, op.sharding, op.result.type)
    if op.input.uses.get_length() != 1:
        fail("expected input of sdy.data_flow_edge to have a single user")
    if isinstance(op.input, OpResult) and op.input.op.name.startswith("sdy."):
        fail("expected input of sdy.data_flow_edge to not be defined by an SdyDialect op")


def verify_func_data_flow_edge(op) -> None:
    from xdsl.dialects.func import CallOp, FuncOp  # noqa: PLC0415
    from xdsl.ir import BlockArgument, OpResult  # noqa: PLC0415

    if not is_static_tensor(op.result.type):
        fail("expected sdy.func_data_flow_edge to have a static-shaped result")
    if op.sharding is not None:
        verify_tensor_sharding(op, op.sharding, op.result.type)
    if op.input.uses.get_length() != 1:
        fail("expected operand of sdy.func_data_flow_edge to have a single user")
    value = op.input
    if isinstance(value, BlockArgument):
        if not isinstance(value.block.parent_op(), FuncOp):
            fail("expected operand of sdy.func_data_flow_edge to be a block argument of a func op.")
    elif isinstance(value, OpResult):
        if not isinstance(value.op, CallOp) and value.op.name != "func.call":
            fail("expected operand of sdy.func_data_flow_edge to be a result of call op.")


def verify_constant(op) -> None:
    value = op.value
    type_ = value.get_type() if hasattr(value, "get_type") else getattr(value, "type", None)
    if type_ is not None and not is_static_tensor(type_):
        fail("elements literal type must have static shape")
    if type_ is not None and type_ != op.output.type:
        fail(f"inferred type(s) '{type_}' are incompatible with return type(s) of operation '{op.output.type}'")


# ================================================================================================
# Manual and named computations
# ================================================================================================


def _parent_manual_axes(op: Operation) -> dict[str, Operation]:
    """Axis name -> enclosing sdy.manual_computation that binds it as manual (outermost first)."""
    out: dict[str, Operation] = {}
    parent = op.parent_op()
    chain = []
    while parent is not None:
        if parent.name == "sdy.manual_computation":
            chain.append(parent)
        parent = parent.parent_op()
    for mc in reversed(chain):
        for axis in mc.manual_axes.axis_names:
            out.setdefault(axis, mc)
    return out


def verify_not_bound_by_parent(op: Operation, shardings: Iterable[TensorShardingAttr], prefix: str = "") -> None:
    """No sharding of `op` uses an axis an enclosing manual computation is manual on."""
    bound = _parent_manual_axes(op)
    if not bound:
        return
    for sharding in shardings:
        refs = [r for d in sharding.dims for r in d.axis_refs] + list(sharding.replicated) + list(sharding.unreduced)
        for ref in refs:
            if ref.axis in bound:
                fail(f'{prefix}operates on axis "{ref.axis}" which is already bound by a parent '
                     "sdy.manual_computation op")


def _local_type(global_type: Attribute, sharding: TensorShardingAttr, manual: set[str], plain: Mesh,
                prefix: str) -> Attribute:
    if not isinstance(global_type, TensorType):
        return global_type
    shape = []
    for size, dim in zip(global_type.get_shape(), sharding.dims):
        manual_size = math.prod(r.to_axis_ref().size(plain) for r in dim.axis_refs if r.axis in manual)
        if size >= 0 and size % manual_size != 0:
            fail(f"{prefix}dimension size {size} is not divisible by the manual axes size {manual_size}")
        shape.append(size // manual_size if size >= 0 else size)
    return TensorType(global_type.get_element_type(), shape)


def _verify_manual_first(sharding: TensorShardingAttr, manual: set[str], what: str, index: int) -> None:
    for d, dim in enumerate(sharding.dims):
        seen_free: AxisRefAttr | None = None
        for ref in dim.axis_refs:
            if ref.axis in manual:
                if seen_free is not None:
                    fail(f"{what} sharding at index {index} must have all manual axes come before free axes in its "
                         f"dimension sharding at index {d}. Saw manual axis {ref} after free axis {seen_free}")
            elif seen_free is None:
                seen_free = ref


def verify_manual_computation(op) -> None:
    from xdsl.dialects.builtin import TensorType as TT  # noqa: PLC0415,N817

    block = op.body.block
    ins, outs = op.in_shardings.shardings, op.out_shardings.shardings
    if len(ins) != len(op.tensors):
        fail(f"operand shardings don't match number of values: {len(ins)} shardings vs {len(op.tensors)} values")
    if len(outs) != len(op.results_):
        fail(f"result shardings don't match number of values: {len(outs)} shardings vs {len(op.results_)} values")
    if len(block.args) != len(op.tensors):
        fail(f"number of op operands and region operands must match. Op has {len(op.tensors)} op operands and "
             f"{len(block.args)} region operands")
    terminator = block.last_op
    returned = list(terminator.operands) if terminator is not None and terminator.name == "sdy.return" else []
    if terminator is None or terminator.name != "sdy.return":
        fail("body must end with sdy.return")
    if len(returned) != len(op.results_):
        fail(f"number of op results and region results must match. Op has {len(op.results_)} op results and "
             f"{len(returned)} region results")
    meshes: list[MeshAttr] = []
    for what, shardings, values in (("operand", ins, op.tensors), ("result", outs, op.results_)):
        for sharding, value in zip(shardings, values):
            prefix = f"{what} - "
            meshes.append(verify_tensor_sharding(op, sharding, value.type, prefix))
    non_empty = [m for m in meshes if not m.is_empty()]
    if any(m != non_empty[0] for m in non_empty[1:]):
        fail("all in and out shardings must be bound to the same mesh or an empty mesh.")
    manual = set(op.manual_axes.axis_names)
    mesh = non_empty[0] if non_empty else None
    if mesh is not None:
        for axis in op.manual_axes.axis_names:
            if mesh.axis_size(axis) is None:
                fail(f'unknown manual axis: "{axis}"')
    bound = _parent_manual_axes(op)
    for axis in op.manual_axes.axis_names:
        if axis in bound:
            fail(f'operates on axis "{axis}" which is already bound by a parent sdy.manual_computation op')
    verify_not_bound_by_parent(op, list(ins) + list(outs))
    plain = mesh.to_mesh() if mesh is not None else Mesh(())
    for what, shardings in (("operand", ins), ("result", outs)):
        for i, sharding in enumerate(shardings):
            _verify_manual_first(sharding, manual, what, i)
    for i, (sharding, value, arg) in enumerate(zip(ins, op.tensors, block.args)):
        expected = _local_type(value.type, sharding, manual, plain, "")
        if isinstance(expected, TT) and expected != arg.type:
            fail(f"operand shape, corresponding sharding, and region operand shape at index {i} must match. "
                 f"Expected local shape '{expected}', actual local shape '{arg.type}'")
    for i, (sharding, value, ret) in enumerate(zip(outs, op.results_, returned)):
        expected = _local_type(value.type, sharding, manual, plain, "")
        if isinstance(expected, TT) and expected != ret.type:
            fail(f"result shape, corresponding sharding, and region result shape at index {i} must match. "
                 f"Expected local shape '{expected}', actual local shape '{ret.type}'")
    _verify_isolated(op)


def _verify_isolated(op: Operation) -> None:
    """Values used in the body must be defined in the body (the op is isolated from above)."""
    region = op.regions[0]
    for inner in region.walk():
        for operand in inner.operands:
            owner_region = _defining_region(operand)
            if not _is_inside(owner_region, region):
                raise VerifyException(f"'{inner.name}' op using value defined outside the region")


def _defining_region(value):
    from xdsl.ir import BlockArgument, OpResult  # noqa: PLC0415

    if isinstance(value, BlockArgument):
        return value.block.parent
    if isinstance(value, OpResult):
        block = value.op.parent
        return block.parent if block is not None else None
    return None


def _is_inside(inner, outer) -> bool:
    while inner is not None:
        if inner is outer:
            return True
        parent_op = inner.parent_op() if hasattr(inner, "parent_op") else None
        inner = parent_op.parent_region() if parent_op is not None and hasattr(parent_op, "parent_region") else (
            parent_op.parent.parent if parent_op is not None and parent_op.parent is not None else None)
    return False


def verify_named_computation(op) -> None:
    block = op.body.block
    if len(block.args) != len(op.operands_):
        fail(f"number of block arguments must match the number of operands: {len(block.args)} != {len(op.operands_)}")
    for i, (arg, value) in enumerate(zip(block.args, op.operands_)):
        if arg.type != value.type:
            fail(f"expected the type of the {i}'th block argument to match the type of the corresponding operand: "
                 f"'{arg.type}' vs '{value.type}'")
    terminator = block.last_op
    returned = list(terminator.operands) if terminator is not None and terminator.name == "sdy.return" else []
    returned_types = [v.type for v in returned]
    result_types = list(op.results_.types)
    if returned_types != result_types:
        shown = ", ".join(f"'{t}'" for t in returned_types)
        fail(f"inferred type(s) {shown} are incompatible with return type(s) of operation "
             + ", ".join(f"'{t}'" for t in result_types))
    if op.in_shardings is not None:
        verify_sharding_per_value(op, op.in_shardings, list(op.operands_.types), "in_shardings")
    if op.out_shardings is not None:
        verify_sharding_per_value(op, op.out_shardings, result_types, "out_shardings")


# ================================================================================================
# Collectives
# ================================================================================================


def _collective_mesh_rules(op, in_mesh: MeshAttr, out_mesh: MeshAttr, in_s: TensorShardingAttr,
                           out_s: TensorShardingAttr) -> None:
    if op.name == "sdy.collective_permute":
        if in_mesh != out_mesh or in_s.mesh_name != out_s.mesh_name:
            if in_mesh.axes != out_mesh.axes:
                fail("result mesh has different axes than operand mesh")
            if in_mesh.device_ids == out_mesh.device_ids:
                fail("result mesh name is different but same device ids as operand")
        return
    if in_mesh != out_mesh or (in_s.mesh_name is not None and out_s.mesh_name is not None
                               and in_s.mesh_name != out_s.mesh_name and in_mesh != out_mesh):
        fail("result mesh does not match operand mesh")


def _dim_axes(sharding: TensorShardingAttr) -> list[list[AxisRef]]:
    return [[r.to_axis_ref() for r in d.axis_refs] for d in sharding.dims]


def _remove_suffix(axes: list[AxisRef], removed: Sequence[AxisRef], plain: Mesh, what: str, dim: int) -> list[AxisRef]:
    """`axes` without `removed` as its minor-most suffix (a sub-axis may be cut off the end of a bigger ref)."""
    out = list(axes)
    for ref in reversed(removed):
        if not out:
            fail(f"can't apply {what} axis {ref} to operand sharding on dimension {dim}")
        last = out[-1]
        if last == ref:
            out.pop()
        elif (last.name == ref.name and last.pre_size < ref.pre_size
              and last.next_pre_size(plain) == ref.next_pre_size(plain)):
            out[-1] = AxisRef.make(last.name, last.pre_size, ref.pre_size // last.pre_size, plain)
        else:
            fail(f"can't apply {what} axis {ref} to operand sharding on dimension {dim}")
    return out


def _append(axes: list[AxisRef], added: Sequence[AxisRef], plain: Mesh) -> list[AxisRef]:
    out = list(axes)
    for ref in added:
        if out and not out[-1].is_full() and not ref.is_full() and out[-1].can_merge(ref, plain):
            out[-1] = out[-1].merge(ref, plain)
        else:
            out.append(ref)
    return out


def _compare_dims(expected: list[list[AxisRef]], actual: list[list[AxisRef]]) -> None:
    for d, (e, a) in enumerate(zip(expected, actual)):
        if e != a:
            fail(f"result sharding doesn't match expected sharding {_refs_text(e)} on dimension {d}")


def _verify_axes_lists(lists: Sequence[Sequence[AxisRefAttr]], mesh: MeshAttr, plain: Mesh) -> list[list[AxisRef]]:
    all_refs: list[AxisRef] = []
    for refs in lists:
        verify_axis_ref_list(refs, mesh, plain)
        all_refs.extend(r.to_axis_ref() for r in refs)
    verify_no_overlap(all_refs, plain)
    return [[r.to_axis_ref() for r in refs] for refs in lists]


def verify_collective(op) -> None:
    from autoshard.dialects.sdy import get_sharding  # noqa: PLC0415

    if op.tensor.type != op.result.type:
        fail(f"result type {op.result.type} does not match operand type {op.tensor.type}")
    out_s = op.out_sharding
    out_mesh = verify_tensor_sharding(op, out_s, op.result.type, check_divisibility=True)
    in_s = get_sharding(op.tensor)
    if in_s is None and op.name in _REPLICATED_IF_UNSHARDED:
        in_s = TensorShardingAttr(out_s.mesh_or_ref, [DimensionShardingAttr() for _ in out_s.dims])
    if in_s is None:
        fail("collective on operand without sharding")
    in_mesh = resolve_mesh(op, in_s)
    _collective_mesh_rules(op, in_mesh, out_mesh, in_s, out_s)
    plain = out_mesh.to_mesh()
    in_dims, out_dims = _dim_axes(in_s), _dim_axes(out_s)
    if len(in_dims) != len(out_dims):
        fail(f"operand sharding has rank {len(in_dims)} but result sharding has rank {len(out_dims)}")
    name = op.name.removeprefix("sdy.")
    rule = _COLLECTIVE_RULES[name]
    rule(op, in_s, out_s, in_dims, out_dims, out_mesh, plain)


#: Collectives whose operand may have no sharding (it is then fully replicated); the others need one.
_REPLICATED_IF_UNSHARDED = frozenset({"sdy.all_slice", "sdy.all_reduce", "sdy.reduce_scatter"})


def _rank_check(out_dims: list, lists: Sequence) -> None:
    if len(out_dims) != len(lists):
        fail(f"result sharding has rank {len(out_dims)} but collective axes has rank {len(lists)}")


def _all_gather(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    lists = [lst.refs for lst in op.gathering_axes.lists]
    _rank_check(out_dims, lists)
    axes = _verify_axes_lists(lists, mesh, plain)
    expected = [_remove_suffix(d, g, plain, "gathering", i) for i, (d, g) in enumerate(zip(in_dims, axes))]
    _compare_dims(expected, out_dims)


def _all_slice(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    lists = [lst.refs for lst in op.slicing_axes.lists]
    _rank_check(out_dims, lists)
    axes = _verify_axes_lists(lists, mesh, plain)
    expected = [_append(d, s, plain) for d, s in zip(in_dims, axes)]
    _compare_dims(expected, out_dims)


def _reduction_kind_rule(op, in_s: TensorShardingAttr, reduced: Sequence[AxisRef], plain: Mesh) -> None:
    in_unreduced = [r.to_axis_ref() for r in in_s.unreduced]
    if any(u.overlaps(r, plain) for u in in_unreduced for r in reduced) and in_s.reduction != op.reduction:
        fail(f"cannot reduce '{in_s.reduction}' unreduced axes. Expected '{op.reduction}'.")


def _reduce_scatter(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    lists = [lst.refs for lst in op.reduce_scatter_axes.lists]
    _rank_check(out_dims, lists)
    axes = _verify_axes_lists(lists, mesh, plain)
    _reduction_kind_rule(op, in_s, [r for lst in axes for r in lst], plain)
    expected = [_append(d, s, plain) for d, s in zip(in_dims, axes)]
    _compare_dims(expected, out_dims)


def _all_reduce(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    refs = op.reduction_axes.refs
    verify_axis_ref_list(refs, mesh, plain)
    reduced = [r.to_axis_ref() for r in refs]
    verify_no_overlap(reduced, plain)
    verify_sorted(reduced, plain, "reduction axes")
    if in_dims != out_dims:
        fail("operand and result shardings are not equivalent")
    in_taken = [r for d in in_dims for r in d] + [r.to_axis_ref() for r in in_s.replicated]
    out_unreduced = [r.to_axis_ref() for r in out_s.unreduced]
    for ref in reduced:
        if any(ref.overlaps(t, plain) for t in in_taken):
            fail(f"reduction axis {ref} overlaps with operand dimension sharding or replicated axes")
        if any(ref.overlaps(u, plain) for u in out_unreduced):
            fail(f"reduction axis {ref} overlaps with result unreduced axes")
    in_unreduced = [r.to_axis_ref() for r in in_s.unreduced]
    for u in out_unreduced:
        if not any(i.contains(u, plain) for i in in_unreduced):
            fail(f"cannot add new unreduced axis '{u.name}'.")
    _reduction_kind_rule(op, in_s, reduced, plain)


def _all_to_all(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    params = op.params.params
    if not params:
        fail("parameter list is empty")
    rank = len(out_dims)
    used: set[int] = set()
    prev_src: int | None = None
    all_refs: list[AxisRef] = []
    for p in params:
        verify_axis_ref_list(p.axis_refs, mesh, plain)
        all_refs.extend(r.to_axis_ref() for r in p.axis_refs)
        if not 0 <= p.src_dim < rank:
            fail(f"source dimension {p.src_dim} is out of range [0, {rank})")
        if not 0 <= p.tgt_dim < rank:
            fail(f"target dimension {p.tgt_dim} is out of range [0, {rank})")
        for d in (p.src_dim, p.tgt_dim):
            if d in used or p.src_dim == p.tgt_dim:
                fail(f"overlapping source/target dimensions in all-to-all params: {d}")
            used.add(d)
        if prev_src is not None and p.src_dim < prev_src:
            fail(f"source dimensions are not sorted in ascending order: {p.src_dim} appears after {prev_src}")
        prev_src = p.src_dim
    verify_no_overlap(all_refs, plain)
    expected = [list(d) for d in in_dims]
    for p in params:
        moved = [r.to_axis_ref() for r in p.axis_refs]
        expected[p.src_dim] = _remove_suffix(expected[p.src_dim], moved, plain, "all-to-all", p.src_dim)
        expected[p.tgt_dim] = _append(expected[p.tgt_dim], moved, plain)
    _compare_dims(expected, out_dims)


def _collective_permute(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    in_plain = plain
    for d, (i, o) in enumerate(zip(in_dims, out_dims)):
        in_size = math.prod(r.size(in_plain) for r in i)
        out_size = math.prod(r.size(plain) for r in o)
        if in_size != out_size:
            fail(f"sharded size of result doesn't match operand on dimension {d}: {out_size} != {in_size}")


def _replicated_to_unreduced(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    refs = op.axes.refs
    if not refs:
        fail("r2u axes must not be empty")
    verify_axis_ref_list(refs, mesh, plain)
    axes = [r.to_axis_ref() for r in refs]
    verify_no_overlap(axes, plain)
    verify_sorted(axes, plain, "r2u axes")
    if in_dims != out_dims:
        fail("input and output must share the same dimension shardings")
    in_dim_refs = [r for d in in_dims for r in d]
    in_unreduced = [r.to_axis_ref() for r in in_s.unreduced]
    for ref in axes:
        if any(ref.overlaps(t, plain) for t in in_dim_refs):
            fail(f"r2u axis {ref} overlaps with operand dimension sharding")
        if any(ref.overlaps(u, plain) for u in in_unreduced):
            fail(f"r2u axis {ref} overlaps with operand unreduced axes")
    if out_s.reduction != "sum":
        fail("out_sharding reduction_op must be SUM")
    expected = sorted_merged(in_unreduced + axes, plain)
    if tuple(r.to_axis_ref() for r in out_s.unreduced) != expected:
        fail("out_unreduced_axes should be in_unreduced_axes + r2u_axes")


def _sharded_to_unreduced(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    lists = [lst.refs for lst in op.axes.lists]
    _rank_check(out_dims, lists)
    axes = _verify_axes_lists(lists, mesh, plain)
    expected = [_remove_suffix(d, g, plain, "shard-to-unreduce", i) for i, (d, g) in enumerate(zip(in_dims, axes))]
    _compare_dims(expected, out_dims)
    if out_s.reduction != "sum":
        fail("out_sharding reduction_op must be SUM")
    in_unreduced = [r.to_axis_ref() for r in in_s.unreduced]
    want = sorted_merged(in_unreduced + [r for lst in axes for r in lst], plain)
    if tuple(r.to_axis_ref() for r in out_s.unreduced) != want:
        fail("out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes")


_COLLECTIVE_RULES = {
    "all_gather": _all_gather,
    "all_slice": _all_slice,
    "all_reduce": _all_reduce,
    "reduce_scatter": _reduce_scatter,
    "all_to_all": _all_to_all,
    "collective_permute": _collective_permute,
    "replicated_to_unreduced": _replicated_to_unreduced,
    "sharded_to_unreduced": _sharded_to_unreduced,
}


# ================================================================================================
# sdy attributes on any op: sdy.sharding, sdy.sharding_rule, propagation edges
# ================================================================================================


def verify_func_shardings(op) -> None:
    """`sdy.sharding` on func.func arguments and results (each a `#sdy.sharding`)."""
    inputs = list(op.function_type.inputs.data)
    outputs = list(op.function_type.outputs.data)
    for what, attrs, types in (("arg", op.arg_attrs, inputs), ("result", op.res_attrs, outputs)):
        if attrs is None:
            continue
        for i, (dict_attr, type_) in enumerate(zip(attrs.data, types)):
            sharding = dict_attr.data.get("sdy.sharding")
            if sharding is None:
                continue
            if not isinstance(sharding, TensorShardingAttr):
                fail(f"{what} {i} - should have a sharding attribute of type TensorShardingAttr")
            verify_tensor_sharding(op, sharding, type_, f"{what} {i} - ")


def verify_op_sdy_attributes(op: Operation) -> None:
    """The sdy discardable attributes of any (non-sdy or sdy) op."""
    from autoshard.dialects.sdy_attrs import OpShardingRuleAttr, PropagationEdgesAttr  # noqa: PLC0415

    if op.name == "func.func":
        verify_func_shardings(op)
    sharding = op.attributes.get("sdy.sharding")
    if sharding is not None and op.name != "func.func":
        if not isinstance(sharding, TensorShardingPerValueAttr):
            fail("should have a sharding attribute of type TensorShardingPerValueAttr")
        types = list(op.result_types)
        from xdsl.dialects.builtin import TupleType  # noqa: PLC0415

        if len(types) == 1 and isinstance(types[0], TupleType):
            tuple_types = types[0].types.data
            if len(tuple_types) != 1:
                fail("ops can only have a sharding for a tuple of size 1")
            types = [tuple_types[0]]
        verify_sharding_per_value(op, sharding, types, "result")
        verify_not_bound_by_parent(op, sharding.shardings, "result - ")
    rule = op.attributes.get("sdy.sharding_rule")
    if rule is not None:
        if not isinstance(rule, OpShardingRuleAttr):
            fail("should have a sharding rule attribute of type OpShardingRuleAttr")
        verify_sharding_rule(op, rule)
    edges = op.attributes.get("sdy.propagation_edges")
    if edges is not None:
        if not isinstance(edges, PropagationEdgesAttr):
            fail("should have a propagation edges attribute of type PropagationEdgesAttr for attr named "
                 "'sdy.propagation_edges'")
        verify_propagation_edges(op, edges)
    for name in ("sdy.result_propagation_edges", "sdy.block_arg_propagation_edges"):
        value = op.attributes.get(name)
        if value is None:
            continue
        from xdsl.dialects.builtin import ArrayAttr  # noqa: PLC0415

        if not isinstance(value, ArrayAttr) or not all(isinstance(e, PropagationEdgesAttr) for e in value.data):
            fail("should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr> for attr named "
                 "'sdy.result_propagation_edges' or 'sdy.block_arg_propagation_edges'")
        for e in value.data:
            verify_propagation_edges(op, e)


def _static_shape(type_: Attribute) -> list[int] | None:
    if isinstance(type_, TensorType) and all(d >= 0 for d in type_.get_shape()):
        return list(type_.get_shape())
    return None


def verify_sharding_rule(op: Operation, rule) -> None:
    """An `#sdy.op_sharding_rule` against the op it is attached to."""
    sizes = rule.factor_sizes
    n = len(sizes)
    if len(rule.operand_mappings) != len(op.operands):
        fail(f"number of operands and mappings must match: {len(op.operands)} != {len(rule.operand_mappings)}")
    if len(rule.result_mappings) != len(op.results):
        fail(f"number of results and mappings must match: {len(op.results)} != {len(rule.result_mappings)}")
    if not rule.operand_mappings and not rule.result_mappings:
        fail("a sharding rule needs at least one operand or result mapping")
    used: set[int] = set()
    for what, mappings, values in (("operand", rule.operand_mappings, op.operands),
                                   ("result", rule.result_mappings, op.results)):
        for i, (mapping, value) in enumerate(zip(mappings, values)):
            prefix = f"{what} - " if len(values) == 1 else f"{what} {i} - "
            shape = _static_shape(value.type)
            if shape is None:
                fail(f"{what} {i} - expected a ranked tensor with a static shape")
            if mapping.rank != len(shape):
                fail(f"{prefix}mapping rank must match: {mapping.rank} != {len(shape)}")
            seen: set[int] = set()
            for dim in mapping.factor_lists():
                if not dim:
                    fail(f"{what} {i} - dim mapping must have at least one factor")
                for f in dim:
                    if not 0 <= f < n:
                        fail(f"{what} {i} - expecting factor indices to be within 0<=...<num_factors; received: {f}, "
                             f"num_factors: {n}")
                if len(dim) > 1 and any(sizes[f] == 1 for f in dim):
                    fail(f"{what} {i} - dim mapping can't have a factor of size 1 if there are multiple factors")
                for f in dim:
                    if f in seen:
                        fail(f"{prefix}cannot reuse factors for the same tensor value")
                    seen.add(f)
            used |= seen
    for f in range(n):
        if f not in used:
            from autoshard.dialects.sdy_attrs import factor_symbol  # noqa: PLC0415

            fail(f"has factor {factor_symbol(f)}={sizes[f]} that isn't used in operand and result mappings")
    groups = (rule.reduction_factors, rule.need_replication_factors, rule.permutation_factors)
    for group in (*groups, rule.blocked_propagation_factors):
        for f in group:
            if not 0 <= f < n:
                fail(f"index must be less than {n}, got: {f}")
        if list(group) != sorted(group):
            fail("indices of special factors must be sorted")
        if len(set(group)) != len(group):
            fail("indices of special factors must be unique")
    flat = [f for g in groups for f in g]
    if len(set(flat)) != len(flat):
        fail("a factor can only be in one of the reduction, need replication, or permutation factor sets")
    in_results = {f for m in rule.result_mappings for dim in m.factor_lists() for f in dim}
    if any(f in in_results for f in rule.reduction_factors):
        fail("reduction factor cannot be in result mappings")


def verify_propagation_edges(op: Operation, edges) -> None:
    if "sdy.sharding" not in op.attributes and op.name != "func.func":
        fail("expected propagation edges attr to reference a sharding")
    check_ranges = op.name not in ("sdy.data_flow_edge", "sdy.func_data_flow_edge")
    seen_steps: set[int] = set()
    for step in edges.steps:
        if step.step_index < 0:
            fail(f"propagation edges have negative step index: {step.step_index}")
        if step.step_index in seen_steps:
            fail(f"propagation edges have duplicate step index: {step.step_index}")
        seen_steps.add(step.step_index)
        for entry in step.axis_entries.data:
            refs = [entry.source, *entry.targets.data]
            for ref in refs if check_ranges else ():
                count = len(op.operands) if ref.type == "operand" else len(op.results)
                if not 0 <= ref.index < count:
                    fail(f"expected a value ref to have an {ref.type} index in range [0, {count}), got: {ref.index}")
            targets = [(t.type, t.index) for t in entry.targets.data]
            if (entry.source.type, entry.source.index) in targets:
                fail("propagation edges have a source that is the same as a target")
            if len(set(targets)) != len(targets):
                fail(f"propagation edges have duplicate targets for step index: {step.step_index} and axis: "
                     f"{entry.axis_name.axis}")
