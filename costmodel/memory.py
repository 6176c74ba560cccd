"""Per-device memory of one step from buffer lifetimes: the formula the planner's accounting
(`autoshard.planner.xla_model.memory_accounting`, which decides what buffer each plan value becomes) totals with.

Conventions:
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

VALUE_KINDS = ("parameter", "activation", "temporary", "output")
#: kinds held for the whole step
WHOLE_STEP_KINDS = ("parameter", "output")


@dataclass(frozen=True)
class LiveValue:
    """One value of a program for liveness: its per-device size and the ops that define and last use it."""

    name: str
    size_bytes: int
    def_index: int
    last_use_index: int
    kind: str = "activation"

    def __post_init__(self) -> None:
        if self.kind not in VALUE_KINDS:
            raise ValueError(f"value kind '{self.kind}' is not one of {', '.join(VALUE_KINDS)}")
        if self.size_bytes < 0:
            raise ValueError(f"value '{self.name}' has negative size {self.size_bytes}")
        if self.kind not in WHOLE_STEP_KINDS and self.last_use_index < self.def_index:
            raise ValueError(f"value '{self.name}' is last used at op {self.last_use_index}, before its "
                             f"definition at op {self.def_index}")


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
    """Arguments, outputs and the temporaries' peak (program order) of `values`: the total is the highest
    `live_bytes_timeline` entry."""
    values = list(values)
    arguments = sum(v.size_bytes for v in values if v.kind == "parameter")
    outputs = sum(v.size_bytes for v in values if v.kind == "output")
    timeline = live_bytes_timeline(values, num_ops)
    held = arguments + outputs
    peak = max(timeline, default=held)
    index = timeline.index(peak) if timeline else -1
    return StepMemory(arguments, outputs, peak - held, index, note)
