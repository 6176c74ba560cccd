"""Plain-data device meshes: named axes, major to minor, with optional device ids (Shardy's `MeshAttr`)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from autoshard.errors import UserError


@dataclass(frozen=True)
class MeshAxis:
    """One named mesh axis and its size."""

    name: str
    size: int


@dataclass(frozen=True)
class Mesh:
    """A logical device mesh: ordered axes (major to minor) and an optional device-id order.

    `device_ids=None` means the iota order 0..N-1 (Shardy omits it in that case).
    An empty mesh with a single device id is Shardy's "maximal" mesh.
    """

    axes: tuple[MeshAxis, ...]
    device_ids: tuple[int, ...] | None = None
    _index: dict[str, int] = field(default=None, init=False, repr=False, compare=False, hash=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {a.name: i for i, a in enumerate(self.axes)})

    # -- construction -------------------------------------------------------------------------------
    @staticmethod
    def from_sizes(sizes: Mapping[str, int] | Iterable[tuple[str, int]], device_ids: Iterable[int] | None = None) -> Mesh:
        """`Mesh.from_sizes({"data": 2, "model": 4})`; validates sizes and device ids."""
        items = list(sizes.items()) if isinstance(sizes, Mapping) else list(sizes)
        axes = tuple(MeshAxis(str(n), int(s)) for n, s in items)
        mesh = Mesh(axes, tuple(int(d) for d in device_ids) if device_ids is not None else None)
        mesh.validate()
        return mesh

    @staticmethod
    def parse(spec: str) -> Mesh:
        """Parse a CLI mesh string such as `data=2,model=4` (also accepts `data:2 model:4`)."""
        parts = [p for p in re.split(r"[,\s]+", spec.strip()) if p]
        if not parts:
            raise UserError(f"mesh '{spec}' is empty; expected e.g. data=2,model=4")
        items = []
        for part in parts:
            m = re.fullmatch(r"([A-Za-z_][\w.]*)\s*[=:]\s*(-?\d+)", part)
            if not m:
                raise UserError(f"mesh '{spec}': cannot read '{part}'; expected NAME=SIZE, e.g. data=2,model=4")
            items.append((m.group(1), int(m.group(2))))
        return Mesh.from_sizes(items)

    def validate(self) -> None:
        """Raise `UserError` for duplicate names, non-positive sizes or a bad device-id list."""
        seen: set[str] = set()
        for axis in self.axes:
            if axis.name in seen:
                raise UserError(f"mesh axis '{axis.name}' appears twice")
            seen.add(axis.name)
            if axis.size <= 0:
                raise UserError(f"mesh axis '{axis.name}' has size {axis.size}; sizes must be positive")
        if self.device_ids is not None:
            n = self.num_devices
            if len(self.device_ids) != n:
                raise UserError(f"mesh has {n} devices but device_ids lists {len(self.device_ids)}")
            if sorted(self.device_ids) != list(range(n)):
                raise UserError(f"device_ids {list(self.device_ids)} is not a permutation of 0..{n - 1}")

    # -- queries ------------------------------------------------------------------------------------
    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.axes)

    @property
    def shape(self) -> dict[str, int]:
        """Axis sizes by name, in mesh order (like `jax.sharding.Mesh.shape`)."""
        return {a.name: a.size for a in self.axes}

    @property
    def num_devices(self) -> int:
        return math.prod(a.size for a in self.axes)

    def has_axis(self, name: str) -> bool:
        return name in self._index

    def axis_index(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise UserError(f"unknown mesh axis '{name}'; the mesh has {list(self.axis_names)}") from None

    def axis_size(self, name: str) -> int:
        return self.axes[self.axis_index(name)].size

    def device_id_order(self) -> tuple[int, ...]:
        """Device ids in mesh (row-major) order."""
        return self.device_ids if self.device_ids is not None else tuple(range(self.num_devices))

    def __str__(self) -> str:
        return ",".join(f"{a.name}={a.size}" for a in self.axes)
