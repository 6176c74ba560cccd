"""What `solve` returns and reports while it runs: `SolveResult`, `Progress` and the status names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autoshard.solver.stats import SolveStats

OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN = "OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"


@dataclass(frozen=True)
class Progress:
    """One progress report: best cost so far, best proven bound (None if unknown), seconds since start."""

    cost: int
    bound: int | None
    elapsed_s: float
    phase: str
    #: the incumbent in original node order, computed on demand (e.g. by a watchdog when time runs out)
    expand: Callable[[], list[int]] | None = field(default=None, repr=False, compare=False)


@dataclass
class SolveResult:
    """The best assignment found (original node order), its cost, and how good it is known to be."""

    assignment: list[int] | None
    cost: int | None
    status: str
    best_bound: int | None
    gap: float | None
    wall_time_s: float
    stats: SolveStats = field(default_factory=SolveStats)
    explanation: str | None = None
