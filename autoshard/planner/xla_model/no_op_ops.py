"""Ops XLA removes before it runs anything: `AlgebraicSimplifier` (xla/hlo/transforms/simplifiers/
algebraic_simplifier.cc, `HandlePad`, `HandleSlice`) replaces a pad that adds no padding and a slice that keeps its
whole operand by the operand. They run no kernel and hold no buffer of their own (`is_no_op`; jax writes both around
a max pool's gradient with `VALID` windows)."""

from __future__ import annotations

from autoshard.dialects.stablehlo import PadOp, SliceOp
from autoshard.planner.plan_graph import NodeKind, PlanNode
from autoshard.rules.typed_ops import typed_op


def is_no_op(node: PlanNode) -> bool:
    """A pad adding no padding, or a slice (stride 1) of its whole operand."""
    if node.kind != NodeKind.OP or node.ir is None:
        return False
    if node.label == PadOp.name:
        pad = typed_op(node.ir, PadOp)
        return not any((*pad.edge_padding_low, *pad.edge_padding_high, *pad.interior_padding))
    if node.label == SliceOp.name and node.inputs and node.inputs[0] is not None:
        sliced = typed_op(node.ir, SliceOp)
        return (not any(sliced.start_indices) and set(sliced.strides) <= {1}
                and tuple(sliced.limit_indices) == tuple(node.inputs[0].shape))
    return False
