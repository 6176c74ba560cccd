"""What XLA:GPU makes of the programs the benches price from XLA:CPU's compiled output: memory and step time.

The benches (`llm_scale.py`, `cost_vs_xla.py`) compile every file with XLA:CPU on host devices and price it with
a GPU profile, and the planner's memory model follows XLA:CPU's buffer assignment. This bench measures how far
that stands from XLA:GPU on a real GPU, on LLaMA-shaped training steps at one-GPU sizes:

    measure (on a machine with a CUDA GPU and jax; imports jax and examples/llm_steps.py, nothing of autoshard):
        python bench/xla_gpu.py measure --out DIR
      jits each step on the GPU and records XLA:GPU's memory analysis, the allocator's peak, the compiled HLO and
      the measured step time (median of timed steps after warm-up, state fed back as a training loop does);
    compare (here, with autoshard and the [xla] extra):
        python bench/xla_gpu.py compare DIR|RESULTS.jsonl [--profile h100-8]
      plans each step on one device, compiles it with XLA:CPU and prints autoshard's prediction, XLA:CPU's and
      XLA:GPU's memory and the predicted against the measured step time side by side.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "examples"))
import llm_steps as llm  # noqa: E402  (jax is imported on first use)

#: (model, layers, batch, seq, checkpoint): the scale bench's shapes at sizes one 80 GB GPU holds
REAL_STEPS = (
    ("llama3-8b", 2, 8, 1024, True),
    ("llama3-8b", 2, 8, 1024, False),
    ("llama3-1b", 4, 8, 1024, True),
)


# ------------------------------------------------------------------------------------------------------------
# measure: jax only


def _memory_record(stats) -> dict:
    return dict(argument_bytes=stats.argument_size_in_bytes, output_bytes=stats.output_size_in_bytes,
                temp_bytes=stats.temp_size_in_bytes, alias_bytes=stats.alias_size_in_bytes,
                generated_code_bytes=getattr(stats, "generated_code_size_in_bytes", 0))


def measure_one(model: str, layers: int, batch: int, seq: int, checkpoint: bool,
                out: Path | str, warmup: int = 2, steps: int = 5) -> dict:
    """Jit one step on the first GPU, compile, run warm-up + timed steps (state fed back, donated)."""
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    shape = llm.shape_of(model, layers=layers, batch=batch, seq=seq, checkpoint=checkpoint)
    start = time.perf_counter()
    compiled = llm.jitted_step(shape).lower(*llm.step_arguments(shape)).compile()
    compile_s = time.perf_counter() - start
    (Path(out) / f"{shape.tag}.gpu.hlo.gz").write_bytes(gzip.compress(compiled.as_text().encode()))
    record = dict(tag=shape.tag, compile_s=compile_s, device=str(jax.devices()[0].device_kind),
                  **_memory_record(compiled.memory_analysis()))
    params, m, v, step, tokens, targets = jax.tree.map(lambda a: jnp.zeros(a.shape, a.dtype),
                                                       llm.step_arguments(shape))
    times = []
    for i in range(warmup + steps):
        begin = time.perf_counter()
        params, m, v, loss = compiled(params, m, v, step, tokens, targets)
        jax.block_until_ready((params, m, v, loss))
        if i >= warmup:
            times.append(time.perf_counter() - begin)
    record |= dict(step_s=statistics.median(times), step_times_s=times)
    memory = jax.devices()[0].memory_stats() or {}
    record |= dict(peak_bytes_in_use=memory.get("peak_bytes_in_use"))
    return record


def _child(step: tuple, out: Path, timeout: float) -> dict:
    """Measure one step in a fresh process: its own allocator peak, its own log."""
    code = (f"import sys, json; sys.path.insert(0, {str(HERE)!r}); import xla_gpu; "
            "print('RESULT ' + json.dumps(xla_gpu.measure_one(*json.loads(sys.argv[1]), out=sys.argv[2])))")
    start = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-c", code, json.dumps(step), str(out)], capture_output=True,
                              text=True, timeout=timeout)
        stdout, log = proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        stdout, log = "", (e.stderr or b"").decode(errors="replace") + f"\ntimed out after {timeout:.0f} s"
    results = [json.loads(line[len("RESULT "):]) for line in stdout.splitlines() if line.startswith("RESULT ")]
    record = results[0] if results else dict(error=(log.strip().splitlines() or ["no output"])[-1][:400])
    return record | dict(step=list(step), wall_s=time.perf_counter() - start)


def measure(args: argparse.Namespace) -> int:
    import jax  # noqa: PLC0415

    args.out.mkdir(parents=True, exist_ok=True)
    print(f"jax {jax.__version__}, devices {jax.devices()}", flush=True)
    for step in REAL_STEPS:
        record = _child(step, args.out, args.timeout)
        with (args.out / "results.jsonl").open("a") as f:
            f.write(json.dumps(record) + "\n")
        print(json.dumps({k: v for k, v in record.items() if k != "step_times_s"}), flush=True)
    return 0


# ------------------------------------------------------------------------------------------------------------
# compare: here, with autoshard


def _total(r) -> int:
    return r["argument_bytes"] + r["output_bytes"] + r["temp_bytes"] - r["alias_bytes"]


def compare(args: argparse.Namespace) -> int:
    import autoshard  # noqa: PLC0415
    from autoshard.xla.compile_run import compiled_memory_stats  # noqa: PLC0415

    results = args.results / "results.jsonl" if args.results.is_dir() else args.results
    records = [json.loads(line) for line in results.read_text().splitlines()]
    print(f"one GPU per program; autoshard planned on one device with profile {args.profile}; memory in GB")
    print(f"{'program':30} {'device':22} {'pred mem':>8} {'XLA:CPU':>8} {'XLA:GPU':>8} {'GPU/pred':>8} "
          f"{'pred ms':>8} {'GPU ms':>8} {'GPU/pred':>8}")
    for r in records:
        if "error" in r:
            print(f"{str(r['step']):30} failed: {r['error']}")
            continue
        model, layers, batch, seq, checkpoint = r["step"]
        shape = llm.shape_of(model, layers=layers, batch=batch, seq=seq, checkpoint=checkpoint)
        text = llm.export(shape)
        cost = autoshard.plan(text, "data=1", args.profile, memory_budget=1 << 50, time_limit=5).cost
        cpu = compiled_memory_stats(text, 1, shape.tag).total_bytes
        gpu = _total(r)
        print(f"{shape.tag:30} {r['device'][:22]:22} {cost.peak_memory_bytes / 1e9:8.2f} {cpu / 1e9:8.2f} "
              f"{gpu / 1e9:8.2f} {gpu / cost.peak_memory_bytes:8.2f} {cost.step_time_s * 1e3:8.1f} "
              f"{r['step_s'] * 1e3:8.1f} {r['step_s'] / cost.step_time_s:8.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure", help="on the GPU machine: compile, run and record (jax only)")
    m.add_argument("--out", type=Path, required=True)
    m.add_argument("--timeout", type=float, default=240, help="seconds per step's compile and runs")
    c = sub.add_parser("compare", help="here: autoshard's prediction, XLA:CPU and XLA:GPU side by side")
    c.add_argument("results", type=Path, help="the folder `measure` wrote, or its results.jsonl (one H100's, "
                   "measured on 2026-11-26 with jax 0.11.2: bench/measured/xla_gpu_h100.jsonl)")
    c.add_argument("--profile", default="h100-8")
    args = parser.parse_args(argv)
    return measure(args) if args.command == "measure" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
