"""Mutation test of the explicit-collectives form: is every sdy collective needed, and does `autoshard simulate`
notice when one is wrong?

For each zoo model's plan (sharding-heavy profile, mesh 2x4), the explicit-collectives module is mutated one
collective at a time:

- drop: the collective is removed and its uses take its operand;
- axes: its axes change (another mesh axis, a sub-axis, the order within a dimension, another dimension, a
  permute's target sharding), with the out_sharding recomputed so that the op stays well-formed where some
  such change exists (else the original out_sharding is kept and the verifier rejects the mutant).

Each mutant runs through the strict SPMD simulation in f64 (so that f32 rounding can neither hide nor fake a
difference; allowance 1e-9 relative) and is counted as caught by a mismatch, caught by a simulation error, caught
by the verifier only (reported apart: simulate itself did not notice), or missed.

    python bench/mutate_collectives.py [--models mlp,moe] [--mesh data=2,model=4] [--limit N] [--verbose]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from xdsl.dialects.builtin import ModuleOp  # noqa: E402
from xdsl.ir import Operation  # noqa: E402

from autoshard.emit import emit_plan
from autoshard.dialects import sdy  # noqa: E402
from autoshard.emit.lower_reshards import step_op  # noqa: E402
from autoshard.errors import UserError  # noqa: E402
from autoshard.interpreters.framework import SimulationError  # noqa: E402
from autoshard.interpreters.simulate import simulate  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.ir.verify import verify_ops  # noqa: E402
from autoshard.planner.api import plan as make_plan  # noqa: E402
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding  # noqa: E402
from autoshard.sharding.collective_steps import (  # noqa: E402
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    AllToAllParam,
    Collective,
    CollectivePermute,
    ReduceScatter,
    ReplicatedToUnreduced,
    ShardedToUnreduced,
)

ZOO = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
HEAVY = REPO / "tests/data/profiles/sharding_heavy.yaml"
#: f64 rounding is ~1e-16 relative; a wrong collective errs by the size of the values
F64_ALLOWANCE = 1e-9

#: f32 bit patterns JAX prints as hex, and the same values in f64
_F32_HEX_TO_F64 = {"0x7fc00000": "0x7FF8000000000000", "0xff800000": "0xFFF0000000000000",
                   "0x7f800000": "0x7FF0000000000000"}  # fmt: skip


def as_f64(text: str) -> str:
    """The module with every f32 tensor made f64 (decimal literals carry over; NaN/inf hex constants mapped)."""
    text = text.replace("xf32>", "xf64>").replace("<f32>", "<f64>")
    for f32, f64 in _F32_HEX_TO_F64.items():
        text = text.replace(f32, f64)
    return text


def explicit_module_text(model: str, mesh: str = "data=2,model=4", config: Path | None = HEAVY) -> str:
    plan = make_plan(REPO / "examples" / f"{model}.mlir", mesh=mesh, config=config, time_limit=5, seed=0,
                     num_workers=1)
    return emit_plan(plan, explicit_collectives=True)


# -- reading and rebuilding a collective ------------------------------------------------------------


def collectives(module: ModuleOp) -> list[sdy.CollectiveOp]:
    """The module's sdy collectives in program order."""
    return [op for op in module.walk() if isinstance(op, sdy.CollectiveOp)]


def operand_sharding(op: sdy.CollectiveOp, rank: int) -> TensorSharding:
    attr = sdy.get_sharding(op.tensor)
    if attr is not None:
        return attr.to_sharding()
    return TensorSharding.replicated_of(op.out_sharding.to_sharding().mesh_name, rank)


# -- the sharding a changed collective produces ------------------------------------------------------


def produced_sharding(step: Collective, src: TensorSharding, mesh: Mesh) -> TensorSharding | None:
    """The out_sharding of `step` applied to `src` (`Collective.result_sharding`), None where the step does not
    apply to `src`; for a collective_permute, the step's own out_sharding where it keeps the shard counts."""
    try:
        return step.result_sharding(src, mesh)
    except UserError:
        return None


# -- candidate axis changes ----------------------------------------------------------------------------


def _axis_swaps(ref: AxisRef, mesh: Mesh) -> Iterator[AxisRef]:
    """Other refs in `ref`'s place: every other full mesh axis, and each half of `ref` as a sub-axis."""
    for axis in mesh.axes:
        if axis.size > 1 and AxisRef(axis.name) != ref:
            yield AxisRef(axis.name)
    size = ref.size(mesh)
    if size >= 4:
        yield AxisRef.make(ref.name, ref.pre_size, size // 2, mesh)
        yield AxisRef.make(ref.name, ref.pre_size * 2, size // 2, mesh)


def _per_dim_variants(axes_per_dim: tuple[tuple[AxisRef, ...], ...], mesh: Mesh) -> Iterator[tuple[str, tuple]]:
    rank = len(axes_per_dim)
    for d, axes in enumerate(axes_per_dim):
        for k, ref in enumerate(axes):
            for other in _axis_swaps(ref, mesh):
                new = list(axes_per_dim)
                new[d] = axes[:k] + (other,) + axes[k + 1:]
                yield f"dim {d} axis {ref} -> {other}", tuple(new)
        if len(axes) > 1:
            new = list(axes_per_dim)
            new[d] = tuple(reversed(axes))
            yield f"dim {d} axes reversed", tuple(new)
            for k, ref in enumerate(axes):
                new = list(axes_per_dim)
                new[d] = axes[:k] + axes[k + 1:]
                yield f"dim {d} axis {ref} left out", tuple(new)
        used = {a.name for t in axes_per_dim for a in t}
        for axis in mesh.axes:
            if axis.size > 1 and axis.name not in used:
                for where, new_axes in (("first", (AxisRef(axis.name),) + axes), ("last", axes + (AxisRef(axis.name),))):
                    new = list(axes_per_dim)
                    new[d] = new_axes
                    yield f"dim {d} gains axis {axis.name} ({where})", tuple(new)
        if axes:
            for e in range(rank):
                if e != d:
                    new = list(axes_per_dim)
                    new[d], new[e] = (), axes_per_dim[e] + axes
                    yield f"dim {d} axes moved to dim {e}", tuple(new)


def axis_changes(step: Collective, src: TensorSharding, mesh: Mesh) -> Iterator[tuple[str, Collective]]:
    """Steps like `step` with other axes (out_sharding still the original: see `well_formed_change`)."""
    out = step.out_sharding
    if isinstance(step, (AllGather, AllSlice, ReduceScatter, ShardedToUnreduced)):
        for what, axes in _per_dim_variants(step.axes_per_dim, mesh):
            yield what, type(step)(axes, out)
    elif isinstance(step, (AllReduce, ReplicatedToUnreduced)):
        for k, ref in enumerate(step.axes):
            for other in _axis_swaps(ref, mesh):
                yield f"axis {ref} -> {other}", type(step)(step.axes[:k] + (other,) + step.axes[k + 1:], out)
        if len(step.axes) > 1:
            for k, ref in enumerate(step.axes):
                yield f"axis {ref} left out", type(step)(step.axes[:k] + step.axes[k + 1:], out)
    elif isinstance(step, AllToAll):
        rank = src.rank
        for i, p in enumerate(step.params):
            def with_param(q: AllToAllParam) -> Collective:
                params = list(step.params)
                params[i] = q
                return AllToAll(tuple(params), out)

            for k, ref in enumerate(p.axes):
                for other in _axis_swaps(ref, mesh):
                    yield f"param {i} axis {ref} -> {other}", with_param(AllToAllParam(p.axes[:k] + (other,) + p.axes[k + 1:], p.src_dim, p.tgt_dim))
            if len(p.axes) > 1:
                yield f"param {i} axes reversed", with_param(AllToAllParam(tuple(reversed(p.axes)), p.src_dim, p.tgt_dim))
            for tgt in range(rank):
                if tgt not in (p.src_dim, p.tgt_dim):
                    yield f"param {i} target dim {p.tgt_dim} -> {tgt}", with_param(AllToAllParam(p.axes, p.src_dim, tgt))
    elif isinstance(step, CollectivePermute):
        dims = [d.axes for d in out.dims]
        for d, axes in enumerate(dims):
            if len(axes) > 1:
                new = list(dims)
                new[d] = tuple(reversed(axes))
                yield f"target dim {d} axes reversed", _permute_to(out, new)
            for e in range(d + 1, len(dims)):
                if axes and dims[e] and [a.size(mesh) for a in axes] == [a.size(mesh) for a in dims[e]]:
                    new = list(dims)
                    new[d], new[e] = dims[e], axes
                    yield f"target dims {d} and {e} exchange axes", _permute_to(out, new)
            for k, ref in enumerate(axes):
                for other in _axis_swaps(ref, mesh):
                    if other.size(mesh) == ref.size(mesh) and all(not other.overlaps(a, mesh) for t in dims for a in t):
                        new = list(dims)
                        new[d] = axes[:k] + (other,) + axes[k + 1:]
                        yield f"target dim {d} axis {ref} -> {other}", _permute_to(out, new)


def _permute_to(out: TensorSharding, dims: list[tuple[AxisRef, ...]]) -> Collective:
    return CollectivePermute(out.with_dims([DimSharding(d) for d in dims]))


# -- mutants --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """One mutation of the collective at `index` (program order)."""

    index: int
    op_text: str
    kind: str  # "drop" | "axes"
    what: str
    step: Collective | None = None  # the changed collective (axes mutants)
    well_formed: bool = True


def _op_text(op: Operation) -> str:
    return str(op).strip().splitlines()[0][:160]


def _verifies(op: sdy.CollectiveOp) -> bool:
    try:
        op.verify_()
    except Exception:  # noqa: BLE001 - any verifier failure means ill-formed
        return False
    return True


def mutants(module: ModuleOp, mesh: Mesh) -> Iterator[Mutant]:
    """For every collective: one drop mutant and one axes mutant (well-formed where a change allows it)."""
    for index, op in enumerate(collectives(module)):
        text = _op_text(op)
        yield Mutant(index, text, "drop", "dropped")
        step = op.to_collective()
        src = operand_sharding(op, len(op.out_sharding.dims))
        first: Mutant | None = None
        chosen: Mutant | None = None
        for what, changed in axis_changes(step, src, mesh):
            if first is None:
                first = Mutant(index, text, "axes", what, changed, well_formed=False)
            out = produced_sharding(changed, src, mesh)
            if out is None or out == step.out_sharding:
                continue
            candidate = replace(changed, out_sharding=out)
            probe = step_op(candidate, op.tensor)
            op.parent_block().insert_op_before(probe, op)  # type: ignore[union-attr]  # the verifier looks up the mesh
            ok = _verifies(probe)
            probe.detach()
            probe.erase()
            if ok:
                chosen = Mutant(index, text, "axes", what, candidate)
                break
        if chosen is not None or first is not None:
            yield chosen or first  # type: ignore[misc]


def apply(module: ModuleOp, mutant: Mutant) -> ModuleOp:
    """A copy of `module` with `mutant` applied."""
    clone = module.clone()
    op = collectives(clone)[mutant.index]
    if mutant.kind == "drop":
        op.result.replace_all_uses_with(op.tensor)
        op.detach()
        op.erase()
        return clone
    assert mutant.step is not None
    new = step_op(mutant.step, op.tensor)
    block = op.parent_block()
    assert block is not None
    block.insert_op_before(new, op)
    op.result.replace_all_uses_with(new.results[0])
    op.detach()
    op.erase()
    return clone


# -- verdicts -------------------------------------------------------------------------------------------


@dataclass
class Verdict:
    outcome: str  # "mismatch" | "error" | "verifier" | "missed"
    detail: str
    verifier_error: bool


def judge(mutated: ModuleOp) -> Verdict:
    verifier = [d for d in verify_ops(mutated) if d.severity == "error"]
    try:
        report = simulate(mutated, rtol=F64_ALLOWANCE, atol=F64_ALLOWANCE)
    except (SimulationError, UserError) as e:
        return Verdict("error", str(e).splitlines()[0][:200], bool(verifier))
    if not report.ok:
        detail = report.first_mismatch.describe() if report.first_mismatch else "results differ"
        return Verdict("mismatch", detail, bool(verifier))
    if verifier:
        return Verdict("verifier", str(verifier[0])[:200], True)
    return Verdict("missed", "", False)


@dataclass
class ModelResult:
    model: str
    collectives: int
    verdicts: list[tuple[Mutant, Verdict]] = field(default_factory=list)

    def counts(self) -> Counter:
        return Counter(v.outcome for _, v in self.verdicts)


def run_model(model: str, mesh_spec: str = "data=2,model=4", limit: int | None = None,
              select=lambda index: True) -> ModelResult:
    text = as_f64(explicit_module_text(model, mesh_spec))
    module = parse_module(text, f"{model}.explicit.mlir")
    baseline = judge(module)
    if baseline.outcome != "missed":
        raise AssertionError(f"{model}: the unmutated explicit form does not simulate equal: {baseline.detail}")
    from autoshard.dialects.sdy import module_meshes  # noqa: PLC0415

    (mesh,) = module_meshes(module).values()
    result = ModelResult(model, len(collectives(module)))
    for mutant in mutants(module, mesh):
        if not select(mutant.index):
            continue
        if limit is not None and len(result.verdicts) >= limit:
            break
        result.verdicts.append((mutant, judge(apply(module, mutant))))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(ZOO))
    parser.add_argument("--mesh", default="data=2,model=4")
    parser.add_argument("--limit", type=int, default=None, help="mutants per model")
    parser.add_argument("--verbose", action="store_true", help="every mutant's verdict")
    args = parser.parse_args(argv)
    print(f"{'model':18s} {'collectives':>11s} {'mutants':>7s} {'mismatch':>8s} {'error':>5s} {'verifier':>8s} "
          f"{'missed':>6s} {'ill-formed':>10s} {'seconds':>7s}", flush=True)
    missed_total = 0
    for model in args.models.split(","):
        start = time.time()
        result = run_model(model, args.mesh, args.limit)
        c = result.counts()
        ill = sum(1 for m, _ in result.verdicts if not m.well_formed)
        print(f"{model:18s} {result.collectives:11d} {len(result.verdicts):7d} {c['mismatch']:8d} {c['error']:5d} "
              f"{c['verifier']:8d} {c['missed']:6d} {ill:10d} {time.time() - start:7.0f}", flush=True)
        for mutant, verdict in result.verdicts:
            if verdict.outcome in ("missed", "verifier") or args.verbose:
                print(f"    {verdict.outcome:8s} #{mutant.index} {mutant.kind} ({mutant.what}"
                      f"{'' if mutant.well_formed else ', ill-formed'}): {mutant.op_text}"
                      + (f"\n             {verdict.detail}" if verdict.detail else ""), flush=True)
        missed_total += c["missed"]
    return 1 if missed_total else 0


if __name__ == "__main__":
    sys.exit(main())
