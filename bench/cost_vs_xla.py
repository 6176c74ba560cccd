"""Predicted vs XLA collectives: the zoo models under hand-written expert shardings, side by side.

For each zoo model and strategy (autoshard/xla/expert_shardings.py: data_parallel on data=8, tensor_parallel on
model=8, 2d on data=2 x model=4) the debug-location zoo module gets the expert argument shardings; `autoshard
cost`'s logic (`price_module`, host-cpu profile: the argument shardings fixed, every other value completed the
cheapest way) decides every other sharding and predicts the collectives. By default XLA then compiles that fully
annotated module (`Plan.to_mlir()`, every op's sharding restated as a `sharding_constraint` by
`compile_and_run`, since XLA's Shardy import discards `sdy.sharding` on ops and would otherwise re-propagate
them), so both sides price the same shardings; `--args-only` compiles the expert-annotated module instead and
lets Shardy's propagation complete it (a different program). Both lists are printed per (kind, mesh axes) with
counts, bytes per device (nccl-tests convention) and the ratio ours/XLA, and every difference is flagged.
Nothing is special-cased: when XLA fuses, combines or chooses other collectives than our model, the table says
so.

Conventions: our collectives are listed once per occurrence in the program text (a collective inside a loop body
counts once, as in XLA's HLO), and a reshard of one value to one sharding once however many consumers take it
(the plan prices each edge, but XLA's CSE merges the identical constraints into one reshard); `all_slice` (a
local dynamic-slice, no communication) is left out of the comparison because XLA does not emit it as a
collective. XLA's combiners merge independent all-reduces (all-gathers, reduce-scatters) into one tuple-shaped
collective: it counts as its number of operands.

    python bench/cost_vs_xla.py [--models mlp,moe] [--strategies 2d] [--time-limit 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
sys.path.insert(0, str(REPO_ROOT / "bench"))

from xla_collectives import collect  # noqa: E402

from autoshard.errors import UserError  # noqa: E402
from autoshard.planner.price_module import price_module  # noqa: E402
from autoshard.xla.expert_shardings import STRATEGIES, ZOO_MODELS  # noqa: E402
from autoshard.xla.report import PredictedCollective  # noqa: E402


def complete_and_predict(text: str, config: str, time_limit: float, notes: list[str]
                         ) -> tuple[str, list[PredictedCollective]]:
    """The fully annotated module our completion gives, and its collectives."""
    start = time.perf_counter()
    priced = price_module(text, config=config, time_limit=time_limit)
    return priced.plan.to_mlir(), _predicted(priced, notes, start)


def predict(text: str, config: str, time_limit: float, notes: list[str]) -> list[PredictedCollective]:
    """Our collectives for an annotated module (HLO kind spelling, axes in mesh order, per occurrence)."""
    start = time.perf_counter()
    return _predicted(price_module(text, config=config, time_limit=time_limit), notes, start)


def _predicted(priced, notes: list[str], start: float) -> list[PredictedCollective]:
    order = {name: i for i, name in enumerate(priced.plan.mesh.axis_names)}
    notes.append(f"ours: {priced.num_given} values given, {priced.num_completed} completed "
                 f"(solver {priced.plan.solver.status}, {time.perf_counter() - start:.1f}s), modeled step "
                 f"{priced.plan.cost.step_time_s * 1e6:.1f} us, comm {priced.plan.cost.communication_s * 1e6:.1f} us")
    out = []
    duplicates = _repeated_reshards(priced.plan)
    for c in priced.collectives():
        key = (c.node, c.kind, c.axes, c.bytes_per_device)
        if duplicates.get(key, 0) > 0:
            duplicates[key] -= 1
            continue
        if c.kind == "all_slice" or (c.bytes_per_device == 0 and c.kind != "collective_permute"):
            continue
        axes = tuple(sorted(c.axes, key=lambda a: order.get(a.split(":")[0], len(order))))
        out.append(PredictedCollective(c.kind.replace("_", "-"), axes, c.bytes_per_device))
    return out


def _repeated_reshards(plan) -> dict[tuple, int]:
    """Collectives of reshards that repeat an earlier edge's reshard of the same value to the same sharding,
    keyed (consumer node, kind, axes, bytes): XLA's CSE merges those constraints into one reshard."""
    from autoshard.planner.plan import resharded_edges
    from autoshard.planner.pricing import PlanCostModel

    model = PlanCostModel(plan.config)
    graph, assignment = plan.graph, plan.assignment
    seen: set[tuple] = set()
    repeated: dict[tuple, int] = {}
    for e, src, dst in resharded_edges(graph, assignment):
        if (e.producer, e.out_port, dst) not in seen:
            seen.add((e.producer, e.out_port, dst))
            continue
        for _, cost in model.reshard_steps(src, dst, graph.nodes[e.producer].outputs[e.out_port]):
            key = (e.consumer, cost.kind, cost.axes, cost.bytes_per_device)
            repeated[key] = repeated.get(key, 0) + 1
    return repeated


PERMUTE_AXES = "(pairs)"


def side_by_side(record: dict) -> list[dict]:
    """Rows per (kind, axes): XLA's and our count and bytes per device, ratio, and what differs."""
    table: dict[tuple[str, str], dict] = {}
    for side, items in (("xla", record["collectives"]), ("ours", record["predicted"])):
        for c in items:
            # a collective-permute exchanges along source/target pairs, not device groups of mesh axes: compared
            # by kind, count and bytes only
            axes = PERMUTE_AXES if c["kind"] == "collective-permute" else c["axes"]
            row = table.setdefault((c["kind"], axes), {"kind": c["kind"], "axes": axes, "xla_count": 0,
                                                       "xla_bytes": 0.0, "ours_count": 0, "ours_bytes": 0.0})
            row[f"{side}_count"] += c.get("combined", 1)
            row[f"{side}_bytes"] += c["bytes_per_device"]
    rows = []
    for key in sorted(table):
        row = table[key]
        if row["xla_count"] == 0:
            row["verdict"] = "extra (only ours)"
        elif row["ours_count"] == 0:
            row["verdict"] = "missing (only XLA)"
        else:
            ratio = row["ours_bytes"] / row["xla_bytes"] if row["xla_bytes"] else float("inf")
            row["ratio"] = ratio
            same_bytes = abs(ratio - 1.0) <= 1e-6
            row["verdict"] = ("equal" if same_bytes and row["xla_count"] == row["ours_count"] else
                              f"bytes x{ratio:.3g}" + ("" if row["xla_count"] == row["ours_count"] else
                                                      f", count {row['ours_count']} vs {row['xla_count']}"))
        rows.append(row)
    return rows


def print_table(record: dict, rows: Sequence[dict]) -> None:
    mesh = "x".join(f"{k}={v}" for k, v in record["mesh"].items())
    verdict = "XLA result matches unsharded" if record["matches"] else "XLA result MISMATCH"
    print(f"\n{record['model']} / {record['strategy']} (mesh {mesh}; {verdict})")
    for note in record.get("notes", []):
        print(f"  {note}")
    print(f"  {'kind':<18} {'axes':<12} {'XLA n':>5} {'XLA B/dev':>12} {'ours n':>6} {'ours B/dev':>12}  verdict")
    for r in rows:
        print(f"  {r['kind']:<18} {r['axes']:<12} {r['xla_count']:>5} {r['xla_bytes']:>12.0f} "
              f"{r['ours_count']:>6} {r['ours_bytes']:>12.0f}  {r['verdict']}")
    if not rows:
        print("  (no collectives on either side)")
        return
    xla_total, ours_total = sum(r["xla_bytes"] for r in rows), sum(r["ours_bytes"] for r in rows)
    ratio = f"x{ours_total / xla_total:.3g}" if xla_total else "-"
    print(f"  {'total':<18} {'':<12} {sum(r['xla_count'] for r in rows):>5} {xla_total:>12.0f} "
          f"{sum(r['ours_count'] for r in rows):>6} {ours_total:>12.0f}  {ratio}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO_MODELS))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--zoo-dir", type=Path, default=REPO_ROOT / "tests" / "data" / "zoo")
    parser.add_argument("--config", default="host-cpu", help="hardware profile for our prediction (default host-cpu)")
    parser.add_argument("--time-limit", type=float, default=20.0, help="solver time limit to complete values")
    parser.add_argument("--args-only", action="store_true",
                        help="compile the expert-annotated module (Shardy propagation completes it) instead of ours")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    records, differences = [], 0
    for model in args.models.split(","):
        for strategy in args.strategies.split(","):
            notes: list[str] = []

            def predictor(text: str, notes=notes) -> list[PredictedCollective]:
                return predict(text, args.config, args.time_limit, notes)

            def completer(text: str, notes=notes) -> tuple[str, list[PredictedCollective]]:
                return complete_and_predict(text, args.config, args.time_limit, notes)

            try:
                if args.args_only:
                    record = collect(model, strategy, args.zoo_dir, predict_collectives=predictor)
                else:
                    record = collect(model, strategy, args.zoo_dir, complete=completer)
            except UserError as e:
                print(f"\n{model} / {strategy}: error: {e}")
                records.append({"model": model, "strategy": strategy, "error": str(e)})
                differences += 1
                continue
            record["notes"] = notes
            rows = side_by_side(record)
            record["rows"] = rows
            differences += sum(r["verdict"] != "equal" for r in rows)
            records.append(record)
            if not args.json:
                print_table(record, rows)
            sys.stdout.flush()
    if args.json:
        print(json.dumps(records, indent=1, default=str))
    else:
        print(f"\n{differences} differing (kind, axes) rows over {len(records)} model/strategy pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
