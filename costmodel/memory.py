"""Per-device memory: the bytes of a tensor under a sharding, and the peak live bytes of a program.

Conventions:
- A sharded dimension of size d split over c devices holds ceil(d / c) elements on every device (Shardy and
  XLA pad uneven shards), so `tensor_bytes` is the per-device allocation, not total / devices.
- A program is a sequence of ops indexed 0..num_ops-1 in execution order. Each value is a `LiveValue`:
  `def_index` is the op that writes it, `last_use_index` the last op that reads it (equal to `def_index`
  when nothing reads it: a temporary that lives only during its op). A value is live at op i when
  def_index <= i <= last_use_index: an op's operands and results are live together while it runs.
- Held for the whole step whatever their indices say, as XLA lays buffers out: parameters (`kind="parameter"`,
  the caller's argument buffers) and outputs (`kind="output"`: XLA allocates each result buffer for the whole
  step and the program writes into it). An output written into a donated argument's buffer adds nothing of
  its own: give it as an `activation` (def to last use), an over-count where XLA writes in place.
- Everything else is a temporary from its definition to its last use in program order. XLA's compiled total
  (arguments + outputs + temporaries - aliased, `compiled.memory_analysis()`) is bounded by `StepMemory.total_bytes`
  as long as XLA's schedule and fusion keep fewer temporaries live than program order does (fusion removes
  intermediates; XLA's scheduler orders to reduce memory): an upper-bound-ish estimate, checked by
  `bench/memory_vs_xla.py`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from costmodel.compute import dtype_bytes
from costmodel.hardware import CostConfig, HardwareSpec

VALUE_KINDS = ("parameter", "activation", "temporary", "output")
#: kinds held for the whole step
WHOLE_STEP_KINDS = ("parameter", "output")


def local_shape(shape: Sequence[int], shard_counts: Sequence[int] | None = None) -> tuple[int, ...]:
    """Per-device shape: each dimension divided by its shard count, rounded up (padding)."""
    if shard_counts is None:
        return tuple(int(d) for d in shape)
    if len(shard_counts) != len(shape):
        raise ValueError(f"shard counts {list(shard_counts)} do not match rank {len(shape)} of shape {list(shape)}")
    out = []
    for d, c in zip(shape, shard_counts):
        if c <= 0:
            raise ValueError(f"shard count {c} must be positive")
        out.append(math.ceil(int(d) / int(c)))
    return tuple(out)


def tensor_bytes(shape: Sequence[int], dtype: str, shard_counts: Sequence[int] | None = None, *,
                 shards_per_dim: Sequence[int] | None = None) -> int:
    """Bytes of one device's shard of a `shape`-shaped `dtype` tensor split `shard_counts` (alias
    `shards_per_dim`) ways per dim, each dimension rounded up."""
    if shards_per_dim is not None:
        if shard_counts is not None:
            raise ValueError("give shard_counts or shards_per_dim, not both")
        shard_counts = shards_per_dim
    return math.prod(local_shape(shape, shard_counts)) * dtype_bytes(dtype)


@dataclass(frozen=True)
class LiveValue:
    """One value of a program for liveness: its per-device size and the ops that define and last use it."""

    name: str
    size_bytes: int
    def_index: int
    last_use_index: int
    kind: str = "activation"

    @property
    def start(self) -> int:
        """The op that defines the value (`def_index`)."""
        return self.def_index

    @property
    def end(self) -> int:
        """The last op that uses the value (`last_use_index`)."""
        return self.last_use_index

    def __post_init__(self) -> None:
        if self.kind not in VALUE_KINDS:
            raise ValueError(f"value kind '{self.kind}' is not one of {', '.join(VALUE_KINDS)}")
        if self.size_bytes < 0:
            raise ValueError(f"value '{self.name}' has negative size {self.size_bytes}")
        if self.kind not in WHOLE_STEP_KINDS and self.last_use_index < self.def_index:
            raise ValueError(f"value '{self.name}' is last used at op {self.last_use_index}, before its "
                             f"definition at op {self.def_index}")


@dataclass(frozen=True)
class PeakMemory:
    """The peak of live bytes per device, where it happens and what is live there."""

    peak_bytes: int
    peak_index: int  # op index of the (first) peak; -1 for a program with no ops
    parameter_bytes: int
    live_at_peak: tuple[str, ...]

    def fits(self, hardware: CostConfig | HardwareSpec) -> bool:
        hw = hardware.hardware if isinstance(hardware, CostConfig) else hardware
        return self.peak_bytes <= hw.memory_bytes


def live_bytes_timeline(values: Iterable[LiveValue], num_ops: int | None = None) -> list[int]:
    """Live bytes at each op index 0..num_ops-1 (parameters and outputs included everywhere); `num_ops` defaults
    to one past the last use of any temporary."""
    values = list(values)
    if num_ops is None:
        num_ops = 1 + max((v.last_use_index for v in values if v.kind not in WHOLE_STEP_KINDS), default=-1)
    delta = [0] * (num_ops + 1)
    params = 0
    for v in values:
        if v.kind in WHOLE_STEP_KINDS:
            params += v.size_bytes
            continue
        lo, hi = max(v.def_index, 0), min(v.last_use_index, num_ops - 1)
        if lo > hi:
            continue
        delta[lo] += v.size_bytes
        delta[hi + 1] -= v.size_bytes
    out, running = [], params
    for i in range(num_ops):
        running += delta[i]
        out.append(running)
    return out


def peak_live_memory(values: Sequence[LiveValue], num_ops: int | None = None) -> PeakMemory:
    """The highest live bytes over the program (parameters and outputs live throughout), in O(values + ops)."""
    values = list(values)
    params = sum(v.size_bytes for v in values if v.kind == "parameter")
    timeline = live_bytes_timeline(values, num_ops)
    if not timeline:
        held = sum(v.size_bytes for v in values if v.kind in WHOLE_STEP_KINDS)
        return PeakMemory(held, -1, params, tuple(v.name for v in values if v.kind in WHOLE_STEP_KINDS))
    peak = max(timeline)
    index = timeline.index(peak)
    live = tuple(v.name for v in values
                 if v.kind in WHOLE_STEP_KINDS or v.def_index <= index <= v.last_use_index)
    return PeakMemory(peak, index, params, live)


def peak_live_bytes(values: Sequence[LiveValue], num_ops: int | None = None) -> tuple[int, int]:
    """(peak live bytes, op index of the first peak): `peak_live_memory` without the breakdown."""
    peak = peak_live_memory(values, num_ops)
    return peak.peak_bytes, peak.peak_index


@dataclass(frozen=True)
class StepMemory:
    """Per-device memory of one step split the way XLA reports a compiled program's (`memory_analysis()`):
    argument buffers, output buffers (both held for the whole step) and the peak of temporaries live together
    in program order. `total_bytes` is their sum, the figure to hold against XLA's arguments + outputs +
    temporaries - aliased; `note` says how sure it is."""

    argument_bytes: int
    output_bytes: int
    temporary_bytes: int
    peak_index: int
    note: str = ""

    @property
    def total_bytes(self) -> int:
        return self.argument_bytes + self.output_bytes + self.temporary_bytes

    def to_json(self) -> dict:
        return {"total_bytes": self.total_bytes, "argument_bytes": self.argument_bytes,
                "output_bytes": self.output_bytes, "temporary_bytes": self.temporary_bytes,
                "peak_index": self.peak_index, "note": self.note}


def step_memory(values: Sequence[LiveValue], num_ops: int | None = None, note: str = "") -> StepMemory:
    """Arguments, outputs and the temporaries' peak (program order) of `values`; the total equals
    `peak_live_memory(values).peak_bytes`."""
    values = list(values)
    arguments = sum(v.size_bytes for v in values if v.kind == "parameter")
    outputs = sum(v.size_bytes for v in values if v.kind == "output")
    timeline = live_bytes_timeline(values, num_ops)
    held = arguments + outputs
    peak = max(timeline, default=held)
    index = timeline.index(peak) if timeline else -1
    return StepMemory(arguments, outputs, peak - held, index, note)
