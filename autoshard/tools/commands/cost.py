"""`autoshard cost IN.mlir`: price a sharded module (given shardings fixed, the rest completed at least cost)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from autoshard.errors import UserError
from autoshard.planner.price_module import PricedModule, price_module
from autoshard.fileio import read_text
from autoshard.units import parse_bytes

NAME = "cost"
HELP = "price a sharded module: per-op compute, each implied collective, peak memory, modeled step time"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="sharded StableHLO module (.mlir): `autoshard plan` output or hand-annotated")
    p.add_argument("--mesh", help="mesh axes major to minor, e.g. data=2,model=4 (when the module has no sdy.mesh)")
    p.add_argument("--config", help="hardware profile name (configs/hardware) or YAML file (default profile if absent)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument("--memory-budget", help="per-device memory limit, e.g. 16GiB (default: the profile's memory)")
    p.add_argument("--time-limit", type=float, default=10.0,
                   help="solver time limit in seconds for completing unsharded values (default 10)")
    p.add_argument("--top", type=int, default=10, help="how many ops to list by compute time (default 10)")
    p.add_argument("--function", help="function to price (default @main)")


def run(args: argparse.Namespace) -> int:
    read_text(args.input)  # a clear error for a missing or unreadable input before any work
    if args.time_limit <= 0:
        raise UserError(f"--time-limit must be positive, got {args.time_limit:g}")
    if args.top < 0:
        raise UserError(f"--top must be >= 0, got {args.top}")
    priced = price_module(
        Path(args.input),
        mesh=args.mesh,
        config=args.config,
        memory_budget=parse_bytes(args.memory_budget) if args.memory_budget else None,
        time_limit=args.time_limit,
        function=args.function,
    )
    if args.json:
        print(json.dumps(priced.to_json(top_ops=args.top), indent=2))
    else:
        print_cost(priced, sys.stdout, args.top)
    return 0


def _seconds(s: float) -> str:
    if s == 0:
        return "0 s"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if abs(s) >= scale:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def _bytes(n: float) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if abs(n) >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n:.0f} B"


def print_cost(priced: PricedModule, out: TextIO, top: int = 10) -> None:
    """The human-readable cost report."""
    plan, cost = priced.plan, priced.plan.cost
    mesh = " x ".join(f"{k}={v}" for k, v in plan.mesh.shape.items())
    print(f"mesh {mesh} (from {priced.mesh_source}), hardware {priced.config.name}", file=out)
    total = priced.num_given + priced.num_completed
    line = f"shardings: {priced.num_given} of {total} values given (fixed)"
    if priced.num_completed:
        line += f", {priced.num_completed} completed the cheapest way (solver {plan.solver.status})"
    else:
        line += ", none completed"
    print(line, file=out)
    print(f"modeled step time {_seconds(cost.step_time_s)} = compute {_seconds(cost.compute_s)} + "
          f"communication {_seconds(cost.communication_s)}", file=out)
    budget = f" (budget {_bytes(cost.memory_budget_bytes)})" if cost.memory_budget_bytes else ""
    print(f"peak memory per device {_bytes(cost.peak_memory_bytes)}{budget}", file=out)
    ops = priced.op_compute()
    if top and ops:
        print(f"top {min(top, len(ops))} of {len(ops)} ops by compute:", file=out)
        for o in ops[:top]:
            times = f" x{o.count}" if o.count > 1 else ""
            print(f"  {_seconds(o.seconds):>10}  {o.label} (node {o.node}){times}", file=out)
    collectives = priced.collectives()
    print(f"collectives: {len(collectives)}", file=out)
    for c in collectives:
        times = f" x{c.count}" if c.count > 1 else ""
        print(f"  {c.kind:<18} axes {','.join(c.axes) or '-':<12} {_bytes(c.bytes_per_device):>10}/device "
              f"{_seconds(c.time_s):>10}{times}  {c.where}", file=out)
    for w in priced.warnings:
        print(f"warning: {w}", file=out)
