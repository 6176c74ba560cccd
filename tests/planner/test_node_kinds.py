"""The program walker gives each plan node its `NodeKind`, and marks a while's carried values `loop_carried`."""

from __future__ import annotations

from autoshard.ir.parse import parse_module
from autoshard.planner.plan_graph import NodeKind
from autoshard.planner.program import ProgramWalker

_PROGRAM = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %n = stablehlo.constant dense<8> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %k = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %k : tensor<i32>
    %b = stablehlo.add %a, %a : tensor<4xf32>
    stablehlo.return %j, %b : tensor<i32>, tensor<4xf32>
  }
  %s = stablehlo.optimization_barrier %r#1 : tensor<4xf32>
  return %s : tensor<4xf32>
}
"""


def test_walker_sets_kinds_and_loop_carried():
    module = parse_module(_PROGRAM, "loop.mlir")
    func = next(op for op in module.walk() if op.name == "func.func")
    graph = ProgramWalker(module, lambda op: None).walk_function(func)
    kinds = {(n.kind, n.loop_carried) for n in graph.nodes}
    assert kinds == {(NodeKind.ARGUMENT, False), (NodeKind.CONSTANT, False), (NodeKind.DATA_FLOW, True),
                     (NodeKind.OP, False), (NodeKind.DATA_FLOW, False), (NodeKind.RESULT, False)}
    carried = [n for n in graph.nodes if n.loop_carried]
    assert len(carried) == 2 and all(n.label.startswith("while carried value") for n in carried)
    assert f"{NodeKind.DATA_FLOW}" == "data_flow"  # reports print the kind's value
