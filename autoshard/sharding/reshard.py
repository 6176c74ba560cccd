"""The collectives that turn one tensor sharding into another, in the order Shardy's
`-sdy-reshard-to-collectives` emits them.

`reshard_collectives(src, dst, mesh, shape)` returns a list of `Collective`s (`collective_steps`: one class per
collective, its parameters in Shardy's terms and the sharding after it). The cost model prices a reshard as the sum of its steps;
`autoshard.emit.lower_reshards` turns the same steps into `sdy` collective ops.

The core follows Shardy's greedy scheme: the input and output dimension shardings are aligned on common
sub-axes, their common per-dimension prefix is dropped, and then (at most twice) it tries an all-slice, a
collective-permute, all-to-alls (first only those that land axes at their final position) and an all-gather,
until nothing differs. Shardy's incidental behaviours that change the emitted sequence are kept on purpose
(they are marked "as Shardy does").

Beyond that pass (which requires equal unreduced axes), unreduced axes are settled here as Shardy's export
pipeline does: axes unreduced in `src` but not in `dst` are all-reduced first, and an all-reduce directly
followed by an all-slice over the same axes becomes a reduce-scatter (Shardy's `ReduceScatterFusion`); axes
that become unreduced use `sharded_to_unreduced` (minor-most dimension axes) or `replicated_to_unreduced`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from autoshard.errors import UserError
from autoshard.sharding.axis_list import (
    WithinCapacity,
    add_or_merge,
    align_both,
    align_to,
    prefix_without_overlap,
    sharded_size,
    sizes_divide,
    sorted_refs,
    split_within_capacity,
)
from autoshard.sharding.axis_ref import AxisRef, sort_axis_refs
from autoshard.sharding.collective_steps import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    AllToAllParam,
    Collective,
    CollectivePermute,
    MeshLookup,  # also exported from here, with resolve_mesh and AllToAllParam
    ReduceScatter,
    ReplicatedToUnreduced,
    ShardedToUnreduced,
    resolve_mesh,
)
from autoshard.sharding.mesh import Mesh
from autoshard.sharding.tensor_sharding import DimSharding, TensorSharding


class ReshardNotLowerable(UserError):
    """Shardy keeps such a reshard as is: a single-device (maximal) mesh, different mesh axes, or ranks differ."""


# -- meshes ---------------------------------------------------------------------------------------


def is_maximal(mesh: Mesh) -> bool:
    """Shardy's single-device mesh: no axes and exactly one device id."""
    return not mesh.axes and mesh.device_ids is not None and len(mesh.device_ids) == 1


def _mesh_key(sharding: TensorSharding) -> object:
    return sharding.inline_mesh if sharding.inline_mesh is not None else sharding.mesh_name


def is_equivalent(a: TensorSharding, b: TensorSharding) -> bool:
    """Shardy's `TensorShardingAttr::isEquivalent`: same axes per dimension (open/closed ignored), same
    unreduced axes and same mesh, or both fully replicated with no unreduced axes."""

    def replicated(s: TensorSharding) -> bool:
        return not s.unreduced and not s.all_axes()

    if replicated(a):
        return replicated(b)
    return (
        _mesh_key(a) == _mesh_key(b)
        and a.unreduced == b.unreduced
        and a.rank == b.rank
        and all(x.axes == y.axes for x, y in zip(a.dims, b.dims))
    )


def _closed(sharding: TensorSharding, axes_per_dim: Sequence[Sequence[AxisRef]], unreduced: tuple[AxisRef, ...]) -> TensorSharding:
    return TensorSharding(
        sharding.mesh_name, tuple(DimSharding(tuple(a)) for a in axes_per_dim), (), unreduced, sharding.inline_mesh
    )


# -- the core: Shardy's collective inserter ---------------------------------------------------------


class _CollectiveInserter:
    """State of the greedy reshard (see Shardy's `CollectiveInserter`).

    `in_axes[d]` / `out_axes[d]`: what still differs between the current and the output sharding of
    dimension d (common prefixes removed); `current[d]`: the current sharding's axes; `in_set`: the refs in
    `in_axes`; `out_index`: ref -> (dimension, index) in `out_axes`, refreshed only when out refs are split
    (as Shardy does, it is not refreshed when all-to-alls consume out refs).
    """

    def __init__(
        self, src: TensorSharding, dst: TensorSharding, mesh: Mesh, shape: Sequence[int] | None
    ) -> None:
        self.mesh = mesh
        self.shape = tuple(shape) if shape is not None else None
        self.cur_sharding_ref = src  # carries the current mesh name / inline mesh
        self.out_sharding_ref = dst
        self.unreduced = dst.unreduced
        in_axes, out_axes = align_both([list(d.axes) for d in src.dims], [list(d.axes) for d in dst.dims], mesh)
        self.in_axes: list[list[AxisRef]] = in_axes
        self.out_axes: list[list[AxisRef]] = out_axes
        self.current: list[list[AxisRef]] = [list(d.axes) for d in src.dims]
        self.capacity: list[int] = [1] * src.rank
        for ins, outs in zip(self.in_axes, self.out_axes):
            while ins and outs and ins[0] == outs[0]:
                ins.pop(0)
                outs.pop(0)
        self.in_set: set[AxisRef] = {a for axes in self.in_axes for a in axes}
        self.out_index: dict[AxisRef, tuple[int, int]] = {}
        self._rebuild_out_index()
        self.steps: list[Collective] = []

    # -- helpers -------------------------------------------------------------------------------------
    @property
    def rank(self) -> int:
        return len(self.in_axes)

    def _rebuild_out_index(self) -> None:
        self.out_index = {}
        for dim, axes in enumerate(self.out_axes):
            for index, ref in enumerate(axes):
                self.out_index.setdefault(ref, (dim, index))

    def is_done(self) -> bool:
        return (
            _mesh_key(self.cur_sharding_ref) == _mesh_key(self.out_sharding_ref)
            and not any(self.in_axes)
            and not any(self.out_axes)
        )

    def current_sharding(self) -> TensorSharding:
        return _closed(self.cur_sharding_ref, self.current, self.unreduced)

    def _within(self, ref: AxisRef, capacity: int) -> WithinCapacity:
        return split_within_capacity(ref, capacity, self.mesh)

    def _pop_back_from_current(self, current: list[AxisRef], to_pop: Sequence[AxisRef]) -> None:
        """Remove `to_pop` (possibly finer sub-axes of `current`'s refs) from the back of `current`."""
        for ref in reversed(to_pop):
            prefix = prefix_without_overlap(current[-1], ref, self.mesh)
            if prefix is None:
                current.pop()
            else:
                current[-1] = prefix

    def _distribute(self, add_to_front: bool, available_for_dim, consume=None) -> None:
        """Place available refs into `in_axes[d]` while `capacity[d] > 1` (split to fit when needed)."""
        split_added: list[AxisRef] = []
        for dim in range(self.rank):
            available: list[AxisRef] = available_for_dim(dim)
            added: list[AxisRef] = []
            i = 0
            while i < len(available) and self.capacity[dim] > 1:
                fit = self._within(available[i], self.capacity[dim])
                self.capacity[dim] = fit.capacity_left
                if fit.within is None:
                    i += 1
                    continue
                del available[i]
                added.append(fit.within)
                self.in_set.add(fit.within)
                if consume is not None:
                    consume(fit.within, dim)
                if fit.remainder is not None:
                    split_added.append(fit.within)
                    available.insert(0, fit.remainder)
                    i += 1
            self.in_axes[dim] = added + self.in_axes[dim] if add_to_front else self.in_axes[dim] + added
        if split_added:
            ordered = sorted_refs(split_added, self.mesh)
            self.out_axes = [align_to(axes, ordered, self.mesh) for axes in self.out_axes]

    # -- all-slice -----------------------------------------------------------------------------------
    def _axes_to_slice_for_all_to_all(self, src_dim: int) -> list[AxisRef] | None:
        """Out refs of a future all-to-all's target dimension worth slicing at `src_dim` now (avoids a
        collective-permute later), or None."""
        src_in = self.in_axes[src_dim]
        if not src_in or self.out_axes[src_dim]:
            return None
        last = src_in[-1]
        if last not in self.out_index:
            return None
        tgt_dim = self.out_index[last][0]
        if self.in_axes[tgt_dim]:
            return None
        tgt_out = self.out_axes[tgt_dim]
        if last not in tgt_out:
            return None
        start = tgt_out.index(last) + 1
        if start == len(tgt_out) or tgt_out[start] in self.in_set:
            return None
        i, j, common_size = len(src_in) - 1, start - 1, 1
        while i >= 0 and j >= 0 and src_in[i] == tgt_out[j]:
            common_size *= src_in[i].size(self.mesh)
            i, j = i - 1, j - 1
        for k in range(i, -1, -1):
            entry = self.out_index.get(src_in[k])
            if entry is not None and entry[0] == tgt_dim:
                return None  # an out-of-order ref of the target would need a permute anyway
        end, added_size = start, 1
        while end < len(tgt_out) and tgt_out[end] not in self.in_set:
            added_size *= tgt_out[end].size(self.mesh)
            end += 1
        new_size = sharded_size(self.current[src_dim], self.mesh) * added_size
        if self.shape is not None and self.shape[src_dim] % new_size != 0:
            return None
        self.capacity[tgt_dim] //= common_size * added_size
        return tgt_out[start:end]

    def _slicing_axes_per_dim(self) -> list[list[AxisRef]] | None:
        mesh = self.mesh
        slicing: list[list[AxisRef]] = [[] for _ in range(self.rank)]
        found = False
        for dim in range(self.rank):
            in_size = sharded_size(self.in_axes[dim], mesh)
            out_size = sharded_size(self.out_axes[dim], mesh)
            self.capacity[dim] = out_size // math.gcd(in_size, out_size)

        # 1. slice, at the source dimension of a future all-to-all, the target's refs after the moved ones
        for src_dim in range(self.rank):
            refs = self._axes_to_slice_for_all_to_all(src_dim)
            if refs is None:
                continue
            found = True
            for ref in refs:
                self.in_axes[src_dim].append(ref)
                self.in_set.add(ref)
                add_or_merge(slicing[src_dim], ref, mesh)
                add_or_merge(self.current[src_dim], ref, mesh)

        # 2. slice available out refs in their own dimension, within its capacity
        available_out: list[AxisRef] = []
        for dim in range(self.rank):
            ins, outs = self.in_axes[dim], self.out_axes[dim]
            i = 0
            while i < len(outs):
                ref = outs[i]
                if ref in self.in_set:
                    i += 1
                    continue
                fit = self._within(ref, self.capacity[dim])
                self.capacity[dim] = fit.capacity_left
                if fit.within is None:
                    available_out.append(ref)
                    i += 1
                    continue
                found = True
                add_or_merge(slicing[dim], fit.within, mesh)
                add_or_merge(self.current[dim], fit.within, mesh)
                if not ins and i == 0:
                    del outs[0]  # already in its final place
                else:
                    self.in_set.add(fit.within)
                    ins.append(fit.within)
                    outs[i] = fit.within
                    i += 1
                if fit.remainder is not None:
                    outs.insert(i, fit.remainder)
                    available_out.append(fit.remainder)
                    i += 1

        # 3. slice the rest in the first dimension with capacity left
        def consume(ref: AxisRef, dim: int) -> None:
            nonlocal found
            found = True
            add_or_merge(slicing[dim], ref, mesh)
            add_or_merge(self.current[dim], ref, mesh)

        self._distribute(False, lambda _dim: available_out, consume)
        self._rebuild_out_index()
        return slicing if found else None

    def try_all_slice(self) -> None:
        slicing = self._slicing_axes_per_dim()
        if slicing is not None:
            self.steps.append(
                AllSlice(tuple(tuple(s) for s in slicing), self.current_sharding())
            )

    # -- collective-permute --------------------------------------------------------------------------
    def _should_collective_permute(self) -> bool:
        mesh = self.mesh
        available_in: AxisRef | None = None
        available_out: AxisRef | None = None
        for dim, (ins, outs) in enumerate(zip(self.in_axes, self.out_axes)):
            if ins and outs and sizes_divide(ins[0].size(mesh), outs[0].size(mesh)):
                return True  # a prefix of the in refs can be replaced by a prefix of the out refs
            for ref in outs:
                if ref not in self.in_set:
                    available_out = ref
            last_out_dim: int | None = None
            last_out_index = 0
            seen_dims: set[int] = set()
            for ref in ins:
                cur_out_dim: int | None = None
                entry = self.out_index.get(ref)
                if entry is not None:
                    cur_out_dim, cur_out_index = entry
                    if (cur_out_dim == dim or cur_out_dim in seen_dims) and (
                        last_out_dim != cur_out_dim or cur_out_index != last_out_index + 1
                    ):
                        return True  # out of order or not contiguous at the destination
                    seen_dims.add(cur_out_dim)
                    last_out_index = cur_out_index
                elif last_out_dim is not None and not outs:
                    return True  # a ref to gather sits after a ref to move
                else:
                    available_in = ref
                last_out_dim = cur_out_dim
        return (
            available_out is not None
            and available_in is not None
            and sizes_divide(available_out.size(mesh), available_in.size(mesh))
        )

    def _perform_collective_permute(self) -> None:
        mesh = self.mesh
        available_out: list[AxisRef] = []
        available_in_per_dim: list[list[AxisRef]] = [[] for _ in range(self.rank)]
        self.in_set.clear()
        for dim in range(self.rank):
            ins, outs, current = self.in_axes[dim], self.out_axes[dim], self.current[dim]
            self.capacity[dim] = sharded_size(ins, mesh)
            used = self.capacity[dim]
            self._pop_back_from_current(current, ins)
            # 1. out refs that fit take their final place
            while self.capacity[dim] > 1 and outs:
                fit = self._within(outs[0], self.capacity[dim])
                self.capacity[dim] = fit.capacity_left
                if fit.within is None:
                    break
                outs.pop(0)
                add_or_merge(current, fit.within, mesh)
                if fit.remainder is not None:
                    outs.insert(0, fit.remainder)
            available_out.extend(outs)
            used //= self.capacity[dim]
            # in refs to be gathered later; those not replaced stay at the front to keep their position
            remaining = [r for r in ins if r not in self.out_index]
            replaced: list[AxisRef] = []
            while used > 1 and remaining:
                fit = self._within(remaining[0], used)
                used = fit.capacity_left
                if fit.within is None:
                    break
                remaining.pop(0)
                replaced.append(fit.within)
                if fit.remainder is not None:
                    remaining.insert(0, fit.remainder)
            available_in_per_dim[dim] = remaining + replaced
            self.in_axes[dim] = []
        # 2. out refs still to place go wherever capacity is left (back of the dimension)
        self._distribute(False, lambda _dim: available_out)
        # 3. in refs back to their own dimension, 4. then to any dimension (front, so they are gathered last)
        self._distribute(True, lambda dim: available_in_per_dim[dim])
        all_available_in = [r for axes in available_in_per_dim for r in axes]
        self._distribute(True, lambda _dim: all_available_in)
        self._rebuild_out_index()
        for dim in range(self.rank):
            for ref in self.in_axes[dim]:
                add_or_merge(self.current[dim], ref, mesh)

    def try_collective_permute(self) -> None:
        if self._should_collective_permute():
            self._perform_collective_permute()
        elif _mesh_key(self.cur_sharding_ref) == _mesh_key(self.out_sharding_ref):
            return
        # also needed when only the device order differs
        self.cur_sharding_ref = self.out_sharding_ref
        self.steps.append(CollectivePermute(self.current_sharding()))

    # -- all-to-all ----------------------------------------------------------------------------------
    def _all_to_all_info(self, src_dim: int, allow_out_of_order_target: bool) -> AllToAllParam | None:
        mesh = self.mesh
        src_in = self.in_axes[src_dim]
        i = len(src_in) - 1
        tgt_dim: int | None = None
        while i >= 0:
            entry = self.out_index.get(src_in[i])
            if entry is None or entry[0] == src_dim or (tgt_dim is not None and entry[0] != tgt_dim):
                break
            tgt_dim = entry[0]
            i -= 1
        if tgt_dim is None:
            return None
        start = i + 1
        moving = src_in[start:]
        tgt_out = self.out_axes[tgt_dim]
        if not allow_out_of_order_target and tgt_out[: len(moving)] != moving:
            return None
        axes: list[AxisRef] = []
        self._pop_back_from_current(self.current[src_dim], moving)
        tgt_in = self.in_axes[tgt_dim]
        for ref in moving:
            add_or_merge(axes, ref, mesh)
            add_or_merge(self.current[tgt_dim], ref, mesh)
            self.in_set.discard(ref)
            if not tgt_in and tgt_out and tgt_out[0] == ref:
                tgt_out.pop(0)
            else:
                tgt_in.append(ref)
                self.in_set.add(ref)
        del src_in[start:]
        return AllToAllParam(tuple(axes), src_dim, tgt_dim)

    def try_all_to_alls(self, allow_out_of_order_target: bool) -> None:
        for src_dim in range(self.rank):
            while (param := self._all_to_all_info(src_dim, allow_out_of_order_target)) is not None:
                self.steps.append(AllToAll((param,), self.current_sharding()))

    # -- all-gather ----------------------------------------------------------------------------------
    def _gathering_axes(self, dim: int) -> list[AxisRef]:
        ins = self.in_axes[dim]
        if not ins or ins[-1] in self.out_index:
            return []
        # As Shardy does: once the last in ref is not an out ref, the whole dimension is gathered, and only
        # that last ref leaves `in_set`.
        self.in_set.discard(ins[-1])
        self._pop_back_from_current(self.current[dim], ins)
        gathering: list[AxisRef] = []
        for ref in ins:
            add_or_merge(gathering, ref, self.mesh)
        ins.clear()
        return gathering

    def try_all_gather(self) -> None:
        gathering = [self._gathering_axes(dim) for dim in range(self.rank)]
        if any(gathering):
            self.steps.append(
                AllGather(tuple(tuple(g) for g in gathering), self.current_sharding())
            )

    # -- driver --------------------------------------------------------------------------------------
    def run(self) -> list[Collective]:
        for _ in range(2):
            if self.is_done():
                break
            self.try_all_slice()
            self.try_collective_permute()
            self.try_all_to_alls(False)
            self.try_all_to_alls(True)
            self.try_all_gather()
        if not self.is_done():
            raise UserError(
                f"cannot lower reshard to collectives: stuck at {self.current_sharding()} "
                f"(remaining in {self.in_axes}, out {self.out_axes})"
            )
        return self.steps


# -- unreduced axes -------------------------------------------------------------------------------


def _fuse_reduce_scatter(steps: list[Collective], mesh: Mesh, before: TensorSharding) -> list[Collective]:
    """Fuse all_reduce + all_slice into reduce_scatter (+ residual all_slice), as Shardy's canonicalizer does."""
    if len(steps) < 2 or not isinstance(reduce := steps[0], AllReduce) or not isinstance(slice_ := steps[1], AllSlice):
        return steps
    remaining = set(reduce.axes)
    scatter: list[tuple[AxisRef, ...]] = []
    residual: list[tuple[AxisRef, ...]] = []
    for axes in slice_.axes_per_dim:
        k = 0
        while k < len(axes) and axes[k] in remaining:
            remaining.discard(axes[k])
            k += 1
        scatter.append(axes[:k])
        residual.append(axes[k:])
    if remaining:
        return steps
    dims = []
    for dim, axes in zip(before.dims, scatter):
        refs = list(dim.axes)
        for ref in axes:
            add_or_merge(refs, ref, mesh)
        dims.append(DimSharding(tuple(refs)))
    out = TensorSharding(
        reduce.out_sharding.mesh_name,
        tuple(dims),
        slice_.out_sharding.replicated,
        slice_.out_sharding.unreduced,
        reduce.out_sharding.inline_mesh,
    )
    fused: list[Collective] = [ReduceScatter(tuple(scatter), out)]
    if any(residual):
        fused.append(AllSlice(tuple(residual), slice_.out_sharding))
    return fused + steps[2:]


def _unreduced_minus(a: tuple[AxisRef, ...], b: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
    return sort_axis_refs([r for r in a if not any(r.overlaps(o, mesh) for o in b)], mesh)


def _to_unreduced_steps(current: TensorSharding, added: tuple[AxisRef, ...], mesh: Mesh) -> tuple[list[Collective], tuple[AxisRef, ...]]:
    """`sharded_to_unreduced` for added unreduced refs that are minor-most in a dimension of `current`."""
    per_dim: list[tuple[AxisRef, ...]] = []
    new_dims: list[DimSharding] = []
    taken: list[AxisRef] = []
    for dim in current.dims:
        axes = list(dim.axes)
        k = len(axes)
        while k > 0 and axes[k - 1] in added:
            k -= 1
        per_dim.append(tuple(axes[k:]))
        taken.extend(axes[k:])
        new_dims.append(DimSharding(tuple(axes[:k])))
    if not taken:
        return [], added
    unreduced = sort_axis_refs(list(current.unreduced) + taken, mesh)
    out = TensorSharding(current.mesh_name, tuple(new_dims), (), unreduced, current.inline_mesh)
    left = tuple(r for r in added if r not in taken)
    return [ShardedToUnreduced(tuple(per_dim), out)], left


# -- public API -----------------------------------------------------------------------------------


def reshard_collectives(
    src: TensorSharding,
    dst: TensorSharding,
    mesh: MeshLookup,
    shape: Sequence[int] | None = None,
) -> list[Collective]:
    """The collectives Shardy emits to reshard a tensor from `src` to `dst`, in order.

    `mesh` is the mesh both shardings use, or a name -> mesh table when they name different meshes (same axes,
    another device order: a collective_permute). `shape` is the global tensor shape (Shardy avoids slicing a
    dimension that the resulting shard count would not divide); None treats every dimension as divisible.
    An empty list means no collective is needed (the reshard is redundant).
    Raises `ReshardNotLowerable` where Shardy keeps the `sdy.reshard` (single-device mesh, different axes).
    """
    in_mesh, out_mesh = resolve_mesh(src, mesh), resolve_mesh(dst, mesh)
    if is_maximal(in_mesh) or is_maximal(out_mesh):
        raise ReshardNotLowerable("reshard involving a single-device mesh is kept as is")
    if src.rank != dst.rank:
        raise ReshardNotLowerable(f"sharding rank {src.rank} does not match reshard rank {dst.rank}")
    if shape is not None and len(shape) != src.rank:
        raise UserError(f"sharding rank {src.rank} does not match tensor rank {len(shape)}")
    if not dst.all_axes():
        if not src.all_axes() and set(src.unreduced) == set(dst.unreduced):
            return []
        # a fully replicated output is reached on the input's mesh
        dst = TensorSharding(src.mesh_name, tuple(DimSharding() for _ in src.dims), (), dst.unreduced, src.inline_mesh)
        out_mesh = in_mesh
    if _mesh_key(src) != _mesh_key(dst) and (
        in_mesh.axes != out_mesh.axes or is_maximal(in_mesh) != is_maximal(out_mesh)
    ):
        raise ReshardNotLowerable(
            f"reshard between meshes with different axes ({in_mesh} and {out_mesh}) is kept as is"
        )

    steps: list[Collective] = []
    current = _closed(src, [d.axes for d in src.dims], src.unreduced)
    reduced = _unreduced_minus(src.unreduced, dst.unreduced, in_mesh)
    added = _unreduced_minus(dst.unreduced, src.unreduced, in_mesh)
    if reduced:
        kept = tuple(r for r in current.unreduced if r not in reduced)
        current = _closed(current, [d.axes for d in current.dims], kept)
        steps.append(AllReduce(reduced, current))
    if added:
        to_unreduced, added = _to_unreduced_steps(current, added, in_mesh)
        steps += to_unreduced
        if to_unreduced:
            current = to_unreduced[-1].out_sharding
    # the core reshard keeps the current unreduced axes; new replicated ones become unreduced at the end
    core_dst = TensorSharding(dst.mesh_name, dst.dims, (), current.unreduced, dst.inline_mesh)
    core_steps = _CollectiveInserter(current, core_dst, in_mesh, shape).run()
    if core_steps:
        current = core_steps[-1].out_sharding
    steps += core_steps
    if added:
        unreduced = sort_axis_refs(list(current.unreduced) + list(added), in_mesh)
        current = _closed(current, [d.axes for d in current.dims], unreduced)
        steps.append(ReplicatedToUnreduced(added, current))
    if reduced:
        steps = _fuse_reduce_scatter(steps, in_mesh, _closed(src, [d.axes for d in src.dims], src.unreduced))
    return steps


def reshard_is_noop(src: TensorSharding, dst: TensorSharding, mesh: MeshLookup) -> bool:
    """Whether resharding `src` to `dst` needs no collective."""
    try:
        return not reshard_collectives(src, dst, mesh)
    except ReshardNotLowerable:
        return False
