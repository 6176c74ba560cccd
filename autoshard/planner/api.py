"""`plan()`: the planner's entry point (the CLI's `plan` and the Python API both call it)."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from autoshard.errors import InfeasibleError, VerificationError
from autoshard.fileio import read_text
from autoshard.gc_pause import cyclic_gc_paused
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.ir.parse import SourceMap, parse_module_with_locations
from autoshard.ir.static_shapes import require_static_shapes
from autoshard.ir.verify import verify_ops
from autoshard.planner.argument_shardings import with_argument_shardings
from autoshard.planner.build_graph import BuiltGraph, build_plan_graph
from autoshard.planner.explain_infeasible import infeasible_error, memory_remedies, remedies_text
from autoshard.planner.plan import CostBreakdown, Plan, PlanBasis, SolverStats, evaluate_assignment
from autoshard.planner.plan_graph import NodeKind, PlanGraph
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.remat.choice import plan_with_remat
from autoshard.planner.stage_times import StageTimes
from autoshard.planner.strategy_problem import (
    COST_UNIT_S,
    build_strategy_graph,
    least_sharded_start,
    with_allowed_strategies,
)
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.memory_accounting import plan_memory
from autoshard.planner.xla_model.merged_values import recomputation_ties
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import resolve_config
from autoshard.solver.solve import FEASIBLE, OPTIMAL, SolveResult, SolverConfig, solve, solve_tied
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.validate import peak_usage
from autoshard.units import fmt_bytes
from costmodel.memory import StepMemory

DEFAULT_MESH_NAME = "mesh"
#: the planner's search ends once its plan is proven this close to the optimum of the cost model (a share of the
#: modeled step time, well inside the model's own distance from what XLA compiles)
DEFAULT_GAP_LIMIT = 0.001


def load_with_locations(
    module_or_path_or_text: ModuleOp | str | os.PathLike, filename: str | None = None
) -> tuple[ModuleOp, SourceMap | None]:
    """Parse and verify a module from a path or MLIR text, keeping where each op starts (for messages).

    A `ModuleOp` is cloned (no positions), so the caller's module stays untouched.
    """
    if isinstance(module_or_path_or_text, ModuleOp):
        return module_or_path_or_text.clone(), None
    text = str(module_or_path_or_text)
    if isinstance(module_or_path_or_text, os.PathLike) or ("{" not in text and Path(text).suffix in (".mlir", "")):
        filename = str(module_or_path_or_text)
        text = read_text(filename)
    module, source_map = parse_module_with_locations(text, filename or "<text>")
    errors = [d for d in verify_ops(module, source_map) if d.severity == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more; run autoshard verify)" if len(errors) > 1 else ""
        raise VerificationError(f"'{first.op_name}' op {first.message}{more}", first.location)
    return module, source_map


def load(module_or_path_or_text: ModuleOp | str | os.PathLike, filename: str | None = None) -> ModuleOp:
    """Parse and verify a module from a path or MLIR text (a `ModuleOp` is cloned)."""
    return load_with_locations(module_or_path_or_text, filename)[0]


def plan(
    module: ModuleOp | str | os.PathLike,
    mesh: Mesh | str | Mapping[str, int] | None = None,
    config: Any = None,
    *,
    memory_budget: int | None = None,
    time_limit: float = 30.0,
    gap_limit: float = DEFAULT_GAP_LIMIT,
    seed: int = 0,
    num_workers: int = 8,
    options: PlanOptions | None = None,
    function: str | None = None,
    mesh_name: str = DEFAULT_MESH_NAME,
    on_progress: Callable | None = None,
    log_search_progress: bool = False,
    deterministic: bool = True,
    remat: str = "off",
    on_basis: Callable[[PlanBasis], None] | None = None,
    on_assignment: Callable[[PlanBasis, Sequence[int]], None] | None = None,
) -> Plan:
    """Find the sharding of every value of `module` that minimizes modeled step time on `mesh`.

    `mesh`: a `Mesh`, a string like "data=2,model=4", or a dict of axis sizes; `config`: a hardware profile
    name, YAML path or loaded config (its mesh is used when `mesh` is None). `memory_budget` (bytes per
    device) defaults to the profile's device memory. Raises `InfeasibleError` naming the conflicting
    constraints when no plan exists, and `UserError` at the first dynamic-shaped value of a module exported with
    symbolic shapes (`require_static_shapes`).

    `deterministic` (the default): the search's phases stop on counted work rather than wall time, so the same
    seed gives the same plan however busy the machine is; `time_limit` then counts work calibrated to about a
    second on a quiet machine, and a busy one takes longer in wall time (see `autoshard.solver.clock`). With
    `deterministic=False` the limit is wall time and the plan may vary from run to run.

    `gap_limit`: the search ends once its plan is proven within this share of the optimum ((cost - bound) / cost;
    0 ends it early only on a proof of optimality); the plan's `solver.gap` says how close it was proven.

    `remat`: "off" plans the program as it is; "auto", when no plan fits the budget, recomputes the layers of a
    training step under jax's checkpoint policies and keeps the fastest plan that fits (`planner.remat.choice`).

    `on_basis`: called with what the first search starts from (`PlanBasis`), before it searches; work priced the
    way the plan is may start from it while the search runs. The plan's own `basis()` is that one unless the
    program was planned again (recomputed under `remat`). `on_assignment`: called with that basis and the first
    search's assignment as soon as the search ends, before the plan's memory is accounted and its cost priced; work
    that reads the plan's shardings alone (writing the annotated module) may start from them. The plan is that
    assignment unless its memory sent the search again or the program was planned again.
    """
    options = options or PlanOptions()
    cost_config = resolve_config(mesh, config)
    budget = memory_budget if memory_budget is not None else cost_config.hardware.memory_bytes
    stages = StageTimes()
    with cyclic_gc_paused():
        with stages.stage("read"):
            ir, source_map = load_with_locations(module)
            require_static_shapes(ir, function, source_map)
            inline_private_calls(ir)
        model = PlanCostModel(cost_config)
        solver_config = _solver_config(time_limit, gap_limit, seed, num_workers, log_search_progress, deterministic)

        first_search = (on_basis, on_assignment)  # told of the first search only

        def plan_module(program: ModuleOp) -> Plan:
            nonlocal first_search
            with stages.stage("plan graph"):
                built = build_plan_graph(program, model.mesh, mesh_name, model, options, function)
            (basis_callback, assignment_callback), first_search = first_search, (None, None)
            return solve_plan_graph(built, model, budget, mesh_name, solver_config, on_progress, stages,
                                    on_basis=basis_callback, on_assignment=assignment_callback)

        return plan_with_remat(ir, plan_module, remat, function, model.backend.merges_recomputation.value)


def plan_with_argument_shardings(
    basis: PlanBasis,
    shardings: Mapping[int, TensorSharding],
    *,
    memory_budget: int | None,
    time_limit: float,
    gap_limit: float = DEFAULT_GAP_LIMIT,
    seed: int = 0,
    num_workers: int = 8,
    deterministic: bool = True,
) -> Plan | None:
    """The program of `basis` (a plan's, `Plan.basis`, or a search's as it starts) planned with `shardings` (by
    argument index) on its arguments, as `plan()` plans the module with them written on its arguments
    (`sdy.sharding`, closed dimensions) under the same options and cost model, but on the basis's own graph
    (`argument_shardings.with_argument_shardings`), not read and built again. None when the graph cannot take them
    (the annotated module must then be planned) or the program was rewritten with recomputation. Nothing of
    `basis` is changed."""
    if basis.recomputed is not None or basis.model is None:
        return None
    graph = with_argument_shardings(basis.graph, shardings, basis.mesh)
    if graph is None:
        return None
    model = basis.model
    budget = memory_budget if memory_budget is not None else model.config.hardware.memory_bytes
    arguments = {n.index: shardings[n.ir[1]] for n in graph.nodes
                 if n.kind == NodeKind.ARGUMENT and n.ir[1] in shardings}
    built = BuiltGraph(graph, basis.func, basis.module, user_shardings=arguments)
    config = _solver_config(time_limit, gap_limit, seed, num_workers, False, deterministic)
    problem = None
    if basis.problem is not None and (budget or None) == basis.memory_budget_bytes:
        problem = with_allowed_strategies(basis.problem, graph, arguments)
    return solve_plan_graph(built, model, budget, basis.mesh_name, config, problem=problem)


def _solver_config(time_limit: float, gap_limit: float, seed: int, num_workers: int, log_search_progress: bool,
                   deterministic: bool) -> SolverConfig:
    return SolverConfig(max_time_in_seconds=time_limit, relative_gap_limit=gap_limit, num_workers=num_workers,
                        random_seed=seed, log_search_progress=log_search_progress, deterministic=deterministic)


#: searches with a tightened memory limit when buffers the solver does not see push a plan over the budget
MEMORY_RETRIES = 4
#: searches seeing each reader's reshard buffer (pair pieces) when the first plan is over the budget
PAIRED_RETRIES = 2


@dataclasses.dataclass
class _Refit:
    """What searching again under the full accounting found: the fitting plan's problem, result and memory (all
    None when no plan fit), the least memory of the plans it saw, and how many searches it ran."""

    problem: StrategyGraph | None
    result: SolveResult | None
    memory: StepMemory | None
    best_bytes: int
    searches: int


def _fit_full_accounting(graph, mesh, backend, problem, first: list[int], memory, budget: int, config: SolverConfig,
                         on_progress, search: Callable[..., SolveResult], tied: bool,
                         retries: int = MEMORY_RETRIES) -> _Refit:
    """Search again with tighter limits until a plan's full accounting (`plan_memory`: the buffers depending on
    two nodes' strategies included, reshards' and untied repeats' partitioned otherwise than the ops they repeat)
    fits `budget`: each failed plan lowers the limit by what the solver's figure missed in it; a limit with no plan
    moves halfway back to the last one that had one, until none is left (`search(problem, config, on_progress,
    start)` searches; a start of None is the planner's own). `first` is the plan over the budget and `memory` its
    full accounting; where the searches hold recomputations `tied` to their forward ops, `first` has its tied nodes
    taking their first node's strategy (`_tied`: the recomputations it partitioned apart merged, as the searches
    hold them), what it missed is read off it so, and it starts each search; `retries` searches at most."""
    has_plan = problem.usage_limit  # the tightest limit known to have a plan (over budget)
    limit = min(budget - (memory.total_bytes - peak_usage(problem, first)[0]), has_plan - 1)
    best = memory.total_bytes
    searches = 0
    while searches < retries:
        searches += 1
        trial = dataclasses.replace(problem, usage_limit=limit)
        found = search(trial, config, on_progress, first if tied else None)
        if found.status not in (OPTIMAL, FEASIBLE) or found.assignment is None:
            if (limit + has_plan) // 2 == limit:  # no looser limit left below the last one with a plan
                break
            limit = (limit + has_plan) // 2
            continue
        found_memory = plan_memory(graph, [int(x) for x in found.assignment], mesh, backend)
        if found_memory.total_bytes <= budget:
            return _Refit(trial, found, found_memory, found_memory.total_bytes, searches)
        best = min(best, found_memory.total_bytes)
        has_plan = limit
        limit = min(budget - (found_memory.total_bytes - peak_usage(trial, found.assignment)[0]), limit - 1)
    return _Refit(None, None, None, best, searches)


def _tied(assignment: Sequence[int], ties: Sequence[tuple[int, int]]) -> list[int]:
    """`assignment` with each tie's second node taking its first node's strategy."""
    out = [int(x) for x in assignment]
    for a, b in ties:
        out[b] = out[a]
    return out


def _fit_with_and_without_reshard_pairs(graph, model: PlanCostModel, problem, result, memory, budget: int,
                                        config: SolverConfig, on_progress, search, ties):
    """A plan over the budget searched again: first once under the budget seeing, beside the reshard buffers (pair
    pieces, no plan around), the partial sums held until the collectives XLA's combiners merge them with, as they
    are merged in the plan over the budget (`settled_as`: exact for plans settling the same ops alike), whose plan
    is taken when its full accounting fits; else (`_fit_full_accounting`) both ways: seeing each reader's reshard
    buffer and the buffers readers share between their reads, exact for the plan over the budget
    (`build_strategy_graph(reshard_pairs=True, around=, settled_as=)`; `PAIRED_RETRIES` searches), and with the
    limit tightened by what the solver missed (the first search, whose plan fits where memory is no issue, leaves
    the pair pieces and the combiners out); the faster plan that fits. Returns (problem, result, memory, searches:
    every one counted), or raises `InfeasibleError` with the least memory of every plan seen."""
    first = _tied(result.assignment, ties)
    if ties:
        memory = plan_memory(graph, first, model.mesh, model.backend)
    # the reshard buffers as pair pieces for any plan (`reshard_pair_pieces` without `around`) and the partial sums
    # settled as in the plan over the budget, under the budget
    whole = build_strategy_graph(graph, model.edge_cost_table(), model.mesh, model.backend, budget,
                                 reshard_pairs=True, settled_as=first)
    found = search(whole, config, on_progress, first if ties else None)
    whole_bytes = memory.total_bytes  # the least memory of a plan this search saw (none: the first plan's)
    if found.status in (OPTIMAL, FEASIBLE) and found.assignment is not None:
        found_memory = plan_memory(graph, [int(x) for x in found.assignment], model.mesh, model.backend)
        if found_memory.total_bytes <= budget:
            return whole, found, found_memory, 2
        whole_bytes = found_memory.total_bytes
    paired_problem = build_strategy_graph(graph, model.edge_cost_table(), model.mesh, model.backend, budget,
                                          reshard_pairs=True, around=first, settled_as=first)
    both = [_fit_full_accounting(graph, model.mesh, model.backend, within, first, memory, budget, config, on_progress,
                                 search, bool(ties), retries)
            for within, retries in ((paired_problem, PAIRED_RETRIES), (problem, MEMORY_RETRIES))]
    searches = 2 + sum(refit.searches for refit in both)
    fitting = [refit for refit in both if refit.result is not None]
    if fitting:
        best = min(fitting, key=lambda refit: refit.result.cost)
        return best.problem, best.result, best.memory, searches
    least = min(whole_bytes, *(refit.best_bytes for refit in both))
    remedies = memory_remedies(graph, least, budget, model.backend.merges_recomputation.value)
    raise InfeasibleError(
        f"no plan found whose memory fits the budget of {fmt_bytes(budget)} per device once reshard buffers are "
        f"counted (best: {fmt_bytes(least)}, {least / budget - 1:.0%} over, after {searches} searches); "
        f"{remedies_text(remedies)}", needed_bytes=least, budget_bytes=budget, remedies=remedies)


def assignment_cost(graph: PlanGraph, assignment: list[int], model: PlanCostModel, memory: StepMemory,
                    budget: float | None) -> CostBreakdown:
    """A plan's cost: step time recomputed from the plan graph without the solver, memory as XLA lays buffers out
    (`memory`: `plan_memory` of the same assignment)."""
    cost = evaluate_assignment(graph, assignment, model)
    cost.memory = memory
    cost.peak_memory_bytes = memory.total_bytes
    cost.memory_budget_bytes = int(budget) if budget else None
    return cost


def solver_stats(problem: StrategyGraph, status: str, cost: int, best_bound: int | None, gap: float | None,
                 wall_time_s: float = 0.0, extra: dict[str, Any] | None = None) -> SolverStats:
    """The `SolverStats` of a plan of `problem` (costs in solver units, `COST_UNIT_S` seconds each; a missing bound
    reads 0 and a missing gap NaN)."""
    return SolverStats(
        status=status,
        objective_s=cost * COST_UNIT_S,
        best_bound_s=(best_bound or 0) * COST_UNIT_S,
        gap=gap if gap is not None else float("nan"),
        wall_time_s=wall_time_s,
        num_nodes=problem.num_nodes,
        num_strategies=sum(problem.num_strategies(i) for i in range(problem.num_nodes)),
        num_edges=len(problem.edges),
        extra=extra or {},
    )


def solve_plan_graph(
    built: BuiltGraph, model: PlanCostModel, budget: float | None, mesh_name: str, config: SolverConfig,
    on_progress: Callable | None = None, stages: StageTimes | None = None, problem: StrategyGraph | None = None,
    on_basis: Callable[[PlanBasis], None] | None = None,
    on_assignment: Callable[[PlanBasis, Sequence[int]], None] | None = None,
) -> Plan:
    """Solve a built plan graph and return the `Plan` (cost recomputed without the solver, statistics); its stages
    are timed into `stages` (a new `StageTimes` when None), which the plan keeps. `problem`: the graph's strategy
    graph under `budget`, when built already (`build_strategy_graph`). `on_basis` is called with what the search
    starts from (`PlanBasis`) once its strategy graph is built, before it searches; `on_assignment` with that basis
    and the search's assignment once it has one, before its memory is accounted."""
    graph, mesh = built.graph, model.mesh
    usage_limit = int(budget) if budget else None
    stages = stages if stages is not None else StageTimes()
    t_graph = time.perf_counter()
    if problem is None:
        problem = build_strategy_graph(graph, model.edge_cost_table(), mesh, model.backend, usage_limit)
    first_problem = problem
    basis = PlanBasis(built.module, built.func, mesh, mesh_name, graph, model, int(budget) if budget else None,
                      first_problem)
    if on_basis is not None:
        on_basis(basis)
    # when no phase proves a useful bound, the solver ends with the spanning-forest bound (within the time limit)
    config = dataclasses.replace(config, forest_bound=True)
    limit = config.max_time_in_seconds
    t0 = time.perf_counter()
    start = least_sharded_start(graph)
    # the first search may partition a recomputation otherwise than its forward op (XLA then computes it apart, which
    # the full accounting counts); a plan over the budget is searched again with each recomputed op taking its
    # forward op's strategy on a backend that merges `jax.checkpoint`'s recomputation with the forward pass
    # (`recomputation_ties`): the merged view the solver's limit holds is then the plan's
    ties = recomputation_ties(graph) if model.backend.merges_recomputation.value else []

    def search(within: StrategyGraph, settings: SolverConfig, progress: Callable | None,
               begin: Sequence[int] | None) -> SolveResult:
        return solve_tied(within, ties, settings, progress, start if begin is None else begin)

    stages.add("strategy graph", time.perf_counter() - t_graph)
    with stages.stage("search"):
        result = solve(problem, config, on_progress, [start])
    search_s = result.wall_time_s
    if result.status not in (OPTIMAL, FEASIBLE) or result.assignment is None:
        raise infeasible_error(graph, problem, budget, result.status, result.explanation, limit,
                               model.backend.merges_recomputation.value)
    first_bound = result.best_bound
    assignment = [int(x) for x in result.assignment]
    if on_assignment is not None:
        on_assignment(basis, assignment)
    with stages.stage("memory"):
        memory = plan_memory(graph, assignment, mesh, model.backend)
    searches = 1
    if usage_limit is not None and memory.total_bytes > budget:
        with stages.stage("searches again"):
            problem, result, memory, searches = _fit_with_and_without_reshard_pairs(
                graph, model, problem, result, memory, usage_limit, config, on_progress, search, ties)
        assignment = [int(x) for x in result.assignment]
    wall = time.perf_counter() - t0
    best_bound, gap, status = result.best_bound, result.gap, result.status
    if searches > 1:
        # a search again sees more of a plan's memory than the first (exactly only for plans like the first one) or
        # holds a tighter limit: its bound holds only for those; the first search's holds for every plan under the
        # budget
        best_bound = first_bound
        gap = None if best_bound is None else (result.cost - best_bound) / max(1, abs(result.cost))
        status = OPTIMAL if gap == 0 else FEASIBLE
    with stages.stage("pricing"):
        cost = assignment_cost(graph, assignment, model, memory, budget)
        stats = solver_stats(problem, status, result.cost, best_bound, gap, wall,
                             {**result.stats.to_json(), "memory_searches": searches, "search_s": round(search_s, 3)})
        return Plan(built.module, built.func, mesh, mesh_name, graph, assignment, cost, stats, built.warnings,
                    model.config, model=model, stages=stages, problem=first_problem)
