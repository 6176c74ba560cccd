"""`jax.checkpoint`'s optimization barrier: each value through it is its own data-flow group, planned, written and
simulated value by value."""

from __future__ import annotations

import autoshard
from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.planner.plan_graph import NodeKind

BARRIER = """
func.func @main(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %0:3 = stablehlo.optimization_barrier %a, %b, %w : tensor<8x64xf32>, tensor<8x64xf32>, tensor<64x64xf32>
  %1 = stablehlo.add %0#0, %0#1 : tensor<8x64xf32>
  %2 = stablehlo.dot_general %1, %0#2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  return %2 : tensor<8x64xf32>
}
"""


def test_a_barrier_is_one_choice_per_value_not_their_product() -> None:
    plan = autoshard.plan(BARRIER, mesh="data=2,model=4", time_limit=2)
    barrier = [n for n in plan.graph.nodes if n.label.startswith("stablehlo.optimization_barrier")]
    assert [n.kind for n in barrier] == ["data_flow"] * 3
    arguments = {n.outputs[0].shape: len(n.strategies) for n in plan.graph.nodes if n.kind == NodeKind.ARGUMENT}
    assert [len(n.strategies) for n in barrier] == [arguments[n.outputs[0].shape] for n in barrier]


def test_a_planned_barrier_simulates_value_by_value() -> None:
    plan = autoshard.plan(BARRIER, mesh="data=2,model=4", config="tests/data/profiles/sharding_heavy.yaml",
                          time_limit=2)
    report = simulate(emit_plan(plan), seed=1)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.fallbacks == []
