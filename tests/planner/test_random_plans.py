"""Random plans: their reported objective is the solver's cost of the assignment, reshards included."""

from __future__ import annotations

import pytest

from autoshard.planner.random_plans import random_plan
from autoshard.planner.strategy_problem import COST_UNIT_S

# a dot whose operands and result can disagree: most random draws reshard somewhere
TEXT = """
func.func @main(%x: tensor<64x128xf32>, %w: tensor<128x256xf32>) -> tensor<64x256xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
  %1 = stablehlo.tanh %0 : tensor<64x256xf32>
  return %1 : tensor<64x256xf32>
}
"""


@pytest.mark.parametrize("seed", range(6))
def test_objective_is_the_reported_step_with_its_reshards(seed):
    # the objective is in whole solver units per node and edge: equal to the report's step (compute, settles,
    # reshards) plus the input-feeding tie-break, up to that rounding
    plan = random_plan(TEXT, mesh="data=2,model=4", config="h100-8", seed=seed)
    terms = len(plan.graph.nodes) + len(plan.graph.edges)
    assert plan.solver.objective_s == pytest.approx(plan.cost.step_time_s + plan.cost.input_feed_s,
                                                    abs=terms * COST_UNIT_S)
