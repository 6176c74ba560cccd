"""Data-flow groups of while, case, optimization_barrier and func.call; the planner-only rules."""

from autoshard.ir.parse import parse_module
from autoshard.rules import data_flow_groups, has_known_rule, lookup_rule, module_data_flow_groups, rule_for
from rules_helpers import find_op

WHILE = """
func.func @f(%a: tensor<4x3xf32>, %i: tensor<i32>) -> tensor<4x3xf32> {
  %r:2 = "stablehlo.while"(%a, %i) ({
  ^bb0(%x: tensor<4x3xf32>, %n: tensor<i32>):
    %c = "stablehlo.compare"(%n, %n) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%x: tensor<4x3xf32>, %n: tensor<i32>):
    %y = "stablehlo.add"(%x, %x) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    "stablehlo.return"(%y, %n) : (tensor<4x3xf32>, tensor<i32>) -> ()
  }) : (tensor<4x3xf32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<i32>)
  func.return %r#0 : tensor<4x3xf32>
}
"""


def test_while_ties_operand_block_args_yield_and_result():
    module = parse_module(WHILE)
    op = find_op(module, "stablehlo.while")
    groups = data_flow_groups(op)
    assert len(groups) == 2
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    add = find_op(module, "stablehlo.add")
    first = groups[0].values
    assert first[0] is op.operands[0] and first[1] is cond.args[0] and first[2] is body.args[0]
    assert first[3] is add.results[0] and first[4] is op.results[0]
    # Shardy gives the while no rule; the planner sees operand i and result i sharded alike
    assert lookup_rule(op).rule is None and lookup_rule(op).source == "none"
    assert rule_for(op).body_text() == "([i, j], [])->([i, j], []) {i=4, j=3}"


CASE_AND_BARRIER = """
func.func @f(%k: tensor<i32>, %a: tensor<4xf32>, %b: tensor<2x2xf32>) -> tensor<4xf32> {
  %r = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<4xf32>) -> ()
  }, {
    %n = "stablehlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%n) : (tensor<4xf32>) -> ()
  }) : (tensor<i32>) -> tensor<4xf32>
  %o:2 = "stablehlo.optimization_barrier"(%r, %b) : (tensor<4xf32>, tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>)
  func.return %o#0 : tensor<4xf32>
}
"""


def test_case_ties_result_to_every_branch_yield():
    module = parse_module(CASE_AND_BARRIER)
    op = find_op(module, "stablehlo.case")
    (group,) = data_flow_groups(op)
    neg = find_op(module, "stablehlo.negate")
    assert group.values[0] is op.results[0]
    assert group.values[1] is op.parent_block().parent_op().body.blocks[0].args[1]
    assert group.values[2] is neg.results[0]


def test_optimization_barrier_pairs_operands_with_results():
    module = parse_module(CASE_AND_BARRIER)
    op = find_op(module, "stablehlo.optimization_barrier")
    groups = data_flow_groups(op)
    assert [(g.values[0], g.values[1]) for g in groups] == list(zip(op.operands, op.results))
    assert has_known_rule(op)
    assert rule_for(op).body_text() == "([i], [j, k])->([i], [j, k]) {i=4, j=2, k=2}"


CALLS = """
func.func @main(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @layer(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = func.call @layer(%b) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = "stablehlo.add"(%0, %1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %2 : tensor<8xf32>
}
func.func private @layer(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = "stablehlo.tanh"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %y : tensor<8xf32>
}
"""


def test_calls_tie_arguments_and_results_through_the_callee():
    module = parse_module(CALLS)
    calls = [op for op in module.walk() if op.name == "func.call"]
    callee = find_op(module, "func.func", 1)
    x = callee.body.blocks[0].args[0]
    y = find_op(module, "stablehlo.tanh").results[0]
    groups = data_flow_groups(calls[0])
    assert [tuple(g.values) for g in groups] == [(calls[0].operands[0], x), (y, calls[0].results[0])]
    merged = module_data_flow_groups(module.walk())
    assert len(merged) == 2
    args_group = next(g for g in merged if any(v is x for v in g))
    assert {id(v) for v in args_group} == {id(calls[0].operands[0]), id(calls[1].operands[0]), id(x)}
    results_group = next(g for g in merged if any(v is y for v in g))
    assert {id(v) for v in results_group} == {id(y), id(calls[0].results[0]), id(calls[1].results[0])}
    assert lookup_rule(calls[0]).source == "none"
