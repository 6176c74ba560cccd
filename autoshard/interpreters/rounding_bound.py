"""A first-order bound on the rounding error of every value of a reference run.

`RoundingBound` listens to the reference interpreter and keeps, per element of every float value, an absolute
bound `E` on how far any floating-point evaluation of the same program may be from the exact one, when it differs
only in the order of its sums (how a sharded program differs from the unsharded one). Each op's bound is its
operands' bounds carried through the op to first order plus the op's own rounding, `eps(dtype) * |result|` per
rounding step (worst case within an op, random walk across the terms of a sum; transcendentals as many steps as
numpy's float32 implementations err by, `EXP_LOG_ROUNDINGS`; a subnormal spacing at least):

- `add`/`subtract`: ``E_a + E_b + eps |a ± b|``; `multiply`: ``|b| E_a + |a| E_b + eps |ab|``; `divide`:
  ``(E_a + |a/b| E_b) / |b| + eps |a/b|``; a unary `f`: ``max(|f'(x)| E_x, |f(x ± E_x) - f(x)|) + eps |f(x)|``;
- sums (`dot_general`, `convolution`, add-`reduce`, add-`reduce_window`, add-`scatter`) of `L` terms: the
  operands' bounds carried through the same contraction in quadrature (independent errors of the terms add like a
  random walk: ``sqrt(|a|^2 . E_b^2 + E_a^2 . |b|^2)``), plus ``growth(L) * eps * max(|sum|, sqrt(sum t^2))``;
- data movement (reshape, transpose, slice, gather, broadcast, ...) moves the bound with the data; `max`/`min`
  take the larger bound;
- a comparison of floats that lie within their bounds of each other may go either way: its result is marked
  *uncertain* there (the bound of a boolean or integer value is 1 where it may differ), and a `select` on an
  uncertain predicate may take either branch;
- a manual computation (`sdy.manual_computation`): the per-tensor rule below, times the mesh's device count;
- any other op falls back to a per-tensor rule: the operands' largest relative bound, at the result's largest
  magnitude, plus one rounding.

`E` is the bound on one evaluation's error; two evaluations may then differ by up to `2 E` (see
`simulate.PASS_THRESHOLD`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import ClassVar

import numpy as np
from xdsl.dialects.func import CallOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue

from autoshard.dialects.chlo import (
    AddBroadcastOp, BroadcastCompareOp, BroadcastSelectOp, DivideBroadcastOp, MinimumBroadcastOp, MultiplyBroadcastOp,
    PowerBroadcastOp, SubtractBroadcastOp, TopKOp,
)
from autoshard.dialects.sdy import ManualComputationOp, module_meshes
from autoshard.dialects.stablehlo import (
    AddOp, AndOp, CaseOp, ClampOp, CompareOp, ConvertOp, ConvolutionOp, DivOp, DotGeneralOp, DotOp, IfOp, MinOp, MulOp,
    NotOp, OptimizationBarrierOp, OrOp, PowOp, ReduceOp, ReduceWindowOp, ScatterOp, SelectOp, SubtractOp, WhileOp,
)
from autoshard.interpreters.kernels import KERNELS, UNARY, KernelContext, simple_reducer
from autoshard.interpreters.manual import manual_shardings
from autoshard.interpreters.values import BFLOAT16
from autoshard.rules.attrs import op_name
from autoshard.rules.convolution import conv_dims
from autoshard.rules.dot import dot_dimension_numbers
from autoshard.rules.typed_ops import typed_op


def is_float(dtype: np.dtype) -> bool:
    return np.issubdtype(dtype, np.floating) or dtype == BFLOAT16


def unit_roundoff(dtype: np.dtype) -> float:
    """eps(dtype): the spacing of floats at 1 (2^-7 for bfloat16, 2^-23 for float32); 0 for exact types."""
    if dtype == BFLOAT16:
        return 2.0**-7
    if np.issubdtype(dtype, np.floating):
        return float(np.finfo(dtype).eps)
    return 0.0


def smallest_subnormal(dtype: np.dtype) -> float:
    """The spacing of floats near zero: no rounding of a result is finer than that, whatever its magnitude."""
    if dtype == BFLOAT16:
        import ml_dtypes

        return float(ml_dtypes.finfo(dtype).smallest_subnormal)
    if np.issubdtype(dtype, np.floating):
        return float(np.finfo(dtype).smallest_subnormal)
    return 0.0


def growth(length: int) -> float:
    """The rounding of a sum of `length` terms, as a multiple of eps * max(|sum|, sqrt(sum of squared terms)).

    ``sqrt(L)``: numpy's einsum and strided reductions add in a linear order (contiguous ones pairwise), a sharded
    sum adds local sums in yet another. In a linear order the k-th addition rounds by up to eps |s_k| (s_k the
    partial sum), and independent roundings add like a random walk: sqrt(sum_k s_k^2) <= sqrt(L) max_k |s_k|, with
    max_k |s_k| ~ sqrt(sum t^2) for terms of mixed signs and = |sum| for terms of one sign. Pairwise orders need
    only log2(L), but einsum's linear order exceeds that bound on long sharded dots; the worst case of a linear
    order, (L - 1) eps sum |t|, would hide a 1e-3 relative error in any sum of cancelling terms longer than ~100.
    """
    return math.sqrt(length) if length > 1 else 1.0


def _abs(x: np.ndarray) -> np.ndarray:
    return np.abs(np.asarray(x, dtype=np.float64))


#: eps |f(x)| units by which one evaluation of a numpy float32 transcendental may be off (its own rounding, beside
#: what it carries from its operand): `EXP_LOG_ROUNDINGS` for exp, expm1, log and log1p, `TRIG_ROUNDINGS` for tanh,
#: sine and cosine, each at least twice numpy's own error (`tests/interpreters/test_tolerance.py` holds numpy to it).
EXP_LOG_ROUNDINGS = 6.0
TRIG_ROUNDINGS = 3.0

#: d f(x) / d x as a function of (x, f(x)), for unary ops; with the eps |f(x)| units of the op's own error.
_DERIVATIVES: dict[str, tuple[Callable[[np.ndarray, np.ndarray], np.ndarray], float]] = {
    "stablehlo.negate": (lambda x, r: np.ones_like(x), 0.0),
    "stablehlo.abs": (lambda x, r: np.ones_like(x), 0.0),
    "stablehlo.copy": (lambda x, r: np.ones_like(x), 0.0),
    "stablehlo.exponential": (lambda x, r: r, EXP_LOG_ROUNDINGS),
    "stablehlo.exponential_minus_one": (lambda x, r: r + 1.0, EXP_LOG_ROUNDINGS),
    "stablehlo.log": (lambda x, r: 1.0 / x, EXP_LOG_ROUNDINGS),
    "stablehlo.log_plus_one": (lambda x, r: 1.0 / (1.0 + x), EXP_LOG_ROUNDINGS),
    "stablehlo.logistic": (lambda x, r: r * (1.0 - r), EXP_LOG_ROUNDINGS + 2.0),
    "stablehlo.sqrt": (lambda x, r: 0.5 / r, 1.0),
    "stablehlo.rsqrt": (lambda x, r: 0.5 * r**3, 2.0),
    "stablehlo.cbrt": (lambda x, r: 1.0 / (3.0 * r * r), TRIG_ROUNDINGS),
    "stablehlo.tanh": (lambda x, r: 1.0 - r * r, TRIG_ROUNDINGS),
    "stablehlo.sine": (lambda x, r: np.cos(x), TRIG_ROUNDINGS),
    "stablehlo.cosine": (lambda x, r: np.sin(x), TRIG_ROUNDINGS),
    "stablehlo.tan": (lambda x, r: 1.0 + r * r, TRIG_ROUNDINGS),
    "chlo.tan": (lambda x, r: 1.0 + r * r, TRIG_ROUNDINGS),
    "chlo.square": (lambda x, r: 2.0 * x, 1.0),
    "chlo.sinh": (lambda x, r: np.cosh(x), EXP_LOG_ROUNDINGS),
    "chlo.cosh": (lambda x, r: np.sinh(x), EXP_LOG_ROUNDINGS),
    "chlo.atan": (lambda x, r: 1.0 / (1.0 + x * x), TRIG_ROUNDINGS),
    "chlo.erf": (lambda x, r: 2.0 / math.sqrt(math.pi) * np.exp(-x * x), EXP_LOG_ROUNDINGS),
    "chlo.erfc": (lambda x, r: 2.0 / math.sqrt(math.pi) * np.exp(-x * x), EXP_LOG_ROUNDINGS + 1.0),
}

#: ops whose bound is the op itself applied to the operands' bounds (non-float operands as they are).
_MOVEMENT = frozenset({
    "stablehlo.broadcast_in_dim", "chlo.broadcast", "stablehlo.reshape", "stablehlo.transpose", "stablehlo.reverse",
    "stablehlo.slice", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice", "stablehlo.concatenate",
    "stablehlo.pad", "stablehlo.gather", "stablehlo.optimization_barrier", "stablehlo.custom_call",
    "stablehlo.maximum", "chlo.broadcast_maximum",
    "sdy.sharding_constraint", "sdy.reshard", "sdy.all_gather", "sdy.all_slice", "sdy.all_reduce",
    "sdy.reduce_scatter", "sdy.all_to_all", "sdy.collective_permute", "sdy.replicated_to_unreduced",
    "sdy.sharded_to_unreduced", "sdy.propagation_barrier",
})  # fmt: skip

#: ops exact on integer-valued floats whose partial results stay below 2^precision (`_exact_integer_arithmetic`)
_EXACT_WHEN_INTEGER = frozenset({
    "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.negate", "stablehlo.reduce",
    "stablehlo.reduce_window",
    "stablehlo.dot_general", "stablehlo.dot", "stablehlo.convert", "chlo.broadcast_add",
    "chlo.broadcast_subtract", "chlo.broadcast_multiply",
})  # fmt: skip


def _precision_bits(dtype: np.dtype) -> int:
    """Significand bits (with the implicit one): every integer up to 2^bits is exact in `dtype`."""
    if dtype == BFLOAT16:
        return 8
    return int(np.finfo(dtype).nmant) + 1


#: the first operand of a data-movement op that holds indices (moved as values, not as bounds)
_INDEX_OPERANDS = {"stablehlo.gather": 1, "stablehlo.dynamic_slice": 1, "stablehlo.dynamic_update_slice": 2}

#: ops that compute nothing inexact from their operands (their bound is zero).
_EXACT_SOURCES = frozenset({"stablehlo.constant", "sdy.constant", "stablehlo.iota"})


class RoundingBound(Interpreter.Listener):
    """Keeps `bounds[value]`: a float64 array of the value's shape bounding its rounding error (see module doc).

    Region bodies run elementwise inside an op (reduce, scatter, sort) are accounted for by the op itself.
    """

    def __init__(self, interpreter: Interpreter) -> None:
        self.interpreter = interpreter
        self.bounds: dict[SSAValue, np.ndarray] = {}
        self._inputs: list[PythonValues] = []

    # -- listener ------------------------------------------------------------------------------------

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self._inputs.append(args)
        if isinstance(op, CallOp) and getattr(self.interpreter, "vectorized_depth", 0) == 0:
            entry = self._callee_block(op)
            for arg, operand, value in zip(entry.args, op.operands, args):
                self.bounds[arg] = self.bound(operand, np.asarray(value))

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        args = self._inputs.pop()
        if getattr(self.interpreter, "vectorized_depth", 0) > 0 or not op.results:
            return
        inputs = [np.asarray(a) for a in args]
        outputs = [np.asarray(r) for r in results]
        exact = self._exact_integer_arithmetic(op, inputs, outputs)
        if exact:
            bounds = [np.zeros(()) for _ in outputs]
        else:
            try:
                bounds = self._op_bounds(op, inputs, outputs)
            except Exception:  # a rule that cannot handle this op's form: the conservative fallback
                bounds = self._fallback(op, inputs, outputs)
        for result, value, bound in zip(op.results, outputs, bounds):
            bound = np.broadcast_to(np.asarray(bound, dtype=np.float64), value.shape)
            if is_float(value.dtype) and not exact and op_name(op) not in _MOVEMENT and op_name(op) not in _EXACT_SOURCES:
                # the roundings above are relative; near zero (subnormal results) each is up to one spacing
                bound = bound + EXP_LOG_ROUNDINGS * smallest_subnormal(value.dtype)
            if is_float(value.dtype) and not np.isfinite(value).all():
                # infinities and NaNs are compared exactly: no rounding makes a finite value of them
                bound = np.where(np.isfinite(value), bound, 0.0)
            if np.isnan(bound).any():  # an undetermined bound (inf - inf) allows anything
                bound = np.where(np.isnan(bound), np.inf, bound)
            self.bounds[result] = bound

    def _exact_integer_arithmetic(self, op: Operation, inputs: list[np.ndarray], outputs: list[np.ndarray]) -> bool:
        """Whether `op` is a sum or product of exact, integer-valued floats whose every partial result is an
        integer below 2^precision: then no evaluation order rounds (counts and positions computed in floats, as
        jax's one-hot cumulative sums do). Partial sums are bounded by the sum of all |terms| (by |a| sum times
        |b| max for a contraction)."""
        name = op_name(op)
        if name not in _EXACT_WHEN_INTEGER or len(outputs) != 1 or not is_float(outputs[0].dtype):
            return False
        if isinstance(op, (ReduceOp, ReduceWindowOp)) and simple_reducer(op.regions[0]) not in (
            "stablehlo.add", "stablehlo.maximum", "stablehlo.minimum"
        ):
            return False
        floats = [(v, x) for v, x in zip(op.operands, inputs) if _inexact(x)]
        if any(self.bound(v, x).any() for v, x in floats):
            return False
        if not all(np.array_equal(x, np.round(x)) for _, x in floats if x.size) or not np.all(np.isfinite(outputs[0])):
            return False
        limit = 2.0 ** _precision_bits(outputs[0].dtype)
        terms = [_abs(x) for _, x in floats]
        if isinstance(op, (MulOp, MultiplyBroadcastOp)):
            reach = math.prod(float(t.max(initial=0.0)) for t in terms)
        elif isinstance(op, (DotGeneralOp, DotOp)):
            reach = float(terms[0].sum()) * float(terms[1].max(initial=0.0)) if len(terms) == 2 else math.inf
        else:
            reach = sum(float(t.sum()) for t in terms)
        return reach < limit

    # -- lookup --------------------------------------------------------------------------------------

    def bound(self, value: SSAValue, actual: np.ndarray | None = None) -> np.ndarray:
        """The bound of `value` (zero for the entry function's arguments); loop-carried block arguments take
        the larger of the loop's initial value's and the last yielded value's bounds."""
        shape = np.shape(actual) if actual is not None else None
        found = self.bounds.get(value)
        if found is None and isinstance(value, BlockArgument):
            found = self._block_argument_bound(value)
        if found is None or (shape is not None and found.shape != shape):
            return np.zeros(shape if shape is not None else (), dtype=np.float64)
        return found

    def _callee_block(self, call: Operation, last: bool = False) -> Block:
        callee = self.interpreter.lookup_function(typed_op(call, CallOp).callee.root_reference.data)  # type: ignore[attr-defined]
        block = callee.regions[0].blocks.last if last else callee.regions[0].blocks.first
        assert block is not None
        return block

    def _block_argument_bound(self, arg: BlockArgument) -> np.ndarray | None:
        block: Block = arg.block
        parent = block.parent_op()
        if not isinstance(parent, WhileOp):
            return None
        candidates = [self.bounds.get(parent.operands[arg.index])]
        body = parent.regions[1].blocks.first
        if body is not None and body.last_op is not None and arg.index < len(body.last_op.operands):
            yielded = body.last_op.operands[arg.index]
            if yielded is not arg:
                candidates.append(self.bounds.get(yielded))
        present = [c for c in candidates if c is not None]
        if not present:
            return None
        out = present[0]
        for c in present[1:]:
            if c.shape == out.shape:
                out = np.maximum(out, c)
        return out

    # -- rules ---------------------------------------------------------------------------------------

    def _op_bounds(self, op: Operation, inputs: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        name = op_name(op)
        bounds = [self.bound(v, x) for v, x in zip(op.operands, inputs)]
        out = outputs[0]
        u = unit_roundoff(out.dtype)
        r = _abs(out) if is_float(out.dtype) else None
        if name in _EXACT_SOURCES:
            return [np.zeros(()) for _ in outputs]
        if name in _MOVEMENT:
            first_index = _INDEX_OPERANDS.get(name, len(inputs))
            if any(b.any() for b in bounds[first_index:]):
                return self._fallback(op, inputs, outputs)
            return self._through_kernel(op, [*bounds[:first_index], *inputs[first_index:]], outputs)
        if isinstance(op, (MinOp, MinimumBroadcastOp)):
            return [np.maximum(bounds[0], bounds[1])]
        if isinstance(op, ClampOp):
            return [np.maximum(np.maximum(bounds[0], bounds[1]), bounds[2])]
        if isinstance(op, (AddOp, SubtractOp, AddBroadcastOp, SubtractBroadcastOp)) and r is not None:
            return [bounds[0] + bounds[1] + u * r]
        if isinstance(op, (MulOp, MultiplyBroadcastOp)) and r is not None:
            a, b = _abs(inputs[0]), _abs(inputs[1])
            return [_times(b, bounds[0]) + _times(a, bounds[1]) + _times(bounds[0], bounds[1]) + u * r]
        if isinstance(op, (DivOp, DivideBroadcastOp)) and r is not None:
            with np.errstate(all="ignore"):
                b = _abs(inputs[1])
                carried = (bounds[0] + _times(r, bounds[1])) / b
            return [np.where(bounds[0] + bounds[1] > 0, carried, 0.0) + u * r]
        if isinstance(op, (PowOp, PowerBroadcastOp)) and r is not None:
            with np.errstate(all="ignore"):
                a, b = np.asarray(inputs[0], np.float64), np.asarray(inputs[1], np.float64)
                da = np.where(bounds[0] > 0, np.abs(b * r / a), 0.0)
                db = np.where(bounds[1] > 0, np.abs(r * np.log(np.abs(a))), 0.0)
            return [da * bounds[0] + db * bounds[1] + EXP_LOG_ROUNDINGS * u * r]
        if name in _DERIVATIVES and r is not None:
            derivative, roundings = _DERIVATIVES[name]
            with np.errstate(all="ignore"):
                x, e = np.asarray(inputs[0], np.float64), bounds[0]
                tangent = np.abs(derivative(x, np.asarray(out, np.float64))) * e
                # large input errors (bfloat16 logits off by whole units) leave the tangent's reach: take the
                # secants to x +- E too; outside the function's domain (log, sqrt of x - E < 0) nothing is bounded
                f = UNARY[name]
                fx = f(x)
                secant = np.maximum(np.abs(f(x + e) - fx), np.abs(f(x - e) - fx))
                carried = np.where(e > 0, np.where(np.isnan(secant), np.inf, np.maximum(tangent, secant)), 0.0)
            return [carried + roundings * u * r]
        if isinstance(op, ConvertOp):
            if r is None:  # to an integer or boolean: uncertain where the operand is
                return [(bounds[0] > 0).astype(np.float64)]
            if not _inexact(inputs[0]):
                return [bounds[0] + u * r]
            return [bounds[0] + (u * r if u > unit_roundoff(inputs[0].dtype) else 0.0)]
        if isinstance(op, (CompareOp, BroadcastCompareOp)):
            return [self._compare_uncertain(inputs, bounds)]
        if isinstance(op, (SelectOp, BroadcastSelectOp)):
            return [self._select(inputs, bounds)]
        if isinstance(op, (AndOp, OrOp, NotOp)) and out.dtype == np.bool_:
            return [np.maximum.reduce([(b > 0).astype(np.float64) for b in bounds])]
        structural = self._STRUCTURAL.get(type(op))
        if structural is not None:
            return structural(self, op, inputs, bounds, outputs)
        return self._fallback(op, inputs, outputs)

    def _call(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        returned = self._callee_block(op, last=True).last_op
        assert returned is not None
        return [self.bound(v, x) for v, x in zip(returned.operands, outputs)]

    def _branch_results(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        return [self._branches(op, i, x) for i, x in enumerate(outputs)]

    def _while(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        body = op.regions[1].blocks.first
        assert body is not None and body.last_op is not None
        yielded = body.last_op.operands
        return [np.maximum(self.bound(y, x), b) for y, x, b in zip(yielded, outputs, bounds)]

    def _branches(self, op: Operation, index: int, actual: np.ndarray) -> np.ndarray:
        """The largest bound any branch yielded for result `index` (the branches that ran have one)."""
        out = np.zeros(actual.shape)
        for region in op.regions:
            block = region.blocks.first
            if block is not None and block.last_op is not None and index < len(block.last_op.operands):
                out = np.maximum(out, self.bound(block.last_op.operands[index], actual))
        return out

    def _fallback(self, op: Operation, inputs: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        """Per tensor: the operands' largest relative bound at the result's largest magnitude, plus one rounding;
        non-float results are exact unless computed from uncertain ones."""
        relative = 0.0
        uncertain = False
        for v, x in zip(op.operands, inputs):
            b = self.bound(v, x)
            if not b.size or not b.any():
                continue
            if _inexact(x):
                with np.errstate(all="ignore"):
                    relative += float(b.max()) / max(float(_abs(x).max()), np.finfo(np.float64).tiny)
            else:
                uncertain = True
        out = []
        for y in outputs:
            if is_float(y.dtype):
                top = float(_abs(y).max(initial=0.0)) if y.size else 0.0
                out.append(np.full(y.shape, top * (relative + unit_roundoff(y.dtype))))
            else:
                out.append(np.full(y.shape, 1.0 if uncertain else 0.0))
        return out

    def _manual(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        """A manual computation's body runs per device and its collectives may add up to every device's block:
        the per-tensor fallback with its operands' errors and its own rounding taken once per device, as if each
        device's block contributed its full error to every result."""
        devices = manual_shardings(op, module_meshes(self.interpreter.module))[2].num_devices  # type: ignore[attr-defined]
        return [b * devices for b in self._fallback(op, inputs, outputs)]

    def _through_kernel(self, op: Operation, args: Sequence[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        """Run `op`'s own kernel on substitute operands, computing in float64."""
        name = op_name(op)
        if name.startswith("sdy.") or isinstance(op, OptimizationBarrierOp):
            return [np.asarray(a, np.float64) for a in args][: len(outputs)]
        ctx = KernelContext([o.shape for o in outputs], [np.dtype(np.float64)] * len(outputs), _simple_region)
        cast = [np.asarray(a, np.float64) if is_float(np.asarray(a).dtype) else np.asarray(a) for a in args]
        return [np.asarray(o, np.float64) for o in KERNELS[name](op, ctx, cast)]

    def _compare_uncertain(self, inputs: list[np.ndarray], bounds: list[np.ndarray]) -> np.ndarray:
        """Where a float comparison may go the other way: its operands lie within their bounds of each other
        but are not exactly equal. Exactly equal operands are one value reached two ways (a `max` selecting
        the element it is compared with, a broadcast of it): another evaluation selects the same element and
        compares equal again, unless a *different* element comes within its bound of the selected one, and
        those elements are the ones marked uncertain here."""
        if not _inexact(inputs[0]):
            return np.maximum((bounds[0] > 0), (bounds[1] > 0)).astype(np.float64)
        with np.errstate(all="ignore"):
            gap = np.abs(np.asarray(inputs[0], np.float64) - np.asarray(inputs[1], np.float64))
        near = (gap <= 2 * (bounds[0] + bounds[1])) & (gap > 0)
        return near.astype(np.float64) * ((bounds[0] + bounds[1]) > 0)

    def _top_k(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        """`chlo.top_k` along the last dimension: a row's choice (its indices, and which values it returns) may
        differ only where two of its k + 1 largest values lie within their bounds of each other (a near tie
        at the cut or inside the top k). Values carry the largest bound of their row's top k + 1; indices are
        uncertain (1) on the rows with a near tie."""
        x, bx = np.asarray(inputs[0], np.float64), np.broadcast_to(bounds[0], inputs[0].shape)
        k = outputs[0].shape[-1]
        order = np.argsort(-x, axis=-1, kind="stable")[..., : k + 1]
        top, top_b = np.take_along_axis(x, order, axis=-1), np.take_along_axis(bx, order, axis=-1)
        gaps = top[..., :-1] - top[..., 1:]
        near_tie = (gaps <= 2 * (top_b[..., :-1] + top_b[..., 1:])).any(axis=-1, keepdims=True)
        row_bound = top_b.max(axis=-1, keepdims=True)
        values = np.where(near_tie, np.abs(top[..., :1] - top[..., -1:]) + row_bound, row_bound)
        return [np.broadcast_to(values, outputs[0].shape), np.broadcast_to(near_tie.astype(np.float64), outputs[1].shape)]

    def _select(self, inputs: list[np.ndarray], bounds: list[np.ndarray]) -> np.ndarray:
        pred, a, b = inputs
        chosen = np.where(pred, bounds[1], bounds[2])
        if not bounds[0].any():
            return chosen
        with np.errstate(all="ignore"):
            either = np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64)) + np.maximum(bounds[1], bounds[2])
        return np.where(bounds[0] > 0, either, chosen)

    def _contraction(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        a, b = _abs(inputs[0]), _abs(inputs[1])
        if isinstance(op, ConvolutionOp):
            d = conv_dims(op)
            length = int(np.prod([inputs[1].shape[s] for s in d.kernel_spatial], dtype=np.int64)) * inputs[1].shape[d.kernel_input_feature]
        elif isinstance(op, DotOp):
            length = inputs[0].shape[-1]
        else:
            length = int(np.prod([inputs[0].shape[i] for i in dot_dimension_numbers(op)[2]], dtype=np.int64))
        magnitude = np.maximum(np.sqrt(self._through_kernel(op, [a * a, b * b], outputs)[0]), _abs(outputs[0]))
        carried = np.sqrt(self._through_kernel(op, [a * a, bounds[1] ** 2], outputs)[0] + self._through_kernel(op, [bounds[0] ** 2, b * b], outputs)[0])
        # the kernels accumulate bfloat16 and float16 products in float32 (`kernels._accumulate_dtype`), but a
        # sharded contraction rounds each device's partial sum to the result type before adding them up
        low = inputs[0].dtype in (BFLOAT16, np.float16)
        accumulate = unit_roundoff(np.dtype(np.float32) if low else inputs[0].dtype)
        u = max(accumulate, unit_roundoff(outputs[0].dtype))
        return [carried + growth(length) * u * magnitude]

    def _reduce(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        reducer = simple_reducer(op.regions[0]) if len(inputs) == 2 else None
        if reducer is None or not is_float(outputs[0].dtype):
            return self._fallback(op, inputs, outputs)
        dims = typed_op(op, ReduceOp).dimensions
        x, init = inputs
        bx, binit = bounds
        if reducer in ("stablehlo.maximum", "stablehlo.minimum"):
            return [np.maximum(bx.max(axis=dims) if dims else bx, binit.reshape(()))]
        if reducer != "stablehlo.add":
            return self._fallback(op, inputs, outputs)
        length = int(np.prod([x.shape[d] for d in dims], dtype=np.int64)) + 1
        magnitude = np.maximum(np.sqrt((_abs(x) ** 2).sum(axis=dims) + float(_abs(init).reshape(())) ** 2), _abs(outputs[0]))
        return [np.sqrt((bx**2).sum(axis=dims)) + float(binit.reshape(())) + growth(length) * unit_roundoff(outputs[0].dtype) * magnitude]

    def _reduce_window(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        reducer = simple_reducer(op.regions[0]) if len(inputs) == 2 else None
        if reducer is None or not is_float(outputs[0].dtype):
            return self._fallback(op, inputs, outputs)
        if reducer in ("stablehlo.maximum", "stablehlo.minimum"):
            # the bound of a max (or min) is at most the largest bound in its window: pad with the init's bound
            return [np.maximum(self._window_max(op, bounds[0], bounds[1], outputs), bounds[1].reshape(()))]
        if reducer != "stablehlo.add":
            return self._fallback(op, inputs, outputs)
        length = int(np.prod(typed_op(op, ReduceWindowOp).window_dimensions, dtype=np.int64)) + 1
        magnitude = np.maximum(np.sqrt(self._through_kernel(op, [_abs(inputs[0]) ** 2, _abs(inputs[1]) ** 2], outputs)[0]), _abs(outputs[0]))
        carried = np.sqrt(self._through_kernel(op, [bounds[0] ** 2, bounds[1] ** 2], outputs)[0])
        return [carried + growth(length) * unit_roundoff(outputs[0].dtype) * magnitude]

    def _window_max(self, op: Operation, x: np.ndarray, init: np.ndarray, outputs: list[np.ndarray]) -> np.ndarray:
        """The largest of `x` in each of `op`'s windows (padding with `init`)."""
        if simple_reducer(op.regions[0]) == "stablehlo.maximum":
            return self._through_kernel(op, [x, init], outputs)[0]
        # a min-window: the same windows, reduced with max (negated min of negated values)
        return -self._through_kernel(op, [-x, -init], outputs)[0]

    def _scatter(self, op: Operation, inputs: list[np.ndarray], bounds: list[np.ndarray], outputs: list[np.ndarray]) -> list[np.ndarray]:
        if len(inputs) != 3 or simple_reducer(op.regions[0]) != "stablehlo.add" or not is_float(outputs[0].dtype):
            return self._fallback(op, inputs, outputs)
        operand, indices, updates = inputs
        count = self._through_kernel(op, [np.ones(operand.shape), indices, np.ones(updates.shape)], outputs)[0]
        magnitude = np.maximum(np.sqrt(self._through_kernel(op, [_abs(operand) ** 2, indices, _abs(updates) ** 2], outputs)[0]), _abs(outputs[0]))
        carried = np.sqrt(self._through_kernel(op, [bounds[0] ** 2, indices, bounds[2] ** 2], outputs)[0])
        roundings = np.vectorize(growth, otypes=[np.float64])(count.astype(np.int64)) if count.size else count
        return [carried + roundings * unit_roundoff(outputs[0].dtype) * magnitude]

    #: Ops whose bound follows from what they contract, reduce or run (regions, callees), by op class.
    _STRUCTURAL: ClassVar[dict[type[Operation], Callable[..., list[np.ndarray]]]] = {
        DotGeneralOp: _contraction,
        DotOp: _contraction,
        ConvolutionOp: _contraction,
        ReduceOp: _reduce,
        ReduceWindowOp: _reduce_window,
        ScatterOp: _scatter,
        TopKOp: _top_k,
        CallOp: _call,
        CaseOp: _branch_results,
        IfOp: _branch_results,
        ManualComputationOp: _manual,
        WhileOp: _while,
    }


def _times(magnitude: np.ndarray, bound: np.ndarray) -> np.ndarray:
    """magnitude * bound, zero where the bound is (an infinite value with an exact operand carries no error)."""
    with np.errstate(invalid="ignore"):
        return np.where(bound == 0, 0.0, magnitude * bound)


def _inexact(x: np.ndarray) -> bool:
    return is_float(np.asarray(x).dtype)


def _simple_region(region: Region, args: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Run a one-op combiner body (add, max, ...) on bounds; other bodies are not rerun (the op falls back)."""
    name = simple_reducer(region)
    if name not in ("stablehlo.add", "stablehlo.maximum"):
        raise NotImplementedError(f"a region body other than add or maximum ({name})")
    return [np.add(args[0], args[1]) if name == "stablehlo.add" else np.maximum(args[0], args[1])]
