"""Global arrays <-> per-device local shards for a `TensorSharding` (replicated and unreduced axes included).

A device holds, along each dimension, the block whose index is its in-group index over that dimension's axes
(major to minor); a dimension that its shard count does not divide is padded with zeros at the end (Shardy
pads the same way). Along unreduced axes the global value is the sum of the devices' partial values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from autoshard.errors import UserError
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.sharding import TensorSharding

Shards = dict[int, np.ndarray]


def dim_shard_counts(sharding: TensorSharding, dmesh: DeviceMesh) -> tuple[int, ...]:
    return tuple(d.num_shards(dmesh.mesh) for d in sharding.dims)


def local_shape(global_shape: Sequence[int], sharding: TensorSharding, dmesh: DeviceMesh) -> tuple[int, ...]:
    """Per-device shape: ceil(size / shards) per dimension."""
    if len(global_shape) != sharding.rank:
        raise UserError(f"sharding rank {sharding.rank} does not match tensor rank {len(global_shape)}")
    return tuple(-(-s // n) for s, n in zip(global_shape, dim_shard_counts(sharding, dmesh)))


def is_evenly_sharded(global_shape: Sequence[int], sharding: TensorSharding, dmesh: DeviceMesh) -> bool:
    return all(s % n == 0 for s, n in zip(global_shape, dim_shard_counts(sharding, dmesh)))


def block_index(device: int, sharding: TensorSharding, dmesh: DeviceMesh) -> tuple[int, ...]:
    """Which block of each dimension the device holds."""
    return tuple(dmesh.index_along(device, d.axes) for d in sharding.dims)


def _block(array: np.ndarray, index: Sequence[int], shape: Sequence[int]) -> np.ndarray:
    """Block `index` of `array` in blocks of `shape`, zero-padded where the array ends early."""
    slices = tuple(slice(i * s, (i + 1) * s) for i, s in zip(index, shape))
    piece = np.asarray(array[slices])
    if piece.shape != tuple(shape):
        pad = [(0, s - p) for s, p in zip(shape, piece.shape)]
        piece = np.pad(piece, pad)
    return piece


def shard(
    value: np.ndarray,
    sharding: TensorSharding,
    dmesh: DeviceMesh,
    rng: np.random.Generator | None = None,
) -> Shards:
    """Split a global array into the local shards of every device.

    Along unreduced axes, the device with in-group index 0 holds the value and the others zeros; with `rng`,
    the value is instead split into random partial terms that sum to it (a stricter test input).
    """
    value = np.asarray(value)
    shape = local_shape(value.shape, sharding, dmesh)
    unreduced = sharding.unreduced
    out: Shards = {}
    for device in dmesh.device_ids:
        out[device] = np.array(_block(value, block_index(device, sharding, dmesh), shape), copy=True)
    if unreduced:
        for group in dmesh.groups(unreduced):
            base = out[group[0]]
            if rng is not None and np.issubdtype(base.dtype, np.floating):
                terms = [rng.standard_normal(base.shape).astype(base.dtype) for _ in group[1:]]
                first = base - sum(terms, np.zeros_like(base)) if terms else base
                parts = [first, *terms]
            else:
                parts = [base] + [np.zeros_like(base) for _ in group[1:]]
            for device, part in zip(group, parts):
                out[device] = part
    return out


@dataclass(frozen=True)
class Unsharded:
    """A reassembled global array and how far its replicas disagreed (0 when they agree exactly)."""

    value: np.ndarray
    replica_mismatch: float
    mismatch_device: int | None = None


def _diff(a: np.ndarray, b: np.ndarray) -> float:
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.number):
        return float(np.count_nonzero(a != b))
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.abs(a.astype(np.float64) - b.astype(np.float64))
    both_nan = np.isnan(a.astype(np.float64)) & np.isnan(b.astype(np.float64))
    d = np.where(both_nan, 0.0, d)
    d = np.where(np.isnan(d), np.inf, d)
    return float(d.max()) if d.size else 0.0


def unshard(
    shards: Mapping[int, np.ndarray],
    sharding: TensorSharding,
    dmesh: DeviceMesh,
    global_shape: Sequence[int],
) -> Unsharded:
    """Reassemble the global array: blocks placed, unreduced partials summed, replicas compared."""
    shape = local_shape(global_shape, sharding, dmesh)
    counts = dim_shard_counts(sharding, dmesh)
    # (block index, unreduced index) -> the first replica seen
    seen: dict[tuple[tuple[int, ...], int], tuple[int, np.ndarray]] = {}
    worst, worst_device = 0.0, None
    for device in dmesh.device_ids:
        local = np.asarray(shards[device])
        if local.shape != shape:
            raise UserError(f"device {device} holds a shard of shape {local.shape}, expected {shape}")
        key = (block_index(device, sharding, dmesh), dmesh.index_along(device, sharding.unreduced))
        if key in seen:
            d = _diff(seen[key][1], local)
            if d > worst:
                worst, worst_device = d, device
        else:
            seen[key] = (device, local)
    dtype = next(iter(shards.values())).dtype
    padded = np.zeros(tuple(s * n for s, n in zip(shape, counts)), dtype=dtype)
    for (index, _), (_, local) in seen.items():
        slices = tuple(slice(i * s, (i + 1) * s) for i, s in zip(index, shape))
        if sharding.unreduced:
            padded[slices] = padded[slices] + local
        else:
            padded[slices] = local
    value = padded[tuple(slice(0, s) for s in global_shape)]
    return Unsharded(value, worst, worst_device)
