"""A `stablehlo.case`'s results as XLA holds them (`xla_model.case_results`): each branch computes the values it
yields into the case's result buffers, a yielded value computed outside the branch keeps its own buffer, and the
case's result and operand tuples are held while it runs. Checked against XLA:CPU on the recomputation `--remat
auto` writes (`tests/xla/test_remat_plan_vs_xla.py`)."""

from __future__ import annotations

import autoshard
from autoshard.planner.xla_model.case_results import branch_writers, case_tuples

#: two branches: the first yields two values it computes, the second one it computes and the argument %y
CASE = """module @case_branches {
  func.func public @main(%i: tensor<i32>, %x: tensor<256x64xf32>, %y: tensor<256x64xf32>) -> (tensor<256x64xf32>, tensor<256x64xf32>) {
    %0:2 = "stablehlo.case"(%i) ({
      %t = stablehlo.tanh %x : tensor<256x64xf32>
      %m = stablehlo.multiply %t, %y : tensor<256x64xf32>
      stablehlo.return %t, %m : tensor<256x64xf32>, tensor<256x64xf32>
    }, {
      %e = stablehlo.exponential %x : tensor<256x64xf32>
      stablehlo.return %e, %y : tensor<256x64xf32>, tensor<256x64xf32>
    }) : (tensor<i32>) -> (tensor<256x64xf32>, tensor<256x64xf32>)
    %1 = stablehlo.add %0#0, %0#1 : tensor<256x64xf32>
    return %1, %0#1 : tensor<256x64xf32>, tensor<256x64xf32>
  }
}
"""


def _graph():
    return autoshard.plan(CASE, mesh="data=1", time_limit=2, num_workers=1).graph


def test_a_branch_computes_what_it_yields_into_the_case_result():
    graph = _graph()
    writers = {graph.nodes[node].label for node, _ in branch_writers(graph)}
    assert writers == {"stablehlo.tanh", "stablehlo.multiply", "stablehlo.exponential"}  # not the argument %y


def test_a_case_holds_its_result_and_operand_tuples_while_it_runs():
    graph = _graph()
    (tuples,) = case_tuples(graph)
    assert (tuples.results, tuples.operands) == (2, 2)  # %x and %y read from outside the branches
    branch_ops = [n.position for n in graph.nodes if n.label in ("stablehlo.tanh", "stablehlo.exponential")]
    assert tuples.first < min(branch_ops) and tuples.last >= max(branch_ops)
