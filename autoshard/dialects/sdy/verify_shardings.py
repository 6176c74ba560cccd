"""Verification rules for tensor shardings against their mesh, the value they annotate and enclosing manual
computations."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import SymbolRefAttr, TensorType, UnrankedTensorType
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from autoshard.dialects.sdy.diagnostics import fail, warn
from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.dialects.sdy.mesh_lookup import lookup_mesh_attr
from autoshard.dialects.sdy.shardings import TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.dialects.sdy.verify_meshes import (
    verify_axis_ref_list,
    verify_mesh_attr,
    verify_no_overlap,
    verify_sorted,
)
from autoshard.sharding import AxisRef


def resolve_mesh(scope: Operation, sharding: TensorShardingAttr, prefix: str = "") -> MeshAttr:
    """The mesh of `sharding` (inlined or looked up from `scope`), failing with 'unknown mesh'."""
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
                warn(
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


def parent_manual_axes(op: Operation) -> dict[str, Operation]:
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
    bound = parent_manual_axes(op)
    if not bound:
        return
    for sharding in shardings:
        refs = [r for d in sharding.dims for r in d.axis_refs] + list(sharding.replicated) + list(sharding.unreduced)
        for ref in refs:
            if ref.axis in bound:
                fail(f'{prefix}operates on axis "{ref.axis}" which is already bound by a parent '
                     "sdy.manual_computation op")
