"""Reduction phase: the exact reductions of `exact_reduction` (stopped early at their deadline, still exact)."""

from __future__ import annotations

import numpy as np

from autoshard.solver.clock import now, seconds_since
from autoshard.solver.config import SolverConfig
from autoshard.solver.exact_reduction import Reduction, reduce_graph
from autoshard.solver.stats import ReductionReport
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.work_rates import REDUCE_FIXPOINT_SECONDS_PER_ENTRY


def run(graph: StrategyGraph, config: SolverConfig, until: float, t0: float) -> tuple[Reduction, ReductionReport]:
    """The reduction of `graph` (the identity when `config.reduce` is off) and its report (seconds since `t0`)."""
    if config.reduce:
        reduction = reduce_graph(graph, deadline=until)
    else:
        reduction = Reduction(
            graph, graph, list(range(graph.num_nodes)), [np.arange(len(c)) for c in graph.node_costs], 0
        )
    return reduction, ReductionReport(reduction.summary(), round(seconds_since(t0), 3))


def reaches_fixpoint(graph: StrategyGraph, config: SolverConfig, until: float) -> bool:
    """Whether the reduction of `graph` is estimated to reach its fixpoint before `until` (always, when off)."""
    return not config.reduce or REDUCE_FIXPOINT_SECONDS_PER_ENTRY * graph.num_entries <= until - now()
