"""`autoshard simulate PLANNED.mlir`: run the plan per device in numpy and compare with the unsharded run."""

from __future__ import annotations

import argparse

from autoshard.interpreters.simulate import SimulationReport, describe_difference, simulate
from autoshard.ir.parse import parse_module
from autoshard.fileio import read_text

NAME = "simulate"
HELP = "run a planned module per device on local shards (numpy SPMD simulator) and compare with the reference"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="planned module (sdy.mesh and sdy.sharding annotations, optionally explicit collectives)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    parser.add_argument("--devices", action="store_true", help="print per-device shard shapes and bytes sent")
    parser.add_argument("--rtol", type=float, default=0.0, help="extra relative allowance on top of the rounding bound (default 0)")
    parser.add_argument("--atol", type=float, default=0.0, help="extra absolute allowance on top of the rounding bound (default 0)")
    parser.add_argument("--function", default=None, help="entry function (default @main)")


def _fmt_bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.2f} {unit}"
        n /= 1024
    return f"{n}"


def format_report(report: SimulationReport, devices: bool) -> str:
    lines = [f"devices: {report.num_devices}"]
    for i, r in enumerate(report.results):
        status = "ok" if r.ok else "MISMATCH"
        extra = f", replicas disagree by {r.replica_mismatch:.3g}" if r.replica_mismatch else ""
        lines.append(f"result {i}: {describe_difference(r)}{extra} {status}")
    if report.stats.counts:
        lines.append("collectives (count, max bytes sent by one device, total bytes):")
        for kind in report.stats.kinds():
            lines.append(
                f"  {kind}: {report.stats.counts[kind]}, {_fmt_bytes(report.stats.max_per_device(kind))}, "
                f"{_fmt_bytes(report.stats.total(kind))}"
            )
    else:
        lines.append("collectives: none")
    if report.implicit_reshards:
        lines.append(f"implicit operand reshards: {report.implicit_reshards}")
    if report.closest is not None:
        lines.append(f"closest to its rounding bound: {report.closest.describe()}")
    lines.append(f"ops run globally (gathered operands, fallback): {len(report.fallbacks)}")
    if report.fallbacks:
        for f in report.fallbacks:
            lines.append(f"  {f.op}{' at ' + f.location if f.location else ''}: {f.reason}")
    if devices:
        lines.append("per device (result local shapes; bytes sent per collective kind):")
        for d in report.device_ids:
            sent = ", ".join(f"{k}={_fmt_bytes(report.stats.bytes_sent[k].get(d, 0.0))}" for k in report.stats.kinds())
            lines.append(f"  device {d}: results {report.local_result_shapes}; {sent or 'nothing sent'}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    module = parse_module(read_text(args.input), args.input)
    report = simulate(module, seed=args.seed, rtol=args.rtol, atol=args.atol, function=args.function)
    print(format_report(report, args.devices))
    if report.ok:
        print("simulation matches the reference")
        return 0
    if report.first_mismatch is not None:
        print(f"simulation differs from the reference: first at {report.first_mismatch.describe()}")
    else:
        print("simulation differs from the reference in the results")
    return 1
