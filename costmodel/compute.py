"""Compute cost of ops: the one FLOP rule, element types, and roofline time per device.

Conventions:
- The FLOP rule (`dot_flops`, `convolution_flops`, `reduce_flops`, `op_work`) counts the elements it is given:
  the planner gives whole ops and scales by a strategy's shard, `autoshard.xla.hlo_cost` a partitioned program's
  ops. One multiply-add is 2 FLOPs (dot_general: 2 * batch * contracting * lhs_free * rhs_free).
- `OpWork.bytes_accessed` is what the caller counts a kernel reading and writing (it depends on fusion);
  data-movement ops (transpose, slice, gather, ...) and layout-only ops (reshape, bitcast_convert, tuple
  plumbing) do no arithmetic.
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


def dot_flops(iteration_sizes: Iterable[int]) -> float:
    """A dot_general: one multiply-add (2 FLOPs) per point of its iteration space, whose sizes are its batch,
    contracting and both operands' free dimensions, each counted once."""
    return 2.0 * math.prod(iteration_sizes)


def convolution_flops(output_elements: int, kernel_elements: int, output_features: int) -> float:
    """A convolution: each output element is a multiply-add (2 FLOPs) over the kernel's elements of its output
    feature (window x input features per group): 2 * outputs * kernel elements / output features."""
    return 2.0 * output_elements * kernel_elements / max(output_features, 1)


def reduce_flops(input_elements: Sequence[int], output_elements: Sequence[int]) -> float:
    """A reduce: one combine per input element that folds into another, i.e. inputs - outputs."""
    return float(max(sum(input_elements) - sum(output_elements), 0))


def op_work(op: str, operand_elements: Sequence[int], result_elements: Sequence[int]) -> OpWork:
    """FLOPs and transcendentals of an op other than a dot or convolution (bytes are the caller's: they depend
    on fusion), from the element counts of its operands and results. `op` is the op's name (`add`,
    `stablehlo.add`, XLA's `exponential-minus-one`): free and data-movement ops do none; `reduce` folds its
    first len(results) operands (the rest are init values, `reduce_flops`); anything else is elementwise over
    its largest result (its largest operand when it has none): one FLOP per element, or one transcendental."""
    name = op.split(".", 1)[-1].replace("-", "_")
    if name in FREE_OPS or name in DATA_MOVEMENT_OPS:
        return OpWork()
    if name == "reduce":
        return OpWork(reduce_flops(operand_elements[: len(result_elements)], result_elements))
    n = max(result_elements or operand_elements, default=1)
    if name in TRANSCENDENTAL_OPS:
        return OpWork(transcendentals=float(n))
    return OpWork(float(n))


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
