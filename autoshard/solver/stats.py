"""`SolveStats`: what each phase of `solve` did, one typed report per phase.

A phase that did not run says why in `skipped` (a `Skipped` reason), never by a string in a number's place.
`SolveStats.to_json()` is the flat dictionary the planner's `--report` shows under "solver" (keys stable).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Skipped(enum.Enum):
    """Why a phase did not run (its value is the text reports show)."""

    NO_TIME = "graph too large for its share of the time"
    NO_REPEATED_LAYERS = "no repeated layers"
    NO_TIME_TO_BUILD = "no time to build the model"
    OUT_OF_TIME_AFTER_BUILD = "out of time after the build"
    NO_START_WITHIN_LIMIT = "no start within the usage limit"


def _skipped(reason: Skipped) -> str:
    return f"skipped ({reason.value})"


@dataclass
class ReductionReport:
    summary: str
    seconds: float


@dataclass
class HeuristicReport:
    seconds: float
    #: incumbent cost after the heuristic (original terms), None when it found no plan
    cost: int | None


@dataclass
class RepeatReport:
    skipped: Skipped | None = None
    seconds: float = 0.0
    #: blocks found (copies of all kinds of layer) and nodes of the folded problem
    blocks: int | None = None
    folded_nodes: int | None = None
    #: whether the phase worked on the reduced graph (the reduction ran to its fixpoint), else the original graph
    on_reduced: bool | None = None
    #: the bound from the dual ascent of the folded problem lifted onto the whole graph (original terms), and the
    #: sweeps over the whole graph so far
    bound: int | None = None
    dual_sweeps: int | None = None
    folded_status: str | None = None
    #: whether the folded plan survived the reduction (None when the folded solve found none)
    plan_kept: bool | None = None
    #: rounds with memory priced into the folded problem (its first plan broke the usage limit)
    memory_rounds: int = 0
    #: whether the phase spent the time reserved for the forest bound (it proved a bound of its own)
    took_forest_time: bool = False


@dataclass
class DiffusionReport:
    skipped: Skipped | None = None
    seconds: float = 0.0
    sweeps: int | None = None
    #: whether the last rounding kept within the usage limit (None when there was no rounding)
    rounding_fits: bool | None = None


@dataclass
class LagrangianReport:
    skipped: Skipped | None = None
    seconds: float = 0.0
    steps: int | None = None
    #: cost of the best plan within the limit (original terms)
    best_cost: int | None = None


@dataclass
class MonolithicReport:
    skipped: Skipped | None = None
    #: CP-SAT's status name
    status: str | None = None
    #: what the run settled (OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN: no result)
    outcome: str = "UNKNOWN"
    build_s: float | None = None


@dataclass
class WindowReport:
    skipped: Skipped | None = None
    seconds: float | None = None
    rounds: int | None = None
    #: incumbent cost after the windows (original terms)
    cost: int | None = None
    #: after a Lagrangian phase: each probe's cost (original terms)
    probe_costs: list[int] | None = None


@dataclass
class LnsReport:
    rounds: int
    improved: int


@dataclass
class ForestReport:
    bound: int
    seconds: float


@dataclass
class SolveStats:
    """Per-phase reports of one `solve` (None: the phase was not reached)."""

    reduction: ReductionReport | None = None
    model_terms: int | None = None
    repeats: RepeatReport | None = None
    diffusion: DiffusionReport | None = None
    heuristic: HeuristicReport | None = None
    lagrangian: LagrangianReport | None = None
    monolithic: MonolithicReport | None = None
    windows: WindowReport | None = None
    lns: LnsReport | None = None
    forest: ForestReport | None = None
    #: what the best attempt breaks, when no valid plan was found
    problems: list[str] = field(default_factory=list)
    #: with a work clock: whether it hit its wall-clock cap, and the work it counted (work-clock seconds)
    work_clock_overran: bool | None = None
    work_clock_s: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The flat report (only scalar values; keys as the planner's report has always shown them)."""
        out: dict[str, Any] = {}
        if self.reduction is not None:
            out["reduction"], out["reduce_s"] = self.reduction.summary, self.reduction.seconds
        if self.model_terms is not None:
            out["model_terms"] = self.model_terms
        _repeats_json(self.repeats, out)
        d = self.diffusion
        if d is not None:
            out["dual_s"] = _skipped(d.skipped) if d.skipped else d.seconds
            _put(out, "dual_sweeps", d.sweeps)
            _put(out, "dual_rounding_fits", d.rounding_fits)
        if self.heuristic is not None:
            out["heuristic_s"], out["heuristic_cost"] = self.heuristic.seconds, self.heuristic.cost
        lag = self.lagrangian
        if lag is not None:
            out["lagrangian_s"] = _skipped(lag.skipped) if lag.skipped else lag.seconds
            if lag.steps is not None:
                out["lagrangian_steps"], out["lagrangian_cost"] = lag.steps, lag.best_cost
        m = self.monolithic
        if m is not None:
            out["cp_status"] = _skipped(m.skipped) if m.skipped else m.status
            _put(out, "build_s", m.build_s)
        _windows_json(self.windows, out)
        if self.lns is not None:
            out["lns_rounds"], out["lns_improved"] = self.lns.rounds, self.lns.improved
        if self.forest is not None:
            out["forest_bound"], out["forest_s"] = self.forest.bound, self.forest.seconds
        _put(out, "work_clock_overran", self.work_clock_overran)
        _put(out, "work_clock_s", self.work_clock_s)
        return out


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    if value is not None:
        out[key] = value


def _repeats_json(r: RepeatReport | None, out: dict[str, Any]) -> None:
    if r is None:
        return
    if r.skipped:
        out["repeat_s"] = _skipped(r.skipped)
        return
    _put(out, "repeat_blocks", r.blocks)
    _put(out, "repeat_folded_nodes", r.folded_nodes)
    _put(out, "repeat_on_reduced", r.on_reduced)
    _put(out, "repeat_bound", r.bound)
    _put(out, "repeat_dual_sweeps", r.dual_sweeps)
    _put(out, "repeat_folded_status", r.folded_status)
    _put(out, "repeat_plan_kept", r.plan_kept)
    if r.memory_rounds:
        _put(out, "repeat_memory_rounds", r.memory_rounds)
    out["repeat_s"] = r.seconds
    if r.took_forest_time:
        out["fallback_bound_used"] = True


def _windows_json(w: WindowReport | None, out: dict[str, Any]) -> None:
    if w is None:
        return
    if w.skipped:
        out["window_status"] = w.skipped.value
    _put(out, "window_rounds", w.rounds)
    _put(out, "window_s", w.seconds)
    if w.seconds is not None:
        out["window_cost"] = w.cost
