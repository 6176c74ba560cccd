"""XLA's combiner grouping of settling collectives (`all_reduce_combiner.combined_groups`)."""

from __future__ import annotations

from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanEdge, PlanGraph, PlanNode, Settle
from autoshard.planner.xla_model.all_reduce_combiner import combined_groups
from autoshard.planner.xla_model.backend import CPU
from autoshard.sharding import AxisRef

SETTLE_A = NodeStrategy((), (), settle=Settle("all_reduce", (AxisRef("a"),)))
SETTLE_B = NodeStrategy((), (), settle=Settle("all_reduce", (AxisRef("b"),)))
PLAIN = NodeStrategy((), ())
DOT = "stablehlo.dot_general"


def _graph(ops: list[tuple[str, NodeStrategy]], edges: list[tuple[int, int]], padding: int = 0) -> PlanGraph:
    """Op nodes at positions 0, 1, ... (then `padding` unconnected constants), with forward edges (producer,
    consumer)."""
    graph = PlanGraph()
    for position, (label, strategy) in enumerate(ops):
        graph.add_node(PlanNode(0, NodeKind.OP, label, [], [], strategies=[strategy], position=position))
    for k in range(padding):
        graph.add_node(PlanNode(0, NodeKind.CONSTANT, f"c{k}", [], [], strategies=[PLAIN], position=len(ops) + k))
    graph.edges += [PlanEdge(u, 0, v, 0) for u, v in edges]
    graph.num_positions = len(ops) + padding
    return graph


def test_a_settle_reading_a_member_starts_the_next_group():
    # s0 and s2 are independent: one group; s4 reads s2 through r3: a group of its own; s1 settles over other axes
    ops = [(DOT, SETTLE_A), (DOT, SETTLE_B), (DOT, SETTLE_A), ("r3", PLAIN), (DOT, SETTLE_A)]
    graph = _graph(ops, [(2, 3), (3, 4)])
    assert combined_groups(graph, [0] * 5, CPU) == [[0, 2], [1], [4]]


def test_a_settle_reached_through_several_readers_starts_the_next_group():
    # s3 reads s0 through r1 and r2; s4 reads nothing settled: it joins s3's group
    ops = [(DOT, SETTLE_A), ("r1", PLAIN), ("r2", PLAIN), (DOT, SETTLE_A), (DOT, SETTLE_A)]
    graph = _graph(ops, [(0, 1), (1, 2), (2, 3)])
    assert combined_groups(graph, [0] * 5, CPU) == [[0], [3, 4]]


def test_large_graphs_are_grouped_too():
    # the gradients of a data-parallel step are independent: XLA combines them into one all-reduce whatever the
    # graph's size (graphs over 20000 nodes used to go without the combiner, and their memory came out low)
    ops = [(DOT, SETTLE_A), ("r1", PLAIN), (DOT, SETTLE_A), ("r3", PLAIN)]
    graph = _graph(ops, [(0, 1), (2, 3)], padding=25_000)
    assert combined_groups(graph, [0] * len(graph.nodes), CPU) == [[0, 2]]
