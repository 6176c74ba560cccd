"""The collectives XLA inserts for the zoo models under hand-written expert shardings (needs the [xla] extra).

For each zoo model and strategy (data_parallel on mesh data=8, tensor_parallel on model=8, 2d on data=2 x
model=4; see autoshard/xla/expert_shardings.py) the debug-location zoo module is annotated, compiled with XLA's
Shardy partitioner on 8 host CPU devices, run against the unsharded program, and every all-reduce / all-gather /
reduce-scatter / all-to-all / collective-permute of the compiled HLO is printed with its mesh axes, buffer and
bytes sent per device (nccl-tests convention). `bench/cost_vs_xla.py` compares the planner's predictions with
XLA's compilation of its own written files.

    python bench/xla_collectives.py [--models mlp,moe] [--strategies 2d] [--zoo-dir DIR] [--json]

`--zoo-dir` takes `<model>.debug.mlir` files, e.g. large ones from
`python examples/generate_zoo.py --large --variants debug --out DIR`.
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

from autoshard.xla import compile_and_run  # noqa: E402
from autoshard.xla.expert_shardings import STRATEGIES, ZOO_MODELS, expert_sharding  # noqa: E402
from autoshard.xla.hand_annotate import annotate_arguments  # noqa: E402
from autoshard.xla.jaxlib_mlir import MeshInfo  # noqa: E402
from autoshard.xla.report import observed_collectives  # noqa: E402


def collect(model: str, strategy: str, zoo_dir: Path, num_devices: int = 8) -> dict:
    """Compile and run one (model, strategy); returns a JSON-able record of XLA's collectives."""
    expert = expert_sharding(model, strategy, num_devices)
    text = annotate_arguments((zoo_dir / f"{model}.debug.mlir").read_text(), expert.mesh_axes, expert.arg_dims)
    start = time.perf_counter()
    run = compile_and_run(text, num_devices)
    seconds = time.perf_counter() - start
    mesh = MeshInfo("mesh", tuple(expert.mesh_axes.items()))
    observed = observed_collectives(run, [mesh])
    record = {
        "model": model, "strategy": strategy, "mesh": dict(expert.mesh_axes), "matches": run.matches,
        "max_rel_error": max((c.max_rel_error for c in run.comparisons), default=0.0), "seconds": seconds,
        "collectives": [{"kind": o.collective.kind, "axes": o.axes_text(), "dtype": o.collective.dtype,
                         "shape": list(o.collective.shape), "buffer_bytes": o.collective.bytes,
                         "combined": o.collective.program_count,
                         "bytes_per_device": o.bytes_per_device} for o in observed],
    }
    return record


def print_record(record: dict) -> None:
    mesh = "x".join(f"{k}={v}" for k, v in record["mesh"].items())
    verdict = "matches unsharded" if record["matches"] else "MISMATCH"
    total = sum(c["bytes_per_device"] for c in record["collectives"])
    print(f"{record['model']:<18} {record['strategy']:<16} mesh {mesh:<16} {verdict} "
          f"(max rel err {record['max_rel_error']:.1e}, {record['seconds']:.1f}s): "
          f"{len(record['collectives'])} collectives, {total:.0f} B/device sent")
    for c in record["collectives"]:
        shape = f"{c['dtype']}[{','.join(map(str, c['shape']))}]" if c["dtype"] != "tuple" else "tuple"
        print(f"    {c['kind']:<18} axes {c['axes']:<12} {shape:<18} buffer {c['buffer_bytes']:>9} B  "
              f"sends {c['bytes_per_device']:>10.0f} B/device")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO_MODELS))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--zoo-dir", type=Path, default=REPO_ROOT / "tests" / "data" / "zoo")
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--json", action="store_true", help="print one JSON list instead of tables")
    args = parser.parse_args(argv)
    records = []
    for model in args.models.split(","):
        for strategy in args.strategies.split(","):
            record = collect(model, strategy, args.zoo_dir, args.devices)
            records.append(record)
            if not args.json:
                print_record(record)
    if args.json:
        print(json.dumps(records, indent=1))
    return 0 if all(r["matches"] for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
