"""What XLA runs against what the plan says: every zoo model x mesh x layout, the written file compiled unmodified.

For each zoo model (examples/*.mlir), mesh (8, 2x4, 2x2x2) and layout (the planner's own plan, and the expert
layouts data parallel, FSDP, Megatron of `autoshard.experiments.baselines`, their argument shardings fixed and
the rest completed by the planner, all priced by the same model), the module `emit_plan(plan)` writes is compiled
by XLA's Shardy partitioner on 8 host CPU devices exactly as written and run against the unsharded program.

Two sides, per device per step, both priced with the same profile:
- predicted: the plan's own cost (`plan.cost`: compute, communication, and FLOPs / bytes accessed when the plan
  reports them);
- compiled: XLA's partitioned program, its kernels priced by `autoshard.xla.hlo_cost` (fusions, loops per
  iteration) and its collectives by the profile's links (`autoshard.xla.plan_vs_xla`, which also compares the
  collectives per (kind, mesh axes): count and bytes per device, loops once per iteration).
Ratios are predicted / compiled; issue 18 asks for step time within 10% and FLOPs within 2%.

The default profile (tests/data/profiles/sharding_heavy.yaml: compute dear, links cheap) makes the small zoo
models shard; `--config h100-8` prices them as on a GPU node (where they mostly plan replicated);
`--config a,b` runs each.

    python bench/cost_vs_xla.py [--models mlp,moe,examples/large/gpt_train_step.mlir] [--meshes 2x4]
        [--layouts planner,megatron] [--config sharding_heavy.yaml,h100-8] [--rows] [--kernels 5] [--json]
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

from autoshard.emit import emit_plan
from autoshard.errors import InfeasibleError, UserError  # noqa: E402
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs  # noqa: E402
from autoshard.experiments.meshes import parse_mesh_spec  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.planner.api import plan as make_plan  # noqa: E402
from autoshard.xla import compile_and_run  # noqa: E402
from autoshard.xla.hand_annotate import annotate_arguments  # noqa: E402
from autoshard.xla.hlo_cost import hlo_cost  # noqa: E402
from autoshard.xla.plan_vs_xla import compare_plan_with_xla  # noqa: E402

ZOO = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
PLANNER = "planner"
LAYOUTS = (PLANNER, "data_parallel", "fsdp", "megatron")
DEFAULT_PROFILE = REPO_ROOT / "tests" / "data" / "profiles" / "sharding_heavy.yaml"
#: issue 18's targets: predicted step time within 10% of the compiled program's, per-device FLOPs within 2%
STEP_TOLERANCE = 0.10
FLOPS_TOLERANCE = 0.02


def ratio(predicted: float | None, compiled: float) -> float | None:
    """predicted / compiled (1 when both are 0, None when the plan does not report the quantity)."""
    if predicted is None:
        return None
    if compiled == 0:
        return 1.0 if predicted == 0 else float("inf")
    return predicted / compiled


def model_path(model: str) -> Path:
    """A zoo model's file (`mlp` -> examples/mlp.mlir) or the .mlir path given."""
    return Path(model) if model.endswith(".mlir") else REPO_ROOT / "examples" / f"{model}.mlir"


def run_cell(model: str, mesh_spec: str, layout: str, config: str, time_limit: float, kernels: int = 0) -> dict:
    """Plan one (model, mesh, layout), compile the written text with XLA, price and compare both sides; a
    JSON-able record."""
    mesh = parse_mesh_spec(mesh_spec)
    path = model_path(model)
    text = path.read_text()
    record = {"model": model, "mesh": mesh_spec, "layout": layout, "config": config}
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
    written = emit_plan(plan)
    run = compile_and_run(written, mesh.num_devices, filename=f"{path.stem}.planned.mlir")
    comparison = compare_plan_with_xla(plan, run.compiled_hlo)
    kernels_cost = hlo_cost(run.compiled_hlo, plan.config)
    cost = plan.cost
    predicted = {"flops": getattr(cost, "flops", None), "bytes": getattr(cost, "bytes_accessed", None),
                 "compute_s": cost.compute_s, "communication_s": cost.communication_s, "step_s": cost.step_time_s}
    compiled_comm = comparison.communication_s("compiled")
    compiled = {"flops": kernels_cost.flops, "transcendentals": kernels_cost.transcendentals,
                "bytes": kernels_cost.bytes_accessed, "compute_s": kernels_cost.compute_s,
                "communication_s": compiled_comm, "step_s": kernels_cost.compute_s + compiled_comm}
    return record | {
        "status": "ok", "seconds": time.perf_counter() - start, "xla_matches": run.matches,
        "predicted": predicted, "compiled": compiled,
        "ratios": {key: ratio(predicted[key], compiled[key])
                   for key in ("step_s", "compute_s", "communication_s", "flops", "bytes")},
        "planned_collectives_s": comparison.communication_s("planned"),
        "top_kernels": [{"name": k.name, "opcode": k.opcode, "runs": k.runs, "flops": k.flops,
                         "bytes": k.bytes_accessed, "step_time_s": k.step_time_s} for k in kernels_cost.top(kernels)],
        "rows": [{"kind": r.kind, "axes": r.axes, "verdict": r.verdict,
                  "planned": None if r.planned is None else [r.planned.count, r.planned.bytes_per_device],
                  "compiled": None if r.compiled is None else [r.compiled.count, r.compiled.bytes_per_device]}
                 for r in comparison.rows],
        "differing": len(comparison.differing), "table": comparison.format(),
        "differing_table": [line for line, row in zip(comparison.format()[1:], comparison.rows) if row.differs],
    }


def within(r: dict, key: str, tolerance: float) -> bool:
    value = r["ratios"][key]
    return value is not None and abs(value - 1) <= tolerance


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:10.4g}"


def _ratio(value: float | None) -> str:
    return f"{'-':>7}" if value is None else f"{value:7.3f}"


HEADER = (f"{'model':<18} {'mesh':<6} {'layout':<14} {'XLA step':>10} {'XLA comp':>10} {'XLA comm':>10} "
          f"{'step':>7} {'comp':>7} {'comm':>7} {'flops':>7} {'bytes':>7} {'diff rows':>9}  XLA result")


def print_cell(r: dict, rows: bool) -> None:
    name = f"{Path(r['model']).stem:<18} {r['mesh']:<6} {r['layout']:<14}"
    if r["status"] != "ok":
        print(f"{name} {r['status']}")
        return
    c, q = r["compiled"], r["ratios"]
    print(f"{name} {_us(c['step_s'])} {_us(c['compute_s'])} {_us(c['communication_s'])} {_ratio(q['step_s'])} "
          f"{_ratio(q['compute_s'])} {_ratio(q['communication_s'])} {_ratio(q['flops'])} {_ratio(q['bytes'])} "
          f"{r['differing']:>9}  {'matches' if r['xla_matches'] else 'MISMATCH'}")
    for line in (r["table"][1:] if rows else r["differing_table"]):
        print("    " + line.strip())
    for k in r["top_kernels"]:
        print(f"    kernel {k['name']:<36} {k['opcode']:<26} x{k['runs']:<4} {k['flops']:>12.0f} FLOP "
              f"{k['bytes']:>12.0f} B {_us(k['step_time_s'])} us/step")


def summarize(records: list[dict], models: list[str], meshes: list[str]) -> None:
    ok = [r for r in records if r["status"] == "ok"]
    for name, group in (("planner's plans", [r for r in ok if r["layout"] == PLANNER]),
                        ("expert layouts", [r for r in ok if r["layout"] != PLANNER])):
        if not group:
            continue
        cells = sum(1 for r in group if r["differing"])
        with_flops = [r for r in group if r["ratios"]["flops"] is not None]
        print(f"{name}: {sum(r['differing'] for r in group)} differing (kind, axes) rows in {cells} of "
              f"{len(group)} cells; XLA results match the unsharded run in {sum(r['xla_matches'] for r in group)}")
        print(f"  step time within {STEP_TOLERANCE:.0%}: {sum(within(r, 'step_s', STEP_TOLERANCE) for r in group)} "
              f"of {len(group)}; compute within {STEP_TOLERANCE:.0%}: "
              f"{sum(within(r, 'compute_s', STEP_TOLERANCE) for r in group)}; FLOPs within {FLOPS_TOLERANCE:.0%}: "
              + (f"{sum(within(r, 'flops', FLOPS_TOLERANCE) for r in with_flops)} of {len(with_flops)}"
                 if with_flops else "the plans report no FLOPs"))
    print("planner vs best expert layout (XLA side, compiled step time):")
    for model in models:
        for mesh in meshes:
            cell = {r["layout"]: r["compiled"]["step_s"] for r in ok if r["model"] == model and r["mesh"] == mesh}
            experts = {k: v for k, v in cell.items() if k != PLANNER}
            if PLANNER in cell and experts:
                best = min(experts, key=experts.get)
                print(f"  {Path(model).stem:<18} {mesh:<6} planner/{best} = {cell[PLANNER] / experts[best]:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO), help="zoo model names or .mlir paths")
    parser.add_argument("--meshes", default="8,2x4,2x2x2")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--config", default=str(DEFAULT_PROFILE),
                        help="hardware profile(s), comma-separated (default: sharding-heavy)")
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--rows", action="store_true", help="print every (kind, axes) row, not only differing ones")
    parser.add_argument("--kernels", type=int, default=0, help="print the N dearest kernels of each compiled program")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    models, meshes = args.models.split(","), args.meshes.split(",")
    missing = [m for m in models if not model_path(m).is_file()]
    if missing:
        print(f"error: no model file for {', '.join(missing)} (zoo names: {', '.join(ZOO)}, or .mlir paths)",
              file=sys.stderr)
        return 2

    all_records = []
    for config in args.config.split(","):
        records = []
        print(f"profile {config}; XLA columns: the compiled program per device per step in us (kernels by "
              "hlo_cost, collectives by the profile's links); ratio columns: plan / XLA")
        print(HEADER)
        for model in models:
            for mesh in meshes:
                for layout in args.layouts.split(","):
                    try:
                        r = run_cell(model, mesh, layout, config, args.time_limit, args.kernels)
                    except UserError as e:
                        r = {"model": model, "mesh": mesh, "layout": layout, "config": config,
                             "status": f"error: {e}"}
                    records.append(r)
                    print_cell(r, args.rows)
                    sys.stdout.flush()
        summarize(records, models, meshes)
        all_records.extend(records)
    if args.json:
        print(json.dumps(all_records, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
