"""Convolution operand layouts as XLA:CPU lays them out: which operands of a `stablehlo.convolution` it reads from a
transposed copy (`canonicalized_ports`), on a backend that makes them (`XlaBackend.convolution_operand_copies`).

`ConvCanonicalization` (xla/service/cpu/conv_canonicalization.cc, run by cpu_compiler.cc right after the
select_and_scatter expander) gives every convolution the layout its kernels take: the input transposed to
[batch, spatial..., feature], the kernel to [spatial..., input feature, output feature], and the result transposed
back. A transpose that keeps the order of the dimensions larger than 1 is a bitcast; any other is a copy, made as a
dot's transposed operand is (`dot_layout`: a kernel of its own, or the operand's producer's loop writing it
transposed). The result's transpose is left out: a backward convolution's result is a weight gradient, which
layout assignment hands to its readers as it is (a bitcast to another layout). A forward convolution in NHWC / HWIO
order needs no copy; the gradients jax writes do: the input gradient reads the kernel as [spatial, output, input],
the kernel gradient reads the input with its batch as the feature dimension and the output gradient as its kernel.
"""

from __future__ import annotations

from collections.abc import Sequence

from autoshard.planner.plan_graph import NodeKind, PlanNode
from autoshard.rules.convolution import conv_dims

OP_NAME = "stablehlo.convolution"


def _moves_data(order: Sequence[int], shape: Sequence[int]) -> bool:
    """Whether transposing `shape` into `order` moves data: the dimensions larger than 1 change their order."""
    kept = [d for d in order if shape[d] != 1]
    return kept != sorted(kept)


def canonicalized_ports(node: PlanNode) -> list[int]:
    """The operands of a convolution XLA:CPU reads from a transposed copy (module docstring); [] for any other
    node."""
    if node.kind != NodeKind.OP or node.label != OP_NAME or node.ir is None or len(node.inputs) != 2:
        return []
    d = conv_dims(node.ir)
    orders = ([d.input_batch, *d.input_spatial, d.input_feature],
              [*d.kernel_spatial, d.kernel_input_feature, d.kernel_output_feature])
    return [port for port, order in enumerate(orders)
            if node.inputs[port] is not None and _moves_data(order, node.inputs[port].shape)]
