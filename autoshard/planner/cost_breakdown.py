"""A plan's modeled cost: `CostBreakdown` (step time split into compute and collectives, peak memory) and the
`PlannedCollective`s behind its collectives' time."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from costmodel.memory import StepMemory


@dataclass
class CostBreakdown:
    """Modeled step time split into compute and collectives (seconds), and per-device peak memory (bytes).

    A reshard step a device runs as a local copy (an all-slice) counts as compute, as in XLA's program; it is
    still listed among the plan's collectives.

    `flops` and `bytes_accessed` are the compute model's work per device per step (loop bodies once per
    iteration), the quantities behind `compute_s`, for comparison with a compiled program's cost analysis."""

    compute_s: float = 0.0
    communication_s: float = 0.0
    collectives_s: dict[str, float] = field(default_factory=dict)
    peak_memory_bytes: int = 0
    memory_budget_bytes: int | None = None
    penalty_s: float = 0.0
    flops: float = 0.0
    bytes_accessed: float = 0.0
    #: bytes of arguments each device is given and holds, and their tie-break price (in the objective, not the step)
    input_feed_bytes: int = 0
    input_feed_s: float = 0.0
    #: `peak_memory_bytes` split as XLA reports a compiled step (arguments, outputs, temporaries) with a note
    memory: StepMemory | None = None

    @property
    def step_time_s(self) -> float:
        return self.compute_s + self.communication_s

    def to_json(self) -> dict[str, Any]:
        return {
            "step_time_s": self.step_time_s,
            "compute_s": self.compute_s,
            "communication_s": self.communication_s,
            "flops": self.flops,
            "bytes_accessed": self.bytes_accessed,
            "input_feed_bytes": self.input_feed_bytes,
            "input_feed_s": self.input_feed_s,
            "collectives_s": dict(sorted(self.collectives_s.items())),
            "peak_memory_bytes": self.peak_memory_bytes,
            "memory_budget_bytes": self.memory_budget_bytes,
            "memory": None if self.memory is None else self.memory.to_json(),
        }


@dataclass(frozen=True)
class PlannedCollective:
    """One collective a plan implies: an in-op settle of partial sums, or one step of a reshard on an edge.

    `bytes_per_device` and `time_s` are per occurrence; `count` is how often it runs per step (loop trip count).
    """

    kind: str
    axes: tuple[str, ...]
    bytes_per_device: float
    time_s: float
    count: int
    where: str
    node: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "axes": list(self.axes), "bytes_per_device": self.bytes_per_device,
                "time_s": self.time_s, "count": self.count, "where": self.where, "node": self.node}
