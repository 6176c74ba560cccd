"""Device groups and in-group order on a mesh, per the MLIR mesh dialect's collective semantics.

Devices that share their coordinates outside the communicated axes form a group; inside a group, devices are
ordered by their coordinates along the communicated axes, the first axis outermost. Sub-axes are handled by
splitting an axis coordinate into its major / sub-axis / minor parts; the coordinates themselves are
`sharding.device_groups.mesh_coordinates` and `sub_axis_coordinate`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from autoshard.errors import UserError
from autoshard.sharding import AxisRef, Mesh
from autoshard.sharding.device_groups import mesh_coordinates, sub_axis_coordinate


@dataclass(frozen=True)
class DeviceMesh:
    """A `Mesh` seen as physical devices: coordinates per device id, groups and in-group indices."""

    mesh: Mesh
    _position: dict[int, int] = field(default=None, init=False, repr=False, compare=False, hash=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_position", {d: i for i, d in enumerate(self.mesh.device_id_order())})

    @property
    def device_ids(self) -> tuple[int, ...]:
        """Device ids in mesh (row-major) order."""
        return self.mesh.device_id_order()

    @property
    def num_devices(self) -> int:
        return self.mesh.num_devices

    def coords(self, device: int) -> tuple[int, ...]:
        """The device's coordinate along each full mesh axis (major to minor)."""
        try:
            position = self._position[device]
        except KeyError:
            raise UserError(f"device {device} is not in mesh {self.mesh}") from None
        return mesh_coordinates(position, [axis.size for axis in self.mesh.axes])

    def _ref_stride(self, ref: AxisRef) -> tuple[int, int, int]:
        """(axis index, stride within the axis coordinate, size) of a ref."""
        index = self.mesh.axis_index(ref.name)
        axis_size = self.mesh.axes[index].size
        size = ref.size(self.mesh)
        if axis_size % (ref.pre_size * size):
            raise UserError(f"sub-axis {ref} does not divide axis '{ref.name}' of size {axis_size}")
        return index, axis_size // (ref.pre_size * size), size

    def axis_coord(self, device: int, ref: AxisRef) -> int:
        """The device's coordinate along a full axis or a sub-axis."""
        index, _, size = self._ref_stride(ref)
        return sub_axis_coordinate(self.coords(device)[index], self.mesh.axes[index].size, ref.pre_size, size)

    def index_along(self, device: int, refs: Sequence[AxisRef]) -> int:
        """The device's linear index over `refs` (first ref major): its in-group index for those axes."""
        index = 0
        for ref in refs:
            index = index * ref.size(self.mesh) + self.axis_coord(device, ref)
        return index

    def group_size(self, refs: Iterable[AxisRef]) -> int:
        return math.prod(r.size(self.mesh) for r in refs)

    def group_key(self, device: int, refs: Sequence[AxisRef]) -> tuple[int, ...]:
        """The device's coordinates with the parts along `refs` zeroed: equal keys mean the same group."""
        coords = list(self.coords(device))
        for ref in refs:
            index, stride, size = self._ref_stride(ref)
            coords[index] -= ((coords[index] // stride) % size) * stride
        return tuple(coords)

    def groups(self, refs: Sequence[AxisRef]) -> list[list[int]]:
        """The device groups for a collective over `refs`, each sorted by in-group index."""
        by_key: dict[tuple[int, ...], list[int]] = {}
        for device in self.device_ids:
            by_key.setdefault(self.group_key(device, refs), []).append(device)
        groups = []
        for members in by_key.values():
            members.sort(key=lambda d: self.index_along(d, refs))
            groups.append(members)
        return groups

    def device_at(self, coords: Sequence[int]) -> int:
        """The device id at full-axis coordinates."""
        position = 0
        for axis, c in zip(self.mesh.axes, coords):
            position = position * axis.size + c
        return self.device_ids[position]
