"""Compute cost of ops on LOCAL (per-device shard) shapes, and roofline time per device.

Conventions:
- Shapes are the local shard shapes a device works on; all results are per device.
- One multiply-add is 2 FLOPs (dot_general: 2 * batch * contracting * lhs_free * rhs_free).
- `bytes_accessed` counts every operand read once and every result written once (no cache reuse), the way
  XLA's HloCostAnalysis does; data-movement ops (transpose, slice, gather, ...) have bytes only, and
  layout-only ops (reshape, bitcast_convert, tuple plumbing) cost nothing.
- Transcendental ops (exp, log, tanh, ...) count one transcendental per element, each priced as
  `TRANSCENDENTAL_FLOPS` vector FLOPs (NVIDIA SMs have one special-function unit per four FP32 lanes).
- Roofline: `time = max(flops / peak(dtype), bytes / memory_bandwidth)`, with the matrix-unit peak for
  dot/convolution (`matmul=True`) and the hardware's `vector_flops` rate otherwise.
- Dtypes are MLIR/StableHLO element type names (`f32`, `bf16`, `i1`, `i8`, `ui32`, `f8E4M3FN`, `complex<f32>`)
  or XLA's (`pred`, `s8`, `u32`, `f8e4m3fn`, `c64`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from costmodel.errors import CostModelError
from costmodel.hardware import CostConfig, HardwareSpec

#: Vector FLOPs one transcendental costs (special-function units run at 1/4 of the FP32 lane rate).
TRANSCENDENTAL_FLOPS = 4.0

TRANSCENDENTAL_OPS = frozenset({
    "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "tanh", "tan", "sine", "cosine",
    "sqrt", "rsqrt", "cbrt", "power", "atan2", "erf", "erf_inv", "erfc", "lgamma", "digamma", "acos", "asin",
    "atan", "acosh", "asinh", "atanh", "cosh", "sinh", "polygamma", "zeta", "igamma", "igammac",
})

#: Ops that only move or copy data: bytes, no FLOPs.
DATA_MOVEMENT_OPS = frozenset({
    "transpose", "broadcast_in_dim", "broadcast", "slice", "dynamic_slice", "dynamic_update_slice",
    "concatenate", "pad", "gather", "reverse", "copy", "iota", "sort", "real_dynamic_slice", "dynamic_pad",
    "dynamic_broadcast_in_dim", "dynamic_gather", "select_and_scatter", "torch_index_select",
})

#: Ops that change only the type or the shape's interpretation: free.
FREE_OPS = frozenset({
    "reshape", "bitcast_convert", "tuple", "get_tuple_element", "optimization_barrier", "constant",
    "dynamic_reshape", "get_dimension_size", "return", "after_all", "create_token",
})

_DTYPE_BITS = {
    "i1": 1, "pred": 1, "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 32, "index": 64,
    "c64": 64, "c128": 128,
}


# ------------------------------------------------------------------------------------------------------
# Dtypes
# ------------------------------------------------------------------------------------------------------
def dtype_bits(dtype: str) -> int:
    """Bits per element of an element type (`f32` 32, `bf16` 16, `i1` 1, `f8E4M3FN` 8, `complex<f32>` 64)."""
    d = dtype.strip()
    low = d.lower()
    if low in _DTYPE_BITS:
        return _DTYPE_BITS[low]
    if low.startswith("complex<") and low.endswith(">"):
        return 2 * dtype_bits(d[len("complex<"):-1])
    m = re.fullmatch(r"(?:[su]?i|[su]|ui|si)(\d+)", low)  # i8, si32, ui16, s8, u64
    if m:
        return int(m.group(1))
    m = re.fullmatch(r"f(\d+)(e\d+m\d+\w*)?", low)  # f16, f8e4m3fn, f4e2m1fn, f6e3m2fn, f8e8m0fnu
    if m:
        return int(m.group(1))
    raise CostModelError(f"unknown element type '{dtype}'")


def dtype_bytes(dtype: str) -> int:
    """Bytes one element takes in device memory: sub-byte types (i1, i4, f4) take a whole byte, as XLA
    stores them unpacked by default."""
    return max(1, math.ceil(dtype_bits(dtype) / 8))


def num_elements(shape: Sequence[int]) -> int:
    return math.prod(int(d) for d in shape) if shape else 1


# ------------------------------------------------------------------------------------------------------
# Work
# ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OpWork:
    """What one op does on one device: FLOPs, transcendentals, bytes read + written, and which units run it."""

    flops: float = 0.0
    bytes_accessed: float = 0.0
    transcendentals: float = 0.0
    matmul: bool = False

    def __add__(self, other: OpWork) -> OpWork:
        return OpWork(self.flops + other.flops, self.bytes_accessed + other.bytes_accessed,
                      self.transcendentals + other.transcendentals, self.matmul or other.matmul)


def _size(x: int | Iterable[int]) -> int:
    return int(x) if isinstance(x, int) else num_elements(tuple(x))


def dot_general_flops(batch: int | Iterable[int], contracting: int | Iterable[int],
                      lhs_free: int | Iterable[int], rhs_free: int | Iterable[int]) -> float:
    """2 * batch * contracting * lhs_free * rhs_free, each a size or a list of dimension sizes."""
    return 2.0 * _size(batch) * _size(contracting) * _size(lhs_free) * _size(rhs_free)


def convolution_flops(batch: int, output_spatial: int | Iterable[int], kernel_spatial: int | Iterable[int],
                      input_features: int, output_features: int, feature_group_count: int = 1) -> float:
    """2 * batch * output positions * output features * kernel window * input features per group.

    `input_features` is the total input feature count (the lhs feature dimension); each output feature sees
    `input_features / feature_group_count` of them."""
    if feature_group_count <= 0 or input_features % feature_group_count:
        raise CostModelError(f"convolution: feature_group_count {feature_group_count} does not divide the "
                        f"{input_features} input features")
    return (2.0 * int(batch) * _size(output_spatial) * int(output_features) * _size(kernel_spatial)
            * (int(input_features) // feature_group_count))


def elementwise_flops(num_elements: int, ops_per_element: float = 1) -> float:
    """`ops_per_element` FLOPs on each of `num_elements` elements."""
    return float(num_elements) * float(ops_per_element)


def reduce_flops(num_input_elements: int, num_output_elements: int = 1) -> float:
    """One combine per input element that folds into another: inputs - outputs (about the input count)."""
    return float(max(int(num_input_elements) - int(num_output_elements), 0))


def dot_general_work(lhs_shape: Sequence[int], rhs_shape: Sequence[int],
                     lhs_batching_dims: Sequence[int] = (), rhs_batching_dims: Sequence[int] = (),
                     lhs_contracting_dims: Sequence[int] = (), rhs_contracting_dims: Sequence[int] = (),
                     dtype: str = "f32", out_dtype: str | None = None) -> OpWork:
    """`stablehlo.dot_general` on local shapes (dimension numbers as in StableHLO)."""
    if len(lhs_batching_dims) != len(rhs_batching_dims) or len(lhs_contracting_dims) != len(rhs_contracting_dims):
        raise CostModelError("dot_general: lhs and rhs list different numbers of batching or contracting dimensions")
    for lhs_d, rhs_d in (*zip(lhs_batching_dims, rhs_batching_dims), *zip(lhs_contracting_dims, rhs_contracting_dims)):
        if lhs_shape[lhs_d] != rhs_shape[rhs_d]:
            raise CostModelError(f"dot_general: lhs dimension {lhs_d} (size {lhs_shape[lhs_d]}) does not match rhs "
                            f"dimension {rhs_d} (size {rhs_shape[rhs_d]})")
    batch = [lhs_shape[d] for d in lhs_batching_dims]
    contracting = [lhs_shape[d] for d in lhs_contracting_dims]
    lhs_free = [s for i, s in enumerate(lhs_shape) if i not in (*lhs_batching_dims, *lhs_contracting_dims)]
    rhs_free = [s for i, s in enumerate(rhs_shape) if i not in (*rhs_batching_dims, *rhs_contracting_dims)]
    out_elems = num_elements(batch) * num_elements(lhs_free) * num_elements(rhs_free)
    nbytes = (num_elements(lhs_shape) + num_elements(rhs_shape)) * dtype_bytes(dtype) \
        + out_elems * dtype_bytes(out_dtype or dtype)
    return OpWork(dot_general_flops(batch, contracting, lhs_free, rhs_free), float(nbytes), 0.0, True)


def convolution_work(lhs_shape: Sequence[int], rhs_shape: Sequence[int], out_shape: Sequence[int],
                     kernel_input_feature_dim: int, kernel_spatial_dims: Sequence[int],
                     dtype: str = "f32", out_dtype: str | None = None) -> OpWork:
    """`stablehlo.convolution`: every output element is a sum over the kernel window and the kernel's input
    features (already divided by feature_group_count in the kernel shape): 2 * out * window * in_features."""
    window = num_elements([rhs_shape[d] for d in kernel_spatial_dims])
    flops = 2.0 * num_elements(out_shape) * window * rhs_shape[kernel_input_feature_dim]
    nbytes = (num_elements(lhs_shape) + num_elements(rhs_shape)) * dtype_bytes(dtype) \
        + num_elements(out_shape) * dtype_bytes(out_dtype or dtype)
    return OpWork(flops, float(nbytes), 0.0, True)


def elementwise_work(shape: Sequence[int], dtype: str = "f32", *, op: str = "add", num_operands: int = 2,
                     ops_per_element: float | None = None, out_dtype: str | None = None) -> OpWork:
    """An elementwise op over `shape`: `ops_per_element` FLOPs each (default 1; transcendental ops count one
    transcendental instead), reading `num_operands` tensors and writing one."""
    n = num_elements(shape)
    nbytes = n * (num_operands * dtype_bytes(dtype) + dtype_bytes(out_dtype or dtype))
    name = op.split(".")[-1]
    if ops_per_element is None and name in TRANSCENDENTAL_OPS:
        return OpWork(0.0, float(nbytes), float(n), False)
    return OpWork(float(n) * (1.0 if ops_per_element is None else ops_per_element), float(nbytes), 0.0, False)


def reduce_work(input_shape: Sequence[int], reduced_dims: Sequence[int], dtype: str = "f32", *,
                num_inputs: int = 1, ops_per_element: float = 1.0) -> OpWork:
    """`stablehlo.reduce` of `num_inputs` same-shaped inputs over `reduced_dims`: one combine per input
    element that folds into another (n_in - n_out per input), reading inputs and writing results."""
    n_in = num_elements(input_shape)
    n_out = num_elements([s for i, s in enumerate(input_shape) if i not in reduced_dims])
    flops = float(num_inputs) * (n_in - n_out) * ops_per_element
    nbytes = num_inputs * (n_in + n_out) * dtype_bytes(dtype)
    return OpWork(flops, float(nbytes), 0.0, False)


def data_movement_work(in_bytes: float, out_bytes: float) -> OpWork:
    """A copy-like op: reads `in_bytes`, writes `out_bytes`, no arithmetic."""
    return OpWork(0.0, float(in_bytes) + float(out_bytes), 0.0, False)


def generic_op_work(op: str, operands: Sequence[tuple[Sequence[int], str]],
                    results: Sequence[tuple[Sequence[int], str]]) -> OpWork:
    """Work of an op other than dot_general/convolution from its local operand and result (shape, dtype)s:
    free ops cost nothing, data movement costs bytes, reduce one FLOP per folded element, anything else is
    elementwise over its largest result (one FLOP per element, or one transcendental)."""
    name = op.split(".")[-1]
    if name in FREE_OPS:
        return OpWork()
    in_bytes = sum(num_elements(s) * dtype_bytes(t) for s, t in operands)
    out_bytes = sum(num_elements(s) * dtype_bytes(t) for s, t in results)
    if name in DATA_MOVEMENT_OPS:
        return data_movement_work(in_bytes, out_bytes)
    if name in ("reduce", "reduce_window", "scatter", "all_reduce", "reduce_scatter"):
        n_in = sum(num_elements(s) for s, _ in operands)
        return OpWork(float(max(n_in - sum(num_elements(s) for s, _ in results), 0)), float(in_bytes + out_bytes))
    n = max((num_elements(s) for s, _ in results), default=0)
    if name in TRANSCENDENTAL_OPS:
        return OpWork(0.0, float(in_bytes + out_bytes), float(n), False)
    return OpWork(float(n), float(in_bytes + out_bytes), 0.0, False)


# ------------------------------------------------------------------------------------------------------
# Roofline
# ------------------------------------------------------------------------------------------------------
def _hardware(config: CostConfig | HardwareSpec) -> HardwareSpec:
    return config.hardware if isinstance(config, CostConfig) else config


def roofline_time(config: CostConfig | HardwareSpec, flops: float, bytes_accessed: float, dtype: str = "f32",
                  *, matmul: bool = True, transcendentals: float = 0.0) -> float:
    """Seconds on one device: max(FLOPs / peak FLOP/s for `dtype`, bytes / memory bandwidth).

    `matmul=False` uses the vector rate (`vector_flops`, else `peak_flops`); transcendentals are added as
    `TRANSCENDENTAL_FLOPS` vector FLOPs each."""
    hw = _hardware(config)
    compute = flops / hw.flops_for(dtype, matmul=matmul) if flops else 0.0
    if transcendentals:
        compute += transcendentals * TRANSCENDENTAL_FLOPS / hw.flops_for(dtype, matmul=False)
    memory = bytes_accessed / hw.memory_bandwidth
    return max(compute, memory)


def op_time(config: CostConfig | HardwareSpec, work: OpWork, dtype: str = "f32") -> float:
    """Roofline seconds of an `OpWork` in `dtype`."""
    return roofline_time(config, work.flops, work.bytes_accessed, dtype, matmul=work.matmul,
                         transcendentals=work.transcendentals)
