"""Fuzz the plan space: random valid plans of every zoo model, simulated in both forms and compiled by XLA.

    python bench/fuzz_plans.py [--plans 5] [--models mlp,moe] [--meshes 8,2x4,2x2x2] [--config PROFILE] [--no-xla]
    python bench/fuzz_plans.py --models moe --meshes 2x4 --seeds 1          # reproduce one failure
    python bench/fuzz_plans.py --solver --plans 1 --config tests/data/profiles/sharding_heavy.yaml  # the solver's plans

For each model and mesh, seeds 0..plans-1 each draw a random valid plan (`autoshard.planner.random_plans`); the
annotated form (`emit_plan(plan)`) and the explicit-collectives form are simulated against the unsharded run, and
the annotated form is compiled and run by XLA on host CPU devices (8-device meshes only). Prints plans tried,
failures and the largest simulated error (in ulp-scale units of the rounding bound, passing up to 2) per model and
mesh, each failure with the seed that reproduces it. `--solver`: the solver's plan for each seed instead.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from autoshard.emit import emit_plan
from autoshard.errors import UserError  # noqa: E402
from autoshard.interpreters.simulate import simulate  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.planner.random_plans import random_plan  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MESHES = {"8": "x=8", "2x4": "data=2,model=4", "2x2x2": "a=2,b=2,c=2", "2x2x2x2": "a=2,b=2,c=2,d=2"}
#: the 16-device mesh only for the simulator (XLA gets 8 host devices), on the smallest model
SIMULATOR_ONLY = {"2x2x2x2": ("mlp",)}
XLA_DEVICES = 8
SOLVER_SECONDS = 2.0


@dataclass(frozen=True)
class Failure:
    model: str
    mesh: str
    seed: int
    check: str  # "annotated", "explicit", "xla" or "plan"
    message: str


def check_plan(model: str, mesh: str, seed: int, config: str | None, xla: bool, solver: bool = False,
               closest: list[float] | None = None) -> list[Failure]:
    """Draw plan `seed` of `model` on `mesh` (or solve it) and run every check; the failures found. Appends the
    largest passing simulated error (ulp-scale) of each form to `closest`."""
    path = ROOT / "examples" / f"{model}.mlir"
    try:
        if solver:
            from autoshard.planner.api import plan as solve

            plan = solve(path, MESHES[mesh], config, seed=seed, time_limit=SOLVER_SECONDS, num_workers=1)
        else:
            plan = random_plan(path, MESHES[mesh], config, seed=seed)
    except Exception as e:  # noqa: BLE001 - every failure is reported, not raised
        return [Failure(model, mesh, seed, "plan", f"{type(e).__name__}: {e}")]
    failures = []
    for check, explicit in (("annotated", False), ("explicit", True)):
        try:
            text = emit_plan(plan, explicit_collectives=explicit)
            report = simulate(parse_module(text, f"{model}.{check}.mlir"), seed=seed)
            if closest is not None and report.ok and report.closest is not None:
                closest.append(report.closest.difference.max_scaled_error)
            if not report.ok:
                where = report.first_mismatch.describe() if report.first_mismatch else "in the results"
                failures.append(Failure(model, mesh, seed, check, where))
        except Exception as e:  # noqa: BLE001
            failures.append(Failure(model, mesh, seed, check, f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"))
    if xla and plan.mesh.num_devices == XLA_DEVICES:
        failures += _check_xla(plan, model, mesh, seed)
    return failures


def _check_xla(plan, model: str, mesh: str, seed: int) -> list[Failure]:
    from autoshard.xla.compile_run import compile_and_run

    try:
        run = compile_and_run(emit_plan(plan), XLA_DEVICES, seed=seed, filename=f"{model}.mlir")
    except UserError as e:
        return [Failure(model, mesh, seed, "xla", f"{type(e).__name__}: {str(e).splitlines()[0][:300]}")]
    if run.matches:
        return []
    return [Failure(model, mesh, seed, "xla", f"result differs from the unsharded run: {run.first_mismatch}")]


def xla_available() -> bool:
    try:
        import jax  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plans", type=int, default=5, help="random plans per model and mesh (seeds 0..N-1)")
    parser.add_argument("--seeds", default=None, help="comma-separated seeds instead of 0..plans-1")
    parser.add_argument("--models", default=None, help="comma-separated zoo models (default: every examples/*.mlir)")
    parser.add_argument("--meshes", default="8,2x4,2x2x2,2x2x2x2", help=f"comma-separated of {', '.join(MESHES)}")
    parser.add_argument("--config", default=None, help="hardware profile (name or YAML path)")
    parser.add_argument("--no-xla", action="store_true", help="skip the XLA compile-and-run check")
    parser.add_argument("--solver", action="store_true", help=f"check the solver's plans ({SOLVER_SECONDS:g} s each)")
    args = parser.parse_args(argv)
    models = args.models.split(",") if args.models else sorted(p.stem for p in (ROOT / "examples").glob("*.mlir"))
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else list(range(args.plans))
    xla = not args.no_xla and xla_available()
    all_failures: list[Failure] = []
    print("| model | mesh | plans | failures | largest passing error (ulp-scale) | seconds |")
    print("|---|---|---|---|---|---|")
    for model in models:
        for mesh in args.meshes.split(","):
            if mesh in SIMULATOR_ONLY and model not in SIMULATOR_ONLY[mesh]:
                continue
            start = time.time()
            closest: list[float] = []
            failures = [f for seed in seeds for f in check_plan(model, mesh, seed, args.config, xla, args.solver, closest)]
            all_failures += failures
            print(f"| {model} | {mesh} | {len(seeds)} | {len(failures)} | {max(closest, default=0.0):.3g} | "
                  f"{time.time() - start:.0f} |", flush=True)
    print(f"\nfailures: {len(all_failures)}" + (" (XLA not checked: jax missing or --no-xla)" if not xla else ""))
    for f in all_failures:
        config = f" --config {args.config}" if args.config else ""
        print(f"- {f.model} {f.mesh} seed {f.seed} [{f.check}]: {f.message}\n"
              f"  repro: python bench/fuzz_plans.py --models {f.model} --meshes {f.mesh} --seeds {f.seed}{config}")
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
