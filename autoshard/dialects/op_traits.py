"""The op categories autoshard reasons with, as xDSL op traits on the dialects' op classes.

A subclass is a narrower category: a `Pointwise` op is `Elementwise`, an `Elementwise` op is `LoopFusible`.
Code holding an op asks `op.has_trait(T)`; code holding only an op's name (a plan node's label) asks
`autoshard.dialects.ops_by_name.has_trait(name, T)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.traits import OpTrait


class LoopFusible(OpTrait):
    """XLA fuses the op into one loop kernel with its loop-fusible producers and consumers: each result element is
    computed from operand elements with no reduction (elementwise ops, layout changes, slices, gathers, iota)."""


class Elementwise(LoopFusible):
    """Each result element is computed from the operand elements at its own position (a scalar operand, CHLO's
    implicit broadcasting, or a `bitcast_convert` splitting an element along a new minor dimension aside): its
    result may take the buffer of an operand read for the last time."""


class Pointwise(Elementwise):
    """Operands and results have one shape, and each dimension is one factor of the sharding rule (Shardy's
    `buildPointwise`)."""


class Slicing(LoopFusible):
    """Reads only as much of operand 0 as it produces (slice, dynamic_slice, gather)."""


class FusionRoot(OpTrait):
    """Ends an XLA loop fusion: loop-fusible producers run inside its loop, its result is written to memory."""


@dataclass(frozen=True)
class InPlaceUpdate(FusionRoot):
    """Writes operand `update_operand` into the buffer of operand 0, which the result takes over (XLA updates it in
    place)."""

    update_operand: int


class Linear(OpTrait):
    """Linear in all its operands together: operands holding partial sums give a result holding partial sums."""


class AddsOperands(Linear):
    """Adds (or subtracts) its two operands: operands unreduced over the same axes give a result unreduced over
    them, so `dot(a, w1) + dot(b, w2)` needs one all-reduce, not two."""


class LinearInFirstOperand(OpTrait):
    """Linear in operand 0 with the other operands fixed: a partial-sum operand 0 gives a partial-sum result."""


class SumReduction(OpTrait):
    """Sums products over a reduction factor (dot products, convolutions): sharding that factor leaves partial
    sums, which may stay unreduced and be settled downstream."""


class Transcendental(OpTrait):
    """Computes a transcendental function (exp, log, trig, erf, ...) per element: costly per element, so XLA does
    not recompute it inside each consumer's loop."""


class RunsReplicatedUnderXla(OpTrait):
    """XLA's SPMD partitioner (GSPMD) runs it replicated whatever its sharding: its default action all-gathers
    the operands, computes on every device and slices the results (HLO `topk`)."""
