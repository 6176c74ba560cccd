"""`donated_copies` on a hand-built plan graph: a donated argument is copied when one of its readers is not an
ancestor of its new value's writer, and not when XLA's combiner merges a collective on the reader's side with one
the writer depends on (the merged all-reduce reads both sides: a cycle in the reading graph)."""

from __future__ import annotations

from autoshard.planner.plan_graph import NodeKind, PlanEdge, PlanGraph, PlanNode, TensorInfo
from autoshard.planner.xla_model.donated_copies import DonatedCopy, donated_copies

WEIGHT = TensorInfo((8, 8), "f32")


def _graph() -> PlanGraph:
    """weight (0) -> backward op reading it (1) -> its gradient's settle (2); another settle (3) -> the weight's
    update (4), which also reads the weight -> result (5) donated to the weight."""
    kinds = [NodeKind.ARGUMENT, NodeKind.OP, NodeKind.OP, NodeKind.OP, NodeKind.OP, NodeKind.RESULT]
    graph = PlanGraph()
    for i, kind in enumerate(kinds):
        graph.add_node(PlanNode(i, kind, str(kind), [WEIGHT], [WEIGHT], position=i))
    graph.edges = [PlanEdge(0, 0, 1, 0), PlanEdge(1, 0, 2, 0), PlanEdge(3, 0, 4, 0), PlanEdge(0, 0, 4, 1),
                   PlanEdge(4, 0, 5, 0)]
    return graph


def test_a_reader_off_the_writers_ancestors_makes_a_copy() -> None:
    graph = _graph()
    runs_at = [n.position for n in graph.nodes]
    assert donated_copies(graph, {5: 0}, {5: 4}, runs_at) == [DonatedCopy(0, 2, 8, 3, 8)]


def test_a_combined_collective_makes_the_reader_an_ancestor() -> None:
    graph = _graph()
    runs_at = [n.position for n in graph.nodes]
    assert donated_copies(graph, {5: 0}, {5: 4}, runs_at, combined=[[2, 3]]) == []
    assert donated_copies(graph, {5: 0}, {5: 4}, runs_at, combined=[[1, 3]]) == []
