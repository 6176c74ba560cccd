"""Run `autoshard solve-iopddl` on the eleven IOPDDL instances, score each with the official evaluator, print a table.

    python bench/iopddl_bench.py [--scale 0.25] [--only A,B] [--seed 0]

Each instance gets its contest timeout (times --scale). Costs come from ../shared/tools/iopddl_score.py; reference
costs (XLA's and the best contest entry's) are read from the README table next to the instances.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
REF = SHARED / "reference" / "iopddl"
SCORER = SHARED / "tools" / "iopddl_score.py"


def reference_table() -> dict[str, tuple[int, int | None, int | None]]:
    """instance -> (timeout s, best entry cost, XLA cost) parsed from the reference README."""
    out = {}
    for line in (REF / "README.md").read_text().splitlines():
        m = re.match(r"\|\s*([A-Z])\s*\|\s*(\d+)\s*\|\s*(\d*)\s*\|\s*(\d*)\s*\|", line)
        if m:
            out[m[1]] = (int(m[2]), int(m[3]) if m[3] else None, int(m[4]) if m[4] else None)
    return out


def ratio(a: int | None, b: int | None) -> str:
    return "" if a is None or b is None else f"{a / b:.3f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", "--timeout-scale", dest="scale", type=float, default=1.0,
                    help="multiply every contest timeout by this")
    ap.add_argument("--only", default="", help="comma-separated instance letters")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if not REF.exists():
        print(f"reference instances not found at {REF}", file=sys.stderr)
        return 1
    table = reference_table()
    letters = [x for x in args.only.split(",") if x] or sorted(table)
    rows = []
    for name in letters:
        timeout, best, xla = table[name]
        limit = timeout * args.scale
        problem = REF / f"asplos-2025-iopddl-{name}.json.gz"
        t0 = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "autoshard.tools.cli", "solve-iopddl", str(problem), f"{limit:g}", "--seed", str(args.seed)],
            capture_output=True, text=True,
        )
        used = time.monotonic() - t0
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(run.stdout)
        score = subprocess.run([sys.executable, str(SCORER), str(problem), f.name], capture_output=True, text=True)
        Path(f.name).unlink()
        ours = int(score.stdout.strip()) if score.returncode == 0 else None
        status = run.stderr.strip().splitlines()[-1][:60] if run.stderr.strip() else ""
        rows.append((name, ours, xla, best, ratio(ours, xla), ratio(ours, best), f"{used:.1f}/{limit:g}",
                     "" if ours is not None else score.stdout.strip()))
        print(f"{name}: cost {ours} in {used:.1f}s ({status})", file=sys.stderr, flush=True)
    print("| instance | our cost | XLA | best entry | ours/XLA | ours/best | time used/limit (s) | note |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join("" if x is None else str(x) for x in r) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
