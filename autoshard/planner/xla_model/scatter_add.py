"""Scatters XLA folds into the add reading them: `add(x, scatter(zeros, indices, updates))` runs as
`scatter(x, indices, updates)`.

Seen on XLA:CPU, jaxlib 0.10 (`XlaBackend.scatter_add_folding`): the gradient of `logsumexp(z) - z[label]` adds the
softmax to a scatter of the label's gradient into zeros; the compiled step scatters into the softmax's buffer and
holds no zeros and no scatter result. Only where the add is the scatter's only reader (the gradient of
`take_along_axis(log_softmax(z))` also sums the scatter: not folded) and reads it in the sharding the scatter
writes (a collective between them keeps them apart). The scatter's value is then computed inside the add
(`scatters_into_adds`): no buffer of its own, its operands read where the add runs."""

from __future__ import annotations

from collections.abc import Sequence

from autoshard.dialects.stablehlo import AddOp
from autoshard.planner.plan_graph import PlanEdge, PlanGraph
from autoshard.planner.xla_model.constants_first import scatters_of_constants


def scatters_into_adds(graph: PlanGraph, assignment: Sequence[int] | None = None) -> frozenset[int]:
    """The scatters into a value of constants alone (`scatters_of_constants`) whose only reader is an add, reading
    it without a reshard under `assignment` (every such scatter without one: the solver's view)."""
    nodes = graph.nodes
    readers: dict[int, list[PlanEdge]] = {}
    for e in graph.edges:
        if e.producer != e.consumer:
            readers.setdefault(e.producer, []).append(e)
    out: set[int] = set()
    for i in scatters_of_constants(graph):
        scatter, reads = nodes[i], readers.get(i, [])
        if len(scatter.outputs) != 1 or len(reads) != 1 or nodes[reads[0].consumer].label != AddOp.name:
            continue
        read = reads[0]
        if assignment is not None and scatter.strategies and nodes[read.consumer].strategies:
            written = scatter.strategies[assignment[i]].outputs[0]
            if nodes[read.consumer].strategies[assignment[read.consumer]].inputs[read.in_port] != written:
                continue
        out.add(i)
    return frozenset(out)
