"""Operations on lists of axis refs that Shardy's export passes rely on.

Sub-axis arithmetic (overlap, prefix and suffix without overlap, co-existence), merging a ref onto the end of
a list, splitting a ref to fit a capacity, and aligning two sets of refs so that any two refs that overlap are
equal (after which sub-axes can be treated like full axes and used as dictionary keys).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.mesh import Mesh


def order_key(ref: AxisRef, mesh: Mesh) -> tuple[str, int, int]:
    """Shardy's `AxisRefAttr::operator<`: by name (as a string), then pre-size, then size.

    Only used where Shardy sorts refs to search them for overlaps; the result does not depend on the mesh
    order of axis names, only on being a consistent total order.
    """
    return (ref.name, ref.pre_size, ref.size(mesh))


def sharded_size(refs: Iterable[AxisRef], mesh: Mesh) -> int:
    """Product of the sizes of `refs`."""
    return math.prod(r.size(mesh) for r in refs)


def sizes_divide(a: int, b: int) -> bool:
    """Whether `a` divides `b` or `b` divides `a`."""
    return a % b == 0 or b % a == 0


def can_coexist(a: AxisRef, b: AxisRef, mesh: Mesh) -> bool:
    """Whether two refs can both be sub-axes of one valid decomposition of their axis."""
    if a.name != b.name or a.is_full() or b.is_full():
        return True
    lo_pre, hi_pre = sorted((a.pre_size, b.pre_size))
    lo_next, hi_next = sorted((a.next_pre_size(mesh), b.next_pre_size(mesh)))
    if lo_next > hi_pre:  # they overlap: the overlap and both remainders must be valid sub-axes
        return lo_next % hi_pre == 0 and hi_pre % lo_pre == 0 and hi_next % lo_next == 0
    return hi_pre % lo_next == 0  # disjoint: the gap between them must be a valid sub-axis


def overlap(a: AxisRef, b: AxisRef, mesh: Mesh) -> AxisRef | None:
    """The part of the axis both refs cover, if any."""
    if a.name != b.name:
        return None
    if a.is_full():
        return b
    if b.is_full():
        return a
    lo_pre, hi_pre = sorted((a.pre_size, b.pre_size))
    lo_next, hi_next = sorted((a.next_pre_size(mesh), b.next_pre_size(mesh)))
    if lo_next <= hi_pre or not can_coexist(a, b, mesh):
        return None
    return AxisRef.make(a.name, hi_pre, lo_next // hi_pre, mesh)


def prefix_without_overlap(a: AxisRef, other: AxisRef, mesh: Mesh) -> AxisRef | None:
    """The major part of `a` before `other` starts (`a` itself when they do not overlap)."""
    if not can_coexist(a, other, mesh):
        return None
    if not a.overlaps(other, mesh):
        return a
    if a.pre_size >= other.pre_size:
        return None
    return AxisRef.make(a.name, a.pre_size, other.pre_size // a.pre_size, mesh)


def suffix_without_overlap(a: AxisRef, other: AxisRef, mesh: Mesh) -> AxisRef | None:
    """The minor part of `a` after `other` ends (`a` itself when they do not overlap)."""
    if not can_coexist(a, other, mesh):
        return None
    if not a.overlaps(other, mesh):
        return a
    a_next, other_next = a.next_pre_size(mesh), other.next_pre_size(mesh)
    if a_next <= other_next:
        return None
    return AxisRef.make(a.name, other_next, a_next // other_next, mesh)


def add_or_merge(refs: list[AxisRef], ref: AxisRef, mesh: Mesh) -> None:
    """Append `ref` to `refs`, merging it into the last ref when it directly follows it in the same axis."""
    if refs and not refs[-1].is_full() and not ref.is_full() and refs[-1].can_merge(ref, mesh):
        refs[-1] = refs[-1].merge(ref, mesh)
    else:
        refs.append(ref)


class NotMinorMost(ValueError):
    """A ref asked to come off the minor end of a list of refs that does not end with it."""

    def __init__(self, ref: AxisRef) -> None:
        super().__init__(f"axis {ref} is not minor-most")
        self.ref = ref


def remove_minor_suffix(refs: Sequence[AxisRef], removed: Sequence[AxisRef], mesh: Mesh) -> list[AxisRef]:
    """`refs` without `removed` at its minor end, as a collective that gathers axes (all-gather, the source
    dimension of an all-to-all, sharded-to-unreduced) leaves a dimension: each removed ref, minor-most first, is
    the last ref or the minor end of a bigger sub-axis of the same axis, whose major part stays. Raises
    `NotMinorMost` with the first ref that is neither."""
    out = list(refs)
    for ref in reversed(removed):
        last = out[-1] if out else None
        if last == ref:
            out.pop()
        elif (last is not None and last.name == ref.name and last.pre_size < ref.pre_size
              and last.next_pre_size(mesh) == ref.next_pre_size(mesh)):
            out[-1] = AxisRef.make(last.name, last.pre_size, ref.pre_size // last.pre_size, mesh)
        else:
            raise NotMinorMost(ref)
    return out


def merged(refs: Iterable[AxisRef], mesh: Mesh) -> tuple[AxisRef, ...]:
    """`refs` with every run of adjacent mergeable sub-axes merged."""
    out: list[AxisRef] = []
    for r in refs:
        add_or_merge(out, r, mesh)
    return tuple(out)


@dataclass(frozen=True)
class WithinCapacity:
    """A ref split to fit a capacity: the part that fits (`within`) and what is left over (`remainder`)."""

    within: AxisRef | None
    remainder: AxisRef | None
    capacity_left: int


def split_within_capacity(ref: AxisRef, capacity: int, mesh: Mesh) -> WithinCapacity:
    """Fit `ref` into `capacity` (a product of sizes still free).

    The whole ref fits when its size divides the capacity; a bigger ref that the capacity divides is split into
    its major sub-axis of exactly the capacity and the remaining minor sub-axis; anything else does not fit.
    """
    size = ref.size(mesh)
    if capacity <= 1 or not sizes_divide(size, capacity):
        return WithinCapacity(None, None, capacity)
    if capacity >= size:
        return WithinCapacity(ref, None, capacity // size)
    within = AxisRef.make(ref.name, ref.pre_size, capacity, mesh)
    remainder = AxisRef.make(ref.name, within.next_pre_size(mesh), size // capacity, mesh)
    return WithinCapacity(within, remainder, 1)


def _first_overlapping(ref: AxisRef, ordered: Sequence[AxisRef], mesh: Mesh) -> int | None:
    for i, other in enumerate(ordered):
        if ref.overlaps(other, mesh):
            return i
    return None


def align_to(refs: Sequence[AxisRef], ordered_others: Sequence[AxisRef], mesh: Mesh) -> list[AxisRef]:
    """Decompose every ref in `refs` that partly overlaps a ref in `ordered_others` into the overlap and the
    non-overlapping prefix and suffix (in major-to-minor order), so overlapping refs become equal.

    `ordered_others` must be sorted by `order_key` and free of mutual overlaps.
    """
    out: list[AxisRef] = []
    for ref in refs:
        current: AxisRef | None = ref
        index = _first_overlapping(ref, ordered_others, mesh)
        while index is not None and index < len(ordered_others):
            other = ordered_others[index]
            assert current is not None
            if not (
                can_coexist(other, current, mesh) and not other.contains(current, mesh) and other.overlaps(current, mesh)
            ):
                break
            prefix = prefix_without_overlap(current, other, mesh)
            if prefix is not None:
                out.append(prefix)
            common = overlap(current, other, mesh)
            assert common is not None
            out.append(common)
            current = suffix_without_overlap(current, other, mesh)
            if current is None:
                break
            index += 1
        if current is not None:
            out.append(current)
    return out


def sorted_refs(refs: Iterable[AxisRef], mesh: Mesh) -> list[AxisRef]:
    return sorted(refs, key=lambda r: order_key(r, mesh))


def align_both(
    in_axes_per_dim: list[list[AxisRef]], out_axes_per_dim: list[list[AxisRef]], mesh: Mesh
) -> tuple[list[list[AxisRef]], list[list[AxisRef]]]:
    """Align the refs of two shardings against each other (Shardy's `alignSubAxesByDecomposition`)."""
    if all(r.sub_axis is None for axes in (*in_axes_per_dim, *out_axes_per_dim) for r in axes):
        return [list(a) for a in in_axes_per_dim], [list(a) for a in out_axes_per_dim]  # full axes never split
    ordered_in = sorted_refs((r for axes in in_axes_per_dim for r in axes), mesh)
    ordered_out = sorted_refs((r for axes in out_axes_per_dim for r in axes), mesh)
    new_in = [align_to(axes, ordered_out, mesh) for axes in in_axes_per_dim] if ordered_out else in_axes_per_dim
    new_out = [align_to(axes, ordered_in, mesh) for axes in out_axes_per_dim] if ordered_in else out_axes_per_dim
    return new_in, new_out
