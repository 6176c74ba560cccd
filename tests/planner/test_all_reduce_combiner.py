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


#: a forward reduction over x's columns, `jax.checkpoint`'s recomputation of it from the barrier's copy of x, and a
#: "gradient" dot contracting x's columns that reads the forward's result
RECOMPUTED_REDUCTION = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  %1 = stablehlo.tanh %0 : tensor<64xf32>
  %2:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %3 = stablehlo.reduce(%2#0 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  %4 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.multiply %2#0, %4 : tensor<64x64xf32>
  %6 = stablehlo.dot_general %5, %2#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %7 = stablehlo.add %3, %1 : tensor<64xf32>
  return %6, %7 : tensor<64x64xf32>, tensor<64xf32>
}
"""


def test_a_recomputation_merged_with_its_forward_op_settles_with_it_in_the_forward_pass():
    # both reductions and the dot settle over `data` (x's columns sharded); the recomputed reduction is merged with
    # the forward one (XLA:CPU: one tuple all-reduce of the forward's partial sums, where the forward runs), so it
    # joins no group (it used to join the dot's; in a LLaMA step it joined its forward op's and held the forward
    # pass from there on until the backward pass)
    import autoshard  # noqa: PLC0415
    from autoshard.planner.xla_model.memory_accounting import combined_positions  # noqa: PLC0415
    from autoshard.planner.xla_model.merged_values import merged_values  # noqa: PLC0415

    graph = autoshard.plan(RECOMPUTED_REDUCTION, mesh="data=8", time_limit=2).graph
    nodes = sorted(graph.nodes, key=lambda n: n.position)
    forward, recomputed = [n for n in nodes if n.label == "stablehlo.reduce"]
    dot = next(n for n in nodes if n.label == DOT)

    def settling(node):
        return next(k for k, s in enumerate(node.strategies) if s.settle and s.settle.axes == (AxisRef("data"),))

    assignment = [0] * len(graph.nodes)
    for node in (forward, recomputed, dot):
        assignment[node.index] = settling(node)
    assert merged_values(graph, assignment)[recomputed.index] == (forward.index, 0)
    assert combined_groups(graph, assignment, CPU) == [[forward.index], [dot.index]]
    assert combined_positions(graph, assignment, CPU)[forward.index] == forward.position
