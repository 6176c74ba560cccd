"""The reference interpreter: a module run on full (global) numpy arrays, deterministically.

One `InterpreterFunctions` class per dialect (func, stablehlo, chlo, sdy); sdy ops are identities on
global values (a collective changes where data lives, not what the tensor is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import CallOp
from xdsl.interpreter import InterpreterFunctions, PythonValues, register_impls
from xdsl.ir import Operation, Region

from autoshard.dialects.sdy import module_meshes
from autoshard.interpreters.framework import (
    AutoshardInterpreter,
    SimulationError,
    ValueRecorder,
    impl_op,
    impl_op_terminator,
)
from autoshard.interpreters.kernels import KERNELS, KernelContext
from autoshard.interpreters.manual import manual_shardings, run_body
from autoshard.interpreters.rounding_bound import RoundingBound
from autoshard.interpreters.shards import shard, unshard
from autoshard.interpreters.values import random_array, tensor_dtype, tensor_shape
from autoshard.ir.entry import entry_function
from autoshard.rules.attrs import op_name
from autoshard.rules.typed_ops import typed_op


def kernel_context(interpreter: AutoshardInterpreter, op: Operation, shapes: Sequence[tuple[int, ...]] | None = None) -> KernelContext:
    """The context for running `op`'s kernel: result shapes (global unless given) and dtypes."""
    return KernelContext(
        list(shapes) if shapes is not None else [tensor_shape(r.type) for r in op.results],
        [tensor_dtype(r.type) for r in op.results],
        lambda region, args: run_region_vectorized(interpreter, region, args),
        vectorized=getattr(interpreter, "vectorized_depth", 0) > 0,
    )


def run_region_vectorized(interpreter: AutoshardInterpreter, region: Region, args: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Run a scalar region body (reduce, sort, scatter, ...) on whole arrays at once."""
    depth = getattr(interpreter, "vectorized_depth", 0)
    interpreter.vectorized_depth = depth + 1  # type: ignore[attr-defined]
    try:
        return [np.asarray(v) for v in interpreter.run_ssacfg_region(region, tuple(args), "region")]
    finally:
        interpreter.vectorized_depth = depth  # type: ignore[attr-defined]


def run_kernel(interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
    name = op_name(op)
    kernel = KERNELS.get(name)
    if kernel is None:
        raise SimulationError(f"the simulator has no kernel for '{name}'")
    try:
        return tuple(kernel(op, kernel_context(interpreter, op), [np.asarray(a) for a in args]))
    except SimulationError:
        raise
    except Exception as e:  # a kernel failing on valid input is reported as the op's failure
        raise SimulationError(f"'{name}' failed: {type(e).__name__}: {e}") from e


def _truth(value: object) -> bool:
    return bool(np.asarray(value).reshape(()))


@register_impls
class FuncFunctions(InterpreterFunctions):
    @impl_op("func.call")
    def run_call(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        name = typed_op(op, CallOp).callee.root_reference.data
        return interpreter.call_function(name, args)

    @impl_op_terminator("func.return")
    def run_return(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


def run_while(interpreter: AutoshardInterpreter, op: Operation, args: PythonValues, limit: int = 1_000_000) -> PythonValues:
    cond, body = op.regions[0], op.regions[1]
    values = tuple(args)
    for _ in range(limit):
        if not _truth(interpreter.run_ssacfg_region(cond, values, "while.cond")[0]):
            return values
        values = tuple(interpreter.run_ssacfg_region(body, values, "while.body"))
    raise SimulationError(f"stablehlo.while did not finish within {limit} iterations")


def case_branch(op: Operation, index: object) -> Region:
    i = int(np.asarray(index).reshape(()))
    n = len(op.regions)
    return op.regions[i if 0 <= i < n else n - 1]


@register_impls
class StablehloFunctions(InterpreterFunctions):
    @impl_op(*[n for n in KERNELS if n.startswith("stablehlo.")])
    def run_op_kernel(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return run_kernel(interpreter, op, args)

    @impl_op("stablehlo.while")
    def run_while(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return run_while(interpreter, op, args)

    @impl_op("stablehlo.case")
    def run_case(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return interpreter.run_ssacfg_region(case_branch(op, args[0]), (), "case")

    @impl_op("stablehlo.if")
    def run_if(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        branch = op.regions[0] if _truth(args[0]) else op.regions[1]
        return interpreter.run_ssacfg_region(branch, (), "if")

    @impl_op_terminator("stablehlo.return")
    def run_return(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


@register_impls
class ChloFunctions(InterpreterFunctions):
    @impl_op(*[n for n in KERNELS if n.startswith("chlo.")])
    def run_op_kernel(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return run_kernel(interpreter, op, args)

    @impl_op_terminator("chlo.return")
    def run_return(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


#: sdy ops that leave a global value unchanged.
SDY_IDENTITY_OPS = (
    "sdy.sharding_constraint",
    "sdy.reshard",
    "sdy.all_gather",
    "sdy.all_slice",
    "sdy.all_reduce",
    "sdy.reduce_scatter",
    "sdy.all_to_all",
    "sdy.collective_permute",
    "sdy.replicated_to_unreduced",
    "sdy.sharded_to_unreduced",
    "sdy.propagation_barrier",
)


@register_impls
class SdyReferenceFunctions(InterpreterFunctions):
    @impl_op(*SDY_IDENTITY_OPS)
    def run_identity(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return tuple(np.asarray(a) for a in args)

    @impl_op("sdy.constant")
    def run_constant(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return run_kernel(interpreter, op, args)

    @impl_op("sdy.sharding_group")
    def run_sharding_group(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return ()

    @impl_op("sdy.manual_computation")
    def run_manual(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return run_manual_computation(interpreter, op, args)

    @impl_op_terminator("sdy.return")
    def run_return(self, interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
        return args


def body_interpreter(interpreter: AutoshardInterpreter) -> AutoshardInterpreter:
    """A listener-free reference interpreter of the same module, for per-device manual computation bodies (whose
    per-device values are neither recorded nor bounded as global values)."""
    inner = getattr(interpreter, "manual_body_interpreter", None)
    if inner is None:
        inner = reference_interpreter(interpreter.module)
        interpreter.manual_body_interpreter = inner  # type: ignore[attr-defined]
    return inner


def run_manual_body(interpreter: AutoshardInterpreter, op: Operation, args: dict[int, list[np.ndarray]], stats=None) -> dict[int, list[np.ndarray]]:
    """`manual.run_body` with the reference interpreter's kernels and reducer regions (`interpreter` is
    listener-free: see `body_interpreter`)."""

    def reduce(collective: Operation, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return run_region_vectorized(interpreter, collective.regions[0], [a, b])[0]

    return run_body(op, args, interpreter.run_op, reduce, interpreter, stats)


def run_manual_computation(interpreter: AutoshardInterpreter, op: Operation, args: PythonValues) -> PythonValues:
    """A manual computation on global values: each operand split into its devices' blocks (`in_shardings`), the
    body run per device, the results assembled from the devices' blocks (`out_shardings`)."""
    ins, outs, dmesh = manual_shardings(op, module_meshes(interpreter.module))
    blocks = [shard(np.asarray(a), s, dmesh) for a, s in zip(args, ins)]
    per_device = {d: [b[d] for b in blocks] for d in dmesh.device_ids}
    results = run_manual_body(body_interpreter(interpreter), op, per_device)
    return tuple(
        unshard({d: results[d][i] for d in dmesh.device_ids}, s, dmesh, tensor_shape(r.type)).value
        for i, (r, s) in enumerate(zip(op.results, outs))
    )


def reference_interpreter(module: ModuleOp, recorder: ValueRecorder | None = None) -> AutoshardInterpreter:
    interpreter = AutoshardInterpreter(module, listeners=(recorder,) if recorder else ())
    for functions in (FuncFunctions(), StablehloFunctions(), ChloFunctions(), SdyReferenceFunctions()):
        interpreter.register_implementations(functions)
    return interpreter


def random_inputs(func: Operation, seed: int) -> list[np.ndarray]:
    """Deterministic random arguments for `func` (see `random_array`)."""
    rng = np.random.default_rng(seed)
    return [random_array(tensor_shape(a.type), tensor_dtype(a.type), rng) for a in func.regions[0].blocks.first.args]  # type: ignore[union-attr]


@dataclass
class ReferenceRun:
    inputs: list[np.ndarray]
    results: list[np.ndarray]
    values: dict  # SSAValue -> last value
    bounds: dict  # SSAValue -> float64 bound on its rounding error, elementwise (see `rounding_bound`)
    result_bounds: list[np.ndarray]


def run_reference(module: ModuleOp, inputs: Sequence[np.ndarray] | None = None, seed: int = 0, function: str | None = None) -> ReferenceRun:
    """Run the entry function on `inputs` (random from `seed` when None) and keep every op's last value and
    the bound on its rounding error."""
    func = entry_function(module, function)
    args = list(inputs) if inputs is not None else random_inputs(func, seed)
    recorder = ValueRecorder()
    interpreter = reference_interpreter(module, recorder)
    rounding = RoundingBound(interpreter)
    interpreter.listeners = (*interpreter.listeners, rounding)
    results = [np.asarray(r) for r in interpreter.run_ssacfg_region(func.regions[0], tuple(args), "main")]
    returned = func.regions[0].blocks.last.last_op  # type: ignore[union-attr]
    result_bounds = [rounding.bound(v, r) for v, r in zip(returned.operands, results)]  # type: ignore[union-attr]
    return ReferenceRun(args, results, recorder.values, rounding.bounds, result_bounds)
