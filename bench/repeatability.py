"""Same seed, same plan, however loaded the machine: plan each model on a quiet machine, then again while busy
processes (more than there are cores) compete with it; print both solve times, their ratio, and whether the two
plans are identical. With `--wall-clock` the search stops on wall time instead, for comparison.

`work_s` is the work the quiet solve counted (work-clock seconds) and `wall/work` its wall seconds per work-clock
second: about 1 where the work clock's rates (fitted on a 2-core machine) suit the machine.

    python bench/repeatability.py [--models mlp,gpt_train_step,moe] [--meshes 2x4,2x2x2] [--time-limit 10]
                                  [--hogs 3] [--wall-clock]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from autoshard.emit import emit_plan

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _busy(stop) -> None:
    x = 0
    while not stop.is_set():  # checked rarely: the Event's shared lock would otherwise put the hogs to sleep
        for _ in range(200_000):
            x += 1


def plan_once(path: Path, mesh: str, time_limit: float, deterministic: bool):
    """(annotated module, the solve's wall seconds, its work-clock seconds or None, status, gap) of one plan."""
    import autoshard

    axes = ",".join(f"{name}={size}" for name, size in zip(("data", "fsdp", "model"), mesh.split("x")))
    plan = autoshard.plan(path, mesh=axes, time_limit=time_limit, seed=0, deterministic=deterministic)
    s = plan.solver
    return emit_plan(plan), s.wall_time_s, s.extra.get("work_clock_s"), s.status, s.gap


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default="mlp,gpt_train_step,moe")
    ap.add_argument("--meshes", default="2x4,2x2x2")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--hogs", type=int, default=3, help="busy processes during the second run (default 3)")
    ap.add_argument("--wall-clock", action="store_true", help="stop the search on wall time, not counted work")
    args = ap.parse_args()
    print(f"{'model':>16} {'mesh':>6} {'status':>9} {'gap':>6} {'work_s':>7} {'quiet_s':>8} {'wall/work':>9} "
          f"{'busy_s':>8} {'busy/quiet':>10} {'same plan':>9}", flush=True)
    ctx = multiprocessing.get_context("spawn")
    same_count = total = 0
    for model in args.models.split(","):
        path = ROOT / "examples" / f"{model}.mlir"
        for mesh in args.meshes.split(","):
            quiet, quiet_s, work_s, status, gap = plan_once(path, mesh, args.time_limit, not args.wall_clock)
            stop = ctx.Event()
            hogs = [ctx.Process(target=_busy, args=(stop,)) for _ in range(args.hogs)]
            for h in hogs:
                h.start()
            try:
                busy, busy_s, _, _, _ = plan_once(path, mesh, args.time_limit, not args.wall_clock)
            finally:
                stop.set()
                for h in hogs:
                    h.join()
            same = quiet == busy
            same_count += same
            total += 1
            work = f"{work_s:>7.1f} {quiet_s:>8.1f} {quiet_s / max(work_s, 1e-9):>9.2f}" if work_s is not None else \
                f"{'-':>7} {quiet_s:>8.1f} {'-':>9}"
            print(f"{model:>16} {mesh:>6} {status:>9} {gap:>6.3f} {work} {busy_s:>8.1f} {busy_s / quiet_s:>10.2f} "
                  f"{'yes' if same else 'NO':>9}", flush=True)
    print(f"identical plans: {same_count} of {total}")


if __name__ == "__main__":
    main()
