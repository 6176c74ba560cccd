"""What XLA runs against what the plan says: every zoo model x mesh x layout, the written file compiled unmodified.

For each zoo model (examples/*.mlir), mesh (8, 2x4, 2x2x2) and layout (the planner's own plan, and the expert
layouts data parallel, FSDP, Megatron of `autoshard.experiments.baselines`, their argument shardings fixed and
the rest completed by the planner, all priced by the same model), the module `Plan.to_mlir()` writes is compiled
by XLA's Shardy partitioner on 8 host CPU devices exactly as written, run against the unsharded program, and its
collectives are compared with the plan's report per (kind, mesh axes): count and bytes per device per step,
loops once per iteration (`autoshard.xla.plan_vs_xla` states the conventions). Step times: the plan's modeled
compute plus communication, and the same compute plus XLA's compiled collectives priced by the same links.

The default profile (tests/data/profiles/sharding_heavy.yaml: compute dear, links cheap) makes the small zoo
models shard; `--config h100-8` prices them as on a GPU node (where they mostly plan replicated).

    python bench/cost_vs_xla.py [--models mlp,moe,examples/large/gpt_train_step.mlir] [--meshes 2x4]
        [--layouts planner,megatron] [--config h100-8] [--rows] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from autoshard.errors import InfeasibleError, UserError  # noqa: E402
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs  # noqa: E402
from autoshard.experiments.meshes import parse_mesh_spec  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.planner.api import plan as make_plan  # noqa: E402
from autoshard.xla import compile_and_run  # noqa: E402
from autoshard.xla.hand_annotate import annotate_arguments  # noqa: E402
from autoshard.xla.plan_vs_xla import compare_plan_with_xla  # noqa: E402

ZOO = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
PLANNER = "planner"
LAYOUTS = (PLANNER, "data_parallel", "fsdp", "megatron")
DEFAULT_PROFILE = REPO_ROOT / "tests" / "data" / "profiles" / "sharding_heavy.yaml"


def run_cell(model: str, mesh_spec: str, layout: str, config: str, time_limit: float) -> dict:
    """Plan one (model, mesh, layout), compile the written text with XLA, compare; a JSON-able record."""
    mesh = parse_mesh_spec(mesh_spec)
    path = Path(model) if model.endswith(".mlir") else REPO_ROOT / "examples" / f"{model}.mlir"
    text = path.read_text()
    record = {"model": model, "mesh": mesh_spec, "layout": layout}
    if layout != PLANNER:
        specs = baseline_argument_specs(layout, analyze_arguments(parse_module(text, model)), mesh)
        if specs is None:
            return record | {"status": "not applicable"}
        text = annotate_arguments(text, mesh.shape, specs)
    start = time.perf_counter()
    try:
        plan = make_plan(text, mesh=mesh, config=config, time_limit=time_limit)
    except InfeasibleError as e:
        return record | {"status": f"infeasible: {e}"}
    written = plan.to_mlir()
    run = compile_and_run(written, mesh.num_devices, filename=f"{path.stem}.planned.mlir")
    comparison = compare_plan_with_xla(plan, run.compiled_hlo)
    compute = plan.cost.compute_s
    return record | {
        "status": "ok", "seconds": time.perf_counter() - start, "xla_matches": run.matches,
        "planned_step_s": compute + comparison.communication_s("planned"),
        "compiled_step_s": compute + comparison.communication_s("compiled"),
        "modeled_step_s": plan.cost.step_time_s, "compute_s": compute,
        "rows": [{"kind": r.kind, "axes": r.axes, "verdict": r.verdict,
                  "planned": None if r.planned is None else [r.planned.count, r.planned.bytes_per_device],
                  "compiled": None if r.compiled is None else [r.compiled.count, r.compiled.bytes_per_device]}
                 for r in comparison.rows],
        "differing": len(comparison.differing), "table": comparison.format(),
        "differing_table": [line for line, row in zip(comparison.format()[1:], comparison.rows) if row.differs],
    }


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:10.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO), help="zoo model names or .mlir paths")
    parser.add_argument("--meshes", default="8,2x4,2x2x2")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--config", default=str(DEFAULT_PROFILE), help="hardware profile (default: sharding-heavy)")
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--rows", action="store_true", help="print every (kind, axes) row, not only differing ones")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    records = []
    print(f"profile {args.config}; times in us: plan = compute + planned collectives, XLA = compute + the compiled "
          "program's collectives (same links)")
    print(f"{'model':<18} {'mesh':<6} {'layout':<14} {'plan':>10} {'XLA':>10} {'XLA/plan':>8} {'diff rows':>9}  "
          "XLA result")
    for model in args.models.split(","):
        for mesh in args.meshes.split(","):
            for layout in args.layouts.split(","):
                try:
                    r = run_cell(model, mesh, layout, args.config, args.time_limit)
                except UserError as e:
                    r = {"model": model, "mesh": mesh, "layout": layout, "status": f"error: {e}"}
                records.append(r)
                if r["status"] != "ok":
                    print(f"{Path(model).stem:<18} {mesh:<6} {layout:<14} {r['status']}")
                    continue
                ratio = r["compiled_step_s"] / r["planned_step_s"] if r["planned_step_s"] else float("nan")
                print(f"{Path(model).stem:<18} {mesh:<6} {layout:<14} {_us(r['planned_step_s'])} {_us(r['compiled_step_s'])} "
                      f"{ratio:8.3f} {r['differing']:>9}  {'matches' if r['xla_matches'] else 'MISMATCH'}")
                for line in (r["table"][1:] if args.rows else r["differing_table"]):
                    print("    " + line.strip())
                sys.stdout.flush()

    ok = [r for r in records if r["status"] == "ok"]
    for name, group in (("planner's plans", [r for r in ok if r["layout"] == PLANNER]),
                        ("expert layouts", [r for r in ok if r["layout"] != PLANNER])):
        cells = sum(1 for r in group if r["differing"])
        print(f"{name}: {sum(r['differing'] for r in group)} differing (kind, axes) rows in {cells} of "
              f"{len(group)} cells; XLA results match the unsharded run in {sum(r['xla_matches'] for r in group)}")
    print("planner vs best expert layout (XLA side, compiled step time):")
    for model in args.models.split(","):
        for mesh in args.meshes.split(","):
            cell = {r["layout"]: r["compiled_step_s"] for r in ok if r["model"] == model and r["mesh"] == mesh}
            experts = {k: v for k, v in cell.items() if k != PLANNER}
            if PLANNER in cell and experts:
                best = min(experts, key=experts.get)
                print(f"  {Path(model).stem:<18} {mesh:<6} planner/{best} = {cell[PLANNER] / experts[best]:.3f}")
    if args.json:
        print(json.dumps(records, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
