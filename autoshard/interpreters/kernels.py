"""Numpy kernels for StableHLO and CHLO ops, shared by the reference interpreter and the SPMD simulator.

A kernel is `kernel(op, ctx, inputs) -> outputs`: it reads the op's structured facts through the typed dialect
op (`autoshard.rules.typed_ops`) and plain attributes through `autoshard.rules.attrs`, takes numpy arrays and returns numpy arrays of
`ctx.result_shapes` / `ctx.result_dtypes`. The SPMD simulator calls the same kernels on local shards with
local result shapes, so kernels take result shapes from `ctx`, never from the op's types, and attributes the
simulator localizes (gather slice sizes, window padding, feature group counts) from `ctx.overrides` first.
Region bodies (reduce, sort, scatter, ...) are run by `ctx.run_region`, elementwise over whole arrays.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
from xdsl.ir import Operation, Region

from autoshard.dialects import sdy
from autoshard.dialects.chlo import BroadcastCompareOp, TopKOp
from autoshard.dialects.stablehlo import (
    BroadcastInDimOp, CompareOp, ConcatenateOp, ConstantOp, ConvolutionOp, CustomCallOp, GatherOp, IotaOp, PadOp,
    ReduceOp, ReduceWindowOp, ReverseOp, ScatterOp, SliceOp, SortOp, TransposeOp,
)
from autoshard.errors import UserError
from autoshard.interpreters.values import BFLOAT16, dense_to_array
from autoshard.rules.attrs import op_name
from autoshard.rules.convolution import conv_dims
from autoshard.rules.dot import dot_dimension_numbers
from autoshard.rules.typed_ops import typed_op

Arrays = list[np.ndarray]
T = TypeVar("T")


@dataclass
class KernelContext:
    """What a kernel needs besides the op and its inputs."""

    result_shapes: list[tuple[int, ...]]
    result_dtypes: list[np.dtype]
    run_region: Callable[[Region, Sequence[np.ndarray]], Arrays]
    #: Inside a region body run over whole arrays at once: scalar-typed results keep their input's shape.
    vectorized: bool = False
    #: Attributes replaced for a run on local shards (name -> int or list of ints), e.g. local slice_sizes.
    overrides: dict[str, object] = field(default_factory=dict)

    def local(self, name: str, value: T) -> T:
        """`value`, the op's own attribute `name`, or the local override of that attribute."""
        return self.overrides[name] if name in self.overrides else value  # type: ignore[return-value]


Kernel = Callable[[Operation, KernelContext, Arrays], Arrays]
KERNELS: dict[str, Kernel] = {}


def kernel(*names: str) -> Callable[[Kernel], Kernel]:
    def register(fn: Kernel) -> Kernel:
        for name in names:
            KERNELS[name] = fn
        return fn

    return register


def _is_float(a: np.ndarray) -> bool:
    return np.issubdtype(a.dtype, np.floating) or a.dtype == BFLOAT16


def _cast(value: np.ndarray, ctx: KernelContext, i: int = 0) -> np.ndarray:
    out = np.asarray(value)
    dtype = ctx.result_dtypes[i]
    if out.dtype != dtype:
        with np.errstate(all="ignore"):
            out = out.astype(dtype)
    if out.shape != ctx.result_shapes[i] and not (ctx.vectorized and not ctx.result_shapes[i]):
        out = np.broadcast_to(out, ctx.result_shapes[i]).copy()
    return out


# -- elementwise ----------------------------------------------------------------------------------


def _int_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        q = np.trunc(np.true_divide(a.astype(np.float64), b.astype(np.float64)))
    return np.where(b == 0, -1, q).astype(a.dtype)


def _divide(a, b):
    return np.true_divide(a, b) if _is_float(a) else _int_divide(a, b)


def _remainder(a, b):
    return np.fmod(a, b)


def _round_afz(a):
    return np.sign(a) * np.floor(np.abs(a) + 0.5)


def _erf(a):
    return np.vectorize(math.erf, otypes=[np.float64])(a.astype(np.float64))


def _erf_inv(a):
    x = a.astype(np.float64)
    # Newton iterations from a good initial guess (Giles' approximation is overkill for a reference)
    y = np.clip(x, -1 + 1e-15, 1 - 1e-15)
    guess = np.sign(y) * np.sqrt(-np.log((1 - y) * (1 + y)))
    for _ in range(60):
        err = _erf(guess) - y
        guess = guess - err / (2 / math.sqrt(math.pi) * np.exp(-guess * guess))
    return np.where(x == 1, np.inf, np.where(x == -1, -np.inf, guess))


def _shift_right_logical(a, b):
    unsigned = a.view(np.dtype(f"uint{a.dtype.itemsize * 8}"))
    out = np.where(b >= a.dtype.itemsize * 8, 0, np.right_shift(unsigned, np.clip(b, 0, None).astype(unsigned.dtype)))
    return out.astype(unsigned.dtype).view(a.dtype)


UNARY: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "stablehlo.abs": np.abs,
    "stablehlo.negate": np.negative,
    "stablehlo.exponential": np.exp,
    "stablehlo.exponential_minus_one": np.expm1,
    "stablehlo.log": np.log,
    "stablehlo.log_plus_one": np.log1p,
    "stablehlo.logistic": lambda a: 1 / (1 + np.exp(-a)),
    "stablehlo.sqrt": np.sqrt,
    "stablehlo.rsqrt": lambda a: 1 / np.sqrt(a),
    "stablehlo.cbrt": np.cbrt,
    "stablehlo.tanh": np.tanh,
    "stablehlo.sine": np.sin,
    "stablehlo.cosine": np.cos,
    "stablehlo.tan": np.tan,
    "stablehlo.floor": np.floor,
    "stablehlo.ceil": np.ceil,
    "stablehlo.round_nearest_afz": _round_afz,
    "stablehlo.round_nearest_even": np.round,
    "stablehlo.sign": np.sign,
    "stablehlo.not": lambda a: np.logical_not(a) if a.dtype == np.bool_ else np.invert(a),
    "stablehlo.is_finite": np.isfinite,
    "stablehlo.popcnt": lambda a: np.vectorize(lambda v: bin(int(v) & ((1 << (a.dtype.itemsize * 8)) - 1)).count("1"))(a),
    "stablehlo.copy": lambda a: a.copy(),
    "chlo.square": np.square,
    "chlo.tan": np.tan,
    "chlo.sinh": np.sinh,
    "chlo.cosh": np.cosh,
    "chlo.asin": np.arcsin,
    "chlo.acos": np.arccos,
    "chlo.atan": np.arctan,
    "chlo.asinh": np.arcsinh,
    "chlo.acosh": np.arccosh,
    "chlo.atanh": np.arctanh,
    "chlo.erf": _erf,
    "chlo.erfc": lambda a: 1 - _erf(a),
    "chlo.erf_inv": _erf_inv,
    "chlo.lgamma": lambda a: np.vectorize(math.lgamma, otypes=[np.float64])(a.astype(np.float64)),
    "chlo.is_inf": np.isinf,
    "chlo.is_pos_inf": np.isposinf,
    "chlo.is_neg_inf": np.isneginf,
}

BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "stablehlo.add": lambda a, b: np.logical_or(a, b) if a.dtype == np.bool_ else np.add(a, b),
    "stablehlo.subtract": np.subtract,
    "stablehlo.multiply": lambda a, b: np.logical_and(a, b) if a.dtype == np.bool_ else np.multiply(a, b),
    "stablehlo.divide": _divide,
    "stablehlo.remainder": _remainder,
    "stablehlo.power": np.power,
    "stablehlo.maximum": np.maximum,
    "stablehlo.minimum": np.minimum,
    "stablehlo.and": lambda a, b: np.logical_and(a, b) if a.dtype == np.bool_ else np.bitwise_and(a, b),
    "stablehlo.or": lambda a, b: np.logical_or(a, b) if a.dtype == np.bool_ else np.bitwise_or(a, b),
    "stablehlo.xor": lambda a, b: np.logical_xor(a, b) if a.dtype == np.bool_ else np.bitwise_xor(a, b),
    "stablehlo.atan2": np.arctan2,
    "stablehlo.shift_left": lambda a, b: np.where(b >= a.dtype.itemsize * 8, 0, np.left_shift(a, np.clip(b, 0, None))),
    "stablehlo.shift_right_arithmetic": lambda a, b: np.right_shift(a, np.clip(b, 0, a.dtype.itemsize * 8 - 1)),
    "stablehlo.shift_right_logical": _shift_right_logical,
    "chlo.next_after": np.nextafter,
    "chlo.polygamma": lambda a, b: np.full(np.broadcast(a, b).shape, np.nan),
}
for _name in ("add", "subtract", "multiply", "divide", "remainder", "power", "maximum", "minimum", "and", "or", "xor", "atan2"):
    BINARY[f"chlo.broadcast_{_name}"] = BINARY[f"stablehlo.{_name}"]


def _apply(fn: Callable, *arrays: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return fn(*arrays)


@kernel(*UNARY)
def _unary(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(_apply(UNARY[op_name(op)], inputs[0]), ctx)]


@kernel(*BINARY)
def _binary(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(_apply(BINARY[op_name(op)], inputs[0], inputs[1]), ctx)]


_COMPARE = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal, "GT": np.greater, "GE": np.greater_equal}


@kernel("stablehlo.compare", "chlo.broadcast_compare")
def _compare(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    direction = typed_op(op, (CompareOp, BroadcastCompareOp)).comparison_direction.keyword
    if direction not in _COMPARE:
        raise UserError(f"unknown comparison direction '{direction}'")
    return [_cast(_apply(_COMPARE[direction], inputs[0], inputs[1]), ctx)]


@kernel("stablehlo.select", "chlo.broadcast_select")
def _select(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(np.where(inputs[0], inputs[1], inputs[2]), ctx)]


@kernel("stablehlo.clamp")
def _clamp(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    lo, x, hi = inputs
    return [_cast(np.minimum(np.maximum(x, lo), hi), ctx)]


@kernel("stablehlo.convert")
def _convert(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x = inputs[0]
    dtype = ctx.result_dtypes[0]
    if _is_float(x) and np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        with np.errstate(all="ignore"):
            x = np.clip(np.nan_to_num(np.trunc(x.astype(np.float64)), nan=0), info.min, info.max)
    if dtype == np.bool_:
        x = x != 0
    return [_cast(x, ctx)]


@kernel("stablehlo.bitcast_convert")
def _bitcast_convert(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [np.ascontiguousarray(inputs[0]).view(ctx.result_dtypes[0]).reshape(ctx.result_shapes[0])]


@kernel("stablehlo.optimization_barrier")
def _identity_all(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [np.array(x, copy=True) for x in inputs]


#: custom_call targets JAX emits that compute nothing (sharding annotations and SPMD shape markers).
NOOP_CUSTOM_CALLS = frozenset({"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "X64Combine", "annotate_device_placement"})


@kernel("stablehlo.custom_call")
def _custom_call(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    target = custom_call_target(op)
    if target in NOOP_CUSTOM_CALLS and len(inputs) == len(ctx.result_shapes):
        return [_cast(x, ctx, i) for i, x in enumerate(inputs)]
    raise UserError(f"the simulator cannot run custom_call @{target}")


def custom_call_target(op: Operation) -> str:
    return typed_op(op, CustomCallOp).call_target_name


# -- constants and shapes ---------------------------------------------------------------------------


@kernel("stablehlo.constant", "sdy.constant")
def _constant(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(dense_to_array(typed_op(op, (ConstantOp, sdy.ConstantOp)).value, op.results[0].type), ctx)]


@kernel("stablehlo.iota")
def _iota(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    shape, dim = ctx.result_shapes[0], typed_op(op, IotaOp).iota_dimension
    line = np.arange(shape[dim]).reshape([-1 if d == dim else 1 for d in range(len(shape))])
    return [_cast(np.broadcast_to(line, shape), ctx)]


@kernel("stablehlo.broadcast_in_dim")
def _broadcast_in_dim(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x, shape = inputs[0], ctx.result_shapes[0]
    if ctx.vectorized and not shape:
        return [_cast(x, ctx)]
    dims = typed_op(op, BroadcastInDimOp).broadcast_dimensions
    expanded = [1] * len(shape)
    for i, d in enumerate(dims):
        expanded[d] = x.shape[i]
    return [_cast(np.broadcast_to(x.reshape(expanded), shape), ctx)]


@kernel("chlo.broadcast")
def _broadcast(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(np.broadcast_to(inputs[0], ctx.result_shapes[0]), ctx)]


@kernel("stablehlo.reshape")
def _reshape(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(inputs[0].reshape(ctx.result_shapes[0]), ctx)]


@kernel("stablehlo.transpose")
def _transpose(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(np.transpose(inputs[0], typed_op(op, TransposeOp).permutation), ctx)]


@kernel("stablehlo.reverse")
def _reverse(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(np.flip(inputs[0], axis=typed_op(op, ReverseOp).dimensions), ctx)]


@kernel("stablehlo.slice")
def _slice(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    slice_op = typed_op(op, SliceOp)
    starts, limits = slice_op.start_indices, slice_op.limit_indices
    strides = slice_op.strides or (1,) * len(starts)
    return [_cast(inputs[0][tuple(slice(s, l, t) for s, l, t in zip(starts, limits, strides))], ctx)]


def _clamped_starts(inputs: Arrays, operand_shape: Sequence[int], sizes: Sequence[int]) -> list[int]:
    return [int(min(max(int(np.asarray(s).reshape(())), 0), dim - size)) for s, dim, size in zip(inputs, operand_shape, sizes)]


@kernel("stablehlo.dynamic_slice")
def _dynamic_slice(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x = inputs[0]
    sizes = ctx.result_shapes[0]  # the slice sizes (local ones on local shards)
    starts = _clamped_starts(inputs[1:], x.shape, sizes)
    return [_cast(x[tuple(slice(s, s + n) for s, n in zip(starts, sizes))], ctx)]


@kernel("stablehlo.dynamic_update_slice")
def _dynamic_update_slice(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x, update = inputs[0].copy(), inputs[1]
    starts = _clamped_starts(inputs[2:], x.shape, update.shape)
    x[tuple(slice(s, s + n) for s, n in zip(starts, update.shape))] = update
    return [_cast(x, ctx)]


@kernel("stablehlo.concatenate")
def _concatenate(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    return [_cast(np.concatenate(inputs, axis=typed_op(op, ConcatenateOp).dimension), ctx)]


@kernel("stablehlo.pad")
def _pad(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x, value = inputs[0], inputs[1].reshape(())
    pad = typed_op(op, PadOp)
    low, high = pad.edge_padding_low, pad.edge_padding_high
    interior = pad.interior_padding or (0,) * x.ndim
    dilated_shape = [s + (s - 1) * i if s else 0 for s, i in zip(x.shape, interior)]
    dilated = np.full(dilated_shape, value, dtype=x.dtype)
    dilated[tuple(slice(None, None, i + 1) for i in interior)] = x
    # negative edge padding crops; positive pads
    padded = np.pad(dilated, [(max(lo, 0), max(hi, 0)) for lo, hi in zip(low, high)], constant_values=value)
    crop = tuple(slice(max(-lo, 0), padded.shape[d] - max(-hi, 0)) for d, (lo, hi) in enumerate(zip(low, high)))
    return [_cast(padded[crop], ctx)]


# -- contractions ------------------------------------------------------------------------------------


def _accumulate_dtype(x: np.ndarray) -> np.dtype:
    return np.dtype(np.float32) if x.dtype in (np.float16, BFLOAT16) else x.dtype


@kernel("stablehlo.dot_general")
def _dot_general(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    lhs, rhs = inputs
    lb, rb, lc, rc = dot_dimension_numbers(op)
    letters = iter("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    lhs_sub = [next(letters) for _ in range(lhs.ndim)]
    rhs_sub: list[str | None] = [None] * rhs.ndim
    for l, r in zip(lb, rb):
        rhs_sub[r] = lhs_sub[l]
    for l, r in zip(lc, rc):
        rhs_sub[r] = lhs_sub[l]
    rhs_sub = [s if s is not None else next(letters) for s in rhs_sub]
    out = [lhs_sub[d] for d in lb]
    out += [lhs_sub[d] for d in range(lhs.ndim) if d not in lb and d not in lc]
    out += [rhs_sub[d] for d in range(rhs.ndim) if d not in rb and d not in rc]
    acc = _accumulate_dtype(lhs)
    result = np.einsum(f"{''.join(lhs_sub)},{''.join(rhs_sub)}->{''.join(out)}", lhs.astype(acc), rhs.astype(acc))  # type: ignore[arg-type]
    return [_cast(result, ctx)]


@kernel("stablehlo.dot")
def _dot(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    acc = _accumulate_dtype(inputs[0])
    return [_cast(np.dot(inputs[0].astype(acc), inputs[1].astype(acc)), ctx)]


def window_padding(op: ConvolutionOp | ReduceWindowOp, overrides: dict[str, object] | None = None) -> list[list[int]]:
    """(low, high) padding per windowed dimension of a convolution or reduce_window (or its local override)."""
    if overrides and "padding" in overrides:
        return [list(p) for p in overrides["padding"]]  # type: ignore[union-attr]
    return [list(p) for p in op.padding]


@kernel("stablehlo.convolution")
def _convolution(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    lhs, rhs = inputs
    conv = typed_op(op, ConvolutionOp)
    d = conv_dims(conv)
    nsp = len(d.input_spatial)
    acc = _accumulate_dtype(lhs)
    x = np.transpose(lhs, [d.input_batch, *d.input_spatial, d.input_feature]).astype(acc)
    w = np.transpose(rhs, [*d.kernel_spatial, d.kernel_input_feature, d.kernel_output_feature]).astype(acc)
    strides, lhs_dil, rhs_dil = conv.window_strides, conv.lhs_dilation, conv.rhs_dilation
    padding = window_padding(conv, ctx.overrides)
    if any(conv.window_reversal):
        w = np.flip(w, axis=[i for i, r in enumerate(conv.window_reversal) if r])
    if conv.batch_group_count != 1:
        raise UserError("the simulator does not support convolution with batch_group_count > 1")
    groups = ctx.local("feature_group_count", conv.feature_group_count)
    # lhs dilation: insert zeros between input elements
    if any(v != 1 for v in lhs_dil):
        shape = [x.shape[0]] + [(s - 1) * v + 1 for s, v in zip(x.shape[1:-1], lhs_dil)] + [x.shape[-1]]
        dilated = np.zeros(shape, x.dtype)
        dilated[(slice(None), *[slice(None, None, v) for v in lhs_dil], slice(None))] = x
        x = dilated
    pads = [(0, 0)] + [(max(lo, 0), max(hi, 0)) for lo, hi in padding] + [(0, 0)]
    x = np.pad(x, pads)
    crop = (slice(None), *[slice(max(-lo, 0), x.shape[i + 1] - max(-hi, 0)) for i, (lo, hi) in enumerate(padding)], slice(None))
    x = x[crop]
    out_shape_sp = [
        (x.shape[1 + i] - ((w.shape[i] - 1) * rhs_dil[i] + 1)) // strides[i] + 1 for i in range(nsp)
    ]
    cin, cout = x.shape[-1], w.shape[-1]
    out = np.zeros([x.shape[0], *out_shape_sp, cout], dtype=acc)
    cin_g, cout_g = cin // groups, cout // groups
    for kpos in np.ndindex(*w.shape[:nsp]):
        window = x[(slice(None), *[slice(k * rhs_dil[i], k * rhs_dil[i] + (out_shape_sp[i] - 1) * strides[i] + 1, strides[i]) for i, k in enumerate(kpos)], slice(None))]
        for g in range(groups):
            out[..., g * cout_g:(g + 1) * cout_g] += np.tensordot(window[..., g * cin_g:(g + 1) * cin_g], w[kpos][:, g * cout_g:(g + 1) * cout_g], axes=([-1], [0]))
    # back to the output layout
    layout = [d.output_batch, *d.output_spatial, d.output_feature]
    return [_cast(np.transpose(out, np.argsort(layout)), ctx)]


# -- region ops ---------------------------------------------------------------------------------------

_SIMPLE_REDUCERS: dict[str, Callable] = {
    "stablehlo.add": np.add,
    "stablehlo.multiply": np.multiply,
    "stablehlo.maximum": np.maximum,
    "stablehlo.minimum": np.minimum,
    "stablehlo.and": np.logical_and,
    "stablehlo.or": np.logical_or,
}


def simple_reducer(region: Region) -> str | None:
    """The op name of a body `return op(arg0, arg1)` (add, multiply, maximum, minimum, and, or), else None."""
    if len(region.blocks) != 1:
        return None
    block = region.blocks.first
    assert block is not None
    ops = list(block.ops)
    if len(ops) != 2 or len(block.args) != 2:
        return None
    body, ret = ops
    name = op_name(body)
    if name not in _SIMPLE_REDUCERS or len(body.operands) != 2 or len(ret.operands) != 1 or ret.operands[0] is not body.results[0]:
        return None
    if set(body.operands) != set(block.args):
        return None
    return name


def _reducer_ufunc(name: str, dtype: np.dtype) -> Callable:
    if dtype == np.bool_:
        return {"stablehlo.add": np.logical_or, "stablehlo.multiply": np.logical_and}.get(name, _SIMPLE_REDUCERS[name])
    if name in ("stablehlo.and", "stablehlo.or") and dtype != np.bool_:
        return np.bitwise_and if name == "stablehlo.and" else np.bitwise_or
    return _SIMPLE_REDUCERS[name]


@kernel("stablehlo.reduce")
def _reduce(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    n = len(inputs) // 2
    xs, inits = inputs[:n], inputs[n:]
    dims = typed_op(op, ReduceOp).dimensions
    body = op.regions[0]
    name = simple_reducer(body) if n == 1 else None
    if name is not None:
        ufunc = _reducer_ufunc(name, xs[0].dtype)
        reduced = ufunc.reduce(xs[0], axis=dims) if dims else xs[0]
        return [_cast(ufunc(reduced, inits[0].reshape(())), ctx)]
    # general body: fold the reduced positions one by one, elementwise over all kept positions
    kept = [d for d in range(xs[0].ndim) if d not in dims]
    moved = [np.transpose(x, kept + list(dims)).reshape([x.shape[d] for d in kept] + [-1]) for x in xs]
    acc = [np.broadcast_to(i.reshape(()), moved[0].shape[:-1]).astype(i.dtype) for i in inits]
    for k in range(moved[0].shape[-1]):
        acc = [np.asarray(a) for a in ctx.run_region(body, [*acc, *[m[..., k] for m in moved]])]
    return [_cast(a, ctx, i) for i, a in enumerate(acc)]


@kernel("stablehlo.reduce_window")
def _reduce_window(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    n = len(inputs) // 2
    xs, inits = inputs[:n], [i.reshape(()) for i in inputs[n:]]
    rank = xs[0].ndim
    reduce_window = typed_op(op, ReduceWindowOp)
    window, strides = reduce_window.window_dimensions, reduce_window.window_strides
    base_dil, win_dil = reduce_window.base_dilations, reduce_window.window_dilations
    padding = window_padding(reduce_window, ctx.overrides)
    prepared = []
    for x, init in zip(xs, inits):
        if any(b != 1 for b in base_dil):
            shape = [(s - 1) * b + 1 for s, b in zip(x.shape, base_dil)]
            dilated = np.full(shape, init, x.dtype)
            dilated[tuple(slice(None, None, b) for b in base_dil)] = x
            x = dilated
        x = np.pad(x, [(max(lo, 0), max(hi, 0)) for lo, hi in padding], constant_values=init)
        x = x[tuple(slice(max(-lo, 0), x.shape[d] - max(-hi, 0)) for d, (lo, hi) in enumerate(padding))]
        prepared.append(x)
    out_shape = ctx.result_shapes[0]
    body = op.regions[0]
    name = simple_reducer(body) if n == 1 else None
    acc = [np.full(out_shape, init, dtype=x.dtype) for x, init in zip(xs, inits)]
    for wpos in np.ndindex(*window):
        index = tuple(slice(w * wd, w * wd + (o - 1) * s + 1, s) for w, wd, o, s in zip(wpos, win_dil, out_shape, strides))
        pieces = [x[index] for x in prepared]
        if name is not None:
            acc = [_reducer_ufunc(name, acc[0].dtype)(acc[0], pieces[0])]
        else:
            acc = [np.asarray(a) for a in ctx.run_region(body, [*acc, *pieces])]
    return [_cast(a, ctx, i) for i, a in enumerate(acc)]


@kernel("stablehlo.sort")
def _sort(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    dim = typed_op(op, SortOp).dimension
    rank = inputs[0].ndim
    dim = dim + rank if dim < 0 else dim
    body = op.regions[0]
    moved = [np.moveaxis(x, dim, -1) for x in inputs]
    outs = [np.empty_like(m) for m in moved]
    for pos in np.ndindex(*moved[0].shape[:-1]):
        rows = [m[pos] for m in moved]

        def less(i: int, j: int) -> bool:
            args = [np.asarray(v) for r in rows for v in (r[i], r[j])]
            return bool(np.asarray(ctx.run_region(body, args)[0]))

        def compare(i: int, j: int) -> int:
            return -1 if less(i, j) else 1 if less(j, i) else 0

        order = sorted(range(rows[0].shape[0]), key=functools.cmp_to_key(compare))  # Python's sort is stable
        for o, r in zip(outs, rows):
            o[pos] = r[order]
    return [_cast(np.moveaxis(o, -1, dim), ctx, i) for i, o in enumerate(outs)]


def _batch_positions(indices: np.ndarray, index_vector_dim: int) -> tuple[list[int], list[tuple[int, ...]]]:
    batch_dims = [d for d in range(indices.ndim) if d != index_vector_dim]
    return batch_dims, list(np.ndindex(*[indices.shape[d] for d in batch_dims]))


def _index_vector(indices: np.ndarray, batch_dims: list[int], pos: tuple[int, ...], index_vector_dim: int) -> list[int]:
    full: list[object] = [0] * indices.ndim
    for d, p in zip(batch_dims, pos):
        full[d] = p
    if index_vector_dim < indices.ndim:
        full[index_vector_dim] = slice(None)
        return [int(v) for v in np.atleast_1d(indices[tuple(full)])]
    return [int(indices[tuple(full)])]


@kernel("stablehlo.gather")
def _gather(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    operand, indices = inputs
    gather = typed_op(op, GatherOp)
    f = gather.dimension_numbers
    sizes = ctx.local("slice_sizes", gather.slice_sizes)
    ivd = f.index_vector_dim
    batch_dims, positions = _batch_positions(indices, ivd)
    dropped = set(f.collapsed_slice_dims) | set(f.operand_batching_dims)
    slices = []
    for pos in positions:
        starts = [0] * operand.ndim
        vec = _index_vector(indices, batch_dims, pos, ivd)
        for k, od in enumerate(f.start_index_map):
            starts[od] = min(max(vec[k], 0), operand.shape[od] - sizes[od])
        for od, idim in zip(f.operand_batching_dims, f.start_indices_batching_dims):
            starts[od] = pos[batch_dims.index(idim)]
        piece = operand[tuple(slice(s, s + n) for s, n in zip(starts, sizes))]
        slices.append(piece.reshape([n for d, n in enumerate(sizes) if d not in dropped]))
    batch_shape = [indices.shape[d] for d in batch_dims]
    stacked = np.array(slices).reshape(batch_shape + list(slices[0].shape if slices else []))
    offset_dims = list(f.offset_dims)
    rank = len(ctx.result_shapes[0])
    batch_out = [d for d in range(rank) if d not in offset_dims]
    # stacked axes: batch axes then offset axes; result dim r takes stacked axis perm[r]
    perm = [0] * rank
    for i, d in enumerate(batch_out):
        perm[d] = i
    for i, d in enumerate(offset_dims):
        perm[d] = len(batch_out) + i
    return [_cast(np.transpose(stacked, perm), ctx)]


@kernel("stablehlo.scatter")
def _scatter(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    n = (len(inputs) - 1) // 2
    operands, indices, updates = [x.copy() for x in inputs[:n]], inputs[n], inputs[n + 1:]
    dn = typed_op(op, ScatterOp).scatter_dimension_numbers
    window_dims = dn.update_window_dims
    inserted = dn.inserted_window_dims
    in_batching = dn.input_batching_dims
    idx_batching = dn.scatter_indices_batching_dims
    to_operand = dn.scatter_dims_to_operand_dims
    ivd = dn.index_vector_dim
    body = op.regions[0]
    rank = operands[0].ndim
    batch_dims, _ = _batch_positions(indices, ivd)
    update_scatter_dims = [d for d in range(updates[0].ndim) if d not in window_dims]
    window_operand_dims = [d for d in range(rank) if d not in inserted and d not in in_batching]
    for upos in np.ndindex(*[updates[0].shape[d] for d in update_scatter_dims]):
        vec = _index_vector(indices, batch_dims, upos, ivd)
        starts = [0] * rank
        for k, od in enumerate(to_operand):
            starts[od] = vec[k]
        for od, idim in zip(in_batching, idx_batching):
            starts[od] = upos[batch_dims.index(idim)]
        full_index: list[object] = [slice(None)] * updates[0].ndim
        for d, p in zip(update_scatter_dims, upos):
            full_index[d] = p
        windows = [u[tuple(full_index)] for u in updates]
        sizes = [1] * rank
        for od, s in zip(window_operand_dims, windows[0].shape):
            sizes[od] = s
        if any(s < 0 or s + size > dim for s, size, dim in zip(starts, sizes, operands[0].shape)):
            continue  # out-of-bounds updates are skipped
        target = tuple(slice(s, s + size) for s, size in zip(starts, sizes))
        current = [o[target] for o in operands]
        new = ctx.run_region(body, [*current, *[w.reshape(sizes) for w in windows]])
        for o, v in zip(operands, new):
            o[target] = np.asarray(v).reshape(sizes)
    return [_cast(o, ctx, i) for i, o in enumerate(operands)]


@kernel("chlo.top_k")
def _top_k(op: Operation, ctx: KernelContext, inputs: Arrays) -> Arrays:
    x = inputs[0]
    k = typed_op(op, TopKOp).k
    order = np.argsort(-x.astype(np.float64), axis=-1, kind="stable")[..., :k]
    return [_cast(np.take_along_axis(x, order, axis=-1), ctx, 0), _cast(order, ctx, 1)]
