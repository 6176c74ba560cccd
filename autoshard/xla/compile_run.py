"""Compile a Shardy-annotated StableHLO module with XLA's Shardy partitioner on N host CPU devices, run it,
and compare with the unsharded program.

`compile_and_run` works in this process when jax can still be given N CPU devices (or already has them);
otherwise it runs `python -m autoshard.xla.worker` in a subprocess with `XLA_FLAGS` set, transparently.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import autoshard.xla.jaxlib_mlir as jaxlib_mlir
from autoshard.errors import UserError
from autoshard.xla.hlo_collectives import HloCollective, collectives_in_hlo
from autoshard.xla.jax_runtime import host_devices, request_host_devices, require_jax, with_device_count_flag

DEFAULT_RTOL = 1e-4
DEFAULT_ATOL = 1e-5
#: Integer inputs are drawn from [0, INT_INPUT_HIGH) so they are valid indices into the zoo's small tables.
INT_INPUT_HIGH = 8


@dataclass(frozen=True)
class ResultComparison:
    """How one result of the sharded run compares with the unsharded run."""

    index: int
    shape: tuple[int, ...]
    dtype: str
    max_abs_error: float
    max_rel_error: float
    matches: bool


@dataclass(frozen=True)
class XlaRun:
    """Outcome of `compile_and_run`: shardings XLA chose, compiled HLO, the results and their comparison."""

    num_devices: int
    input_shardings: tuple[str, ...]
    output_shardings: tuple[str, ...]
    compiled_hlo: str
    comparisons: tuple[ResultComparison, ...]
    sharded_outputs: tuple[np.ndarray, ...] = field(repr=False)
    reference_outputs: tuple[np.ndarray, ...] = field(repr=False)

    @property
    def matches(self) -> bool:
        return all(c.matches for c in self.comparisons)

    @property
    def first_mismatch(self) -> ResultComparison | None:
        return next((c for c in self.comparisons if not c.matches), None)

    def collectives(self) -> list[HloCollective]:
        return collectives_in_hlo(self.compiled_hlo)


# --------------------------------------------------------------------------------------------------------
# Inputs and comparison (numpy only)


def random_inputs(signature: Sequence[tuple[tuple[int, ...], np.dtype]], seed: int) -> list[np.ndarray]:
    """Deterministic random arguments: integers in [0, INT_INPUT_HIGH), fair booleans, floats ~ N(0, 1) divided by
    sqrt of the second-to-last dimension (so a weight matrix [fan_in, fan_out] keeps activations near unit scale
    through deep stacks, and results stay well conditioned)."""
    rng = np.random.default_rng(seed)
    values = []
    for shape, dtype in signature:
        dtype = np.dtype(dtype)
        if dtype == np.bool_:
            values.append(rng.integers(0, 2, size=shape).astype(np.bool_))
        elif np.issubdtype(dtype, np.integer):
            values.append(rng.integers(0, INT_INPUT_HIGH, size=shape).astype(dtype))
        elif np.issubdtype(dtype, np.complexfloating):
            values.append((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype))
        else:
            fan_in = shape[-2] if len(shape) >= 2 else 1
            values.append((rng.standard_normal(shape) / np.sqrt(max(fan_in, 1))).astype(dtype))
    return values


def compare_results(sharded: Sequence[np.ndarray], reference: Sequence[np.ndarray], rtol: float,
                    atol: float) -> tuple[ResultComparison, ...]:
    """Per result: |a - b| <= atol + rtol * max(|b|, rms(b)) element-wise (NaNs and infinities must coincide).

    The rms floor makes the test scale-aware: a partitioned run reorders float sums, whose rounding error scales
    with the magnitude of the summed terms, not of a result that happens to cancel to near zero. The reported
    relative error uses the same denominator.
    """
    out = []
    for i, (a, b) in enumerate(zip(sharded, reference, strict=True)):
        a64 = np.asarray(a).astype(np.float64) if a.dtype != np.bool_ else np.asarray(a, dtype=np.float64)
        b64 = np.asarray(b).astype(np.float64) if b.dtype != np.bool_ else np.asarray(b, dtype=np.float64)
        if a64.shape != b64.shape:
            out.append(ResultComparison(i, tuple(b.shape), str(b.dtype), float("inf"), float("inf"), False))
            continue
        same_nan = np.array_equal(np.isnan(a64), np.isnan(b64))
        finite = ~(np.isnan(a64) | np.isnan(b64))
        diff = np.abs(a64 - b64)[finite] if a64.size else np.zeros(0)
        inf_equal = np.array_equal(np.isinf(a64) & finite, np.isinf(b64) & finite)
        diff = np.where(np.isnan(diff), 0.0, diff)  # inf - inf where both are the same infinity
        finite_b = b64[finite & ~np.isinf(b64)]
        rms = float(np.sqrt(np.mean(np.square(finite_b)))) if finite_b.size else 0.0
        scale = np.maximum(np.abs(b64)[finite], rms)
        max_abs = float(diff.max()) if diff.size else 0.0
        max_rel = float((diff / np.maximum(scale, np.finfo(np.float64).tiny)).max()) if diff.size else 0.0
        ok = same_nan and inf_equal and bool(np.all(diff <= atol + rtol * scale))
        out.append(ResultComparison(i, tuple(b.shape), str(b.dtype), max_abs, max_rel, ok))
    return tuple(out)


# --------------------------------------------------------------------------------------------------------
# XLA (jax imported lazily)


def _main_signature(module, context):
    """((shape, numpy dtype) of each argument, of each result) of the public `main` function."""
    from jax._src.interpreters import mlir as jax_mlir  # noqa: PLC0415
    from jax._src.lib.mlir import ir  # noqa: PLC0415

    with context:
        funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
        main = next((f for f in funcs if ir.StringAttr(f.operation.attributes["sym_name"]).value == "main"),
                    None)
        if main is None:
            raise UserError("the module has no func.func @main to run")
        ftype = ir.FunctionType(ir.TypeAttr(main.operation.attributes["function_type"]).value)
        dtype_of = {str(make_type()): np.dtype(dtype) for dtype, make_type in jax_mlir._dtype_to_ir_type.items()}

        def sig(types):
            out = []
            for t in types:
                ranked = ir.RankedTensorType(t)
                element = str(ranked.element_type)
                if element not in dtype_of:
                    raise UserError(f"@main has an argument or result of unsupported element type {element}")
                out.append((tuple(ranked.shape), dtype_of[element]))
            return out

        return sig(ftype.inputs), sig(ftype.results)


def _compile(module, context, devices, shardy: bool = True):
    import jax  # noqa: PLC0415, F401
    from jax._src import compiler  # noqa: PLC0415
    from jax._src.lib import xla_client as xc  # noqa: PLC0415

    backend = devices[0].client
    n = len(devices)
    options = compiler.get_compile_options(num_replicas=1, num_partitions=n,
                                           device_assignment=np.array(devices, dtype=object).reshape(1, n),
                                           backend=backend)
    options.parameter_is_tupled_arguments = False
    build = options.executable_build_options
    build.use_spmd_partitioning = True
    build.use_shardy_partitioner = shardy
    build.allow_spmd_sharding_propagation_to_parameters = [True]
    build.allow_spmd_sharding_propagation_to_output = [True]
    with context:
        try:
            return backend.compile_and_load(module, executable_devices=xc.DeviceList(tuple(devices)),
                                            compile_options=options)
        except Exception as e:  # XlaRuntimeError / JaxRuntimeError: the module is invalid for XLA
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise UserError(f"XLA rejected the module: {first}") from None


def _run(executable, devices, args: Sequence[np.ndarray], out_signature):
    """Place `args` per the executable's parameter shardings, run, and reassemble full results."""
    import jax  # noqa: PLC0415
    from jax._src import sharding_impls  # noqa: PLC0415
    from jax._src.lib import xla_client as xc  # noqa: PLC0415

    devices = tuple(devices)
    def shardings(protos, count):  # an unpartitioned executable reports None: everything replicated
        if protos is None:
            return [xc.HloSharding.replicate()] * count
        return [xc.HloSharding.from_proto(p) for p in protos]

    in_shardings = shardings(executable.get_parameter_shardings(), len(args))
    out_shardings = shardings(executable.get_output_shardings(), len(out_signature))
    placed = [jax.device_put(x, sharding_impls.GSPMDSharding(devices, s)) for x, s in zip(args, in_shardings)]
    shards_per_result = executable.execute_sharded(placed).disassemble_into_single_device_arrays()
    results = []
    for (shape, dtype), hlo_sharding, shards in zip(out_signature, out_shardings, shards_per_result):
        index_of = sharding_impls.GSPMDSharding(devices, hlo_sharding).devices_indices_map(shape)
        full = np.zeros(shape, dtype=dtype)
        written = np.zeros(shape, dtype=bool)
        for shard in shards:
            (device,) = shard.devices()
            local = np.asarray(shard)
            index = index_of[device]
            if written[index].all() and not np.array_equal(full[index], local, equal_nan=True):
                raise UserError(f"XLA replicas of one result shard disagree on device {device.id}")
            full[index] = local
            written[index] = True
        results.append(full)
    return results, tuple(str(s) for s in in_shardings), tuple(str(s) for s in out_shardings)


def compile_and_run_here(annotated_mlir_text: str, num_devices: int, inputs: Sequence[np.ndarray] | None = None,
                         seed: int = 0, rtol: float = DEFAULT_RTOL, atol: float = DEFAULT_ATOL,
                         filename: str = "<input>") -> XlaRun:
    """`compile_and_run` in this process; jax must already have (or still be able to get) N CPU devices."""
    if not request_host_devices(num_devices):
        raise UserError(f"this process has {len(host_devices())} host CPU devices, {num_devices} needed")
    devices = host_devices()[:num_devices]

    context = jaxlib_mlir.make_jaxlib_context()
    sharded_module = jaxlib_mlir.parse_with_jaxlib(annotated_mlir_text, context, filename)
    in_signature, out_signature = _main_signature(sharded_module, context)
    if inputs is None:
        inputs = random_inputs(in_signature, seed)
    elif len(inputs) != len(in_signature):
        raise UserError(f"{len(inputs)} inputs given, @main takes {len(in_signature)}")
    inputs = [np.asarray(x, dtype=dt).reshape(shape) for x, (shape, dt) in zip(inputs, in_signature)]

    jaxlib_mlir.set_num_partitions(sharded_module, context, num_devices)
    executable = _compile(sharded_module, context, devices)
    compiled_hlo = executable.hlo_modules()[0].to_string()
    sharded, in_sh, out_sh = _run(executable, devices, inputs, out_signature)

    # the reference: the unsharded program on one device; with manual computations (user SPMD code that needs
    # its mesh) the user's program sharded by XLA's own propagation, every planned sharding removed
    manual = jaxlib_mlir.has_manual_computations(annotated_mlir_text)
    reference_devices = devices if manual else devices[:1]
    reference_module = jaxlib_mlir.parse_with_jaxlib(annotated_mlir_text, context, filename)
    jaxlib_mlir.strip_shardings(reference_module, context, keep_manual=manual)
    jaxlib_mlir.set_num_partitions(reference_module, context, len(reference_devices))
    reference, _, _ = _run(_compile(reference_module, context, reference_devices), reference_devices, inputs,
                           out_signature)  # fmt: skip

    return XlaRun(num_devices, in_sh, out_sh, compiled_hlo, compare_results(sharded, reference, rtol, atol),
                  tuple(sharded), tuple(reference))


def compile_and_run(annotated_mlir_text: str, num_devices: int, inputs: Sequence[np.ndarray] | None = None,
                    seed: int = 0, rtol: float = DEFAULT_RTOL, atol: float = DEFAULT_ATOL,
                    filename: str = "<input>") -> XlaRun:
    """Compile `annotated_mlir_text` (StableHLO with `sdy.mesh`/`sdy.sharding`/`sdy.sharding_constraint`) with
    XLA's Shardy partitioner for `num_devices` host CPU devices, run it on `inputs` (default: `random_inputs`
    from `seed`) placed per the compiled executable's parameter shardings, run the unsharded program too, and
    compare every result to `rtol`/`atol`.

    The text is compiled as given (only `mhlo.num_partitions` is set): what XLA makes of exactly this module is
    what is checked. (XLA's Shardy import keeps argument/result shardings and constraints and re-decides every
    other op's sharding; `autoshard plan` output pins every planned value with a constraint for that reason.)

    Runs in-process when possible, else in a subprocess with `XLA_FLAGS=--xla_force_host_platform_device_count=N`.
    Raises `UserError` when jaxlib or XLA rejects the module and `MissingExtraError` without jax.
    """
    require_jax("the XLA cross-check")
    if num_devices < 1:
        raise UserError(f"number of devices must be positive, got {num_devices}")
    if request_host_devices(num_devices):
        return compile_and_run_here(annotated_mlir_text, num_devices, inputs, seed, rtol, atol, filename)
    return _compile_and_run_in_subprocess(annotated_mlir_text, num_devices, inputs, seed, rtol, atol, filename)


def _compile_and_run_in_subprocess(text, num_devices, inputs, seed, rtol, atol, filename) -> XlaRun:
    with tempfile.TemporaryDirectory(prefix="autoshard-xla-") as tmp:
        request = Path(tmp) / "request.pkl"
        reply = Path(tmp) / "reply.pkl"
        request.write_bytes(pickle.dumps(dict(text=text, num_devices=num_devices, seed=seed, rtol=rtol,
                                              atol=atol, filename=filename,
                                              inputs=None if inputs is None else [np.asarray(x) for x in inputs])))
        env = dict(os.environ)
        env["XLA_FLAGS"] = with_device_count_flag(env.get("XLA_FLAGS", ""), num_devices)
        env["JAX_PLATFORMS"] = "cpu"
        proc = subprocess.run([sys.executable, "-m", "autoshard.xla.worker", str(request), str(reply)],
                              env=env, capture_output=True, text=True)
        if not reply.exists():
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise UserError(f"the XLA worker process failed (exit {proc.returncode}): {tail}")
        status, payload = pickle.loads(reply.read_bytes())
    if status == "error":
        error_type, message, location = payload
        raise error_type(message, location)
    return payload


# --------------------------------------------------------------------------------------------------------
# Memory of the compiled program


@dataclass(frozen=True)
class XlaMemoryStats:
    """Per-device buffer sizes XLA assigned to a compiled program (`compiled.memory_analysis()`)."""

    argument_bytes: int
    output_bytes: int
    temp_bytes: int
    alias_bytes: int

    @property
    def total_bytes(self) -> int:
        """What the program needs on one device: arguments + outputs + temporaries - aliased."""
        return self.argument_bytes + self.output_bytes + self.temp_bytes - self.alias_bytes


@dataclass(frozen=True)
class CompiledProgram:
    """What XLA compiled from a module for N host CPU devices, without running it."""

    hlo_text: str
    memory: XlaMemoryStats


def compile_only(annotated_mlir_text: str, num_devices: int, filename: str = "<input>") -> CompiledProgram:
    """Compile the text as given (only `mhlo.num_partitions` set, as `compile_and_run` does) for `num_devices`
    host CPU devices without running it: XLA's partitioned HLO and its memory analysis. In this process only: jax
    must already have, or still be able to get, N CPU devices (else `UserError`)."""
    require_jax("XLA's compilation")
    if not request_host_devices(num_devices):
        raise UserError(f"this process has {len(host_devices())} host CPU devices, {num_devices} needed")
    context = jaxlib_mlir.make_jaxlib_context()
    module = jaxlib_mlir.parse_with_jaxlib(annotated_mlir_text, context, filename)
    jaxlib_mlir.set_num_partitions(module, context, num_devices)
    executable = _compile(module, context, host_devices()[:num_devices])
    stats = executable.get_compiled_memory_stats()
    return CompiledProgram(executable.hlo_modules()[0].to_string(),
                           XlaMemoryStats(stats.argument_size_in_bytes, stats.output_size_in_bytes,
                                          stats.temp_size_in_bytes, stats.alias_size_in_bytes))


def compiled_memory_stats(annotated_mlir_text: str, num_devices: int, filename: str = "<input>") -> XlaMemoryStats:
    """XLA's memory analysis of the text compiled as `compile_only` compiles it."""
    return compile_only(annotated_mlir_text, num_devices, filename).memory
