"""`ShardingPlan`, the planner's result as plain data: what the planner extracts, and that emission and the
simulator need nothing else (a hand-written artifact, no planner run, emits and simulates equal to the
unsharded program)."""

from __future__ import annotations

import ast
from pathlib import Path

from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.planner.api import plan as make_plan
from autoshard.planner.cost_breakdown import CostBreakdown
from autoshard.planner.plan import resharded_edges
from autoshard.planner.plan_graph import NodeKind, Settle
from autoshard.planner.sharding_plan import ConsumerEdge, PlannedOp, ShardingPlan
from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding

REPO = Path(__file__).resolve().parents[2]

MATMUL_THEN_NEGATE = """
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.negate %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
"""


def _sharding(*dims: tuple[str, ...]) -> TensorSharding:
    return TensorSharding("mesh", tuple(DimSharding(tuple(AxisRef(a) for a in axes)) for axes in dims))


def _hand_written_plan() -> ShardingPlan:
    """x sharded [a, b], w [b, -]: the dot sums partial products over b (an all-reduce settles them), keeps rows on
    a; negate takes its operand replicated (a reshard: all-gather over a) and returns it replicated."""
    module = parse_module(MATMUL_THEN_NEGATE, "matmul.mlir")
    func = next(iter(module.ops))
    dot, negate = list(func.body.blocks[0].ops)[:2]
    x, w = _sharding(("a",), ("b",)), _sharding(("b",), ())
    rows, replicated = _sharding(("a",), ()), _sharding((), ())
    return ShardingPlan(
        module, func, Mesh.from_sizes({"a": 2, "b": 2}), "mesh", arguments=(x, w), results=(replicated,),
        ops=(PlannedOp(dot, (rows,), (x, w), Settle("all_reduce", (AxisRef("b"),))),
             PlannedOp(negate, (replicated,), (replicated,))),
        groups=(), edges=(ConsumerEdge(dot.results[0], negate, 0, rows, replicated),), cost=CostBreakdown())


def test_a_hand_written_plan_emits_its_shardings_reshard_and_settle():
    plan = _hand_written_plan()
    text = emit_plan(plan)
    assert 'sdy.mesh @mesh = <["a"=2, "b"=2]>' in text
    assert '%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}' in text
    negate = text.index("stablehlo.negate")
    assert text.rindex("sdy.sharding_constraint", 0, negate) > text.index("stablehlo.dot_general")
    explicit = emit_plan(plan, explicit_collectives=True)
    assert 'sdy.all_reduce {"b"}' in explicit and "sdy.all_gather" in explicit
    assert "sdy.sharding_constraint" not in explicit


def test_a_hand_written_plan_simulates_equal_to_the_unsharded_program():
    plan = _hand_written_plan()
    for explicit in (False, True):
        report = simulate(emit_plan(plan, explicit_collectives=explicit), seed=3)
        assert report.ok, (explicit, report.first_mismatch)


def test_the_planner_extracts_what_its_graph_and_assignment_say():
    plan = make_plan(REPO / "examples/scan_layers.mlir", mesh="data=2,model=4", time_limit=3, seed=0, num_workers=1)
    sharded = plan.sharding_plan
    graph, chosen = plan.graph, [n.strategies[c] for n, c in zip(plan.graph.nodes, plan.assignment)]
    assert sharded.arguments == tuple(plan.argument_shardings())
    assert [s is not None for s in sharded.arguments] == [True] * len(plan.func.body.blocks[0].args)
    ops = {p.op: p for p in sharded.ops}
    for node, s in zip(graph.nodes, chosen):
        if node.kind == NodeKind.OP:
            assert ops[node.ir].results == s.outputs and ops[node.ir].settle == s.settle
    into_constraints = sum(1 for e, _, _ in resharded_edges(graph, plan.assignment)
                           if graph.nodes[e.consumer].kind == NodeKind.CONSTRAINT)
    assert len(sharded.reshards()) == sum(1 for _ in resharded_edges(graph, plan.assignment)) - into_constraints
    assert any(g.loop_carried for g in sharded.groups)  # the scan's carried values
    assert all(e.consumer.name == "stablehlo.while" or e.consumer.name == "stablehlo.return"
               for e in sharded.edges if e.into_loop)
    values = sharded.value_shardings()
    assert all(values[r] == s for p in sharded.ops for r, s in zip(p.op.results, p.results) if s is not None)
    assert [values.get(a) for a in plan.func.body.blocks[0].args] == list(sharded.arguments)
    assert emit_plan(plan) == emit_plan(sharded)


def test_the_first_search_hands_over_its_basis_and_assignment_whose_shardings_are_the_plans():
    """`plan`'s `on_basis` and `on_assignment` are called once each, with the first search's basis and its
    assignment; unpriced, that basis's shardings of the assignment emit as the plan does."""
    bases, assignments = [], []
    plan = make_plan(REPO / "examples/scan_layers.mlir", mesh="data=2,model=4", time_limit=3, seed=0, num_workers=1,
                     on_basis=bases.append, on_assignment=lambda basis, a: assignments.append((basis, list(a))))
    assert len(bases) == 1 and len(assignments) == 1
    basis, assignment = assignments[0]
    assert basis is bases[0] and basis.graph is plan.graph and assignment == plan.assignment
    unpriced = basis.sharding_plan(assignment)
    assert unpriced.cost == CostBreakdown() and unpriced.collectives == ()
    assert unpriced.arguments == plan.sharding_plan.arguments and unpriced.ops == plan.sharding_plan.ops
    assert emit_plan(unpriced) == emit_plan(plan)


def test_the_planner_imports_neither_emission_nor_the_simulator_nor_the_cli():
    upward = ("autoshard.emit", "autoshard.interpreters", "autoshard.tools")
    for path in sorted((REPO / "autoshard/planner").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            assert not [n for n in names if n.startswith(upward)], (path.name, names)
