"""The recomputation rewrite: clones of the chosen residuals' producers before their backward readers, under each
protection; the rewritten step computes what the original does (the reference interpreter, bit for bit, and
`simulate` of a plan of it), and the recomputed values are no longer residuals."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.ir import Block

from autoshard.emit import emit_plan
from autoshard.interpreters.reference import run_reference
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.ir.printing import print_module
from autoshard.planner.api import plan
from autoshard.planner.remat.policies import CheckpointPolicy, block_group, policy_groups
from autoshard.planner.remat.recompute import Protection, RecomputeGroup, recompute, recompute_in_cases
from autoshard.planner.remat.rematerialize import rematerialize
from autoshard.planner.remat.repeated_blocks import find_repeated_blocks
from autoshard.planner.remat.residuals import find_residuals
from autoshard.planner.remat.training_step import split_training_step
from autoshard.rules.attrs import op_name

from test_residuals import HAND_WRITTEN, STEP


def rewritten(text: str, groups_of, protection: Protection):
    module = parse_module(text)
    recompute(module, groups_of(split_training_step(module)), protection)
    module.verify()
    return module


def same_results(module, original_text: str, seed: int = 3) -> bool:
    reference = run_reference(parse_module(original_text), seed=seed)
    rerun = run_reference(module, reference.inputs)
    return all(np.array_equal(a, b, equal_nan=True) for a, b in zip(rerun.results, reference.results, strict=True))


def ops_named(module, name: str) -> list:
    return [op for op in module.walk() if op_name(op) == name]


@pytest.mark.parametrize("protection", list(Protection))
def test_recomputing_tanh_and_its_derivative_factor_from_the_arguments(protection):
    # %t (position 1) and %d (position 4): recomputed from %x and %w, which the backward holds anyway
    module = rewritten(HAND_WRITTEN, lambda step: [RecomputeGroup(((1, 0), (4, 0)))], protection)
    assert same_results(module, HAND_WRITTEN)
    step = split_training_step(module)
    assert find_residuals(step) == ()  # the forward's %t and %d die in the forward
    assert len(ops_named(module, "stablehlo.tanh")) == {Protection.CONDITIONAL: 3}.get(protection, 2)
    assert len(ops_named(module, "stablehlo.optimization_barrier")) == (protection == Protection.BARRIER)
    cases = ops_named(module, "stablehlo.case")
    assert len(cases) == (protection == Protection.CONDITIONAL)
    if cases:
        (case,) = cases
        first, second = (print_module(region.block.first_op) for region in case.regions)
        assert len(case.regions) == 2 and [op_name(o) for o in case.regions[0].block.ops] == [
            op_name(o) for o in case.regions[1].block.ops]
        index_source = case.operands[0].owner  # a convert of the sum of a backward value
        assert op_name(index_source) == "stablehlo.convert" and first == second


def test_only_residuals_can_be_recomputed():
    module = parse_module(HAND_WRITTEN)
    with pytest.raises(ValueError, match="not a residual"):
        recompute(module, [RecomputeGroup(((0, 0),))])  # %h: read in the forward only
    with pytest.raises(ValueError, match="two groups"):
        recompute(module, [RecomputeGroup(((1, 0),)), RecomputeGroup(((1, 0),))])


@pytest.mark.parametrize("policy", [CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE])
@pytest.mark.parametrize("protection", list(Protection))
def test_jax_policies_per_layer_keep_the_results_and_leave_the_layer_inputs_and_outputs_as_residuals(policy,
                                                                                                     protection):
    text = STEP.read_text()
    module = rewritten(text, lambda step: policy_groups(step, policy), protection)
    assert same_results(module, text)
    before = split_training_step(parse_module(text))
    blocks = find_repeated_blocks(before)
    kept = {op_name(r.producer) for r in find_residuals(split_training_step(module))
            if any(b.holds(r.position) for b in blocks)}
    # the residual stream (adds) and, under dots_saveable, the up-projections; everything else is recomputed
    assert kept == ({"stablehlo.add", "stablehlo.dot_general"} if policy == CheckpointPolicy.DOTS_SAVEABLE
                    else {"stablehlo.add"})


def test_each_layer_under_its_own_policy_some_kept():
    """Groups for a subset of the layers, each under its policy: one conditional per group, the results unchanged,
    and the kept layer's residuals stay."""
    text = STEP.read_text()
    module = parse_module(text)
    step = split_training_step(module)
    blocks = find_repeated_blocks(step)
    residuals = find_residuals(step)
    policies = (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE, CheckpointPolicy.EVERYTHING_SAVEABLE)
    groups = [block_group(step, b, p, residuals) for b, p in zip(blocks, policies)]
    assert groups[2] is None and all(g is not None for g in groups[:2])
    cases = recompute_in_cases(module, groups[:2])
    module.verify()
    assert len(cases) == 2 and all(op_name(c) == "stablehlo.case" for c in cases)
    assert set(map(id, cases)) == {id(c) for c in ops_named(module, "stablehlo.case")}
    assert same_results(module, text)
    after = split_training_step(module)
    last = blocks[2]
    kept_last = [r for r in find_residuals(after) if last.holds(r.position)]
    assert len(kept_last) == len([r for r in residuals if last.holds(r.position)])


def test_everything_saveable_recomputes_nothing():
    step = split_training_step(parse_module(STEP.read_text()))
    assert policy_groups(step, CheckpointPolicy.EVERYTHING_SAVEABLE) == ()


def test_a_plan_of_the_rewritten_step_simulates_like_the_unsharded_program():
    module = rematerialize(STEP.read_text())
    module.verify()
    report = simulate(emit_plan(plan(print_module(module), mesh="data=2", time_limit=2)), seed=3)
    assert report.ok, report.first_mismatch


#: the first backward reader of %t reads %nw, a backward value computed from an argument alone, before the cotangent
#: %dv, computed from %v: a forward value later than %t
EARLY_OPERAND = """
func.func @main(%w: tensor<2x4xf32>, %x: tensor<2x4xf32>) -> (tensor<f32>, tensor<2x4xf32>) {
  %t = stablehlo.tanh %x : tensor<2x4xf32>
  %v = stablehlo.multiply %t, %w : tensor<2x4xf32>
  %c0 = stablehlo.constant dense<0.0> : tensor<f32>
  %loss = stablehlo.reduce(%v init: %c0) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
  %nw = stablehlo.negate %w : tensor<2x4xf32>
  %dv = stablehlo.multiply %v, %v : tensor<2x4xf32>
  %g = stablehlo.add %nw, %t : tensor<2x4xf32>
  %g2 = stablehlo.multiply %g, %dv : tensor<2x4xf32>
  return %loss, %g2 : tensor<f32>, tensor<2x4xf32>
}
"""


def test_the_conditional_s_index_reads_a_value_computed_from_a_later_forward_value():
    """Not %nw: XLA's scheduler may run a conditional whose index is computed from the arguments alone (a weight's
    transpose, say) at the start of the backward pass, where its clones live until their readers (seen on XLA:CPU:
    an 8B-shaped 4-layer slice ran the first layer's recomputation first)."""
    module = rewritten(EARLY_OPERAND, lambda step: [RecomputeGroup(((0, 0),))], Protection.CONDITIONAL)
    assert same_results(module, EARLY_OPERAND)
    (case,) = ops_named(module, "stablehlo.case")
    ancestors, stack = set(), [case.operands[0]]
    while stack:
        value = stack.pop()
        if value.owner not in ancestors and not isinstance(value.owner, Block):
            ancestors.add(value.owner)
            stack.extend(value.owner.operands)
    assert {op_name(op) for op in ancestors} >= {"stablehlo.multiply"}
    assert "stablehlo.negate" not in {op_name(op) for op in ancestors}
