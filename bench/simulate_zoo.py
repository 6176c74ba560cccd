"""Ops the SPMD simulator runs globally (gathered operands) on the zoo's plans, per model x mesh x profile x form.

For each zoo model, mesh (8, 2x4, 2x2x2), profile (default, tests/data/profiles/sharding_heavy.yaml) and form
(annotated, --explicit-collectives), `autoshard plan` writes the planned file (cached in --out, reused when
present) and `simulate` runs it; the table lists how many ops ran globally, by op and reason, and whether the
simulation matched the reference. Usage: python bench/simulate_zoo.py [--out DIR] [--time-limit S] [--models a,b]
(models name files under examples/, e.g. --models large/gpt_train_step).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
MESHES = {"8": "data=8", "2x4": "data=2,model=4", "2x2x2": "data=2,model=2,pipe=2"}
PROFILES = {"default": None, "sharding-heavy": ROOT / "tests/data/profiles/sharding_heavy.yaml"}
FORMS = {"annotated": [], "explicit": ["--explicit-collectives"]}


def plan_file(out: Path, model: str, mesh: str, profile: str, form: str, time_limit: float) -> Path | str:
    """The planned file (planned now unless cached), or the planner's error line."""
    path = out / f"{model.replace('/', '-')}.{mesh}.{profile}.{form}.mlir"
    if path.exists():
        return path
    cmd = [sys.executable, "-m", "autoshard.tools.cli", "plan", str(ROOT / "examples" / f"{model}.mlir"), "--mesh", MESHES[mesh],
           "--time-limit", str(time_limit), "--no-compare", "--quiet", "-o", str(path), *FORMS[form]]  # fmt: skip
    if PROFILES[profile] is not None:
        cmd += ["--config", str(PROFILES[profile])]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        return "plan failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="out/simulate_zoo", help="planned files (reused when present)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--meshes", default=",".join(MESHES))
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--forms", default=",".join(FORMS))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    print("| model | mesh | profile | form | global ops | simulation | by op and reason |")
    print("|---|---|---|---|---|---|---|")
    total = 0
    for model in args.models.split(","):
        for mesh in args.meshes.split(","):
            for profile in args.profiles.split(","):
                for form in args.forms.split(","):
                    start = time.time()
                    path = plan_file(out, model, mesh, profile, form, args.time_limit)
                    if isinstance(path, str):
                        print(f"| {model} | {mesh} | {profile} | {form} | - | {path} | |", flush=True)
                        continue
                    try:
                        report = simulate(parse_module(path.read_text(), str(path)))
                    except Exception as e:  # noqa: BLE001 - a table row, not a crash
                        print(f"| {model} | {mesh} | {profile} | {form} | - | error: {type(e).__name__}: {str(e)[:160]} | |", flush=True)
                        continue
                    by = Counter(f"{f.op}: {f.reason}" for f in report.fallbacks)
                    total += len(report.fallbacks)
                    status = "ok" if report.ok else "MISMATCH " + (report.first_mismatch.describe() if report.first_mismatch else "results")
                    listed = "; ".join(f"{n}x {k}" for k, n in sorted(by.items()))
                    print(f"| {model} | {mesh} | {profile} | {form} | {len(report.fallbacks)} | {status} ({time.time() - start:.0f} s) | {listed} |", flush=True)
    print(f"\nops run globally in all: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
