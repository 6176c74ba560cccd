"""Collective costs over named mesh axes: pure functions named after the collectives.

Every function takes `(config, axes, buffer_bytes)` and returns a `CollectiveCost`:
- `axes`: the mesh axes the collective's device groups span, as names (`"data"`) or tuples
  `(name, size)` / `(name, pre_size, size)` for a sub-axis (Shardy's `"x":(pre_size)size`). The group size is
  the product of their sizes; devices that differ only along these axes form one group.
- `buffer_bytes` (per device), following nccl-tests:
  all_reduce: the buffer being reduced;                  sends 2(n-1)/n of it
  all_gather: the FULL (gathered, output) buffer;        sends (n-1)/n of it
  reduce_scatter: the FULL (input) buffer;               sends (n-1)/n of it
  all_to_all: the per-device buffer (input = output);    sends (n-1)/n of it
  collective_permute: the buffer;                        sends all of it
  all_slice: the input buffer;                           sends nothing (each device slices locally; its copy
                                                         kernel is compute, priced by the caller)
  `bytes_per_device` reports exactly these numbers (they match `autoshard.xla.nccl_bytes_per_device`).

Time (alpha-beta, `hardware.AxisLink`): on one axis of n devices, `bytes / bandwidth + steps * latency` with
steps by topology: ring n-1 per reduce-scatter/all-gather phase (all-reduce is both phases: 2(n-1)); torus
sum(d_i - 1) over its per-dimension rings; switch ceil(log2 n) per phase (recursive halving/doubling) and one
step for all-to-all; a collective permute is one step anywhere.

Several axes are decomposed hierarchically, one level per axis, each with its own link: a reduce-scatter runs
the fastest level first on the whole buffer, then each slower level on the 1/n_i smaller shard left by the
previous ones; all-gather is the mirror image (slowest level first, on the smallest data); all-reduce is
reduce-scatter then all-gather; all-to-all exchanges (n_i-1)/n_i of the buffer on every level (dimension-order
routing). The per-level bytes of reduce-scatter/all-gather/all-reduce add up to the flat formula; all-to-all's
levels move more in total than the flat (N-1)/N, which is what a hierarchical network pays.
A permute over several axes is priced on the slowest link it may cross.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Union

from costmodel.errors import CostModelError
from costmodel.hardware import AxisLink, CostConfig

#: One mesh axis or sub-axis as the collectives accept it: a name, `(name, size)` or `(name, pre_size, size)`.
AxisSpec = Union[str, tuple[str, int], tuple[str, int, int]]

KINDS = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute", "all_slice")


@dataclass(frozen=True)
class LevelCost:
    """One level (mesh axis) of a hierarchical collective."""

    axis: str
    group_size: int
    bytes_per_device: float
    steps: int
    time_s: float


@dataclass(frozen=True)
class CollectiveCost:
    """What one collective costs each device: bytes sent (nccl-tests convention) and modeled seconds."""

    kind: str
    axes: tuple[str, ...]
    group_size: int
    bytes_per_device: float
    time_s: float
    levels: tuple[LevelCost, ...] = ()

    def to_json(self) -> dict:
        return {"kind": self.kind, "axes": list(self.axes), "group_size": self.group_size,
                "bytes_per_device": self.bytes_per_device, "time_s": self.time_s}


@dataclass(frozen=True)
class _Level:
    label: str
    size: int
    link: AxisLink
    ring_dims: tuple[int, ...]  # the rings this level runs on (torus: one per physical dimension)


# ------------------------------------------------------------------------------------------------------
# Axes -> levels
# ------------------------------------------------------------------------------------------------------
def _split_span(pre_size: int, size: int, dims_major_to_minor: Sequence[int]) -> tuple[int, ...]:
    """Physical torus dims covered by the sub-axis [pre_size, pre_size*size) of an axis laid out on
    `dims` (minor dims vary fastest); `(size,)` when the sub-axis does not align with them."""
    factors, stride, lo, hi = [], 1, pre_size, pre_size * size
    for d in reversed(tuple(dims_major_to_minor)):
        o_lo, o_hi = max(lo, stride), min(hi, stride * d)
        if o_hi > o_lo:
            if o_hi % o_lo:
                return (size,)
            factors.append(o_hi // o_lo)
        stride *= d
    factors = [f for f in factors if f > 1]
    return tuple(reversed(factors)) if math.prod(factors) == size else (size,)


def _level(config: CostConfig, axis: AxisSpec) -> _Level:
    if isinstance(axis, str):
        name, pre, size = axis, 1, None
    elif isinstance(axis, tuple) and len(axis) == 2:
        name, pre, size = axis[0], None, int(axis[1])
    elif isinstance(axis, tuple) and len(axis) == 3:
        name, pre, size = axis[0], int(axis[1]), int(axis[2])
    else:
        raise CostModelError(f"cannot read mesh axis {axis!r}; expected a name, (name, size) or "
                             f"(name, pre_size, size)")
    link = config.link(name)
    full = config.mesh.axis_size(name)
    if size is None:
        size = full
    if size <= 0 or full % size or (pre is not None and (pre <= 0 or full % (pre * size))):
        raise CostModelError(f"sub-axis of '{name}' with pre-size {pre} and size {size} does not fit its size {full}")
    if size == full:
        label = name
    else:
        label = f"{name}:({pre}){size}" if pre is not None else f"{name}:{size}"
    if link.topology == "torus":
        dims = link.torus_dims or (full,)
        ring_dims = dims if size == full else (_split_span(pre, size, dims) if pre is not None else (size,))
    else:
        ring_dims = (size,)
    return _Level(label, size, link, ring_dims)


def _levels(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec]) -> list[_Level]:
    bare_tuple = (isinstance(axes, tuple) and len(axes) in (2, 3) and isinstance(axes[0], str)
                  and all(isinstance(x, int) for x in axes[1:]))
    if isinstance(axes, str) or bare_tuple:
        axes = [axes]  # a single axis given bare
    levels = [_level(config, a) for a in axes]  # type: ignore[union-attr]
    seen: set[str] = set()
    for lv in levels:
        if lv.label in seen:
            raise CostModelError(f"mesh axis {lv.label} appears twice in one collective's axes")
        seen.add(lv.label)
    return levels


def _fastest_first(levels: list[_Level]) -> list[_Level]:
    """Levels by decreasing bandwidth; ties keep minor (later-listed) axes first."""
    return sorted(reversed(levels), key=lambda lv: -lv.link.bandwidth)


def group_size(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec]) -> int:
    """Number of devices in each group of a collective over `axes`."""
    return math.prod(lv.size for lv in _levels(config, axes))


# ------------------------------------------------------------------------------------------------------
# Steps per topology
# ------------------------------------------------------------------------------------------------------
def phase_steps(link: AxisLink, ring_dims: Sequence[int]) -> int:
    """Latency steps of one reduce-scatter or all-gather phase on a level."""
    n = math.prod(ring_dims)
    if n <= 1:
        return 0
    if link.topology == "switch":
        return math.ceil(math.log2(n))
    return sum(d - 1 for d in ring_dims)  # ring: one ring of n; torus: one ring per dimension


def all_to_all_steps(link: AxisLink, ring_dims: Sequence[int]) -> int:
    n = math.prod(ring_dims)
    if n <= 1:
        return 0
    if link.topology == "switch":
        return 1
    return sum(d - 1 for d in ring_dims)


# ------------------------------------------------------------------------------------------------------
# The collectives
# ------------------------------------------------------------------------------------------------------
def _check_bytes(buffer_bytes: float) -> float:
    value = float(buffer_bytes)
    if value < 0 or not math.isfinite(value):
        raise ValueError(f"buffer_bytes must be a non-negative number, got {buffer_bytes}")
    return value


def _scatter_levels(levels: list[_Level], buffer: float, phases: int) -> list[LevelCost]:
    """Reduce-scatter-shaped levels (fastest first, data shrinking); `phases=2` for all-reduce."""
    out, data = [], buffer
    for lv in _fastest_first(levels):
        if lv.size <= 1:
            continue
        sent = phases * (lv.size - 1) / lv.size * data
        steps = phases * phase_steps(lv.link, lv.ring_dims)
        out.append(LevelCost(lv.label, lv.size, sent, steps, sent / lv.link.bandwidth + steps * lv.link.latency))
        data /= lv.size
    return out


def _result(kind: str, levels: list[_Level], bytes_per_device: float, level_costs: Sequence[LevelCost]
            ) -> CollectiveCost:
    n = math.prod(lv.size for lv in levels)
    return CollectiveCost(kind, tuple(lv.label for lv in levels), n, bytes_per_device if n > 1 else 0.0,
                          sum(c.time_s for c in level_costs), tuple(level_costs))


def all_reduce(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float) -> CollectiveCost:
    """Sum (or any reduction) of a `buffer_bytes` buffer over the groups; sends 2(n-1)/n of it."""
    buffer = _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    n = math.prod(lv.size for lv in levels)
    return _result("all_reduce", levels, 2 * (n - 1) / n * buffer, _scatter_levels(levels, buffer, 2))


def reduce_scatter(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float) -> CollectiveCost:
    """Reduce a FULL `buffer_bytes` buffer and leave 1/n of it on each device; sends (n-1)/n of it."""
    buffer = _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    n = math.prod(lv.size for lv in levels)
    return _result("reduce_scatter", levels, (n - 1) / n * buffer, _scatter_levels(levels, buffer, 1))


def all_gather(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float) -> CollectiveCost:
    """Gather shards into a FULL `buffer_bytes` buffer on every device; sends (n-1)/n of it.

    Levels run slowest first (mirror of reduce-scatter), so `levels` lists them in execution order."""
    buffer = _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    n = math.prod(lv.size for lv in levels)
    costs = list(reversed(_scatter_levels(levels, buffer, 1)))
    return _result("all_gather", levels, (n - 1) / n * buffer, costs)


def all_to_all(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float) -> CollectiveCost:
    """Each device sends 1/n of its `buffer_bytes` buffer to every group member; (n-1)/n of it leaves."""
    buffer = _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    n = math.prod(lv.size for lv in levels)
    costs = []
    for lv in _fastest_first(levels):
        if lv.size <= 1:
            continue
        sent = (lv.size - 1) / lv.size * buffer
        steps = all_to_all_steps(lv.link, lv.ring_dims)
        costs.append(LevelCost(lv.label, lv.size, sent, steps, sent / lv.link.bandwidth + steps * lv.link.latency))
    return _result("all_to_all", levels, (n - 1) / n * buffer, costs)


def collective_permute(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float
                       ) -> CollectiveCost:
    """Every device sends its whole `buffer_bytes` buffer to one peer (one step) on the slowest of `axes`."""
    buffer = _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    moving = [lv for lv in levels if lv.size > 1]
    if not moving:
        return _result("collective_permute", levels, 0.0, ())
    slowest = min(moving, key=lambda lv: (lv.link.bandwidth, -lv.link.latency))
    latency = max(lv.link.latency for lv in moving)
    cost = LevelCost(slowest.label, math.prod(lv.size for lv in moving), buffer, 1,
                     buffer / slowest.link.bandwidth + latency)
    return _result("collective_permute", levels, buffer, (cost,))


def all_slice(config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float) -> CollectiveCost:
    """Keep each device's 1/n slice of a replicated buffer: local, no communication (0 s on the links; the copy
    XLA runs for it is memory-bound compute, which the caller prices)."""
    _check_bytes(buffer_bytes)
    levels = _levels(config, axes)
    return CollectiveCost("all_slice", tuple(lv.label for lv in levels), math.prod(lv.size for lv in levels),
                          0.0, 0.0, ())


_BY_KIND = {
    "all_reduce": all_reduce,
    "all_gather": all_gather,
    "reduce_scatter": reduce_scatter,
    "all_to_all": all_to_all,
    "collective_permute": collective_permute,
    "all_slice": all_slice,
}


def normalize_kind(kind: str) -> str:
    """`all-reduce`, `sdy.all_reduce`, `AllReduce`... -> `all_reduce`."""
    k = kind.split(".")[-1].replace("-", "_")
    k = "".join(("_" + c.lower()) if c.isupper() else c for c in k).lstrip("_")
    if k not in _BY_KIND:
        raise CostModelError(f"unknown collective '{kind}'; expected one of {', '.join(KINDS)}")
    return k


def collective(kind: str, config: CostConfig, axes: AxisSpec | Iterable[AxisSpec], buffer_bytes: float
               ) -> CollectiveCost:
    """Dispatch by kind name (underscore or XLA's hyphenated spelling); buffer conventions as above."""
    return _BY_KIND[normalize_kind(kind)](config, axes, buffer_bytes)
