"""Count XLA's "Involuntary full rematerialization" warnings when it compiles the planner's plans (needs [xla]).

For each model and mesh the model is planned with the default profile (`autoshard plan IN --mesh M`), the written
module is compiled with XLA's Shardy partitioner on 8 host CPU devices the way
`autoshard.xla.compile_run.compile_and_run` compiles it (not run: the large GPT's run needs more memory than a
test machine has) in a subprocess whose stderr (XLA logs from C++) is captured, and the warning lines are
counted, with the (source -> target) sharding pairs they name. Exit status 1 when any plan warns.

    python bench/remat_warnings.py [--models mlp,moe] [--meshes data=8] [--large] [--time-limit 30] [--out DIR]

`--large` adds the bundled large models, examples/large/*.mlir (meshes 2x4 and 2x2x2 unless --meshes is given).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests"))
from bundled_models import LARGE_EXAMPLES, ZOO_MODELS  # noqa: E402  (the bundled models, by name)

MESHES = ("data=8", "data=2,model=4", "data=2,model=2,seq=2")
LARGE_MESHES = ("data=2,model=4", "data=2,model=2,seq=2")
WARNING = "Involuntary full rematerialization"
_PAIR = re.compile(r"from sharding (\{.*?\}) to (\{.*?\}) efficiently")

#: compiles one written module on 8 host CPU devices as `compile_and_run_here` does (jaxlib parse, partition
#: count, compile options), without running it; XLA's log goes to stderr
_COMPILE = """
import sys
from autoshard.xla import compile_run, jaxlib_mlir
from autoshard.xla.jax_runtime import host_devices, request_host_devices
assert request_host_devices(8)
context = jaxlib_mlir.make_jaxlib_context()
module = jaxlib_mlir.parse_with_jaxlib(open(sys.argv[1]).read(), context, sys.argv[1])
jaxlib_mlir.set_num_partitions(module, context, 8)
compile_run._compile(module, context, host_devices()[:8])
print("COMPILED")
"""


def measure(model_path: Path, mesh: str, out_dir: Path, time_limit: float) -> dict:
    """Plan `model_path` on `mesh`, compile the plan, and return the warning count and the pairs it names."""
    tag = f"{model_path.parent.name}_{model_path.stem}_{mesh.replace('=', '').replace(',', '_')}"
    planned = out_dir / f"{tag}.mlir"
    start = time.perf_counter()
    plan = subprocess.run([sys.executable, "-c", "import sys; from autoshard.tools.cli import main; sys.exit(main())", "plan", str(model_path), "--mesh", mesh, "-o",
                           str(planned), "--time-limit", str(time_limit), "--quiet"],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    plan_s = time.perf_counter() - start
    if plan.returncode != 0:
        return dict(model=tag, mesh=mesh, error=f"plan failed: {plan.stderr.strip()[-300:]}")
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", _COMPILE, str(planned)], capture_output=True, text=True,
                         env=env, cwd=REPO_ROOT)
    compile_s = time.perf_counter() - start
    (out_dir / f"{tag}.xla.log").write_text(run.stderr)
    lines = [line for line in run.stderr.splitlines() if WARNING in line]
    pairs = Counter(" -> ".join(m.groups()) for line in lines if (m := _PAIR.search(line)))
    return dict(model=str(model_path.relative_to(REPO_ROOT)), mesh=mesh, warnings=len(lines), pairs=dict(pairs),
                result=(run.stdout.strip().splitlines() or [f"exit {run.returncode}"])[-1],
                plan_s=round(plan_s, 1), compile_s=round(compile_s, 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO_MODELS), help="zoo models (examples/NAME.mlir); '' for none")
    parser.add_argument("--meshes", default=None, help="';'-separated meshes (default: 8, 2x4, 2x2x2)")
    parser.add_argument("--large", action="store_true", help="also the large models (examples/large/NAME.mlir)")
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "remat_warnings",
                        help="folder for the written plans and XLA logs (default: bench/results/, ignored by git)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    meshes = args.meshes.split(";") if args.meshes else None
    jobs = [(REPO_ROOT / "examples" / f"{m}.mlir", mesh) for m in filter(None, args.models.split(","))
            for mesh in meshes or MESHES]
    if args.large:
        jobs += [(REPO_ROOT / "examples" / "large" / f"{name}.mlir", mesh) for name in LARGE_EXAMPLES
                 for mesh in meshes or LARGE_MESHES]
    records = []
    for path, mesh in jobs:
        record = measure(path, mesh, args.out, args.time_limit)
        records.append(record)
        if args.json:
            print(json.dumps(record), flush=True)
        else:
            print(f"{record['model']:40s} {mesh:22s} warnings={record.get('warnings', '-')} "
                  f"{record.get('result', record.get('error'))} {record.get('pairs', '')}", flush=True)
    total = sum(r.get("warnings", 0) for r in records)
    print(f"total warnings: {total}", flush=True)
    return 0 if total == 0 and all("error" not in r for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
