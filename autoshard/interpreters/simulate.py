"""`simulate`: run a planned module once on global arrays and once per device, and compare.

The comparison covers every op result (its last value, for ops in loops), so a wrong plan is reported at
the first op (in program order) whose reassembled value differs from the reference, or whose replicas
disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from autoshard.errors import UserError
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.framework import ValueRecorder, main_function
from autoshard.interpreters.reference import run_reference
from autoshard.interpreters.spmd import (
    DistributedValue,
    FallbackRecord,
    SpmdState,
    func_shardings,
    has_explicit_collectives,
    module_meshes,
    spmd_interpreter,
    unshard_value,
)
from autoshard.interpreters.values import BFLOAT16
from autoshard.rules.attrs import op_name


@dataclass(frozen=True)
class Difference:
    """How far a simulated value is from the reference: max |a - b|, and max |a - b| / tolerance, where the
    tolerance is atol + rtol * max(|b|, 1% of the tensor's largest |b|)."""

    max_abs_error: float
    max_scaled_error: float
    replica_mismatch: float = 0.0

    @property
    def ok(self) -> bool:
        return self.max_scaled_error <= 1.0 and self.replica_mismatch == 0.0


def difference(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float, replica_mismatch: float = 0.0) -> Difference:
    a, b = np.asarray(actual), np.asarray(expected)
    if a.shape != b.shape:
        return Difference(float("inf"), float("inf"), replica_mismatch)
    if a.dtype == np.bool_ or np.issubdtype(a.dtype, np.integer):
        wrong = float(np.count_nonzero(a != b))
        return Difference(wrong, wrong, replica_mismatch)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(a64 - b64)
        same = (a64 == b64) | (np.isnan(a64) & np.isnan(b64))
        err = np.where(same, 0.0, np.where(np.isnan(err), np.inf, err))
        finite = np.where(np.isfinite(b64), np.abs(b64), 0.0)
        # scale-aware: reordered partial sums round relative to the tensor's magnitude, not each element's
        scale = np.maximum(finite, finite.max(initial=0.0) * 1e-2)
        scaled = err / (atol + rtol * scale)
    if not err.size:
        return Difference(0.0, 0.0, replica_mismatch)
    # replicas may differ by rounding (different summation orders); only beyond tolerance they count
    return Difference(float(err.max()), float(scaled.max()), replica_mismatch)


@dataclass(frozen=True)
class OpMismatch:
    op: str
    location: str
    result_index: int
    difference: Difference
    ordinal: int

    def describe(self) -> str:
        where = f" at {self.location}" if self.location else ""
        detail = f"max abs error {self.difference.max_abs_error:.3g} ({self.difference.max_scaled_error:.3g}x tolerance)"
        if self.difference.replica_mismatch:
            detail += f", replicas disagree by {self.difference.replica_mismatch:.3g}"
        return f"op #{self.ordinal} '{self.op}'{where} result {self.result_index}: {detail}"


@dataclass
class SimulationReport:
    num_devices: int
    results: list[Difference]
    stats: CollectiveStats
    fallbacks: list[FallbackRecord]
    implicit_reshards: int
    first_mismatch: OpMismatch | None
    device_ids: tuple[int, ...] = ()
    local_result_shapes: list[tuple[int, ...]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results) and self.first_mismatch is None


def _location(op: Operation) -> str:
    loc = getattr(op, "location", None)
    text = str(loc) if loc is not None else ""
    return "" if not text or "unknown" in text else text


def _tolerances(dtype: np.dtype, rtol: float, atol: float) -> tuple[float, float]:
    if dtype == BFLOAT16:
        return max(rtol, 2e-2), max(atol, 2e-2)
    if dtype == np.float16:
        return max(rtol, 2e-3), max(atol, 2e-3)
    return rtol, atol


def simulate(
    module: ModuleOp,
    seed: int = 0,
    rtol: float = 1e-4,
    atol: float = 1e-5,
    function: str | None = None,
    inputs: Sequence[np.ndarray] | None = None,
    check_every_op: bool = True,
    strict: bool | None = None,
) -> SimulationReport:
    """Run `module`'s entry function on random inputs (from `seed`) globally and per device, and compare.

    `strict` (default: when the module has explicit sdy collectives) forbids implicit reshards: values move
    between devices only through the program's own collectives.
    """
    meshes = module_meshes(module)
    if not meshes:
        raise UserError("the module has no sdy.mesh: simulate needs a planned module (autoshard plan ...)")
    default_mesh = next(iter(meshes))
    func = main_function(module, function)
    reference = run_reference(module, inputs, seed, function)
    state = SpmdState(meshes, default_mesh, strict=has_explicit_collectives(module) if strict is None else strict)
    recorder = ValueRecorder()
    interp = spmd_interpreter(module, state, (recorder,) if check_every_op else ())
    args = []
    for value, sharding in zip(reference.inputs, func_shardings(func, results=False)):
        rank = np.asarray(value).ndim
        args.append(interp.distribute(np.asarray(value), sharding or interp.replicated(rank)))
    outputs = interp.run_ssacfg_region(func.regions[0], tuple(args), "main")

    first: OpMismatch | None = None
    if check_every_op:
        ordinal = 0
        for op in module.walk():
            if not op.results:
                continue
            ordinal += 1
            for i, result in enumerate(op.results):
                first = first or _check_value(interp, op, i, result, recorder.values, reference.values, rtol, atol, ordinal)
            if first is not None:
                break

    results = []
    local_shapes = []
    for out, expected in zip(outputs, reference.results):
        assert isinstance(out, DistributedValue)
        un = unshard_value(interp, out)
        r, a = _tolerances(expected.dtype, rtol, atol)
        results.append(difference(un.value, expected, r, a, _beyond(un.replica_mismatch, expected, r, a)))
        local_shapes.append(out.any_shard().shape)
    some_mesh = next(iter(meshes.values()))
    return SimulationReport(
        some_mesh.num_devices, results, state.stats, state.fallbacks, state.implicit_reshards, first,
        some_mesh.device_id_order(), local_shapes,
    )  # fmt: skip


def _beyond(replica_mismatch: float, expected: np.ndarray, rtol: float, atol: float) -> float:
    """Replica disagreement that exceeds what rounding explains."""
    if not replica_mismatch:
        return 0.0
    if expected.dtype == np.bool_ or np.issubdtype(expected.dtype, np.integer):
        return replica_mismatch
    scale = float(np.nanmax(np.abs(expected.astype(np.float64)), initial=0.0)) if expected.size else 0.0
    return replica_mismatch if replica_mismatch > atol + rtol * scale else 0.0


def _check_value(interp, op: Operation, index: int, result: SSAValue, simulated: dict, reference: dict, rtol: float, atol: float, ordinal: int) -> OpMismatch | None:
    if result not in simulated or result not in reference:
        return None
    value = simulated[result]
    if not isinstance(value, DistributedValue):
        return None
    expected = np.asarray(reference[result])
    un = unshard_value(interp, value)
    r, a = _tolerances(expected.dtype, rtol, atol)
    diff = difference(un.value, expected, r, a, _beyond(un.replica_mismatch, expected, r, a))
    if diff.ok:
        return None
    return OpMismatch(op_name(op), _location(op), index, diff, ordinal)
