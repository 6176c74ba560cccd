"""Predicted against compiled on reduced-dimension training steps of several model families: the model's prices and
memory checked on programs it was not tuned for, each written file compiled by XLA unmodified.

Each cell exports a 2-layer training step of one family (`examples/llm_steps.py`: LLaMA, GPT-NeoX/Pythia, Gemma 2,
Qwen 2.5, a Mixtral-shaped mixture of experts; `jax.checkpoint` per layer unless the cell says otherwise) at small
widths, plans it with `--carry-state` on a mesh of 64 to 256 host devices, writes the plan and compiles the file
with XLA:CPU on that many devices (compile only). It prints, per cell: the predicted and compiled step (the
compiled program's kernels priced by `autoshard.xla.hlo_cost`, its collectives by the profile's links), their
ratio, predicted and compiled memory (XLA's arguments + outputs + temporaries - aliased) and their ratio, XLA's
"Involuntary full rematerialization" warnings, and each collective kind whose count or bytes differ from the plan's.

    python bench/slice_fidelity.py [--cells llama-8x8,mixtral-8x8] [--time-limit 5] [--config h100-cluster]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "examples"))

#: the 8B step's proportions at a size where activations, not XLA's fixed buffers, set the peak
LLAMA = dict(hidden=512, heads=8, kv_heads=2, ffn=1792, vocab=4096)


@dataclass(frozen=True)
class Cell:
    model: str
    mesh: str
    sizes: dict = field(default_factory=dict)
    checkpoint: bool = True
    dtype: str = "f32"


CELLS = {
    "llama-8x8": Cell("llama3-8b", "data=8,model=8", LLAMA),
    "llama-16x16": Cell("llama3-8b", "data=16,model=16", LLAMA),
    "llama-4x2x2x4": Cell("llama3-8b", "a=4,b=2,c=2,d=4", LLAMA),
    "llama-unchecked-8x8": Cell("llama3-8b", "data=8,model=8", LLAMA, checkpoint=False),
    "llama-bf16-8x8": Cell("llama3-8b", "data=8,model=8", LLAMA, dtype="bf16"),
    "pythia-8x8": Cell("pythia-6.9b", "data=8,model=8", dict(hidden=512, heads=8, kv_heads=8, ffn=2048, vocab=4096)),
    "gemma2-8x8": Cell("gemma2-9b", "data=8,model=8",
                       dict(hidden=448, heads=16, kv_heads=8, attention_head_dim=32, ffn=1792, vocab=32000)),
    "qwen-8x8": Cell("qwen2.5-7b", "data=8,model=8", dict(hidden=448, heads=14, kv_heads=2, ffn=2368, vocab=4096)),
    "mixtral-8x8": Cell("mixtral-8x7b", "data=8,model=8", LLAMA),
}

#: compile one written file on N host devices (`compile_run.compile_only`); print XLA's compiled memory, write its HLO
COMPILE = """
import sys
from autoshard.xla.compile_run import compile_only
program = compile_only(open(sys.argv[1]).read(), int(sys.argv[2]), sys.argv[1])
open(sys.argv[3], "w").write(program.hlo_text)
print(program.memory.total_bytes)
"""


def run_cell(name: str, cell: Cell, config: str, time_limit: float, work: Path) -> dict:
    import llm_steps

    import autoshard
    from autoshard.emit import emit_plan
    from autoshard.planner.user_constraints import PlanOptions
    from autoshard.xla.hlo_cost import hlo_cost
    from autoshard.xla.jax_runtime import with_device_count_flag
    from autoshard.xla.plan_vs_xla import compare_plan_with_xla

    shape = replace(llm_steps.shape_of(cell.model, layers=2, batch=64, seq=256, checkpoint=cell.checkpoint,
                                       dtype=cell.dtype), **cell.sizes)
    plan = autoshard.plan(llm_steps.export(shape), mesh=cell.mesh, config=config, time_limit=time_limit, seed=0,
                          num_workers=1, options=PlanOptions(carry_state=True))
    written, hlo = work / f"{name}.mlir", work / f"{name}.hlo"
    written.write_text(emit_plan(plan))
    n = plan.mesh.num_devices
    env = {**os.environ, "JAX_PLATFORMS": "cpu",
           "XLA_FLAGS": with_device_count_flag(os.environ.get("XLA_FLAGS", ""), n)}
    done = subprocess.run([sys.executable, "-c", COMPILE, str(written), str(n), str(hlo)], env=env,
                          capture_output=True, text=True, cwd=REPO_ROOT)
    if done.returncode:
        return dict(cell=name, error=(done.stderr.strip().splitlines() or ["no output"])[-1])
    text = hlo.read_text()
    comparison = compare_plan_with_xla(plan, text)
    compiled_step = hlo_cost(text, plan.config).compute_s + comparison.communication_s("compiled")
    compiled_memory = int(done.stdout.split()[-1])
    return dict(cell=name, predicted_step=plan.cost.step_time_s, compiled_step=compiled_step,
                predicted_memory=plan.cost.peak_memory_bytes, compiled_memory=compiled_memory,
                remat=done.stderr.count("Involuntary full rematerialization"),
                differing=[f"{r.kind} over {r.axes}: {r.verdict}" for r in comparison.differing])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", default=",".join(CELLS), help=f"comma-separated, of: {', '.join(CELLS)}")
    parser.add_argument("--config", default="h100-cluster")
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--json", action="store_true", help="one JSON record per cell")
    args = parser.parse_args(argv)
    names = [c for c in args.cells.split(",") if c]
    unknown = [c for c in names if c not in CELLS]
    if unknown:
        parser.error(f"unknown cell(s) {', '.join(unknown)}; known: {', '.join(CELLS)}")
    print(f"{'cell':<22} {'pred step':>10} {'XLA step':>10} {'ratio':>6} {'pred MB':>9} {'XLA MB':>9} {'ratio':>6}"
          f" {'remat':>5}")
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            r = run_cell(name, CELLS[name], args.config, args.time_limit, Path(work))
            if args.json:
                print(json.dumps(r), flush=True)
                continue
            if "error" in r:
                print(f"{name:<22} compile failed: {r['error']}", flush=True)
                continue
            print(f"{name:<22} {r['predicted_step']:>10.4e} {r['compiled_step']:>10.4e}"
                  f" {r['predicted_step'] / r['compiled_step']:>6.3f} {r['predicted_memory'] / 1e6:>9.1f}"
                  f" {r['compiled_memory'] / 1e6:>9.1f} {r['predicted_memory'] / r['compiled_memory']:>6.3f}"
                  f" {r['remat']:>5}", flush=True)
            for line in r["differing"]:
                print(f"{'':<22}   {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
