"""User intent in the planner: fixed argument shardings, open dims, sharding groups, options."""

import numpy as np

import autoshard
from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.strategy_problem import build_strategy_graph, with_allowed_strategies
from autoshard.planner.argument_shardings import with_argument_shardings
from autoshard.sharding import AxisRef, TensorSharding
from autoshard.planner.user_constraints import PlanOptions

MODULE = """
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>},
                %y: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>},
                %z: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.add %x, %y : tensor<8x16xf32>
  %1 = stablehlo.multiply %0, %z : tensor<8x16xf32>
  sdy.sharding_group %0 group_id=7 : tensor<8x16xf32>
  sdy.sharding_group %z group_id=7 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
"""

ARGUMENTS_FREE = """
func.func @main(%x: tensor<8x16xf32>, %y: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
"""


def _plan(**kw):
    return autoshard.plan(MODULE, mesh="a=2,b=2", time_limit=10, seed=0, num_workers=1, **kw)


def test_closed_and_open_user_dims_are_honoured():
    plan = _plan()
    x, y, z = plan.argument_shardings()
    assert x.partition_spec() == ("a", None)  # closed: exactly as written
    assert y.dims[1].axes[0] == AxisRef("b")  # open: starts with "b", may be extended


def test_sharding_group_members_share_a_sharding():
    plan = _plan()
    shardings = {}
    for node in plan.graph.nodes:
        s = plan.chosen(node.index)
        if node.kind == NodeKind.ARGUMENT and node.ir[1] == 2:
            shardings["z"] = s.outputs[0]
        if node.kind == NodeKind.OP and node.label == "stablehlo.add":
            shardings["add"] = s.outputs[0]
    assert shardings["z"] == shardings["add"]


def test_replicate_arguments_option():
    plan = _plan(options=PlanOptions(replicate_arguments=(2,)))
    assert plan.argument_shardings()[2].is_fully_replicated()


TRAIN_STEP = """
func.func @main(%w: tensor<16x16xf32>, %x: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<f32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.dot_general %x, %0, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %2 = stablehlo.subtract %w, %1 : tensor<16x16xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
  return %2, %3 : tensor<16x16xf32>, tensor<f32>
}
"""


def test_carry_state_ties_updated_parameters_to_their_input_sharding():
    plan = autoshard.plan(TRAIN_STEP, mesh="a=2,b=2", time_limit=10, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True))
    w_in = plan.argument_shardings()[0]
    result = next(n for n in plan.graph.nodes if n.kind == NodeKind.RESULT and n.ir[1] == 0)
    assert plan.chosen(result.index).inputs[0] == w_in


def test_plan_simulates_equal_to_the_unsharded_program():
    plan = autoshard.plan(TRAIN_STEP, mesh="a=2,b=2", time_limit=10, seed=0, num_workers=1, config="host-cpu")
    report = simulate(parse_module(emit_plan(plan), "<planned>"), seed=1)
    assert report.ok, report.first_mismatch
    assert simulate(parse_module(emit_plan(plan, explicit_collectives=True), "<planned>"), seed=1).ok


#: a constraint whose dimension lists its axes minor first: no enumerated candidate, the user's own is kept
OUT_OF_MESH_ORDER = """
module {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%arg0: tensor<16x64xf32>) -> tensor<16x64xf32> {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"model", "data"}]> : tensor<16x64xf32>
    %1 = stablehlo.add %0, %0 : tensor<16x64xf32>
    return %1 : tensor<16x64xf32>
  }
}
"""


def test_a_user_sharding_with_axes_out_of_mesh_order_is_honoured():
    plan = autoshard.plan(OUT_OF_MESH_ORDER, mesh="data=2,model=4", time_limit=2)
    constraint = next(n for n in plan.graph.nodes if n.kind == NodeKind.CONSTRAINT)
    assert [a.name for a in plan.chosen(constraint.index).outputs[0].dims[1].axes] == ["model", "data"]
    report = simulate(emit_plan(plan), seed=0)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()


def test_argument_shardings_restrict_a_built_graph_as_written_shardings_do():
    """On a graph already built, argument shardings allow what building the module with them written allows, and
    leave the graph they are given alone; a sharding no candidate has needs the module built again (None)."""
    plan = autoshard.plan(ARGUMENTS_FREE, mesh="a=2,b=2", time_limit=2, seed=0, num_workers=1)
    before = [n.allowed for n in plan.graph.nodes]
    sharding = TensorSharding.from_partition_spec(("a", "b"), plan.mesh)
    restricted = with_argument_shardings(plan.graph, {0: sharding}, plan.mesh)
    annotated = ARGUMENTS_FREE.replace("%x: tensor<8x16xf32>", '%x: tensor<8x16xf32> {sdy.sharding = '
                                       '#sdy.sharding<@mesh, [{"a"}, {"b"}]>}')
    written = autoshard.plan('sdy.mesh @mesh = <["a"=2, "b"=2]>' + annotated, mesh="a=2,b=2", time_limit=2, seed=0,
                             num_workers=1)
    assert [n.allowed for n in restricted.nodes] == [n.allowed for n in written.graph.nodes]
    assert [n.allowed for n in plan.graph.nodes] == before
    # the plan's first problem, its argument's costs made again, is the restricted graph's problem
    model = plan.model
    built = build_strategy_graph(restricted, model.edge_cost_table(), plan.mesh, model.backend,
                                 plan.cost.memory_budget_bytes)
    again = with_allowed_strategies(plan.problem, restricted, [0])
    assert all(np.array_equal(a, b) for a, b in zip(again.node_costs, built.node_costs, strict=True))
    assert any(not np.array_equal(a, b) for a, b in zip(again.node_costs, plan.problem.node_costs))
    assert again.usage_limit == built.usage_limit and len(again.edges) == len(built.edges)
    out_of_order = TensorSharding.from_partition_spec((("b", "a"), None), plan.mesh)
    assert with_argument_shardings(plan.graph, {0: out_of_order}, plan.mesh) is None
    assert with_argument_shardings(plan.graph, {5: sharding}, plan.mesh) is None  # no argument 5
