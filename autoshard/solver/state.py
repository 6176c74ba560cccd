"""`SearchState`: what the phases of `solve` share: the reduction, the incumbent and bound, the local search, the
contracted view (built on first use), and the diffusion and Lagrangian results later phases resume from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from autoshard.solver.clock import charge, counting, seconds_since
from autoshard.solver.config import SolverConfig
from autoshard.solver.contracted_view import ContractedView
from autoshard.solver.dual_bound import Diffusion
from autoshard.solver.exact_reduction import Reduction
from autoshard.solver.lagrangian_relaxation import LagrangianOutcome
from autoshard.solver.local_search import LocalSearch
from autoshard.solver.result import Progress, SolveResult
from autoshard.solver.stats import SolveStats
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.work_rates import VIEW_SETUP_WORK


class Incumbent:
    """The best plan so far (reduced terms) and the best proven bound (reduced terms); reports improvements."""

    def __init__(self, reduction: Reduction, on_progress: Callable[[Progress], None] | None, t0: float):
        self.reduction = reduction
        self.on_progress = on_progress
        self.t0 = t0
        self.best: np.ndarray | None = None
        self.best_cost: int | None = None
        self.bound: int | None = None

    def offer(self, assignment, cost: int, phase: str) -> bool:
        """Keep `assignment` (cost `cost`) when it beats the best; returns whether it did."""
        if self.best_cost is None or cost < self.best_cost:
            self.best = np.asarray(assignment, dtype=np.int64).copy()
            self.best_cost = int(cost)
            if self.on_progress:
                bound = None if self.bound is None else self.bound + self.reduction.cost_offset
                snapshot = [int(x) for x in self.best]
                self.on_progress(
                    Progress(
                        self.best_cost + self.reduction.cost_offset, bound, seconds_since(self.t0), phase,
                        lambda: self.reduction.expand(snapshot),
                    )
                )
            return True
        return False

    def raise_bound(self, bound: int) -> None:
        self.bound = bound if self.bound is None else max(self.bound, bound)

    def original_cost(self) -> int | None:
        """The incumbent's cost in original terms (None without one)."""
        return None if self.best_cost is None else self.best_cost + self.reduction.cost_offset


def setup_work_seconds(graph: StrategyGraph, rates: tuple[float, float, float]) -> float:
    """Work-clock seconds of a set-up that reads every node, edge and matrix entry of `graph` once (0 when no work
    clock runs: nothing to charge)."""
    if not counting():
        return 0.0
    per_node, per_edge, per_entry = rates
    return per_node * graph.num_nodes + per_edge * len(graph.edges) + per_entry * graph.num_entries


def fits(search: LocalSearch, assignment: np.ndarray) -> bool:
    """Whether `assignment` (reduced terms) keeps within the usage limit at every time."""
    return search.limit is None or not len(assignment) or int(search.load(assignment).max()) <= search.limit


@dataclass
class SearchState:
    """Shared by every phase after the reduction. `solve_sub` solves another graph with a config and starts (the
    repeat phase's folded problem) without the caller importing `solve`."""

    config: SolverConfig
    reduction: Reduction
    incumbent: Incumbent
    search: LocalSearch
    stats: SolveStats
    solve_sub: Callable[[StrategyGraph, SolverConfig, Sequence[Sequence[int]]], SolveResult]
    #: the diffusion phase's diffusion, resumed after the windows when it had not converged
    diffusion: Diffusion | None = None
    #: the repeat phase's dual ascent of its graph, resumed likewise
    repeat_dual: Diffusion | None = None
    #: whether the repeat phase's graph is the reduced graph (else the original graph)
    repeat_on_reduced: bool = False
    lagrangian: LagrangianOutcome | None = None
    #: where the heuristic descends from (reduced terms): the best caller start, or a phase's better plan
    start: np.ndarray | None = None
    _views: list[ContractedView] = field(default_factory=list)
    _fits_of: tuple[np.ndarray, bool] | None = None

    @property
    def red(self) -> StrategyGraph:
        """The reduced graph every phase but the repeat phase works on."""
        return self.reduction.reduced

    def view(self) -> ContractedView:
        """The contracted view of the search, built once when a phase first needs it (its build time is estimated
        by `work_rates.VIEW_SECONDS_PER_NODE`)."""
        if not self._views:
            self._views.append(ContractedView(self.search))
            charge(setup_work_seconds(self.red, VIEW_SETUP_WORK))
        return self._views[0]

    def fits(self, assignment: np.ndarray) -> bool:
        return fits(self.search, assignment)

    def incumbent_fits(self) -> bool:
        """Whether the incumbent keeps within the usage limit, worked out once per incumbent (`Incumbent.offer`
        replaces its array, never writes into it): the search asks after every phase step."""
        best = self.incumbent.best
        if self._fits_of is None or self._fits_of[0] is not best:
            self._fits_of = (best, self.fits(best))
        return self._fits_of[1]

    def optimal(self) -> bool:
        """Whether the incumbent is valid and meets the proven bound."""
        inc = self.incumbent
        return (inc.bound is not None and inc.best_cost is not None and inc.best_cost <= inc.bound
                and self.incumbent_fits())

    def bound_target(self) -> int | None:
        """The bound (reduced terms) that settles the search for the incumbent (`settled`), None without one."""
        inc = self.incumbent
        cost = inc.original_cost()
        if cost is None:
            return None
        return inc.best_cost - int(self.config.relative_gap_limit * max(1, abs(cost)))

    def settled(self) -> bool:
        """Whether the search may end: the incumbent is valid and proven within `config.relative_gap_limit` of the
        optimum (at 0, `optimal`)."""
        inc, target = self.incumbent, self.bound_target()
        return inc.bound is not None and target is not None and inc.bound >= target and self.incumbent_fits()

    def memory_bound(self) -> bool:
        """Whether the usage limit may bind: some node's choice changes its usage, and the diffusion phase (when it
        ran) did not already find its cheapest plan within the limit."""
        d = self.stats.diffusion
        rounding_fits = bool(d is not None and d.rounding_fits)
        return self.search.limit is not None and bool(self.search.mem_nodes.any()) and not rounding_fits
