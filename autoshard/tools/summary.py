"""Terminal output of `plan`: live solver progress and the one-screen summary."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from autoshard.planner.plan import Plan
from autoshard.planner.strategy_problem import COST_UNIT_S
from autoshard.units import fmt_bytes, fmt_percent, fmt_time

if TYPE_CHECKING:
    from autoshard.tools.reference_plans import ReferenceTime


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
        gap = ""
        if progress.bound is not None:
            gap = f"  gap {fmt_percent(max(0.0, 1 - progress.bound / max(progress.cost, 1)))}"
        line = f"[{progress.elapsed_s:6.1f}s] {progress.phase:<10} cost {fmt_time(cost)}  bound {bound}{gap}"
        if self.tty:
            self.stream.write("\r" + line.ljust(78))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.last:
            self.stream.write("\n")


#: How reshards were priced, by `hardware.reshard_lowering`.
RESHARD_LOWERING_TEXT = {
    "shardy": "priced as Shardy's reshard-to-collectives lowers them",
    "xla": "priced as XLA's SPMD partitioner lowers them",
}
#: Arguments named per sharding in the grouped listing (`--verbose` lists them all).
NAMES_PER_GROUP = 3


def speedup_text(reference_s: float, plan_s: float) -> str:
    """How the plan's step time compares with a reference's: `3.1x faster`, `1.2x slower`, `as fast`."""
    if plan_s <= 0 or reference_s <= 0:
        return "as fast" if plan_s == reference_s else "n/a"
    ratio = reference_s / plan_s
    if round(ratio, 1) == 1.0:
        return "as fast"
    return f"{ratio:.1f}x faster" if ratio > 1 else f"{1 / ratio:.1f}x slower"


def spec_text(spec: tuple) -> str:
    """A PartitionSpec tuple as JAX writes it: `P('data', None)`, `P('data',)`, `P()`."""
    return f"P({spec[0]!r},)" if len(spec) == 1 else f"P{spec!r}"


def argument_lines(specs: list[tuple | None], verbose: bool = False) -> list[str]:
    """One line per argument (`verbose`), else one per distinct sharding in order of first use:
    `P(None, 'model')  x12  %arg6, %arg7, %arg9, ...`."""
    named = [(f"%arg{i}", spec_text(spec)) for i, spec in enumerate(specs) if spec is not None]
    if verbose:
        return [f"{name:<12} {text}" for name, text in named]
    groups: dict[str, list[str]] = {}
    for name, text in named:
        groups.setdefault(text, []).append(name)
    width = max((len(text) for text in groups), default=0)
    lines = []
    for text, names in groups.items():
        shown = ", ".join(names[:NAMES_PER_GROUP]) + (", ..." if len(names) > NAMES_PER_GROUP else "")
        lines.append(f"{text:<{width}}  x{len(names):<3} {shown}")
    return lines


def print_summary(plan: Plan, stream: TextIO, output: str | None = None, references: Sequence[ReferenceTime] = (),
                  verbose: bool = False) -> None:
    """The one-screen summary: mesh, modeled time split and how it compares with `references` (one device, data
    parallel), memory vs budget, how reshards were priced, solver status, argument shardings (grouped by
    sharding unless `verbose`; with it, the wall time of each stage of planning). The plan itself is read from `plan.sharding_plan`; the search from `plan.solver`."""
    sharded, s = plan.sharding_plan, plan.solver
    c = sharded.cost
    w = stream.write
    w(f"mesh            {sharded.mesh}  ({sharded.mesh.num_devices} devices)\n")
    compared = ", ".join(f"vs {r.name} {speedup_text(r.step_time_s, c.step_time_s)}"
                         for r in references if r.step_time_s is not None)
    w(f"step time       {fmt_time(c.step_time_s)}  (modeled){': ' + compared if compared else ''}\n")
    parts = [("compute", c.compute_s)]
    parts += [(kind, t) for kind, t in sorted(c.collectives_s.items(), key=lambda kv: -kv[1]) if t > 0]
    width = max(13, *(len(kind) for kind, _ in parts))
    for kind, t in parts:
        w(f"  {kind:<{width}} {fmt_time(t)}\n")
    name_width = max((len(r.name) for r in references), default=0)
    for i, r in enumerate(references):
        label = "references" if i == 0 else ""
        w(f"{label:<15} {r.name:<{name_width}}  {_reference_text(r)}\n")
    budget = f" of {fmt_bytes(c.memory_budget_bytes)} budget" if c.memory_budget_bytes else ""
    w(f"peak memory     {fmt_bytes(c.peak_memory_bytes)} per device{budget}\n")
    w(f"reshards        {RESHARD_LOWERING_TEXT[plan.config.hardware.reshard_lowering]}\n")
    w(f"solver          {s.status}, gap {fmt_percent(s.gap)}, {s.wall_time_s:.1f} s, {s.num_nodes} nodes, "
      f"{s.num_strategies} strategies\n")
    if verbose and plan.stages.seconds:
        w(f"stages          {plan.stages.text()}\n")
    specs = sharded.partition_specs()
    how = "" if verbose else "; grouped by sharding, --verbose lists each"
    w(f"arguments       (JAX PartitionSpec{how})\n")
    for line in argument_lines(specs, verbose):
        w(f"  {line}\n")
    if plan.recomputed is not None:
        for i, line in enumerate([*plan.recomputed.lines(), *plan.recomputed.why()]):
            w(f"{'recomputed' if i == 0 else '':<15} {line}\n")
    for warning in plan.warnings:
        w(f"warning: {warning}\n")
    if output and output != "-":
        w(f"wrote {output}\n")


def _reference_text(reference: ReferenceTime) -> str:
    if reference.step_time_s is None:
        return f"not priced: {reference.why_not}"
    gap = reference.gap
    notes = [] if gap == 0 else ["best found"] if math.isnan(gap) else [f"within {fmt_percent(gap)} of its optimum"]
    notes += [reference.layout] if reference.layout else []
    return fmt_time(reference.step_time_s) + (f"  ({'; '.join(notes)})" if notes else "")
