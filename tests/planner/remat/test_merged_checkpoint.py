"""`merge_recomputation`: a step with `jax.checkpoint` rewritten as XLA:CPU compiles it is the step without
checkpoints (same ops, none of them barriers), computes what the step computes, and is where `--remat auto`
searches when no plan of the program as written fits on a backend that merges the recomputation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from xdsl.ir import BlockArgument

import autoshard
from autoshard.errors import InfeasibleError
from autoshard.interpreters.reference import run_reference
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.ir.parse import parse_module
from autoshard.planner.program import BARRIER_OP
from autoshard.planner.remat.merged_checkpoint import has_barriers, merge_recomputation
from autoshard.rules.attrs import op_name

DATA = Path(__file__).resolve().parents[2] / "data" / "remat"
STEP = (DATA / "residual_mlp_step.mlir").read_text()
CHECKPOINTED = (DATA / "residual_mlp_step_checkpointed.mlir").read_text()
#: under the least any plan of the checkpointed step as written needs on one device (22.50 KiB, its forward
#: activations held to the backward by the merge); nothing-saveable on one layer and dots-saveable on the others fits
BUDGET = 19500


def _merged(text: str):
    module = parse_module(text)
    inline_private_calls(module)
    merge_recomputation(module)
    module.verify()
    return module


def _op_counts(module) -> Counter:
    return Counter(op_name(op) for op in module.walk())


def test_the_merged_checkpointed_step_is_the_step_without_checkpoints():
    checkpointed = parse_module(CHECKPOINTED)
    inline_private_calls(checkpointed)
    assert has_barriers(checkpointed)
    merged = _merged(CHECKPOINTED)
    assert not has_barriers(merged) and BARRIER_OP not in _op_counts(merged)
    assert sum(_op_counts(merged).values()) < sum(_op_counts(checkpointed).values())
    assert _op_counts(merged) == _op_counts(_merged(STEP))


def test_the_merged_step_computes_what_the_step_computes():
    reference = run_reference(parse_module(CHECKPOINTED), seed=5)
    rerun = run_reference(_merged(CHECKPOINTED), reference.inputs)
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(rerun.results, reference.results, strict=True))


def test_auto_recomputes_a_checkpointed_step_whose_merged_recomputation_does_not_fit():
    """On XLA:CPU (every bundled profile) the checkpoints save nothing; `--remat auto` recomputes in conditionals."""
    with pytest.raises(InfeasibleError):
        autoshard.plan(CHECKPOINTED, mesh="data=1", memory_budget=BUDGET, time_limit=1, num_workers=1)
    plan = autoshard.plan(CHECKPOINTED, mesh="data=1", memory_budget=BUDGET, time_limit=1, num_workers=1,
                          remat="auto")
    assert plan.cost.peak_memory_bytes <= BUDGET
    assert plan.recomputed is not None and not all(layer.kept for layer in plan.recomputed.layers)
    written = autoshard.emit_plan(plan)
    assert "stablehlo.case" in written and BARRIER_OP not in written


def _reads_an_argument(value, seen=None) -> bool:
    seen = set() if seen is None else seen
    if isinstance(value, BlockArgument):
        return True
    if value in seen:
        return False
    seen.add(value)
    return any(_reads_an_argument(operand, seen) for operand in value.owner.operands)


def test_each_conditional_s_index_is_computed_from_the_arguments():
    """Not from the gradient's seed, a constant XLA folds (the scheduler would then run the recomputation in the
    forward pass, where its clones live as long as the values they replace)."""
    plan = autoshard.plan(CHECKPOINTED, mesh="data=1", memory_budget=BUDGET, time_limit=1, num_workers=1,
                          remat="auto")
    cases = [op for op in parse_module(autoshard.emit_plan(plan)).walk() if op_name(op) == "stablehlo.case"]
    assert cases and all(_reads_an_argument(case.operands[0]) for case in cases)
