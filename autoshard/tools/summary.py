"""Terminal output of `plan`: live solver progress and the one-screen summary."""

from __future__ import annotations

import time
from typing import TextIO

from autoshard.planner.strategy_problem import COST_UNIT_S
from autoshard.units import fmt_bytes, fmt_time

class ProgressPrinter:
    """Called with the solver's `Progress`; prints incumbent, bound, gap and elapsed time on a terminal."""

    def __init__(self, stream: TextIO, min_interval_s: float = 0.5):
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0
        self.min_interval_s = min_interval_s

    def __call__(self, progress) -> None:
        now = time.monotonic()
        if now - self.last < self.min_interval_s:
            return
        self.last = now
        cost = progress.cost * COST_UNIT_S
        bound = "?" if progress.bound is None else fmt_time(progress.bound * COST_UNIT_S)
        gap = "" if progress.bound is None else f"  gap {max(0.0, 1 - progress.bound / max(progress.cost, 1)):.1%}"
        line = f"[{progress.elapsed_s:6.1f}s] {progress.phase:<10} cost {fmt_time(cost)}  bound {bound}{gap}"
        if self.tty:
            self.stream.write("\r" + line.ljust(78))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.last:
            self.stream.write("\n")


def print_summary(plan, stream: TextIO, output: str | None = None) -> None:
    """The one-screen summary: mesh, modeled time split, memory vs budget, solver status, argument specs."""
    c, s = plan.cost, plan.solver
    w = stream.write
    w(f"mesh            {plan.mesh}  ({plan.mesh.num_devices} devices)\n")
    w(f"step time       {fmt_time(c.step_time_s)}  (modeled)\n")
    w(f"  compute       {fmt_time(c.compute_s)}\n")
    for kind, t in sorted(c.collectives_s.items(), key=lambda kv: -kv[1]):
        if t > 0:
            w(f"  {kind:<13} {fmt_time(t)}\n")
    budget = f" of {fmt_bytes(c.memory_budget_bytes)} budget" if c.memory_budget_bytes else ""
    w(f"peak memory     {fmt_bytes(c.peak_memory_bytes)} per device{budget}\n")
    gap = "n/a" if s.gap != s.gap else f"{s.gap:.2%}"
    w(f"solver          {s.status}, gap {gap}, {s.wall_time_s:.1f} s, {s.num_nodes} nodes, {s.num_strategies} strategies\n")
    w("arguments       (JAX PartitionSpec)\n")
    for i, spec in enumerate(plan.partition_specs()):
        if spec is not None:
            w(f"  %arg{i:<10} P{spec!r}\n" if len(spec) != 1 else f"  %arg{i:<10} P({spec[0]!r},)\n")
    for warning in plan.warnings:
        w(f"warning: {warning}\n")
    if output and output != "-":
        w(f"wrote {output}\n")
