"""A dot reduce-scattering its partial sums onto a free dimension on a mesh with axes idle for it: XLA's SPMD
partitioner computes only the part of the result along the idle axes, slicing the operand that holds that dimension
there, all-reduces the part over the summed axes and moves it to the device the result's sharding names with a
collective-permute (seen on XLA:CPU, jaxlib 0.10, `XlaBackend.idle_axis_dot_scatter`: a weight gradient contracting
tokens sharded on `model` into a result sharded on `model`, its operands and result replicated over `data`: on
data x model = 8x8, 16x8 and 8x4 the dot reads a `dynamic-slice` fusion of its operand; on 4x8, 2x8 and 1x8, where
the idle devices cannot take the parts, it reads the whole operand and the all-reduced sum is sliced).

The memory accounting holds the slice instead of the operand: a breadth-first schedule writes it where the operand
is ready (an 8B-shaped slice's backward weight gradients read their forward inputs so, sliced in the forward pass),
and the dot's partial sums and all-reduced sum are the part's size. The time model prices what XLA runs: the dot's
FLOPs of the part, an all-reduce of the part over the summed axes, and a collective-permute of the part (its pairs
transpose the idle and summed coordinates, so it crosses both: `permute_axes`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from autoshard.planner.plan_graph import NodeStrategy, PlanGraph, PlanNode
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.dot_layout import dot_numbers
from autoshard.sharding import AxisRef, Mesh


@dataclass(frozen=True)
class IdleAxisScatter:
    """How XLA partitions one dot under one strategy: the result's parts (`parts`: the summed axes' size) and the
    operand it slices into them (`port`)."""

    parts: int
    port: int
    #: the mesh axes no operand or result of the dot is sharded over, in mesh order
    idle_axes: tuple[str, ...] = ()

    def permute_axes(self, summed: Sequence[AxisRef]) -> tuple[AxisRef, ...]:
        """The axes the collective-permute placing the parts crosses: the idle ones and the `summed` ones (seen on
        8x8: device (data d, model m) sends its part to (data m, model d))."""
        return (*(AxisRef(name) for name in self.idle_axes), *summed)


def idle_axis_scatter(node: PlanNode, strategy: NodeStrategy, mesh: Mesh) -> IdleAxisScatter | None:
    """The slicing XLA does for `node` under `strategy` (module docstring), or None: a two-operand dot_general
    settling its partial sums by a reduce-scatter onto a dimension one operand's free dimension gives, with mesh
    axes none of its operands and results is sharded over whose devices a multiple of the parts."""
    settle = strategy.settle
    if settle is None or settle.kind != "reduce_scatter" or settle.dim is None:
        return None
    numbers = dot_numbers(node)
    if numbers is None:
        return None
    lhs_batch, _, lhs_contract, _ = numbers
    lhs = node.inputs[0]
    if lhs is None:
        return None
    lhs_free = lhs.rank - len(lhs_batch) - len(lhs_contract)
    if settle.dim < len(lhs_batch):
        return None  # a batch dimension: both operands hold it (not seen)
    port = 0 if settle.dim < len(lhs_batch) + lhs_free else 1
    used = {axis.name for sharding in (*strategy.inputs, *strategy.outputs)
            for axis in (*sharding.all_axes(), *sharding.unreduced)}
    idle_axes = tuple(name for name in mesh.axis_names if name not in used)
    idle = prod(mesh.axis_size(name) for name in idle_axes)
    parts = prod(axis.size(mesh) for axis in settle.axes)
    if parts <= 1 or idle % parts:
        return None
    return IdleAxisScatter(parts, port, idle_axes)


def scatter_performed(node: PlanNode, strategy: NodeStrategy, mesh: Mesh, backend: XlaBackend
                      ) -> IdleAxisScatter | None:
    """`idle_axis_scatter` on a backend whose partitioner slices so (`XlaBackend.idle_axis_dot_scatter`), else
    None."""
    return idle_axis_scatter(node, strategy, mesh) if backend.idle_axis_dot_scatter.value else None


def sliced_operands(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh, backend: XlaBackend
                    ) -> frozenset[tuple[int, int]]:
    """The (dot, operand port) pairs `backend` slices under the plan `assignment` (`scatter_performed`)."""
    out = set()
    for node in graph.nodes:
        if node.strategies:
            scatter = scatter_performed(node, node.strategies[assignment[node.index]], mesh, backend)
            if scatter is not None:
                out.add((node.index, scatter.port))
    return frozenset(out)
