"""Where a device sits on a mesh, and which mesh axes a set of device groups spans: the replica groups of a
collective named as Shardy names axes."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from autoshard.sharding.axis_ref import AxisRef, SubAxisInfo


def mesh_coordinates(position: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """The coordinate along each mesh axis (major to minor, of `sizes`) of the device at `position` in the mesh's
    device order: the row-major (mixed-radix) digits of the position."""
    out = []
    for size in reversed(sizes):
        out.append(position % size)
        position //= size
    return tuple(reversed(out))


def sub_axis_coordinate(coordinate: int, axis_size: int, pre_size: int, size: int) -> int:
    """A device's coordinate along the sub-axis `(pre_size)size` of an axis of `axis_size`, given its coordinate
    along the whole axis: the digit `(c // (axis_size // (pre_size * size))) % size` (the whole axis is
    `(1)axis_size`, the coordinate itself)."""
    return (coordinate // (axis_size // (pre_size * size))) % size


def axes_of_device_groups(groups: Sequence[Sequence[int]], axes: Sequence[tuple[str, int]],
                          device_ids: Sequence[int] = ()) -> tuple[AxisRef, ...] | None:
    """The mesh axes (or sub-axes) whose device groups are exactly `groups` (as sets); None when none match.

    `axes` are (name, size) major to minor; `device_ids` the mesh's explicit device order (iota when empty).
    Whole axes are tried first; then each axis split into its prime pieces (major first), adjacent pieces of one
    axis merged into one sub-axis (`"model":(1)4`).
    """
    sizes = [size for _, size in axes]
    total = math.prod(sizes)
    order = list(device_ids) if device_ids else list(range(total))
    if len(order) != total:
        return None
    coords = {device: mesh_coordinates(position, sizes) for position, device in enumerate(order)}
    wanted = {frozenset(g) for g in groups}
    if any(d not in coords for g in groups for d in g):
        return None
    for count in range(1, len(axes) + 1):
        for subset in itertools.combinations(range(len(axes)), count):
            others = [i for i in range(len(axes)) if i not in subset]
            partition: dict[tuple[int, ...], set[int]] = {}
            for device, coord in coords.items():
                partition.setdefault(tuple(coord[i] for i in others), set()).add(device)
            if {frozenset(p) for p in partition.values()} == wanted:
                return tuple(AxisRef(axes[i][0]) for i in subset)
    return _sub_axes_of_device_groups(wanted, axes, coords)


def _sub_axes_of_device_groups(wanted: set[frozenset[int]], axes: Sequence[tuple[str, int]], coords: dict
                               ) -> tuple[AxisRef, ...] | None:
    pieces: list[tuple[int, int, int]] = []  # (axis index, pre-size, size)
    for i, (_, size) in enumerate(axes):
        pre, rest, p = 1, size, 2
        while rest > 1:
            while rest % p:
                p += 1
            pieces.append((i, pre, p))
            pre, rest = pre * p, rest // p
    if len(pieces) > 12:
        return None

    def digit(coord, piece: tuple[int, int, int]) -> int:
        i, pre, size = piece
        return sub_axis_coordinate(coord[i], axes[i][1], pre, size)

    for count in range(1, len(pieces) + 1):
        for subset in itertools.combinations(range(len(pieces)), count):
            others = [pieces[k] for k in range(len(pieces)) if k not in subset]
            partition: dict[tuple[int, ...], set[int]] = {}
            for device, coord in coords.items():
                partition.setdefault(tuple(digit(coord, q) for q in others), set()).add(device)
            if {frozenset(p) for p in partition.values()} != wanted:
                continue
            refs: list[AxisRef] = []
            chosen = [pieces[k] for k in subset]
            k = 0
            while k < len(chosen):
                i, pre, size = chosen[k]
                while k + 1 < len(chosen) and chosen[k + 1][0] == i and chosen[k + 1][1] == pre * size:
                    k += 1
                    size *= chosen[k][2]
                name = axes[i][0]
                refs.append(AxisRef(name) if size == axes[i][1] else AxisRef(name, SubAxisInfo(pre, size)))
                k += 1
            return tuple(refs)
    return None
