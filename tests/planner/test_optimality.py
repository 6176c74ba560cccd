"""The planner's solution equals the optimum found by exhaustive enumeration on small programs."""

import itertools

import pytest

from autoshard.ir.parse import parse_module
from autoshard.planner.build_graph import build_plan_graph
from autoshard.planner.edge_costs import EdgeCostTable
from autoshard.planner.strategy_problem import COST_UNIT_S, build_strategy_graph
from autoshard.planner.user_constraints import PlanOptions
from autoshard.planner.xla_model.backend import CPU
from autoshard.sharding import Mesh
from autoshard.solver.solve import SolverConfig, solve

TWO_MATMULS = """
func.func @main(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.dot_general"(%x, %w1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = "stablehlo.tanh"(%0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  %2 = "stablehlo.dot_general"(%1, %w2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  func.return %2 : tensor<8x16xf32>
}
"""

ONE_MATMUL = """
func.func @main(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %0 = "stablehlo.dot_general"(%x, %w1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  func.return %0 : tensor<8x32xf32>
}
"""


class ToyPrices:
    """Deterministic, sharding-sensitive prices (the real ones come from costmodel)."""

    backend = CPU

    def compute_s(self, node, fraction, inputs=None, outputs=None, traffic=None):
        return 1e-6 * fraction

    def settle_s(self, settle, info, local_shape):
        n = 1
        for d in local_shape:
            n *= d
        return 2e-9 * n + 3e-7 * (settle.kind == "all_reduce")

    def reshard_s(self, src, dst, info, fused_slice=False):
        moved = len(set(src.all_axes()) ^ set(dst.all_axes()))
        return 4e-7 * moved + 1e-7


def _seconds(graph, table, assignment):
    total = sum(n.strategies[a].cost_s * n.multiplier for n, a in zip(graph.nodes, assignment))
    for e in graph.edges:
        src = graph.nodes[e.producer].strategies[assignment[e.producer]].outputs[e.out_port]
        dst = graph.nodes[e.consumer].strategies[assignment[e.consumer]].inputs[e.in_port]
        total += table.price(src, dst, graph.nodes[e.producer].outputs[e.out_port])
    return total


@pytest.mark.parametrize("program, mesh", [(TWO_MATMULS, "x=2"), (ONE_MATMUL, "a=2,b=2"), (ONE_MATMUL, "a=2,b=4")])
def test_plan_matches_exhaustive_optimum(program, mesh):
    mesh = Mesh.parse(mesh)
    module = parse_module(program, "program.mlir")
    prices = ToyPrices()
    graph = build_plan_graph(module, mesh, "mesh", prices, PlanOptions()).graph
    table = EdgeCostTable(prices.reshard_s)
    problem = build_strategy_graph(graph, table, mesh, CPU, None)
    sizes = [len(n.strategies) for n in graph.nodes]
    combos = 1
    for s in sizes:
        combos *= s
    assert combos <= 2_000_000, sizes
    best = min(_seconds(graph, table, a) for a in itertools.product(*(range(s) for s in sizes)))
    result = solve(problem, SolverConfig(max_time_in_seconds=20, num_workers=1, random_seed=0))
    assert result.status == "OPTIMAL"
    found = _seconds(graph, table, result.assignment)
    assert found == pytest.approx(best, rel=1e-6, abs=len(sizes) * COST_UNIT_S)
    assert result.cost * COST_UNIT_S == pytest.approx(found, rel=1e-6, abs=len(sizes) * COST_UNIT_S)
