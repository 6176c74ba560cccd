"""What XLA compiles for LLaMA- and Mixtral-shaped training steps on 64-256 host devices, per layout, side by side.

A cell is a model shape (`examples/llm_steps.py`: one AdamW step, parameters and moments donated, a
`jax.checkpoint` per layer unless `--no-checkpoint`) on a mesh:
`8x8` (data=8,model=8), `16x16` (data=16,model=16) or `4x2x2x4` (data=4,fsdp=2,seq=2,model=4); the last axis is
the fast intra-node "model" axis. Per cell, each layout's file is written and compiled by XLA:

- `autoshard`: the exported step planned as `autoshard plan IN --mesh M --config h100-cluster --carry-state
  --time-limit T [--remat auto]` plans it (seed 0), written by `emit_plan`;
- expert layouts, written as users write them, as `jax.jit` argument and result shardings lowered to text:
  `data_parallel` (state replicated, batch over every axis), `fsdp` (every state leaf over every axis on its
  largest dim the device count divides), `fsdp_tp` (Megatron tensor parallelism on "model", FSDP over the other
  axes on another dim, batch over the other axes), `megatron` (tensor parallelism on "model" only). With
  `--experts-checkpointed` they are written for the step with `jax.checkpoint` around each layer, as users
  checkpoint by hand, whatever `--checkpoint` says (autoshard's row: the program `--checkpoint` names, with its
  own recomputation under `--remat auto`).

Every file is compiled as written (only the partition count set, as `autoshard.xla.compile_run` compiles) in a
subprocess with N host CPU devices, never run; the compiled program is priced by the profile (kernels by
`autoshard.xla.hlo_cost`, collectives by `autoshard.xla.plan_vs_xla.compiled_totals`), its memory taken from XLA
(arguments + outputs + temporaries - aliased, per device) and XLA's "Involuntary full rematerialization" warnings
counted. The batch defaults to the larger of the model's (64) and the mesh's device count.

    python bench/llm_scale.py [--quick] [--cells llama3-8b@8x8,llama3-1b@4x2x2x4] [--models llama3-8b]
        [--meshes 8x8] [--layouts autoshard,fsdp_tp] [--layers 2] [--seq 1024] [--batch 64] [--no-checkpoint]
        [--bf16] [--budget 80GB] [--time-limit 15] [--remat auto] [--experts-checkpointed] [--work /tmp/llm_scale]
        [--fresh] [--json]

Results are cached in `--work` (exported models, written files, compiled HLO, XLA logs and results.jsonl keyed by
cell and layout): a rerun resumes, `--fresh` ignores the cache. Stage timings go to stderr, the tables to stdout.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "examples"))
from llm_steps import MODELS, LlmShape, shape_of  # noqa: E402

PROFILE = "h100-cluster"
AUTOSHARD = "autoshard"
EXPERTS = ("data_parallel", "fsdp", "fsdp_tp", "megatron")
LAYOUTS = (AUTOSHARD, *EXPERTS)
TP_AXIS = "model"
REMAT_WARNING = "Involuntary full rematerialization"
GB = 1e9
#: the dim Megatron puts on the model axis, per parameter name: column-parallel (output dim), row-parallel
#: (input dim), vocab; MoE weights [E, h, f] / [E, f, h] shard f the same way; norms and the router replicate
TP_DIMS = {"wq": -1, "wk": -1, "wv": -1, "w_gate": -1, "w_up": -1, "wo": -2, "w_down": -2, "head": -1, "embed": 0,
           "w_qkv": -1, "b_qkv": -1, "w_fc": -1, "b_fc": -1, "w_proj": -2}


@dataclass(frozen=True)
class MeshSpec:
    """A named device mesh, axes major to minor."""

    name: str
    axes: tuple[tuple[str, int], ...]

    @property
    def spec(self) -> str:
        return ",".join(f"{a}={n}" for a, n in self.axes)

    @property
    def num_devices(self) -> int:
        return math.prod(n for _, n in self.axes)


MESHES = {m.name: m for m in (
    MeshSpec("8x8", (("data", 8), ("model", 8))),
    MeshSpec("16x16", (("data", 16), ("model", 16))),
    MeshSpec("4x2x2x4", (("data", 4), ("fsdp", 2), ("seq", 2), ("model", 4))),
)}
DEFAULT_CELLS = (("llama3-1b", "8x8"), ("llama3-1b", "4x2x2x4"), ("llama3-8b", "8x8"), ("llama3-8b", "4x2x2x4"),
                 ("llama3-8b", "16x16"), ("llama3-70b", "16x16"), ("mixtral-8x7b", "8x8"))
QUICK = dict(cells=(("llama3-8b", "8x8"),), layers=2)


@dataclass(frozen=True)
class Cell:
    shape: LlmShape
    mesh: MeshSpec

    @property
    def key(self) -> str:
        return f"{self.shape.tag}@{self.mesh.name}"


# ----------------------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True)
class PlanStats:
    """The planner's side of the autoshard layout."""

    plan_s: float
    status: str
    gap: float | None = None
    predicted_step_s: float | None = None
    predicted_memory_bytes: int | None = None
    recomputed: str | None = None  # the checkpoint policies `--remat auto` chose per layer, if any
    stages_s: dict[str, float] | None = None  # wall seconds per stage of planning, and writing (`Plan.stages`)


@dataclass(frozen=True)
class CompiledStats:
    """One compiled program: XLA's memory per device, its warnings, how long it took, and its priced step."""

    lower_s: float  # jax.jit lowering of an expert layout (0 for autoshard)
    compile_s: float
    argument_bytes: int
    output_bytes: int
    temp_bytes: int
    alias_bytes: int
    remat_warnings: int
    compute_s: float = 0.0
    communication_s: float = 0.0
    unpriced_collectives: int = 0  # collectives whose groups are no set of mesh axes (left out of communication_s)
    priced_by: str | None = None  # `pricer_version()` of the code that priced it

    @property
    def memory_bytes(self) -> int:
        return self.argument_bytes + self.output_bytes + self.temp_bytes - self.alias_bytes

    @property
    def step_s(self) -> float:
        return self.compute_s + self.communication_s


@dataclass(frozen=True)
class LayoutResult:
    """One (cell, layout): "ok" or why not, the plan (autoshard) and the compiled program."""

    cell: str
    layout: str
    status: str
    budget_bytes: int
    time_limit: float | None = None  # autoshard only
    code: str | None = None  # autoshard only: the planner's version (`git describe --always --dirty`)
    plan: PlanStats | None = None
    compiled: CompiledStats | None = None
    remat: str | None = None  # autoshard only: "auto" when planned with `--remat auto`
    #: the cell whose program an expert layout was written for (another one under `--experts-checkpointed`)
    program: str | None = None

    @property
    def cache_key(self) -> tuple:
        return self.cell, self.layout, self.budget_bytes, self.time_limit, self.code, self.remat

    @property
    def fits(self) -> bool:
        return self.compiled is not None and self.compiled.memory_bytes <= self.budget_bytes

    def to_json(self) -> dict:
        """The record with the compiled step and memory, and whether it fits, spelled out."""
        derived = {} if self.compiled is None else dict(step_s=self.compiled.step_s,
                                                          memory_bytes=self.compiled.memory_bytes, fits=self.fits)
        return asdict(self) | derived

    @staticmethod
    def from_json(d: dict) -> LayoutResult:
        plan, compiled = d.get("plan"), d.get("compiled")
        return LayoutResult(**{**d, "plan": plan and PlanStats(**plan),
                               "compiled": compiled and CompiledStats(**compiled)})


class Results:
    """results.jsonl in the work folder: one record per line, the last one per key wins; errors are not kept."""

    def __init__(self, path: Path, fresh: bool):
        self.path = path
        self.by_key: dict[tuple, LayoutResult] = {}
        if path.exists() and not fresh:
            for line in path.read_text().splitlines():
                r = LayoutResult.from_json(json.loads(line))
                self.by_key[r.cache_key] = r
        elif fresh and path.exists():
            path.unlink()

    def get(self, key: tuple) -> LayoutResult | None:
        r = self.by_key.get(key)
        return None if r is None or r.status.startswith("error") else r

    def add(self, r: LayoutResult) -> None:
        self.by_key[r.cache_key] = r
        with self.path.open("a") as f:
            f.write(json.dumps(asdict(r)) + "\n")


class BenchError(Exception):
    """A failure this benchmark words itself (a compile worker's)."""


def describe(e: BaseException) -> str:
    """An exception in one line: the first line of its message, after its type unless it is a `BenchError`."""
    lines = str(e).strip().splitlines() or [""]
    return lines[0] if isinstance(e, BenchError) else f"{type(e).__name__}: {lines[0]}".rstrip(": ")


@functools.cache
def code_version() -> str:
    """The planner's version, so a cached autoshard result is reused only by the code that made it."""
    done = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True, cwd=REPO_ROOT)
    return done.stdout.strip() or "unknown"


@functools.cache
def pricer_version() -> str:
    """A digest of what prices a compiled program (the HLO readers of `autoshard.xla`, the cost model, the profile),
    so a cached program is priced again when any of it has changed (its HLO is kept beside it)."""
    from autoshard.sharding.hardware_profiles import load_config  # noqa: PLC0415

    digest = hashlib.blake2b(digest_size=8)
    xla, costmodel = REPO_ROOT / "autoshard" / "xla", REPO_ROOT / "costmodel"
    for path in [*sorted(xla.glob("hlo_*.py")), xla / "plan_vs_xla.py", *sorted(costmodel.glob("*.py"))]:
        digest.update(path.read_bytes())
    digest.update(repr(load_config(PROFILE)).encode())
    return digest.hexdigest()


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------------------------
# Expert layouts: PartitionSpec entries per leaf (pure; jax only builds them from these in the worker)

Spec = tuple[tuple[str, ...] | None, ...]


def axes_dividing(size: int, axes: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The axes, in mesh order, taken greedily while their product divides `size`."""
    chosen, product = [], 1
    for name, n in axes:
        if size % (product * n) == 0:
            chosen.append(name)
            product *= n
    return tuple(chosen)


def fsdp_dim(shape: Sequence[int], count: int, exclude: int | None = None) -> int | None:
    """The largest dim (not `exclude`) that `count` divides, or None."""
    dims = [d for d in range(len(shape)) if d != exclude and shape[d] % count == 0]
    return max(dims, key=lambda d: shape[d], default=None)


def leaf_spec(layout: str, name: str, shape: Sequence[int], mesh: MeshSpec) -> Spec:
    """The expert layout's sharding of one parameter (or moment) leaf named `name`: axes per dim."""
    entries: list[tuple[str, ...] | None] = [None] * len(shape)
    if layout == "data_parallel":
        return tuple(entries)
    if layout == "fsdp":
        dim = fsdp_dim(shape, mesh.num_devices)
        if dim is not None:
            entries[dim] = tuple(a for a, _ in mesh.axes)
        return tuple(entries)
    tp_size = dict(mesh.axes)[TP_AXIS]
    tp = TP_DIMS.get(name)
    tp = None if tp is None or shape[tp] % tp_size else tp % len(shape)
    if tp is not None:
        entries[tp] = (TP_AXIS,)
    if layout == "fsdp_tp":
        rest = [(a, n) for a, n in mesh.axes if a != TP_AXIS]
        dim = fsdp_dim(shape, math.prod(n for _, n in rest), exclude=tp)
        if dim is not None:
            entries[dim] = tuple(a for a, _ in rest)
    return tuple(entries)


def batch_spec(layout: str, batch: int, mesh: MeshSpec) -> Spec:
    """Tokens' and targets' [batch, seq] sharding: batch over every axis, or every axis but "model" with TP."""
    axes = mesh.axes if layout in ("data_parallel", "fsdp") else [(a, n) for a, n in mesh.axes if a != TP_AXIS]
    return (axes_dividing(batch, axes) or None, None)


def expert_shardings(layout: str, shape: LlmShape, mesh: MeshSpec, devices: list):
    """(in_shardings, out_shardings) of `jitted_step` for an expert layout on `devices` (the worker calls this)."""
    import jax  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415
    from jax.sharding import Mesh, NamedSharding, PartitionSpec  # noqa: PLC0415
    from llm_steps import parameter_specs  # noqa: PLC0415

    jax_mesh = Mesh(np.array(devices).reshape([n for _, n in mesh.axes]), [a for a, _ in mesh.axes])

    def named(spec: Spec) -> NamedSharding:
        return NamedSharding(jax_mesh, PartitionSpec(*spec))

    def leaf(path, value) -> NamedSharding:
        name = next(k.key for k in reversed(path) if isinstance(k, jax.tree_util.DictKey))
        return named(leaf_spec(layout, name, value.shape, mesh))

    state = jax.tree_util.tree_map_with_path(leaf, parameter_specs(shape))
    replicated = named(())
    tokens = named(batch_spec(layout, shape.batch, mesh))
    return (state, state, state, replicated, tokens, tokens), (state, state, state, replicated)


# ----------------------------------------------------------------------------------------------------------
# The compile worker (a subprocess with N host devices): lower an expert layout if asked, compile, report

_WORKER = "import sys; sys.path.insert(0, {bench!r}); from llm_scale import compile_worker; compile_worker(sys.argv[1])"


def compile_worker(request_path: str) -> None:
    """Lower (expert layouts) and compile one file as `compile_run` compiles it; write its HLO and a JSON record."""
    request = json.loads(Path(request_path).read_text())
    reply = Path(request["reply"])
    try:
        reply.write_text(json.dumps(_lower_and_compile(request)))
    except Exception as e:  # noqa: BLE001  (the parent reports it in one line)
        reply.write_text(json.dumps({"error": describe(e)}))


def _lower_and_compile(request: dict) -> dict:
    from autoshard.xla import compile_run, jaxlib_mlir  # noqa: PLC0415
    from autoshard.xla.jax_runtime import host_devices, request_host_devices  # noqa: PLC0415

    n = request["num_devices"]
    if not request_host_devices(n):
        raise BenchError(f"the worker has {len(host_devices())} host devices, {n} needed")
    devices = host_devices()[:n]
    text_path = Path(request["text"])
    lower_s = 0.0
    if request.get("expert"):
        from llm_steps import jitted_step, step_arguments  # noqa: PLC0415

        shape = LlmShape(**request["shape"])
        mesh = MeshSpec(request["mesh"]["name"], tuple(tuple(a) for a in request["mesh"]["axes"]))
        start = time.perf_counter()
        in_shardings, out_shardings = expert_shardings(request["expert"], shape, mesh, devices)
        text_path.write_text(jitted_step(shape, in_shardings, out_shardings).lower(*step_arguments(shape)).as_text())
        lower_s = time.perf_counter() - start
    start = time.perf_counter()
    context = jaxlib_mlir.make_jaxlib_context()
    module = jaxlib_mlir.parse_with_jaxlib(text_path.read_text(), context, str(text_path))
    jaxlib_mlir.set_num_partitions(module, context, n)
    executable = compile_run._compile(module, context, devices)
    compile_s = time.perf_counter() - start
    Path(request["hlo"]).write_text(executable.hlo_modules()[0].to_string())
    stats = executable.get_compiled_memory_stats()
    return dict(lower_s=lower_s, compile_s=compile_s, argument_bytes=stats.argument_size_in_bytes,
                output_bytes=stats.output_size_in_bytes, temp_bytes=stats.temp_size_in_bytes,
                alias_bytes=stats.alias_size_in_bytes)


def compile_in_subprocess(cell: Cell, layout: str, text: Path, cell_dir: Path) -> CompiledStats:
    """Run the worker with N host devices; XLA's stderr goes to LAYOUT.xla.log and its warnings are counted."""
    from autoshard.xla.jax_runtime import with_device_count_flag  # noqa: PLC0415

    n = cell.mesh.num_devices
    request = dict(text=str(text), num_devices=n, hlo=str(cell_dir / f"{layout}.hlo"),
                   reply=str(cell_dir / f"{layout}.reply.json"))
    if layout != AUTOSHARD:
        request |= dict(expert=layout, shape=asdict(cell.shape), mesh=asdict(cell.mesh))
    request_path = cell_dir / f"{layout}.request.json"
    request_path.write_text(json.dumps(request))
    Path(request["reply"]).unlink(missing_ok=True)
    env = dict(os.environ, XLA_FLAGS=with_device_count_flag(os.environ.get("XLA_FLAGS", ""), n), JAX_PLATFORMS="cpu")
    proc = subprocess.run([sys.executable, "-c", _WORKER.format(bench=str(Path(__file__).parent)), str(request_path)],
                          env=env, capture_output=True, text=True, cwd=REPO_ROOT)
    (cell_dir / f"{layout}.xla.log").write_text(proc.stderr)
    reply = Path(request["reply"])
    if not reply.exists():
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        killed = " (killed: out of memory?)" if proc.returncode in (-9, 137) else ""
        raise BenchError(f"compile worker exited {proc.returncode}{killed}: {tail}")
    result = json.loads(reply.read_text())
    if "error" in result:
        raise BenchError(result["error"])
    warnings = sum(REMAT_WARNING in line for line in proc.stderr.splitlines())
    return CompiledStats(remat_warnings=warnings, **result)


# ----------------------------------------------------------------------------------------------------------
# Pricing, planning, one layout


def price(stats: CompiledStats, hlo_text: str, mesh: MeshSpec) -> CompiledStats:
    """The compiled program's kernels and collectives priced by the profile (as bench/cost_vs_xla.py does)."""
    from autoshard.sharding.hardware_profiles import resolve_config  # noqa: PLC0415
    from autoshard.xla.hlo_cost import hlo_cost  # noqa: PLC0415
    from autoshard.xla.plan_vs_xla import compiled_totals  # noqa: PLC0415

    config = resolve_config(mesh.spec, PROFILE)
    totals = compiled_totals(hlo_text, mesh.axes, reduce_scatter=config.hardware.reduce_scatter, config=config)
    priced = [t.time_s for t in totals.values() if not math.isnan(t.time_s)]
    return replace(stats, compute_s=hlo_cost(hlo_text, config).compute_s, communication_s=sum(priced),
                   unpriced_collectives=sum(t.count for t in totals.values() if math.isnan(t.time_s)),
                   priced_by=pricer_version())


def plan_autoshard(model: Path, mesh: MeshSpec, budget: int, time_limit: float, written: Path,
                   remat: str | None) -> PlanStats:
    """Plan as `autoshard plan IN --mesh M --config h100-cluster --carry-state [--remat auto]` does and write the
    plan."""
    from autoshard.emit import emit_plan  # noqa: PLC0415
    from autoshard.errors import UserError  # noqa: PLC0415
    from autoshard.planner.api import plan  # noqa: PLC0415
    from autoshard.planner.remat.layer_assignment import assignment_text  # noqa: PLC0415
    from autoshard.planner.user_constraints import PlanOptions  # noqa: PLC0415

    start = time.perf_counter()
    try:
        result = plan(model, mesh=mesh.spec, config=PROFILE, memory_budget=budget, time_limit=time_limit, seed=0,
                      options=PlanOptions(carry_state=True), remat=remat or "off")
    except UserError as e:
        return PlanStats(time.perf_counter() - start, describe(e))
    plan_s = time.perf_counter() - start
    with result.stages.stage("write"):
        written.write_text(emit_plan(result, in_place=True))
    policy = assignment_text(result.recomputed.policies) if result.recomputed is not None else None
    return PlanStats(plan_s, result.solver.status, result.solver.gap, result.cost.step_time_s,
                     result.cost.peak_memory_bytes, policy, result.stages.to_json())


def run_layout(cell: Cell, layout: str, model: Path | None, cell_dir: Path, budget: int,
               time_limit: float, remat: str | None) -> LayoutResult:
    """Plan (autoshard) or lower (experts), compile and price one layout of a cell; errors become the status."""
    base = LayoutResult(cell.key, layout, "ok", budget, *((time_limit, code_version()) if layout == AUTOSHARD
                                                          else (None, None)),
                        remat=remat if layout == AUTOSHARD else None)
    written = cell_dir / f"{layout}.mlir"
    try:
        plan = None
        if layout == AUTOSHARD:
            plan = plan_autoshard(model, cell.mesh, budget, time_limit, written, remat)
            gap = "" if plan.gap is None else f", gap {plan.gap:.1%}"
            recomputed = f", recomputing {plan.recomputed}" if plan.recomputed else ""
            log(f"  {layout}: planned in {plan.plan_s:.1f} s ({plan.status}{gap}{recomputed})")
            if plan.stages_s:
                from autoshard.planner.stage_times import StageTimes  # noqa: PLC0415

                log(f"  {layout}: stages {StageTimes(dict(plan.stages_s)).text()}")
            if plan.predicted_step_s is None:
                return replace(base, status=plan.status, plan=plan)
        compiled = compile_in_subprocess(cell, layout, written, cell_dir)
        lowered = f"lowered in {compiled.lower_s:.1f} s, " if layout != AUTOSHARD else ""
        log(f"  {layout}: {lowered}compiled in {compiled.compile_s:.1f} s, {compiled.remat_warnings} remat warnings")
        start = time.perf_counter()
        compiled = price(compiled, (cell_dir / f"{layout}.hlo").read_text(), cell.mesh)
        log(f"  {layout}: priced in {time.perf_counter() - start:.1f} s")
        return replace(base, plan=plan, compiled=compiled)
    except Exception as e:  # noqa: BLE001  (one line per failed layout; the next one goes on)
        log(f"  {layout}: error: {describe(e)}")
        return replace(base, status=f"error: {describe(e)}")


def repriced(cached: LayoutResult, cell_dir: Path, mesh: MeshSpec, results: Results) -> LayoutResult:
    """`cached`, its compiled program priced again from its HLO when the pricer has changed since (and stored so)."""
    hlo = cell_dir / f"{cached.layout}.hlo"
    if cached.compiled is None or cached.compiled.priced_by == pricer_version() or not hlo.exists():
        return cached
    start = time.perf_counter()
    again = replace(cached, compiled=price(cached.compiled, hlo.read_text(), mesh))
    results.add(again)
    log(f"  {cached.layout}: priced again in {time.perf_counter() - start:.1f} s (the pricer has changed)")
    return again


def exported(shape: LlmShape, work: Path) -> Path:
    """The step's unsharded StableHLO in work/models/TAG.mlir (exported once)."""
    from llm_steps import export  # noqa: PLC0415

    path = work / "models" / f"{shape.tag}.mlir"
    if path.exists():
        log(f"  export: cached {path}")
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    text = export(shape)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)
    log(f"  export: {time.perf_counter() - start:.1f} s, {len(text) / 2**20:.1f} MiB -> {path}")
    return path


# ----------------------------------------------------------------------------------------------------------
# Output


def _num(value: float | None, spec: str, width: int) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:{width}{spec}}"


HEADER = (f"  {'layout':<21}{'XLA step s':>11}{'compute s':>11}{'comm s':>10}{'mem GB':>9} {'fits':<5}{'remat':>6}"
          f"{'compile s':>10} | {'plan s':>7} {'status':<10}{'gap':>7}{'pred step':>10}{'pred GB':>9}"
          f"{'step p/c':>9}{'mem p/c':>8}")


def format_row(r: LayoutResult, cell_key: str) -> str:
    """One layout's row; an expert written for another cell's program (the checkpointed step) is marked."""
    c, p = r.compiled, r.plan
    name = r.layout + (" (ckpt)" if r.program and r.program != cell_key else "")
    if c is None:
        head = f"  {name:<21}{r.status}"
        return head if p is None else f"{head} (planned in {p.plan_s:.1f} s)"
    row = (f"  {name:<21}{c.step_s:11.4f}{c.compute_s:11.4f}{c.communication_s:10.4f}{c.memory_bytes / GB:9.2f} "
           f"{'yes' if r.fits else 'NO':<5}{c.remat_warnings:6d}{c.compile_s:10.1f}")
    if c.unpriced_collectives:
        row += f" ({c.unpriced_collectives} collectives unpriced)"
    if p is None:
        return row
    step_ratio = p.predicted_step_s / c.step_s if c.step_s else None
    mem_ratio = p.predicted_memory_bytes / c.memory_bytes if c.memory_bytes else None
    return (f"{row} | {p.plan_s:7.1f} {p.status:<10}{_num(p.gap, '.1%', 7)}{_num(p.predicted_step_s, '.4f', 10)}"
            f"{_num(p.predicted_memory_bytes / GB, '.2f', 9)}{_num(step_ratio, '.3f', 9)}{_num(mem_ratio, '.3f', 8)}"
            + (f"  recomputes: {p.recomputed}" if p.recomputed else ""))


def verdict(results: Iterable[LayoutResult]) -> str | None:
    """autoshard's compiled step over the best expert layout's that fits the budget (None without both sides)."""
    by_layout = {r.layout: r for r in results}
    mine = by_layout.get(AUTOSHARD)
    if mine is None or len(by_layout) == 1:
        return None
    fitting = {r.layout: r.compiled.step_s for r in by_layout.values() if r.layout != AUTOSHARD and r.fits}
    if mine.compiled is None:
        return "  autoshard / best fitting expert: no compiled autoshard plan"
    if not fitting:
        return "  autoshard / best fitting expert: no expert layout fits the budget"
    best = min(fitting, key=fitting.get)
    note = "" if mine.fits else " (the autoshard plan does not fit the budget)"
    return f"  autoshard / best fitting expert ({best}): {mine.compiled.step_s / fitting[best]:.3f}{note}"


def print_cell(cell: Cell, results: list[LayoutResult], budget: int) -> None:
    print(f"{cell.key}: {cell.shape.parameter_count() / 1e9:.2f}B parameters, mesh {cell.mesh.spec} "
          f"({cell.mesh.num_devices} devices), budget {budget / GB:.0f} GB per device")
    print(HEADER)
    for r in results:
        print(format_row(r, cell.key))
    line = verdict(results)
    if line:
        print(line)
    sys.stdout.flush()


# ----------------------------------------------------------------------------------------------------------
# Cells and main


def select_cells(args: argparse.Namespace) -> list[Cell]:
    """The cells the options name: --cells MODEL@MESH,..., else the defaults narrowed by --models / --meshes."""
    if args.cells:
        pairs = [tuple(c.split("@", 1)) for c in args.cells.split(",")]
    else:
        pairs = list(QUICK["cells"] if args.quick else DEFAULT_CELLS)
        if args.models:
            pairs = [p for p in pairs if p[0] in args.models.split(",")]
        if args.meshes:
            pairs = [p for p in pairs if p[1] in args.meshes.split(",")]
    cells = []
    for pair in pairs:
        if len(pair) != 2 or pair[0] not in MODELS or pair[1] not in MESHES:
            raise SystemExit(f"error: no cell '{'@'.join(pair)}' (MODEL@MESH, models {', '.join(MODELS)}; "
                             f"meshes {', '.join(MESHES)})")
        mesh = MESHES[pair[1]]
        batch = args.batch or max(MODELS[pair[0]].batch, mesh.num_devices)
        shape = shape_of(pair[0], layers=args.layers, batch=batch, seq=args.seq, checkpoint=args.checkpoint,
                         dtype="bf16" if args.bf16 else None)
        cells.append(Cell(shape, mesh))
    if not cells:
        raise SystemExit("error: the --models / --meshes filters leave no default cell; name cells with --cells")
    return cells


def run_cell(cell: Cell, layouts: Sequence[str], args: argparse.Namespace, results: Results) -> list[LayoutResult]:
    from autoshard.sharding.hardware_profiles import resolve_config  # noqa: PLC0415

    budget = args.budget or int(resolve_config(cell.mesh.spec, PROFILE).hardware.memory_bytes)
    cell_dir = args.work / "cells" / cell.key
    cell_dir.mkdir(parents=True, exist_ok=True)
    log(f"{cell.key}:")
    model = None
    out = []
    remat = args.remat if args.remat != "off" else None
    for layout in layouts:
        mine = layout == AUTOSHARD
        # an expert written for the checkpointed step is that cell's expert (cached with it)
        written_for = cell if mine or not args.experts_checkpointed else replace(
            cell, shape=replace(cell.shape, checkpoint=True))
        key = (written_for.key, layout, budget, *((args.time_limit, code_version(), remat) if mine
                                                  else (None, None, None)))
        cached = results.get(key)
        if cached is not None:
            log(f"  {layout}: cached")
            cached = repriced(cached, args.work / "cells" / written_for.key, written_for.mesh, results)
            out.append(replace(cached, program=written_for.key))
            continue
        if mine and model is None:
            model = exported(cell.shape, args.work)
        written_dir = cell_dir if written_for is cell else args.work / "cells" / written_for.key
        written_dir.mkdir(parents=True, exist_ok=True)
        result = run_layout(written_for, layout, model, written_dir, budget, args.time_limit, remat)
        results.add(result)
        out.append(replace(result, program=written_for.key))
    print_cell(cell, out, budget)
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from autoshard.units import parse_bytes  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="llama3-8b on 8x8 with 2 layers (a few minutes)")
    parser.add_argument("--cells", help="MODEL@MESH,... (default: the benchmark's cells)")
    parser.add_argument("--models", help="keep the default cells of these models (comma-separated)")
    parser.add_argument("--meshes", help=f"keep the default cells on these meshes ({', '.join(MESHES)})")
    parser.add_argument("--layouts", default=",".join(LAYOUTS), help=f"subset of {','.join(LAYOUTS)}")
    parser.add_argument("--layers", type=int, help="decoder layers (default: the model's)")
    parser.add_argument("--seq", type=int, help="sequence length (default 1024)")
    parser.add_argument("--batch", type=int, help="global batch (default: max(64, mesh devices))")
    parser.add_argument("--checkpoint", action=argparse.BooleanOptionalAction, default=True,
                        help="jax.checkpoint around each layer (default: yes)")
    parser.add_argument("--bf16", action="store_true", help="bf16 parameters, f32 optimizer moments")
    parser.add_argument("--budget", type=parse_bytes, help="memory per device, e.g. 80GB (default: the profile's)")
    parser.add_argument("--time-limit", type=float, default=15.0, help="planner time limit in seconds (default 15)")
    parser.add_argument("--remat", choices=("off", "auto"), default="off",
                        help="autoshard's --remat: auto recomputes layers when no plan fits (default off)")
    parser.add_argument("--experts-checkpointed", action="store_true",
                        help="write the expert layouts for the step with jax.checkpoint per layer (as users do)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/llm_scale"), help="cache folder")
    parser.add_argument("--fresh", action="store_true", help="ignore cached results")
    parser.add_argument("--json", action="store_true", help="print every record as JSON at the end")
    args = parser.parse_args(argv)
    if not (math.isfinite(args.time_limit) and args.time_limit > 0):
        parser.error(f"--time-limit takes a positive number of seconds, got {args.time_limit:g}")
    if args.quick and args.layers is None:
        args.layers = QUICK["layers"]
    unknown = set(args.layouts.split(",")) - set(LAYOUTS)
    if unknown:
        parser.error(f"unknown layouts {', '.join(sorted(unknown))} (known: {', '.join(LAYOUTS)})")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    cells = select_cells(args)
    layouts = [layout for layout in LAYOUTS if layout in args.layouts.split(",")]
    print("command: " + shlex.join(sys.orig_argv if argv is None else [sys.argv[0], *argv]))
    print(f"profile {PROFILE}; XLA columns: the compiled program per device per step (kernels by hlo_cost, "
          "collectives by the profile's links), memory = arguments + outputs + temporaries - aliased; "
          "p/c: predicted / compiled")
    args.work.mkdir(parents=True, exist_ok=True)
    results = Results(args.work / "results.jsonl", args.fresh)
    records = []
    for cell in cells:
        start = time.perf_counter()
        try:
            records += run_cell(cell, layouts, args, results)
        except Exception as e:  # noqa: BLE001  (one line per failed cell; the next one goes on)
            print(f"{cell.key}: failed: {describe(e)}", flush=True)
        log(f"{cell.key}: {time.perf_counter() - start:.1f} s")
    if args.json:
        print(json.dumps([r.to_json() for r in records], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
