"""Compute priced the way XLA runs it: fusion groups, slices, in-place updates, loops, and the input-feeding
tie-break (issue 18). Bytes are checked by hand on small programs."""

from __future__ import annotations

import pytest

import autoshard
from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.xla_model.fusion_groups import plan_fusion
from autoshard.planner.plan import evaluate_assignment
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions
from autoshard.sharding import AxisRef
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config

F32 = 4


def _built(text: str, mesh: str = "data=8", config: str = "h100-8"):
    cost_config = resolve_config(mesh, config)
    model = PlanCostModel(cost_config)
    built = build_plan_graph(parse_module(text, "t.mlir"), profile_mesh(cost_config), "mesh", model, PlanOptions())
    return built.graph, model


def _replicated_work(text: str):
    """Per-node (label, bytes) of the all-replicated strategy (the first of every node)."""
    graph, model = _built(text)
    fusion = plan_fusion(graph, model.backend, model.group_memory_bound)
    return graph, fusion, [(n.label, model.strategy_work(n, n.strategies[0], fusion.traffic[n.index]).bytes_accessed)
                           for n in graph.nodes]


BIAS_GELU_CHAIN = """
func.func @main(%x: tensor<64x128xf32>, %w: tensor<128x256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
  %2 = stablehlo.add %0, %1 : tensor<64x256xf32>
  %3 = stablehlo.multiply %2, %2 : tensor<64x256xf32>
  %4 = stablehlo.tanh %3 : tensor<64x256xf32>
  %5 = stablehlo.multiply %2, %4 : tensor<64x256xf32>
  return %5 : tensor<64x256xf32>
}
"""


def test_elementwise_chain_reads_its_inputs_and_writes_its_output_once():
    graph, fusion, work = _replicated_work(BIAS_GELU_CHAIN)
    labels = [label for label, _ in work]
    chain = [i for i, label in enumerate(labels) if label in (
        "stablehlo.broadcast_in_dim", "stablehlo.add", "stablehlo.multiply", "stablehlo.tanh")]
    assert len({fusion.group[i] for i in chain}) == 1  # one loop kernel
    dot = labels.index("stablehlo.dot_general")
    assert fusion.group[dot] != fusion.group[chain[0]]  # the dot is a kernel of its own
    activation = 64 * 256 * F32
    # the chain reads the dot's result and the bias once and writes its result once (unfused: 6 reads + 5 writes)
    assert sum(work[i][1] for i in chain) == activation + 256 * F32 + activation
    assert work[dot][1] == (64 * 128 + 128 * 256 + 64 * 256) * F32


def test_fused_chain_is_priced_at_its_memory_roofline():
    graph, model = _built(BIAS_GELU_CHAIN)
    fusion = plan_fusion(graph, model.backend, model.group_memory_bound)
    chain = [n for n in graph.nodes if n.kind == NodeKind.OP and n.label != "stablehlo.dot_general"]
    assert all(fusion.traffic[n.index].memory_bound for n in chain)
    seconds = sum(n.strategies[0].compute_s for n in chain)
    bandwidth = model.config.hardware.memory_bandwidth
    assert seconds == pytest.approx((2 * 64 * 256 + 256) * F32 / bandwidth)


def test_expensive_value_read_twice_is_written_once():
    """A transcendental with two consumers is not recomputed in each: written once, read by both."""
    text = """
func.func @main(%x: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<f32>) {
  %e = stablehlo.exponential %x : tensor<1024xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %c) applies stablehlo.add across dimensions = [0] : (tensor<1024xf32>, tensor<f32>) -> tensor<f32>
  %n = stablehlo.negate %e : tensor<1024xf32>
  return %n, %s : tensor<1024xf32>, tensor<f32>
}
"""
    graph, fusion, work = _replicated_work(text)
    by_label = dict(work)
    assert by_label["stablehlo.exponential"] == 2 * 1024 * F32  # reads x, writes e
    assert by_label["stablehlo.reduce"] == 1024 * F32 + 4 + F32  # reads e (and the init), writes the sum
    assert by_label["stablehlo.negate"] == 2 * 1024 * F32


SCAN_OF_STACKED_WEIGHTS = """
func.func @main(%ws: tensor<8x512x512xf32>, %x: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<8> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %w = %ws, %h = %x) : tensor<i32>, tensor<8x512x512xf32>, tensor<16x512xf32>
   cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %layer = stablehlo.dynamic_slice %w, %i, %c0, %c0, sizes = [1, 512, 512] : (tensor<8x512x512xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x512x512xf32>
    %m = stablehlo.reshape %layer : (tensor<1x512x512xf32>) -> tensor<512x512xf32>
    %y = stablehlo.dot_general %h, %m, contracting_dims = [1] x [0] : (tensor<16x512xf32>, tensor<512x512xf32>) -> tensor<16x512xf32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %j, %w, %y : tensor<i32>, tensor<8x512x512xf32>, tensor<16x512xf32>
  }
  return %r#2 : tensor<16x512xf32>
}
"""


def test_dynamic_slice_reads_one_layer_not_the_stack():
    graph, fusion, work = _replicated_work(SCAN_OF_STACKED_WEIGHTS)
    layer = 512 * 512 * F32
    # the slice and its reshape are one loop: it reads one layer (and two distinct scalar indices), writes it once
    sliced = sum(b for label, b in work if label in ("stablehlo.dynamic_slice", "stablehlo.reshape"))
    assert sliced == layer + 2 * 4 + layer
    node = next(n for n in graph.nodes if n.label == "stablehlo.dynamic_slice")
    assert node.multiplier == 8


def test_loop_body_compute_counts_per_iteration():
    plan = autoshard.plan(SCAN_OF_STACKED_WEIGHTS, mesh="data=1", time_limit=5, seed=0)
    layer = 512 * 512 * F32
    assert plan.cost.flops >= 8 * 2 * 16 * 512 * 512
    assert plan.cost.flops < 8 * 2 * 16 * 512 * 512 * 1.01
    # eight layers read (and the sliced copy written, and read by the dot) once each: not 8 x the whole stack
    assert 8 * 3 * layer <= plan.cost.bytes_accessed < 8 * 3.2 * layer


def test_in_place_update_writes_only_the_update():
    text = """
func.func @main(%buf: tensor<1024x1024xf32>, %u: tensor<1x1024xf32>, %i: tensor<i32>) -> tensor<1024x1024xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %buf, %u, %i, %c0 : (tensor<1024x1024xf32>, tensor<1x1024xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
"""
    _, _, work = _replicated_work(text)
    assert dict(work)["stablehlo.dynamic_update_slice"] == 2 * 1024 * F32 + 2 * 4


DATA_PARALLEL = """
func.func @main(%x: tensor<64x256xf32>) -> tensor<64xf32> {
  %t = stablehlo.tanh %x : tensor<64x256xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%t init: %c) applies stablehlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}
"""


def test_batch_argument_is_fed_sharded_where_cost_is_otherwise_equal():
    plan = autoshard.plan(DATA_PARALLEL, mesh="data=8", time_limit=5, seed=0)
    assert plan.partition_specs()[0] == ("data", None)
    assert plan.cost.input_feed_bytes == 64 * 256 * F32 // 8
    report = plan.report()["cost"]
    assert report["input_feed_bytes"] == 64 * 256 * F32 // 8 and report["input_feed_s"] > 0
    assert plan.cost.step_time_s == pytest.approx(plan.cost.compute_s + plan.cost.communication_s)


def test_update_of_a_buffer_computed_in_its_loop_writes_the_whole_buffer():
    """A zero buffer broadcast into a dynamic_update_slice is one loop with it: the whole buffer is written once, and
    the broadcast alone writes nothing (so sharding it cannot pay for a gather XLA never does)."""
    text = """
func.func @main(%u: tensor<1x1024xf32>, %i: tensor<i32>) -> tensor<1024x1024xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %buf = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %buf, %u, %i, %c0 : (tensor<1024x1024xf32>, tensor<1x1024xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
"""
    _, _, work = _replicated_work(text)
    by_label = dict(work)
    assert by_label["stablehlo.broadcast_in_dim"] == 4  # reads the scalar
    assert by_label["stablehlo.dynamic_update_slice"] == 1024 * F32 + 2 * 4 + 1024 * 1024 * F32


def test_cheap_producer_is_computed_in_each_consumer_loop():
    """XLA duplicates a cheap fused producer into every elementwise consumer rather than writing it: its FLOPs count
    per copy."""
    text = """
func.func @main(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %s = stablehlo.add %x, %y : tensor<1024xf32>
  %m = stablehlo.multiply %s, %x : tensor<1024xf32>
  %n = stablehlo.subtract %s, %y : tensor<1024xf32>
  return %m, %n : tensor<1024xf32>, tensor<1024xf32>
}
"""
    graph, model = _built(text)
    fusion = plan_fusion(graph, model.backend, model.group_memory_bound)
    add = next(n for n in graph.nodes if n.label == "stablehlo.add")
    assert fusion.traffic[add.index].copies == 2
    assert model.strategy_work(add, add.strategies[0], fusion.traffic[add.index]).flops == 2 * 1024


def test_a_producer_two_reductions_read_is_written_once():
    """XLA:CPU hands each reduce to a library fusion (YNNPACK) that takes no producer read outside it: the add two
    reduces read is written by a kernel of its own and read by each (seen: `wrapped_add` and two `__ynn_fusion`s
    reading it, jaxlib 0.10)."""
    text = """
func.func @main(%x: tensor<256x1024xf32>, %y: tensor<256x1024xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %s = stablehlo.add %x, %y : tensor<256x1024xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.reduce(%s init: %c) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %b = stablehlo.reduce(%s init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  return %a, %b : tensor<256xf32>, tensor<256xf32>
}
"""
    graph, model = _built(text)
    fusion = plan_fusion(graph, model.backend, model.group_memory_bound)
    add = next(n for n in graph.nodes if n.label == "stablehlo.add")
    assert fusion.traffic[add.index].writes == (("out", 0),)
    assert fusion.traffic[add.index].copies == 1
    assert model.strategy_work(add, add.strategies[0], fusion.traffic[add.index]).flops == 256 * 1024


def test_pooling_reads_its_fused_activation_in_its_own_loop():
    """relu then max-pool: one loop (XLA:CPU's reduce-window fusion), the activation is never written."""
    text = """
func.func @main(%x: tensor<8x16x16x4xf32>) -> tensor<8x8x8x4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<8x16x16x4xf32>
  %r = stablehlo.maximum %x, %zb : tensor<8x16x16x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%r, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<8x16x16x4xf32>, tensor<f32>) -> tensor<8x8x8x4xf32>
  return %p : tensor<8x8x8x4xf32>
}
"""
    _, fusion, work = _replicated_work(text)
    relu = next(b for label, b in work if label == "stablehlo.maximum")
    pool = next(b for label, b in work if label == "stablehlo.reduce_window")
    assert relu == 8 * 16 * 16 * 4 * F32  # reads x, writes nothing
    assert pool == 4 + 8 * 8 * 8 * 4 * F32  # reads the init, writes the pooled result


SLICED_INTO_DOT_AND_ADD = """
func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x256xf32>) -> tensor<64x256xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<64x256xf32>
  %1 = stablehlo.add %0, %x : tensor<64x256xf32>
  return %1 : tensor<64x256xf32>
}
"""


def test_slice_of_a_replicated_operand_is_a_copy_kernel_unless_the_consumer_fuses_it():
    # %x replicated, taken split over data: XLA slices it in a dynamic-slice fusion of its own for the dot (read and
    # write the 8x256 shard), but inside the add's loop fusion for the add (no kernel): the edge matrices say so
    graph, model = _built(SLICED_INTO_DOT_AND_ADD)
    table = model.edge_cost_table()
    x = next(n for n in graph.nodes if n.kind == NodeKind.ARGUMENT and n.outputs[0].shape == (64, 256))
    replicated = next(i for i, s in enumerate(x.strategies) if not any(d.axes for d in s.outputs[0].dims))
    copy_s = 2 * 8 * 256 * F32 / model.config.hardware.memory_bandwidth
    seen = {}
    for e in (e for e in graph.edges if e.producer == x.index):
        consumer = graph.nodes[e.consumer]
        matrix = table.matrix(graph, e)
        split = [j for j, s in enumerate(consumer.strategies)
                 if [d.axes for d in s.inputs[e.in_port].dims] == [(AxisRef("data"),), ()]]
        assert split, consumer.label
        seen[consumer.label] = sorted({float(matrix[replicated, j]) for j in split})
    assert seen["stablehlo.dot_general"] == [pytest.approx(copy_s)]
    assert seen["stablehlo.add"] == [0.0]


def test_a_slice_copy_counts_as_compute_not_communication():
    # the dot takes %x split while %x stays replicated: the copy kernel XLA runs for the slice is compute in the
    # plan's breakdown (as in the compiled program), not communication; the step time is the same either way
    graph, model = _built(SLICED_INTO_DOT_AND_ADD)
    x = next(n for n in graph.nodes if n.kind == NodeKind.ARGUMENT and n.outputs[0].shape == (64, 256))
    replicated = next(i for i, s in enumerate(x.strategies) if not any(d.axes for d in s.outputs[0].dims))
    edge = next(e for e in graph.edges if e.producer == x.index and graph.nodes[e.consumer].label == "stablehlo.dot_general")
    dot = graph.nodes[edge.consumer]
    split = next(j for j, s in enumerate(dot.strategies)
                 if [d.axes for d in s.inputs[edge.in_port].dims] == [(AxisRef("data"),), ()])
    assignment = [0] * len(graph.nodes)
    assignment[x.index], assignment[dot.index] = replicated, split
    cost = evaluate_assignment(graph, assignment, model)
    own_compute = sum(n.strategies[a].compute_s * n.multiplier for n, a in zip(graph.nodes, assignment))
    copy_s = 2 * 8 * 256 * F32 / model.config.hardware.memory_bandwidth
    assert "all_slice" not in cost.collectives_s
    assert cost.compute_s - own_compute == pytest.approx(copy_s)
    assert cost.step_time_s == pytest.approx(cost.compute_s + cost.communication_s)


def test_duplicated_producer_reads_its_inputs_in_every_kernel():
    """x + y feeding two written results: XLA computes the add inside both loops (two kernels, seen on XLA:CPU), so
    x and y are read twice; the add itself writes nothing."""
    text = """
func.func @main(%x: tensor<64x256xf32>, %y: tensor<64x256xf32>) -> (tensor<64x256xf32>, tensor<64x256xf32>) {
  %s = stablehlo.add %x, %y : tensor<64x256xf32>
  %a = stablehlo.multiply %s, %s : tensor<64x256xf32>
  %b = stablehlo.subtract %s, %x : tensor<64x256xf32>
  return %a, %b : tensor<64x256xf32>, tensor<64x256xf32>
}
"""
    graph, fusion, work = _replicated_work(text)
    by_label = dict(work)
    tensor = 64 * 256 * F32
    assert by_label["stablehlo.add"] == 2 * 2 * tensor  # x and y, once per kernel
    assert by_label["stablehlo.multiply"] == tensor  # writes its result
    assert by_label["stablehlo.subtract"] == tensor  # x is already read in its kernel (by the add); writes
    add = next(n for n in graph.nodes if n.label == "stablehlo.add")
    assert fusion.traffic[add.index].copies == 2
    assert len(fusion.kernels) == 2


WEIGHT_GRADIENT = """
func.func @main(%x: tensor<{x}xf32>, %dy: tensor<{dy}xf32>) -> tensor<64x256xf32> {{
  %g = stablehlo.dot_general %x, %dy, contracting_dims = [{c}] x [{c}] : (tensor<{x}xf32>, tensor<{dy}xf32>) -> tensor<64x256xf32>
  return %g : tensor<64x256xf32>
}}
"""


@pytest.mark.parametrize("x, dy, contracting, copied", [
    ("8x16x64", "8x16x256", "0, 1", True),  # two contracting dims leading the lhs: XLA copies it transposed
    ("128x64", "128x256", "0", False),  # one contracting, one free dim: XLA's dot reads it in either order
])
def test_dot_operand_in_another_layout_is_copied_by_a_kernel_of_its_own(x, dy, contracting, copied):
    graph, model = _built(WEIGHT_GRADIENT.format(x=x, dy=dy, c=contracting))
    fusion = plan_fusion(graph, model.backend, model.group_memory_bound)
    dot = next(n for n in graph.nodes if n.label == "stablehlo.dot_general")
    traffic = fusion.traffic[dot.index]
    strategy = dot.strategies[0]
    x_bytes = 128 * 64 * F32
    assert traffic.layout_copies == ((0,) if copied else ())
    own = (128 * 64 + 128 * 256 + 64 * 256) * F32
    assert model.strategy_work(dot, strategy, traffic).bytes_accessed == own + 2 * x_bytes * copied
    hardware = model.config.hardware
    kernel = model.work_s(model.node_work(dot, 1.0, strategy.inputs, strategy.outputs, traffic), "f32")
    assert model.compute_s(dot, 1.0, strategy.inputs, strategy.outputs, traffic) == pytest.approx(
        kernel + 2 * x_bytes * copied / hardware.memory_bandwidth)


def test_a_transposed_copy_of_an_elementwise_value_read_only_by_the_dot_is_its_producers_write():
    """XLA writes the producer's loop straight into the transposed layout: no kernel of its own."""
    text = """
func.func @main(%x: tensor<8x16x64xf32>, %dy: tensor<8x16x256xf32>) -> tensor<64x256xf32> {
  %t = stablehlo.tanh %x : tensor<8x16x64xf32>
  %g = stablehlo.dot_general %t, %dy, contracting_dims = [0, 1] x [0, 1] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
  return %g : tensor<64x256xf32>
}
"""
    graph, fusion, _ = _replicated_work(text)
    dot = next(n for n in graph.nodes if n.label == "stablehlo.dot_general")
    assert fusion.traffic[dot.index].layout_copies == ()
