"""Plan GPT training steps (forward, backward, Adam) of growing depth; print time per phase, status and gap.

    python bench/gpt_scale.py [--layers 2,8,32,96] [--meshes 2x4,2x2x2] [--time-limit 60] [--seed 0] [--large] [--wall-clock]

Models come from examples/generate_zoo.py (needs the [xla] extra for jax) and are cached in --work. Phases, with
the cyclic garbage collector paused as `autoshard plan` runs them: parse (text -> IR), graph (IR walk, rules,
strategies, user intent), problem (edge cost matrices, reduction to the solver's strategy graph; and after the
search, the plan's cost and the `Plan`), solve (the search, which the time limit bounds), account (the plan's
memory as XLA lays it out, and the searches again under a tighter limit while it is over the budget: `searches`
counts them all), total (wall clock of everything). Arguments and results are tied by position (carry_state), as
a training loop needs.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def model_path(layers: int, work: Path, large: bool = False) -> Path:
    tag = f"L{layers}" + ("large" if large else "")
    path = work / f"gpt_train_step_{tag}.mlir"
    if not path.exists():
        subprocess.run(
            [sys.executable, str(REPO / "examples" / "generate_zoo.py"), "--only", "gpt_train_step", "--out", str(work),
             "--tag", tag, "--layers", str(layers), "--variants", "pretty", *(["--large"] if large else [])],
            check=True, capture_output=True,
        )  # fmt: skip
    return path


def plan_one(path: Path, mesh: str, time_limit: float, seed: int, workers: int, deterministic: bool = True) -> dict:
    from autoshard.gc_pause import cyclic_gc_paused
    from autoshard.ir.inline_calls import inline_private_calls
    from autoshard.planner.api import load, solve_plan_graph
    from autoshard.planner.build_graph import build_plan_graph
    from autoshard.planner.plan_graph import NodeKind
    from autoshard.planner.pricing import PlanCostModel
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config
    from autoshard.solver.solve import SolverConfig

    times = {}
    with cyclic_gc_paused():
        t_start = t = time.perf_counter()
        module = load(path.read_text(), str(path))
        inline_private_calls(module)
        times["parse"] = time.perf_counter() - t
        t = time.perf_counter()
        cost_config = resolve_config(_mesh_spec(mesh), "h100-8")
        model = PlanCostModel(cost_config)
        built = build_plan_graph(module, profile_mesh(cost_config), "mesh", model, PlanOptions(carry_state=True))
        times["graph"] = time.perf_counter() - t
        t = time.perf_counter()
        solver = SolverConfig(max_time_in_seconds=time_limit, num_workers=workers, random_seed=seed,
                              deterministic=deterministic)
        plan = solve_plan_graph(built, model, cost_config.hardware.memory_bytes, "mesh", solver)
        after = time.perf_counter()
    search = plan.solver.extra["search_s"]
    times["problem"] = after - t - plan.solver.wall_time_s
    times["solve"] = search
    times["account"] = after - t - times["problem"] - search
    times["total"] = after - t_start
    return {
        "searches": plan.solver.extra["memory_searches"],
        "ops": sum(1 for n in built.graph.nodes if n.kind == NodeKind.OP),
        "nodes": plan.solver.num_nodes,
        "status": plan.solver.status,
        "gap": plan.solver.gap,
        "step_ms": plan.cost.step_time_s * 1e3,
        **times,
    }


def _mesh_spec(mesh: str) -> str:
    names = ["data", "model", "pipe", "expert"]
    sizes = mesh.split("x")
    return ",".join(f"{names[i]}={s}" for i, s in enumerate(sizes))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", default="2,8,32,96")
    ap.add_argument("--meshes", default="2x4,2x2x2")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--work", type=Path, default=Path("/tmp/autoshard_gpt_scale"))
    ap.add_argument("--large", action="store_true", help="realistic sizes (hidden 768, seq 1024, vocab 50304)")
    ap.add_argument("--wall-clock", action="store_true",
                    help="stop the search on wall time, as `autoshard plan --wall-clock` does (default: counted work)")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    head = f"{'layers':>6} {'mesh':>7} {'ops':>6} {'nodes':>6} {'parse':>7} {'graph':>7} {'problem':>8} {'solve':>7} " \
           f"{'account':>8} {'searches':>8} {'total':>7} {'status':>9} {'gap':>7} {'step_ms':>9}"  # fmt: skip
    print(head, flush=True)
    for layers in [int(x) for x in args.layers.split(",")]:
        path = model_path(layers, args.work, args.large)
        for mesh in args.meshes.split(","):
            r = plan_one(path, mesh, args.time_limit, args.seed, args.workers, not args.wall_clock)
            print(
                f"{layers:>6} {mesh:>7} {r['ops']:>6} {r['nodes']:>6} {r['parse']:>7.1f} {r['graph']:>7.1f} "
                f"{r['problem']:>8.1f} {r['solve']:>7.1f} {r['account']:>8.1f} {r['searches']:>8} {r['total']:>7.1f} "
                f"{r['status']:>9} {r['gap']:>7.3f} "
                f"{r['step_ms']:>9.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
