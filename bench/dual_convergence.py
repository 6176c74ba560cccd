"""How far the solver's dual bound is from closing on a module's plan: the dual ascent (message passing, the repeat
and diffusion phases' bound) run from cold on the plan's strategy graph, its bound and rounding every few sweeps,
against the plan the search returned and the bound it proved within its time limit.

    python bench/dual_convergence.py MODULE.mlir --mesh data=16,model=16 [--config h100-cluster] [--carry-state]
        [--time-limit 15] [--sweeps 200] [--every 10]

Where the bound reaches the plan's cost, the relaxation is tight and the plan optimal: a gap the search reports is
then the ascent's speed, not the plan. Costs in seconds per step; the memory limit is not part of the bound (a
relaxation). The sweeps run on one core and take seconds each on billion-parameter steps.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("module", type=Path)
    ap.add_argument("--mesh", required=True, help="e.g. data=16,model=16")
    ap.add_argument("--config", default="h100-cluster")
    ap.add_argument("--carry-state", action="store_true")
    ap.add_argument("--time-limit", type=float, default=15.0)
    ap.add_argument("--sweeps", type=int, default=200, help="most sweeps of the cold ascent")
    ap.add_argument("--every", type=int, default=10, help="sweeps between two printed lines")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    import autoshard
    from autoshard.gc_pause import cyclic_gc_paused
    from autoshard.planner.pricing import PlanCostModel
    from autoshard.planner.strategy_problem import COST_UNIT_S, build_strategy_graph
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.solver.dual_bound import Diffusion

    t = time.perf_counter()
    plan = autoshard.plan(args.module.read_text(), mesh=args.mesh, config=args.config, time_limit=args.time_limit,
                          seed=args.seed, options=PlanOptions(carry_state=args.carry_state))
    s = plan.solver
    print(f"plan: {s.status}, cost {s.objective_s:.7g} s, bound {s.best_bound_s:.7g} s, gap {s.gap:.2%} "
          f"({time.perf_counter() - t:.1f} s wall)", flush=True)
    model = PlanCostModel(plan.config)
    with cyclic_gc_paused():
        problem = build_strategy_graph(plan.graph, model.edge_cost_table(), plan.mesh, model.backend, None)
        ascent = Diffusion(problem)
        cost = s.objective_s
        print(f"{'sweeps':>6} {'cpu s':>7} {'bound s':>10} {'rounding s':>11} {'bound / plan':>12}", flush=True)
        start = time.process_time()
        while ascent.sweeps < args.sweeps and not ascent.converged:
            result = ascent.run(float("inf"), max_sweeps=min(args.sweeps, ascent.sweeps + args.every))
            rounding = result.rounded_cost * COST_UNIT_S if result.rounded_cost is not None else float("nan")
            bound = result.bound * COST_UNIT_S
            print(f"{result.sweeps:>6} {time.process_time() - start:>7.1f} {bound:>10.7g} {rounding:>11.7g} "
                  f"{bound / cost if cost else float('nan'):>12.6f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
