"""Plans priced with `reshard_lowering: xla` compile under XLA to the collectives the plan lists.

Two causes of disagreement, each with a small module: GSPMD runs HLO `topk` replicated (so the planner offers
top_k replicated only under XLA lowering), and a loop result without a pin lets XLA's propagation pull a
consumer's sharding back into the loop (so emission pins loop results).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from autoshard.emit import emit_plan
from autoshard.planner.plan_graph import TensorInfo
from autoshard.planner.price_module import price_module
from autoshard.planner.pricing import PlanCostModel
from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.hardware_profiles import load_config, with_mesh

TOP_K = """module {
  sdy.mesh @mesh = <["data"=8]>
  func.func @main(%x: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
      -> (tensor<64x2xf32>, tensor<64x2xi32>) {
    %values, %indices = chlo.top_k(%x, k = 2) : tensor<64x8xf32> -> (tensor<64x2xf32>, tensor<64x2xi32>)
    return %values, %indices : tensor<64x2xf32>, tensor<64x2xi32>
  }
}
"""

#: h is carried replicated (the body's constraint), the result leaves sharded on dim 0; the plan gathers the
#: column-sharded update at the yield, and without the pin on the loop result XLA gathers h a second time
LOOP = """module {
  sdy.mesh @mesh = <["model"=8]>
  func.func @main(%x: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},
                  %w: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>})
      -> (tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %r:2 = stablehlo.while(%i = %c0, %h = %x) : tensor<i32>, tensor<8x64xf32>
      cond {
        %c2 = stablehlo.constant dense<2> : tensor<i32>
        %lt = stablehlo.compare LT, %i, %c2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
      } do {
        %c1 = stablehlo.constant dense<1> : tensor<i32>
        %next = stablehlo.add %i, %c1 : tensor<i32>
        %hr = sdy.sharding_constraint %h <@mesh, [{}, {}]> : tensor<8x64xf32>
        %d = stablehlo.dot_general %hr, %w, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
        %t = stablehlo.tanh %d : tensor<8x64xf32>
        %s = stablehlo.add %hr, %t : tensor<8x64xf32>
        stablehlo.return %next, %s : tensor<i32>, tensor<8x64xf32>
      }
    return %r#1 : tensor<8x64xf32>
  }
}
"""


#: a sum over two dimensions sharded on different axes, left sharded over both: XLA's partitioner settles the
#: partial sums one dimension at a time (an all-reduce over model, then over data) and slices, where Shardy's
#: lowering would reduce-scatter once over both axes
TWO_DIM_SUM = """module {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}, {}]>})
      -> (tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}]>}) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %xc = sdy.sharding_constraint %x <@mesh, [{"data"}, {"model"}, {}]> : tensor<8x16x64xf32>
    %r = stablehlo.reduce(%xc init: %z) applies stablehlo.add across dimensions = [0, 1]
        {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", "model"}]>]>}
        : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    return %r : tensor<64xf32>
  }
}
"""


def load_config_text_with_shardy_lowering():
    """The a100-8 profile with `reshard_lowering: shardy` (Shardy's own pipeline lowers the reshards)."""
    config = load_config("a100-8")
    return replace(config, hardware=replace(config.hardware, reshard_lowering="shardy"))


def _top_k_node(priced):
    return next(n for n in priced.plan.graph.nodes if n.label == "chlo.top_k")


def test_top_k_is_replicated_under_xla_lowering_and_its_operand_gathered():
    xla = price_module(TOP_K, config="host-cpu", time_limit=5)
    chosen = xla.plan.chosen(_top_k_node(xla).index)
    assert all(not s.all_axes() for s in chosen.inputs + chosen.outputs)
    gathers = [c for c in xla.collectives() if c.kind == "all_gather"]
    assert [(c.axes, c.bytes_per_device) for c in gathers] == [(("data",), 7 / 8 * 64 * 8 * 4)]


def test_top_k_keeps_its_batch_sharding_under_shardy_lowering():
    shardy = price_module(TOP_K, config=load_config_text_with_shardy_lowering(), time_limit=5)
    assert shardy.plan.config.hardware.reshard_lowering != "xla"
    chosen = shardy.plan.chosen(_top_k_node(shardy).index)
    assert chosen.inputs[0].all_axes()
    assert not [c for c in shardy.collectives() if c.kind != "all_slice"]


def test_loop_results_are_pinned_with_the_planned_sharding():
    text = emit_plan(price_module(LOOP, config="host-cpu", time_limit=5).plan)
    defined = dict(re.findall(r"(%\S+) = sdy\.sharding_constraint (%\S+) <@mesh, \[\{\}, \{\}\]>", text))
    (leaving,) = re.findall(r"sdy\.sharding_constraint (%\S+) <@mesh, \[\{\"model\"\}, \{\}\]>", text)
    while_results = re.search(r"(%.*) = stablehlo\.while", text).group(1).split(", ")
    assert defined[leaving] in while_results  # result -> replicated pin -> the planned reshard to model


@pytest.mark.parametrize("module, gathered", [(TOP_K, [(64, 8)]), (LOOP, [(8, 64)])], ids=["top_k", "loop"])
def test_xla_inserts_the_gathers_the_plan_lists(module, gathered):
    pytest.importorskip("jax")
    from autoshard.xla import compile_and_run  # noqa: PLC0415

    priced = price_module(module, config="host-cpu", time_limit=5)
    planned = sorted(c.kind for c in priced.collectives() if c.kind in ("all_gather", "all_to_all"))
    run = compile_and_run(emit_plan(priced.plan), 8)
    assert run.matches
    observed = [c for c in run.collectives() if c.kind in ("all-gather", "all-to-all")]
    assert sorted(c.shape for c in observed) == gathered
    assert [c.kind.replace("-", "_") for c in observed] == planned


def _reduce_strategy(config):
    """The strategy of TWO_DIM_SUM's reduce that keeps its operand sharded as given and its result scattered."""
    graph = price_module(TWO_DIM_SUM, config=config, time_limit=5).plan.graph
    node = next(n for n in graph.nodes if n.label == "stablehlo.reduce")
    shardings = lambda t: [[a.name for a in d.axes] for d in t.dims]  # noqa: E731
    return next(s for s in node.strategies
                if shardings(s.inputs[0]) == [["data"], ["model"], []] and shardings(s.outputs[0]) == [["data", "model"]])


def test_a_sum_over_two_sharded_dimensions_settles_one_dimension_at_a_time_under_xla():
    settle = _reduce_strategy("host-cpu").settle
    assert settle.per_dimension == ((AxisRef("data"),), (AxisRef("model"),))
    assert _reduce_strategy(load_config_text_with_shardy_lowering()).settle.per_dimension == ()


def test_per_dimension_settles_are_priced_as_one_all_reduce_per_dimension():
    model = PlanCostModel(with_mesh(load_config("host-cpu"), "data=2,model=4"))
    settle = _reduce_strategy("host-cpu").settle
    info = TensorInfo((64,), "f32")
    costs = model.settle_costs(settle, info, (64,))
    assert [(c.kind, c.axes) for c in costs] == [("all_reduce", ("data",)), ("all_reduce", ("model",))]
    assert model.settle_s(settle, info, (64,)) == pytest.approx(sum(c.time_s for c in costs))
