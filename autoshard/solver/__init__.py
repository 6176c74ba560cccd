"""The solver core: strategy-graph problems, exact reductions, local search and CP-SAT.

Public API (shared by the planner and `autoshard solve-iopddl`):
- `StrategyGraph.build(node_costs, node_usages, intervals, edges, usage_limit, node_names)`, `FORBIDDEN`
- `solve(graph, SolverConfig(...), on_progress) -> SolveResult` (its `stats`: a typed `SolveStats`, one report per
  phase; the phases are in `phases`, their time shares in `schedule`, their work rates in `work_rates`)
- `plan_cost(graph, assignment)`, `validate_plan(graph, assignment)`
- `reduce_graph(graph) -> Reduction` (with `expand`), `load_problem(path)` / `format_solution(assignment)` for IOPDDL
"""

from autoshard.solver.exact_reduction import Reduction, reduce_graph
from autoshard.solver.solve import Progress, SolveResult, SolverConfig, solve
from autoshard.solver.stats import SolveStats
from autoshard.solver.strategy_graph import FORBIDDEN, Edge, StrategyGraph
from autoshard.solver.validate import plan_cost, validate_plan

__all__ = [
    "FORBIDDEN", "Edge", "StrategyGraph", "Reduction", "reduce_graph", "Progress", "SolveResult", "SolverConfig",
    "solve", "SolveStats", "plan_cost", "validate_plan",
]
