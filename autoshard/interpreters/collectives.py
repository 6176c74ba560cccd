"""Shardy's collectives executed on one numpy array per device (`dict[device_id, ndarray]`), no IR.

Device groups and in-group order follow the mesh dialect (see `DeviceMesh`). Each function can record the
bytes every device sends in a `CollectiveStats`, with nccl-tests' bus-bandwidth conventions (ring algorithms):
all-reduce 2(n-1)/n of the buffer, all-gather (n-1)/n of the gathered buffer, reduce-scatter (n-1)/n of the
input buffer, all-to-all (n-1)/n of the buffer, collective-permute the whole buffer when it leaves the device;
all-slice and the unreduced conversions move nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from autoshard.errors import UserError
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.shards import Shards, block_index, dim_shard_counts
from autoshard.sharding import AxisRef, TensorSharding
from autoshard.sharding.collective_steps import AllToAllParam

AxesPerDim = Sequence[Sequence[AxisRef]]
Combiner = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass
class CollectiveStats:
    """Bytes sent per device and per collective kind, and how many collectives of each kind ran."""

    bytes_sent: dict[str, dict[int, float]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(float)))
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def record(self, kind: str, per_device: Mapping[int, float]) -> None:
        self.counts[kind] += 1
        for device, nbytes in per_device.items():
            self.bytes_sent[kind][device] += nbytes

    def total(self, kind: str | None = None) -> float:
        kinds = [kind] if kind else list(self.bytes_sent)
        return sum(sum(self.bytes_sent[k].values()) for k in kinds)

    def max_per_device(self, kind: str) -> float:
        values = self.bytes_sent.get(kind, {})
        return max(values.values()) if values else 0.0

    def kinds(self) -> list[str]:
        return sorted(set(self.counts))


def record_sent(stats: CollectiveStats | None, kind: str, per_device: Mapping[int, float]) -> None:
    """One collective of `kind` and the bytes each device sent in it, into `stats` when given."""
    if stats is not None:
        stats.record(kind, per_device)


def _flatten(axes_per_dim: AxesPerDim) -> list[AxisRef]:
    return [a for axes in axes_per_dim for a in axes]


def _check_rank(shards: Shards, axes_per_dim: AxesPerDim, what: str) -> None:
    for device, array in shards.items():
        if array.ndim != len(axes_per_dim):
            raise UserError(f"{what} has {len(axes_per_dim)} dimension axis lists, the tensor on device {device} has rank {array.ndim}")
        return


def all_gather(shards: Shards, gathering_axes: AxesPerDim, dmesh: DeviceMesh, stats: CollectiveStats | None = None) -> Shards:
    """`sdy.all_gather`: along each dimension, concatenate the group's blocks in in-group order of that
    dimension's gathering axes (they are the minor-most axes of the operand's dimension sharding)."""
    _check_rank(shards, gathering_axes, "all_gather")
    refs = _flatten(gathering_axes)
    factors = [dmesh.group_size(axes) for axes in gathering_axes]
    out: Shards = {}
    sent: dict[int, float] = {}
    for group in dmesh.groups(refs):
        local = shards[group[0]]
        full = np.empty(tuple(s * f for s, f in zip(local.shape, factors)), dtype=local.dtype)
        for member in group:
            piece = shards[member]
            if piece.shape != local.shape:
                raise UserError(f"all_gather: device {member} holds shape {piece.shape}, device {group[0]} {local.shape}")
            index = [dmesh.index_along(member, axes) for axes in gathering_axes]
            full[tuple(slice(i * s, (i + 1) * s) for i, s in zip(index, local.shape))] = piece
        n = len(group)
        for member in group:
            out[member] = full.copy()
            sent[member] = (n - 1) / n * full.nbytes
    record_sent(stats, "all_gather", sent)
    return out


def all_slice(shards: Shards, slicing_axes: AxesPerDim, dmesh: DeviceMesh, stats: CollectiveStats | None = None) -> Shards:
    """`sdy.all_slice`: each device keeps the block at its in-group index of each dimension's slicing axes."""
    _check_rank(shards, slicing_axes, "all_slice")
    factors = [dmesh.group_size(axes) for axes in slicing_axes]
    out: Shards = {}
    for device, local in shards.items():
        index = [dmesh.index_along(device, axes) for axes in slicing_axes]
        sizes = [-(-s // f) for s, f in zip(local.shape, factors)]
        piece = local[tuple(slice(i * s, (i + 1) * s) for i, s in zip(index, sizes))]
        if piece.shape != tuple(sizes):
            piece = np.pad(piece, [(0, s - p) for s, p in zip(sizes, piece.shape)])
        out[device] = np.array(piece, copy=True)
    record_sent(stats, "all_slice", {d: 0.0 for d in shards})
    return out


def all_reduce(
    shards: Shards,
    reduction_axes: Sequence[AxisRef],
    dmesh: DeviceMesh,
    stats: CollectiveStats | None = None,
    combiner: Combiner = np.add,
    kind: str = "all_reduce",
) -> Shards:
    """`sdy.all_reduce`: every device gets the combination (sum by default) of its group's arrays."""
    out: Shards = {}
    sent: dict[int, float] = {}
    for group in dmesh.groups(list(reduction_axes)):
        total = shards[group[0]]
        for member in group[1:]:
            total = combiner(total, shards[member])
        n = len(group)
        for member in group:
            out[member] = np.array(total, copy=True)
            sent[member] = 2 * (n - 1) / n * total.nbytes
    record_sent(stats, kind, sent)
    return out


def reduce_scatter(
    shards: Shards, reduce_scatter_axes: AxesPerDim, dmesh: DeviceMesh, stats: CollectiveStats | None = None
) -> Shards:
    """`sdy.reduce_scatter`: an all-reduce over all the axes followed by an all-slice along them."""
    refs = _flatten(reduce_scatter_axes)
    reduced = all_reduce(shards, refs, dmesh, None)
    out = all_slice(reduced, reduce_scatter_axes, dmesh, None)
    sent = {}
    for group in dmesh.groups(refs):
        n = len(group)
        for member in group:
            sent[member] = (n - 1) / n * shards[member].nbytes
    record_sent(stats, "reduce_scatter", sent)
    return out


def all_to_all(
    shards: Shards, params: Sequence[AllToAllParam], dmesh: DeviceMesh, stats: CollectiveStats | None = None
) -> Shards:
    """`sdy.all_to_all`: per parameter, gather along `src_dim` over `axes` and slice `tgt_dim` along them."""
    if not shards:
        return {}
    rank = next(iter(shards.values())).ndim
    sent: dict[int, float] = defaultdict(float)
    out = dict(shards)
    for p in params:
        if not (0 <= p.src_dim < rank and 0 <= p.tgt_dim < rank) or p.src_dim == p.tgt_dim:
            raise UserError(f"all_to_all: bad dimensions {p.src_dim}->{p.tgt_dim} for rank {rank}")
        n = dmesh.group_size(p.axes)
        for device, local in out.items():
            sent[device] += (n - 1) / n * local.nbytes
        out = all_gather(out, _only(rank, p.src_dim, p.axes), dmesh, None)
        out = all_slice(out, _only(rank, p.tgt_dim, p.axes), dmesh, None)
    record_sent(stats, "all_to_all", sent)
    return out


def _only(rank: int, dim: int, axes: tuple[AxisRef, ...]) -> list[tuple[AxisRef, ...]]:
    per_dim: list[tuple[AxisRef, ...]] = [() for _ in range(rank)]
    per_dim[dim] = axes
    return per_dim


def collective_permute(
    shards: Shards,
    src: TensorSharding,
    dst: TensorSharding,
    src_mesh: DeviceMesh,
    dst_mesh: DeviceMesh | None = None,
    stats: CollectiveStats | None = None,
) -> Shards:
    """`sdy.collective_permute`: every device receives the block its `dst` sharding assigns it from a device
    that holds that block under `src` (same shard count per dimension; `dst_mesh` may order devices
    differently)."""
    dst_mesh = dst_mesh or src_mesh
    if dim_shard_counts(src, src_mesh) != dim_shard_counts(dst, dst_mesh):
        raise UserError(f"collective_permute: {src} and {dst} shard dimensions into different numbers of pieces")
    holders: dict[tuple[tuple[int, ...], int], list[int]] = {}
    for device in src_mesh.device_ids:
        key = (block_index(device, src, src_mesh), src_mesh.index_along(device, src.unreduced))
        holders.setdefault(key, []).append(device)
    out: Shards = {}
    sent: dict[int, float] = {d: 0.0 for d in shards}
    for device in dst_mesh.device_ids:
        key = (block_index(device, dst, dst_mesh), dst_mesh.index_along(device, dst.unreduced))
        sources = holders.get(key)
        if not sources:
            raise UserError(f"collective_permute: no device holds block {key[0]} of {src}")
        source = device if device in sources else sources[0]
        out[device] = np.array(shards[source], copy=True)
        if source != device:
            sent[source] += shards[source].nbytes
    record_sent(stats, "collective_permute", sent)
    return out


def replicated_to_unreduced(
    shards: Shards, axes: Sequence[AxisRef], dmesh: DeviceMesh, stats: CollectiveStats | None = None
) -> Shards:
    """`sdy.replicated_to_unreduced`: in each group over `axes`, the first device keeps the value, the others
    hold zeros, so that an all-reduce over `axes` gives the value back."""
    out: Shards = {}
    for group in dmesh.groups(list(axes)):
        out[group[0]] = np.array(shards[group[0]], copy=True)
        for member in group[1:]:
            out[member] = np.zeros_like(shards[member])
    record_sent(stats, "replicated_to_unreduced", {d: 0.0 for d in shards})
    return out


def sharded_to_unreduced(
    shards: Shards, axes: AxesPerDim, dmesh: DeviceMesh, stats: CollectiveStats | None = None
) -> Shards:
    """`sdy.sharded_to_unreduced`: each device places its block, at its in-group position, into zeros of the
    gathered shape, so that an all-reduce over the axes equals the all-gather."""
    _check_rank(shards, axes, "sharded_to_unreduced")
    factors = [dmesh.group_size(a) for a in axes]
    out: Shards = {}
    for device, local in shards.items():
        full = np.zeros(tuple(s * f for s, f in zip(local.shape, factors)), dtype=local.dtype)
        index = [dmesh.index_along(device, a) for a in axes]
        full[tuple(slice(i * s, (i + 1) * s) for i, s in zip(index, local.shape))] = local
        out[device] = full
    record_sent(stats, "sharded_to_unreduced", {d: 0.0 for d in shards})
    return out
