"""Random valid plans: a strategy per plan node drawn at random among its allowed ones, with no forbidden pair.

For fuzzing the plan space (every valid plan, not only optimal ones, must compile and compute the unsharded
result). Sampling is seeded and repeatable: nodes are visited in a random order, each takes a uniformly random
strategy still in its domain, and arc consistency over the forbidden edges (user-fixed shardings, sharding
groups, carried state, equal-sharding ties) prunes the other domains; a wipe-out restarts the draw.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

import numpy as np

from autoshard.errors import InfeasibleError
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.planner.api import DEFAULT_MESH_NAME, assignment_cost, load, solver_stats
from autoshard.planner.build_graph import BuiltGraph, build_plan_graph
from autoshard.planner.plan import Plan
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.strategy_problem import build_strategy_graph
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.memory_accounting import plan_memory
from autoshard.sharding import Mesh
from autoshard.sharding.hardware_profiles import resolve_config
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import plan_cost

#: draws tried before giving up on a graph whose constraints wipe out every random order
MAX_RESTARTS = 50


def random_assignment(problem: StrategyGraph, rng: np.random.Generator) -> list[int]:
    """A uniformly drawn strategy per node, consistent with every FORBIDDEN node cost and edge pair.

    Raises `InfeasibleError` when `MAX_RESTARTS` draws all wipe out a domain (the constraints admit no plan).
    """
    n = problem.num_nodes
    initial = [np.flatnonzero(c < FORBIDDEN) for c in problem.node_costs]
    if any(len(d) == 0 for d in initial):
        raise InfeasibleError("a node has no allowed strategy")
    # only edges with forbidden pairs constrain: (u, v, allowed-pair boolean matrix)
    constraints: list[tuple[int, int, np.ndarray]] = []
    for e in problem.edges:
        ok = e.costs < FORBIDDEN
        if not ok.all():
            constraints.append((e.u, e.v, ok))
    incident: list[list[int]] = [[] for _ in range(n)]
    for k, (u, v, _) in enumerate(constraints):
        incident[u].append(k)
        incident[v].append(k)
    for _ in range(MAX_RESTARTS):
        domains = [set(d.tolist()) for d in initial]
        if not _propagate(domains, constraints, incident, range(n)):
            raise InfeasibleError("the forbidden pairs admit no plan")
        assignment = [-1] * n
        wiped = False
        for node in rng.permutation(n):
            choice = int(rng.choice(sorted(domains[node])))
            assignment[node] = choice
            if len(domains[node]) > 1:
                domains[node] = {choice}
                if not _propagate(domains, constraints, incident, [node]):
                    wiped = True
                    break
        if not wiped:
            return assignment
    raise InfeasibleError(f"no random draw satisfied the forbidden pairs in {MAX_RESTARTS} tries")


def _propagate(domains: list[set[int]], constraints: list[tuple[int, int, np.ndarray]], incident: list[list[int]], changed) -> bool:
    """AC-3 from the `changed` nodes; False when a domain empties."""
    queue = deque(changed)
    queued = set(queue)
    while queue:
        node = queue.popleft()
        queued.discard(node)
        for k in incident[node]:
            u, v, ok = constraints[k]
            other, rows = (v, ok) if u == node else (u, ok.T)
            if other == node:
                continue
            mine = sorted(domains[node])
            keep = {s for s in domains[other] if rows[mine, s].any()}
            if len(keep) < len(domains[other]):
                if not keep:
                    return False
                domains[other] = keep
                if other not in queued:
                    queue.append(other)
                    queued.add(other)
    return True


def plan_from_assignment(built: BuiltGraph, model: PlanCostModel, problem: StrategyGraph, assignment: list[int],
                         mesh_name: str, status: str = "RANDOM") -> Plan:
    """The `Plan` of a given assignment, costed as `api.solve_plan_graph` costs the solver's."""
    cost = assignment_cost(built.graph, assignment, model, plan_memory(built.graph, assignment, model.mesh, model.backend), None)
    objective = plan_cost(problem, assignment)  # node costs and every edge's reshard, as the solver counts
    stats = solver_stats(problem, status, objective, None, None)
    return Plan(built.module, built.func, model.mesh, mesh_name, built.graph, assignment, cost, stats, built.warnings,
                model.config)


def random_plan(
    module: Any, mesh: Mesh | str | Mapping[str, int] | None = None, config: Any = None, *, seed: int = 0,
    options: PlanOptions | None = None, function: str | None = None, mesh_name: str = DEFAULT_MESH_NAME,
) -> Plan:
    """A random valid plan of `module` on `mesh` (arguments as for `autoshard.plan`; `seed` fixes the draw).

    Memory budgets are not enforced: every plan the strategy rules allow is a correct program.
    """
    ir = load(module)
    inline_private_calls(ir)
    cost_config = resolve_config(mesh, config)
    model = PlanCostModel(cost_config)
    built = build_plan_graph(ir, model.mesh, mesh_name, model, options or PlanOptions(), function)
    problem = build_strategy_graph(built.graph, model.edge_cost_table(), model.mesh, model.backend, None)
    assignment = random_assignment(problem, np.random.default_rng(seed))
    return plan_from_assignment(built, model, problem, assignment, mesh_name)
