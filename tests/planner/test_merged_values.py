"""`jax.checkpoint`'s recomputation as XLA:CPU compiles it: the barrier is removed after partitioning and the
recomputed values are merged with the forward's (common-subexpression elimination), so the forward's buffer lives
until the backward's reader."""

from __future__ import annotations

import pytest

import autoshard
from autoshard.planner.program import BARRIER_OP
from autoshard.planner.xla_model.backend import CPU
from autoshard.planner.xla_model.dot_layout import copied_operands
from autoshard.planner.xla_model.memory_accounting import node_interval, plan_liveness, plan_memory, reshard_read
from autoshard.planner.xla_model import merged_values as merged_values_module
from autoshard.planner.xla_model.merged_values import merged_values, recomputation_ties
from autoshard.sharding import Mesh

#: a forward dot + tanh, then (the "backward") the same two ops on the barrier's copies of the inputs, read late
RECOMPUTED = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.tanh %0 : tensor<64x64xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<64x64xf32>
  %3:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %4 = stablehlo.dot_general %3#0, %3#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.tanh %4 : tensor<64x64xf32>
  %6 = stablehlo.add %5, %2 : tensor<64x64xf32>
  return %6 : tensor<64x64xf32>
}
"""


MESH = Mesh.from_sizes([("data", 2), ("model", 4)])


def _graph(text: str = RECOMPUTED):
    return autoshard.plan(text, mesh="data=2,model=4", time_limit=2).graph


def _ops(graph, label):
    return sorted((n for n in graph.nodes if n.label == label), key=lambda n: n.position)


def test_barrier_values_are_their_operands_and_alike_recomputations_merge():
    graph = _graph()
    forward_dot, backward_dot = _ops(graph, "stablehlo.dot_general")
    forward_tanh, backward_tanh = _ops(graph, "stablehlo.tanh")
    barrier = [n.index for n in graph.nodes if str(n.label).startswith(BARRIER_OP)]
    replicated = [0] * len(graph.nodes)  # every node's first strategy: all replicated, so alike
    merged = merged_values(graph)
    assert all(i in merged for i in barrier)
    assert merged[backward_dot.index] == (forward_dot.index, 0)
    assert merged[backward_tanh.index] == (forward_tanh.index, 0)
    # the forward tanh (fused into the multiply until the merge: too expensive to compute twice) is written out
    # and lives until the "backward" add reads its merged twin; the dot only the twins read dies at the tanh
    liveness = plan_liveness(graph, replicated, MESH, CPU)
    add = _ops(graph, "stablehlo.add")[0]
    assert (forward_tanh.index, 0) not in liveness.fused
    assert node_interval(forward_tanh, graph, liveness)[1] > add.position
    assert node_interval(forward_dot, graph, liveness)[1] <= forward_tanh.position + 1


#: `jax.nn.silu` (x * 1 / (1 + exp(-x))) on a dot, recomputed after the barrier; the "backward" reads the recomputed
#: sigmoid (as silu's derivative does), or, in `SIGMOID_BACKWARD_READS_EXP`, the recomputed exponential too
SIGMOID_RECOMPUTED = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.negate %0 : tensor<64x64xf32>
  %2 = stablehlo.exponential %1 : tensor<64x64xf32>
  %3 = stablehlo.add %ones, %2 : tensor<64x64xf32>
  %4 = stablehlo.divide %ones, %3 : tensor<64x64xf32>
  %5 = stablehlo.multiply %0, %4 : tensor<64x64xf32>
  %6:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %7 = stablehlo.dot_general %6#0, %6#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %8 = stablehlo.negate %7 : tensor<64x64xf32>
  %9 = stablehlo.exponential %8 : tensor<64x64xf32>
  %10 = stablehlo.add %ones, %9 : tensor<64x64xf32>
  %11 = stablehlo.divide %ones, %10 : tensor<64x64xf32>
  %12 = stablehlo.subtract %ones, %11 : tensor<64x64xf32>
  %13 = stablehlo.multiply %11, %12 : tensor<64x64xf32>
  %14 = stablehlo.add %13, %5 : tensor<64x64xf32>
  return %14 : tensor<64x64xf32>
}
"""
SIGMOID_BACKWARD_READS_EXP = SIGMOID_RECOMPUTED.replace(
    "%14 = stablehlo.add %13, %5", "%15 = stablehlo.multiply %13, %9 : tensor<64x64xf32>\n  %14 = stablehlo.add %15, %5")


@pytest.mark.parametrize("backward_reads_exp", [False, True])
def test_a_recomputed_sigmoid_is_read_from_the_forward_and_its_exponential_only_where_read(backward_reads_exp):
    # seen on XLA:CPU (a Qwen-shaped step on 64 devices): after the merge the forward's divide has readers in both
    # passes, so it is written out (too expensive to compute twice) with the exponential fused into it; nothing
    # else reads the exponential, so it holds no buffer. Where the backward reads the exponential too (a SiLU
    # written x / (1 + exp(-x)), seen on one device), the exponential is written and held until then.
    text = SIGMOID_BACKWARD_READS_EXP if backward_reads_exp else SIGMOID_RECOMPUTED
    graph = autoshard.plan(text, mesh="data=2,model=4", time_limit=2).graph
    liveness = plan_liveness(graph, [0] * len(graph.nodes), MESH, CPU)
    forward_exp = _ops(graph, "stablehlo.exponential")[0]
    forward_divide = _ops(graph, "stablehlo.divide")[0]
    backward_subtract = _ops(graph, "stablehlo.subtract")[0]  # reads the recomputed sigmoid
    assert (forward_divide.index, 0) not in liveness.fused
    assert node_interval(forward_divide, graph, liveness)[1] >= backward_subtract.position
    if backward_reads_exp:
        assert (forward_exp.index, 0) not in liveness.fused
        assert node_interval(forward_exp, graph, liveness)[1] > forward_divide.position + 1
    else:
        assert (forward_exp.index, 0) in liveness.fused


def test_a_reshard_into_a_barrier_only_merged_values_read_is_counted_where_it_runs():
    graph = _graph()
    barrier = [n for n in graph.nodes if str(n.label).startswith(BARRIER_OP)]
    assignment = [0] * len(graph.nodes)
    for node in barrier:  # the barrier's values sharded, the arguments replicated: a reshard into each
        assignment[node.index] = next(i for i, s in enumerate(node.strategies) if s.outputs[0].all_axes())
    memory = plan_memory(graph, assignment, MESH, CPU)
    assert memory.total_bytes > 0


def test_a_recomputation_the_plan_shards_otherwise_is_computed_apart_beside_the_forward():
    graph = _graph()
    forward_dot, backward_dot = _ops(graph, "stablehlo.dot_general")
    forward_tanh, backward_tanh = _ops(graph, "stablehlo.tanh")
    assignment = [0] * len(graph.nodes)
    assignment[backward_dot.index] = next(i for i, s in enumerate(backward_dot.strategies)
                                          if s.outputs != forward_dot.strategies[0].outputs)
    merged = merged_values(graph, assignment)
    # XLA's partitioner writes the two dots differently: neither they nor what is computed from them merge
    assert backward_dot.index not in merged and backward_tanh.index not in merged
    assert merged_values(graph, [0] * len(graph.nodes))[backward_dot.index] == (forward_dot.index, 0)
    # with the barrier gone, XLA:CPU computes the recomputation where the forward runs, and holds it
    liveness = plan_liveness(graph, assignment, MESH, CPU)
    assert liveness.hoisted[backward_dot.index] == forward_dot.position
    assert node_interval(backward_dot, graph, liveness)[0] == forward_dot.position
    # and reads its operands there, a reshard of one too (seen on an 8B step on 16x16: each layer's normalized input
    # gathered in the forward pass for the recomputed weight multiply, the gathered buffer dying there)
    assert liveness.runs_at[backward_dot.index] == forward_dot.position
    assert {reshard_read(graph, e, liveness) for e in graph.edges if e.consumer == backward_dot.index} == {
        (forward_dot.position, forward_dot.position)}


#: two dots in a row, recomputed after the barrier
TWO_DOTS_RECOMPUTED = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.dot_general %0, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = stablehlo.tanh %1 : tensor<64x64xf32>
  %3:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %4 = stablehlo.dot_general %3#0, %3#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.dot_general %4, %3#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %6 = stablehlo.add %5, %2 : tensor<64x64xf32>
  return %6 : tensor<64x64xf32>
}
"""


def test_a_recomputation_computed_apart_and_read_apart_dies_in_the_forward_pass():
    """Both recomputed dots are partitioned otherwise than their forward ops: XLA computes both beside them, so the
    first recomputed product dies where the second reads it, not at its own place in the program (seen on XLA:CPU:
    a Mixtral-shaped step's recomputed one-hot, read by the recomputed dispatch dot computed beside the forward one,
    lives three instructions)."""
    graph = _graph(TWO_DOTS_RECOMPUTED)
    first, second, first_again, second_again = _ops(graph, "stablehlo.dot_general")
    assignment = [0] * len(graph.nodes)
    for forward, repeat in ((first, first_again), (second, second_again)):
        forward_strategy = forward.strategies[0]
        assignment[repeat.index] = next(i for i, s in enumerate(repeat.strategies)
                                        if s.outputs != forward_strategy.outputs
                                        and s.inputs[1] == forward_strategy.inputs[1])
    liveness = plan_liveness(graph, assignment, MESH, CPU)
    assert (liveness.runs_at[first_again.index], liveness.runs_at[second_again.index]) == (first.position,
                                                                                           second.position)
    assert node_interval(first_again, graph, liveness) == (first.position, second.position + 1)


#: a router's top_k (two results) recomputed after the barrier, and what is computed from its values
TOP_K_RECOMPUTED = """
func.func @main(%x: tensor<64x8xf32>) -> tensor<64x2xf32> {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<64x8xf32> -> (tensor<64x2xf32>, tensor<64x2xi32>)
  %0 = stablehlo.exponential %v : tensor<64x2xf32>
  %1 = stablehlo.optimization_barrier %x : tensor<64x8xf32>
  %v2, %i2 = chlo.top_k(%1, k = 2) : tensor<64x8xf32> -> (tensor<64x2xf32>, tensor<64x2xi32>)
  %2 = stablehlo.exponential %v2 : tensor<64x2xf32>
  %3 = stablehlo.add %2, %0 : tensor<64x2xf32>
  return %3 : tensor<64x2xf32>
}
"""


def test_what_a_recomputed_top_k_computes_merges_though_the_top_k_itself_is_kept():
    graph = autoshard.plan(TOP_K_RECOMPUTED, mesh="data=2,model=4", time_limit=2).graph
    forward_top_k, repeated_top_k = _ops(graph, "chlo.top_k")
    forward_exp, repeated_exp = _ops(graph, "stablehlo.exponential")
    merged = merged_values(graph)
    assert repeated_top_k.index not in merged  # two results: numbered alike, computed (its results are small)
    assert merged[repeated_exp.index] == (forward_exp.index, 0)


#: the same broadcast of one constant three times (as every layer makes it) beside a recomputed dot and tanh; the
#: forward's negate is recomputed twice
SHARED_BROADCAST = """
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<f32>
  %b0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.tanh %0 : tensor<64x64xf32>
  %n = stablehlo.negate %1 : tensor<64x64xf32>
  %2 = stablehlo.multiply %n, %b0 : tensor<64x64xf32>
  %3:2 = stablehlo.optimization_barrier %x, %w : tensor<64x64xf32>, tensor<64x64xf32>
  %b1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
  %4 = stablehlo.dot_general %3#0, %3#1, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = stablehlo.tanh %4 : tensor<64x64xf32>
  %n1 = stablehlo.negate %5 : tensor<64x64xf32>
  %n2 = stablehlo.negate %5 : tensor<64x64xf32>
  %b2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
  %6 = stablehlo.multiply %n1, %b1 : tensor<64x64xf32>
  %7 = stablehlo.add %6, %2 : tensor<64x64xf32>
  %8 = stablehlo.add %7, %b2 : tensor<64x64xf32>
  %9 = stablehlo.add %8, %n2 : tensor<64x64xf32>
  return %9 : tensor<64x64xf32>
}
"""


def test_a_recomputed_op_and_its_forward_op_are_tied_and_the_plan_partitions_them_alike():
    plan = autoshard.plan(SHARED_BROADCAST, mesh="data=2,model=4", time_limit=2)
    graph = plan.graph
    dots, tanhs = _ops(graph, "stablehlo.dot_general"), _ops(graph, "stablehlo.tanh")
    negates, multiplies = _ops(graph, "stablehlo.negate"), _ops(graph, "stablehlo.multiply")
    ties = set(recomputation_ties(graph))
    assert ties == {(dots[0].index, dots[1].index), (tanhs[0].index, tanhs[1].index),
                    (negates[0].index, negates[1].index), (negates[0].index, negates[2].index),
                    (multiplies[0].index, multiplies[1].index)}  # the broadcasts: repeated outside the recomputation
    assert all((plan.chosen(a).inputs, plan.chosen(a).outputs) == (plan.chosen(b).inputs, plan.chosen(b).outputs)
               for a, b in ties)


def test_what_reads_a_constant_broadcast_merges_however_the_plan_shards_the_broadcast():
    # seen on XLA:CPU (a LLaMA-3B-shaped step on 8x8): the recomputed norms read their epsilon's broadcast
    # replicated, the forward's sharded, and the step compiles with the recomputation merged (21.91 GB, where
    # holding the recomputation apart would take 31.85 GB): XLA simplifies the slice of a constant's broadcast to
    # that broadcast, so both readers read one value
    graph = _graph(SHARED_BROADCAST)
    broadcasts, multiplies = _ops(graph, "stablehlo.broadcast_in_dim"), _ops(graph, "stablehlo.multiply")
    assignment = [0] * len(graph.nodes)  # every node replicated
    assignment[broadcasts[1].index] = next(i for i, s in enumerate(broadcasts[1].strategies)
                                           if s.outputs[0].all_axes())
    merged = merged_values(graph, assignment)
    assert broadcasts[1].index not in merged  # partitioned otherwise: its own (fused) broadcast
    assert merged[multiplies[1].index] == (multiplies[0].index, 0)



#: a recomputed tanh read by a "backward" dot whose batch dims do not lead in it: read through a transposed copy
RECOMPUTED_READ_THROUGH_COPY = """
func.func @main(%x: tensor<4x64x2x16xf32>, %w: tensor<16x16xf32>, %g: tensor<4x2x16x64xf32>) -> (tensor<4x64x2x16xf32>, tensor<4x2x16x16xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [3] x [0] : (tensor<4x64x2x16xf32>, tensor<16x16xf32>) -> tensor<4x64x2x16xf32>
  %1 = stablehlo.tanh %0 : tensor<4x64x2x16xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<4x64x2x16xf32>
  %3:2 = stablehlo.optimization_barrier %x, %w : tensor<4x64x2x16xf32>, tensor<16x16xf32>
  %4 = stablehlo.dot_general %3#0, %3#1, contracting_dims = [3] x [0] : (tensor<4x64x2x16xf32>, tensor<16x16xf32>) -> tensor<4x64x2x16xf32>
  %5 = stablehlo.tanh %4 : tensor<4x64x2x16xf32>
  %6 = stablehlo.dot_general %g, %5, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<4x2x16x64xf32>, tensor<4x64x2x16xf32>) -> tensor<4x2x16x16xf32>
  return %2, %6 : tensor<4x64x2x16xf32>, tensor<4x2x16x16xf32>
}
"""


def test_a_merged_value_a_dot_reads_through_a_transposed_copy_is_copied_where_the_forward_computes_it():
    # seen on XLA:CPU (a LLaMA-8B-shaped step on 8x8): the backward attention dots read the forward's keys, values
    # and queries through transposed copies written in the forward pass; the values themselves die there
    graph = _graph(RECOMPUTED_READ_THROUGH_COPY)
    forward_tanh, backward_tanh = _ops(graph, "stablehlo.tanh")
    backward_dot = _ops(graph, "stablehlo.dot_general")[-1]
    multiply = _ops(graph, "stablehlo.multiply")[0]
    assert copied_operands(graph) == ((backward_dot.index, 1),)
    liveness = plan_liveness(graph, [0] * len(graph.nodes), MESH, CPU)
    assert liveness.merged[backward_tanh.index] == (forward_tanh.index, 0)
    assert liveness.copies_written_at[(backward_dot.index, 1)] == forward_tanh.position
    assert node_interval(forward_tanh, graph, liveness)[1] == multiply.position + 1


@pytest.mark.parametrize("text", [RECOMPUTED, SIGMOID_RECOMPUTED])
def test_merged_values_under_a_plan_are_the_walk_under_that_plan(text: str) -> None:
    """A plan partitioning every repeat alike reuses the walk without a plan; any other is walked under the plan:
    both give what the walk under the plan gives, for the plan and for every plan one node's choice away."""
    graph = _graph(text)
    nodes_with_choices = [n for n in graph.nodes if len(n.strategies) > 1]
    plans = [[0] * len(graph.nodes)]
    for node in nodes_with_choices:
        for choice in range(1, len(node.strategies)):
            plan = [0] * len(graph.nodes)
            plan[node.index] = choice
            plans.append(plan)
    shortcut = 0
    for plan in plans:
        under = merged_values_module._numbered(graph, plan)
        assert merged_values_module._numbered_under(graph, plan) == under
        shortcut += merged_values_module._numbered_under(graph, plan) is merged_values_module._numbered_as_if_alike(graph)
    assert 0 < shortcut < len(plans)  # both ways were taken
