"""Verification rules for the sdy collectives: the out sharding each one's axes imply from its operand's."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from autoshard.dialects.sdy.axes import AxisRefAttr, ListOfAxisRefListsAttr
from autoshard.dialects.sdy.diagnostics import fail
from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.dialects.sdy.shardings import DimensionShardingAttr, TensorShardingAttr
from autoshard.dialects.sdy.value_sharding import get_sharding
from autoshard.dialects.sdy.verify_meshes import sorted_merged, verify_axis_ref_list, verify_no_overlap, verify_sorted
from autoshard.dialects.sdy.verify_shardings import resolve_mesh, verify_tensor_sharding
from autoshard.sharding import AxisRef, Mesh
from autoshard.sharding.collective_steps import AxisNotMinorMost


def _refs_text(refs: Iterable[AxisRef]) -> str:
    return "[" + ", ".join(str(r) for r in refs) + "]"


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


def _check_result_dims(op, in_dims: list[list[AxisRef]], out_dims: list[list[AxisRef]], plain: Mesh,
                       what: str = "") -> None:
    """`out_dims` must be what `op`'s collective makes of `in_dims` (`Collective.result_dims`); `what` names the
    axes it removes from the minor end of a dimension, in the diagnostic where one is not there."""
    try:
        expected = op.to_collective().result_dims(in_dims, plain)
    except AxisNotMinorMost as e:
        fail(f"can't apply {what} axis {e.ref} to operand sharding on dimension {e.dim}")
    for d, (e, a) in enumerate(zip(expected, out_dims)):
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


def _per_dim_axes(axes: ListOfAxisRefListsAttr, out_dims: list, mesh: MeshAttr, plain: Mesh) -> list[list[AxisRef]]:
    """A collective's per-dimension axes, checked against the result rank and the mesh."""
    lists = [lst.refs for lst in axes.lists]
    if len(out_dims) != len(lists):
        fail(f"result sharding has rank {len(out_dims)} but collective axes has rank {len(lists)}")
    return _verify_axes_lists(lists, mesh, plain)


def _all_gather(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    _per_dim_axes(op.gathering_axes, out_dims, mesh, plain)
    _check_result_dims(op, in_dims, out_dims, plain, "gathering")


def _all_slice(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    _per_dim_axes(op.slicing_axes, out_dims, mesh, plain)
    _check_result_dims(op, in_dims, out_dims, plain)


def _reduction_kind_rule(op, in_s: TensorShardingAttr, reduced: Sequence[AxisRef], plain: Mesh) -> None:
    in_unreduced = [r.to_axis_ref() for r in in_s.unreduced]
    if any(u.overlaps(r, plain) for u in in_unreduced for r in reduced) and in_s.reduction != op.reduction:
        fail(f"cannot reduce '{in_s.reduction}' unreduced axes. Expected '{op.reduction}'.")


def _reduce_scatter(op, in_s, out_s, in_dims, out_dims, mesh, plain) -> None:
    axes = _per_dim_axes(op.reduce_scatter_axes, out_dims, mesh, plain)
    _reduction_kind_rule(op, in_s, [r for lst in axes for r in lst], plain)
    _check_result_dims(op, in_dims, out_dims, plain)


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
    _check_result_dims(op, in_dims, out_dims, plain, "all-to-all")


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
    axes = _per_dim_axes(op.axes, out_dims, mesh, plain)
    _check_result_dims(op, in_dims, out_dims, plain, "shard-to-unreduce")
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
