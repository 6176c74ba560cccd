"""References to a full mesh axis or a sub-axis of it (Shardy's `AxisRefAttr` and `SubAxisInfoAttr`).

A sub-axis `"x":(m)k` is the k-sized slice of axis "x" after the m-sized major part: splitting "x" of size
n into [m, k, n/(m*k)], it is the middle piece. Every ref covers the half-open interval
[pre_size, pre_size * size) of its axis, measured in products of sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from autoshard.sharding.mesh import Mesh


@dataclass(frozen=True, order=True)
class SubAxisInfo:
    """Pre-size (product of sub-axis sizes to the left) and size of a sub-axis."""

    pre_size: int
    size: int

    def __str__(self) -> str:
        return f"({self.pre_size}){self.size}"


@dataclass(frozen=True)
class AxisRef:
    """A full axis (`sub_axis=None`) or a sub-axis of the named mesh axis."""

    name: str
    sub_axis: SubAxisInfo | None = None

    # -- sizes -----------------------------------------------------------------------------------
    def size(self, mesh: Mesh) -> int:
        return self.sub_axis.size if self.sub_axis else mesh.axis_size(self.name)

    @property
    def pre_size(self) -> int:
        return self.sub_axis.pre_size if self.sub_axis else 1

    def next_pre_size(self, mesh: Mesh) -> int:
        return self.pre_size * self.size(mesh)

    def is_full(self) -> bool:
        return self.sub_axis is None

    # -- relations (Shardy's AxisRefAttr methods) ----------------------------------------------
    def contains(self, other: AxisRef, mesh: Mesh) -> bool:
        """Whether `other` is this ref or a sub-axis inside it."""
        return (
            self.name == other.name
            and self.pre_size <= other.pre_size
            and other.next_pre_size(mesh) <= self.next_pre_size(mesh)
        )

    def overlaps(self, other: AxisRef, mesh: Mesh) -> bool:
        """Whether the two refs share any part of the same axis."""
        return (
            self.name == other.name
            and self.pre_size < other.next_pre_size(mesh)
            and other.pre_size < self.next_pre_size(mesh)
        )

    def can_merge(self, other: AxisRef, mesh: Mesh) -> bool:
        """Whether `other` directly follows this ref in the same axis (so both form one ref)."""
        return self.name == other.name and self.next_pre_size(mesh) == other.pre_size

    def merge(self, other: AxisRef, mesh: Mesh) -> AxisRef:
        assert self.can_merge(other, mesh)
        return AxisRef.make(self.name, self.pre_size, self.size(mesh) * other.size(mesh), mesh)

    @staticmethod
    def make(name: str, pre_size: int, size: int, mesh: Mesh) -> AxisRef:
        """A ref for [pre_size, pre_size*size) of `name`, the full axis when that is the whole of it."""
        if pre_size == 1 and size == mesh.axis_size(name):
            return AxisRef(name)
        return AxisRef(name, SubAxisInfo(pre_size, size))

    def sort_key(self, mesh: Mesh) -> tuple[int, int, int]:
        """Shardy's order: mesh axis position, then pre-size, then size."""
        return (mesh.axis_index(self.name), self.pre_size, self.size(mesh))

    def __str__(self) -> str:
        return f'"{self.name}"' + (f":{self.sub_axis}" if self.sub_axis else "")


def sort_axis_refs(refs: list[AxisRef] | tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
    return tuple(sorted(refs, key=lambda r: r.sort_key(mesh)))


def total_size(refs: tuple[AxisRef, ...] | list[AxisRef], mesh: Mesh) -> int:
    """Product of the sizes of `refs`."""
    out = 1
    for r in refs:
        out *= r.size(mesh)
    return out
