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

from autoshard.dialects.sdy import module_meshes
from autoshard.errors import UserError
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.framework import ValueRecorder
from autoshard.interpreters.reference import ReferenceRun, run_reference
from autoshard.interpreters.rounding_bound import is_float
from autoshard.ir.entry import entry_function
from autoshard.ir.parse import parse_module
from autoshard.interpreters.spmd import (
    DistributedValue,
    FallbackRecord,
    SpmdState,
    func_shardings,
    has_explicit_collectives,
    spmd_interpreter,
    unshard_value,
)
from autoshard.rules.attrs import op_name


#: A float value passes when every element's |simulated - reference| is within this many rounding bounds `E`
#: (`rounding_bound`: the first-order error of one evaluation, eps(dtype) times a scale that grows with the
#: magnitudes and reduction lengths that fed it; worst case within an op, a random walk over a sum's terms). The
#: reference and the simulation are two evaluations of the same program in different summation orders, each within
#: `E` of the exact value, so they differ by at most 2 E; anything beyond is not rounding. Correct plans of the zoo
#: must pass and a 1e-3 relative error must fail wherever E < 5e-4 |value| (`tests/interpreters/test_tolerance.py`).
PASS_THRESHOLD = 2.0


@dataclass(frozen=True)
class Difference:
    """How far a simulated value is from the reference: max |a - b| (for integers and booleans: how many elements
    differ where rounding cannot explain it), and max |a - b| / E in ulp-scale units (E = eps(dtype) * scale,
    the reference's rounding bound; infinite for a wrong integer)."""

    max_abs_error: float
    max_scaled_error: float
    replica_mismatch: float = 0.0

    @property
    def ok(self) -> bool:
        return self.max_scaled_error <= PASS_THRESHOLD and self.replica_mismatch == 0.0


def difference(
    actual: np.ndarray, expected: np.ndarray, bound: np.ndarray | float = 0.0, replica_mismatch: float = 0.0,
    rtol: float = 0.0, atol: float = 0.0,
) -> Difference:
    """Compare `actual` with `expected` given the expected value's rounding bound (`atol + rtol * |expected|`
    is added to it: an extra allowance, none by default)."""
    a, b = np.asarray(actual), np.asarray(expected)
    if a.shape != b.shape:
        return Difference(float("inf"), float("inf"), replica_mismatch)
    e = np.broadcast_to(np.asarray(bound, dtype=np.float64), b.shape)
    if not is_float(a.dtype):
        wrong = float(np.count_nonzero((a != b) & ~(e > 0)))
        return Difference(wrong, float("inf") if wrong else 0.0, replica_mismatch)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        err = np.abs(a64 - b64)
        same = (a64 == b64) | (np.isnan(a64) & np.isnan(b64))
        err = np.where(same, 0.0, np.where(np.isnan(err), np.inf, err))
        allowed = e + atol + rtol * np.where(np.isfinite(b64), np.abs(b64), 0.0)
        scaled = np.where(err == 0, 0.0, err / allowed)
    if not err.size:
        return Difference(0.0, 0.0, replica_mismatch)
    return Difference(float(err.max()), float(np.nan_to_num(scaled, nan=np.inf).max()), replica_mismatch)


@dataclass(frozen=True)
class OpMismatch:
    """One op result's comparison (a mismatch where `difference.ok` is false)."""

    op: str
    location: str
    result_index: int
    difference: Difference
    ordinal: int

    def describe(self) -> str:
        where = f" at {self.location}" if self.location else ""
        detail = describe_difference(self.difference)
        if self.difference.replica_mismatch:
            detail += f", replicas disagree by {self.difference.replica_mismatch:.3g}"
        return f"op #{self.ordinal} '{self.op}'{where} result {self.result_index}: {detail}"


def describe_difference(d: Difference) -> str:
    """'max abs error 6.5e-05, 0.31 ulp-scale' (ulp-scale: |error| / (eps(dtype) * scale), passing up to
    `PASS_THRESHOLD`)."""
    return f"max abs error {d.max_abs_error:.3g}, {d.max_scaled_error:.3g} ulp-scale (passes up to {PASS_THRESHOLD:g})"


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
    #: the op result whose error came closest to its bound (in ulp-scale units), passing or not
    closest: OpMismatch | None = None

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results) and self.first_mismatch is None


def _location(op: Operation) -> str:
    loc = getattr(op, "location", None)
    text = str(loc) if loc is not None else ""
    return "" if not text or "unknown" in text else text


def simulate(
    module: ModuleOp | str,
    seed: int = 0,
    rtol: float = 0.0,
    atol: float = 0.0,
    function: str | None = None,
    inputs: Sequence[np.ndarray] | None = None,
    check_every_op: bool = True,
    strict: bool | None = None,
) -> SimulationReport:
    """Run `module`'s entry function on random inputs (from `seed`) globally and per device, and compare.

    `module` is a planned module or its text, e.g. `autoshard.emit_plan(plan)`.

    A value matches when it is within `PASS_THRESHOLD` rounding bounds of the reference (plus `atol + rtol *
    |reference|`, an extra allowance that is zero by default).

    `strict` (default: when the module has explicit sdy collectives) forbids implicit reshards: values move
    between devices only through the program's own collectives.
    """
    if isinstance(module, str):
        module = parse_module(module, "<planned>")
    meshes = module_meshes(module)
    if not meshes:
        raise UserError("the module has no sdy.mesh: simulate needs a planned module (autoshard plan ...)")
    default_mesh = next(iter(meshes))
    func = entry_function(module, function)
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
    closest: OpMismatch | None = None  # the checked value closest to failing
    if check_every_op:
        ordinal = 0
        for op in module.walk():
            if not op.results:
                continue
            ordinal += 1
            for i, result in enumerate(op.results):
                checked = _check_value(interp, op, i, result, recorder.values, reference, rtol, atol, ordinal)
                if checked is None:
                    continue
                if closest is None or checked.difference.max_scaled_error > closest.difference.max_scaled_error:
                    closest = checked
                if not checked.difference.ok:
                    first = first or checked
            if first is not None:
                break

    results = []
    local_shapes = []
    for out, expected, bound in zip(outputs, reference.results, reference.result_bounds):
        assert isinstance(out, DistributedValue)
        un = unshard_value(interp, out)
        beyond = _beyond(un.replica_mismatch, expected, bound, rtol, atol)
        results.append(difference(un.value, expected, bound, beyond, rtol, atol))
        local_shapes.append(out.any_shard().shape)
    some_mesh = next(iter(meshes.values()))
    return SimulationReport(
        some_mesh.num_devices, results, state.stats, state.fallbacks, state.implicit_reshards, first,
        some_mesh.device_id_order(), local_shapes, closest,
    )  # fmt: skip


def _beyond(replica_mismatch: float, expected: np.ndarray, bound: np.ndarray, rtol: float, atol: float) -> float:
    """Replica disagreement that exceeds what rounding explains (replicas may sum in different orders)."""
    if not replica_mismatch or not expected.size:
        return replica_mismatch
    if not is_float(expected.dtype):
        return 0.0 if np.any(bound > 0) else replica_mismatch
    scale = float(np.nanmax(np.abs(expected.astype(np.float64)), initial=0.0))
    allowed = PASS_THRESHOLD * float(np.max(bound, initial=0.0)) + atol + rtol * scale
    return replica_mismatch if replica_mismatch > allowed else 0.0


def _check_value(interp, op: Operation, index: int, result: SSAValue, simulated: dict, reference: ReferenceRun, rtol: float, atol: float, ordinal: int) -> OpMismatch | None:
    """The comparison of one op result with the reference (None where there is nothing to compare)."""
    if result not in simulated or result not in reference.values:
        return None
    value = simulated[result]
    if not isinstance(value, DistributedValue):
        return None
    expected = np.asarray(reference.values[result])
    bound = reference.bounds.get(result, np.zeros(()))
    un = unshard_value(interp, value)
    diff = difference(un.value, expected, bound, _beyond(un.replica_mismatch, expected, bound, rtol, atol), rtol, atol)
    return OpMismatch(op_name(op), _location(op), index, diff, ordinal)
