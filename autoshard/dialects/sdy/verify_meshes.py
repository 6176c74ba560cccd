"""Verification rules for meshes and lists of axis references."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ModuleOp

from autoshard.dialects.sdy.axes import AxisRefAttr
from autoshard.dialects.sdy.diagnostics import fail
from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.sharding import AxisRef, Mesh
from autoshard.sharding.axis_list import merged


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
