"""Halo exchange: each device widens its block of one sharded dimension to the range its windows read.

A windowed op (reduce_window, convolution) sharded along a windowed dimension reads, for its block of
outputs, a range of the input that extends past the device's own block into its neighbours' (and past the
tensor's ends, into padding). Each device receives the missing pieces from the devices holding them, one
`collective_permute` per distance between blocks (counted in the stats with the bytes each sender sends), and
fills what lies outside the tensor with the padding value. Nothing is read from a global array.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from autoshard.errors import UserError
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.shards import Shards
from autoshard.sharding import AxisRef

#: block index -> [start, stop) of the global range along the dimension that block's device needs
NeededRange = Callable[[int], tuple[int, int]]


def _take(array: np.ndarray, dim: int, start: int, stop: int) -> np.ndarray:
    index = [slice(None)] * array.ndim
    index[dim] = slice(start, stop)
    return array[tuple(index)]


def exchange_halo(
    shards: Shards,
    dim: int,
    axes: tuple[AxisRef, ...],
    global_size: int,
    needed: NeededRange,
    fill: np.ndarray,
    dmesh: DeviceMesh,
    stats: CollectiveStats | None,
) -> Shards:
    """Each device's array along `dim` replaced by the global range `needed(block)`, its block being the
    device's in-group index over `axes`; blocks are `global_size / group size` long (even sharding)."""
    count = dmesh.group_size(axes)
    if global_size % count:
        raise UserError(f"halo exchange needs an even sharding: size {global_size} over {count} shards")
    block = global_size // count
    holder: dict[tuple[int, int], int] = {}  # (device, block index) -> the device of its group holding it
    for group in dmesh.groups(list(axes)):
        for member in group:
            for k, other in enumerate(group):
                holder[(member, k)] = other
    sent: dict[int, dict[int, float]] = {}  # distance -> sender -> bytes
    out: Shards = {}
    for device, local in shards.items():
        if local.shape[dim] != block:
            raise UserError(f"device {device} holds {local.shape[dim]} elements of dimension {dim}, expected {block}")
        own = dmesh.index_along(device, axes)
        start, stop = needed(own)
        pieces = []
        position = start
        while position < stop:
            if position < 0 or position >= global_size:
                end = min(stop, 0) if position < 0 else stop
                shape = list(local.shape)
                shape[dim] = end - position
                pieces.append(np.full(shape, fill, dtype=local.dtype))
            else:
                k = position // block
                end = min(stop, (k + 1) * block)
                source = holder[(device, k)]
                piece = _take(shards[source], dim, position - k * block, end - k * block)
                if source != device:
                    by_sender = sent.setdefault(k - own, {})
                    by_sender[source] = by_sender.get(source, 0.0) + piece.nbytes
                pieces.append(piece)
            position = end
        out[device] = np.concatenate(pieces, axis=dim) if pieces else _take(local, dim, 0, 0)
    if stats is not None:
        for distance in sorted(sent):
            stats.record("collective_permute", sent[distance])
    return out
