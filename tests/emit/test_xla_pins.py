"""The written file pins every planned value with a constraint XLA keeps (autoshard/emit/xla_pins.py).

XLA's Shardy import drops `sdy.sharding` on ops and re-decides them; these tests check the emitted text carries
each planned value as a constraint, and that XLA compiles exactly the written text to the planned program.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autoshard.emit import emit_plan
from autoshard.dialects.sdy import ShardingConstraintOp, TensorShardingPerValueAttr
from autoshard.emit.xla_pins import needs_pin
from autoshard.ir.parse import parse_module
from autoshard.planner.api import plan as make_plan
from autoshard.planner.price_module import price_module
from autoshard.rules.attrs import op_name

REPO = Path(__file__).resolve().parents[2]

#: x is batch-sharded, but the plan computes the matmul column-sharded (so x is all-gathered first);
#: Shardy's propagation from the arguments alone would keep the batch sharding instead.
COLUMN_SHARDED_MATMUL = """
sdy.mesh @mesh = <["x"=8]>
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
    -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0]
      {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
      : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x32xf32>
  %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x32xf32>
  return %2 : tensor<8x32xf32>
}
"""

#: A scan: the replicated weight stack is carried through the loop and sliced column-sharded in the body (a
#: local slice, no communication). Without a pin on the body's block argument, XLA's propagation pulls the
#: slice's sharding into the carried stack and all-gathers the whole stack at every yield.
SLICED_STACK_LOOP = """
sdy.mesh @mesh = <["x"=8]>
func.func @main(%ws: tensor<4x64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>},
                %h0: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
    -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %w = %ws, %h = %h0) : tensor<i32>, tensor<4x64x64xf32>, tensor<16x64xf32>
    cond {
      %c4 = stablehlo.constant dense<4> : tensor<i32>
      %lt = stablehlo.compare LT, %i, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %ws_cols = sdy.sharding_constraint %w <@mesh, [{}, {}, {"x"}]> : tensor<4x64x64xf32>
      %layer3 = stablehlo.dynamic_slice %ws_cols, %i, %z, %z, sizes = [1, 64, 64]
          : (tensor<4x64x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x64xf32>
      %layer = stablehlo.reshape %layer3 : (tensor<1x64x64xf32>) -> tensor<64x64xf32>
      %y = stablehlo.dot_general %h, %layer, contracting_dims = [1] x [0]
          : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
      %t = stablehlo.tanh %y : tensor<16x64xf32>
      %c1 = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %next, %w, %t : tensor<i32>, tensor<4x64x64xf32>, tensor<16x64xf32>
    }
  return %r#2 : tensor<16x64xf32>
}
"""


def _pinned_uses_ok(text: str) -> tuple[int, list[str]]:
    """(number of planned op results, those not pinned): a planned result is pinned when its only use is a
    constraint with the op's own sharding for it."""
    module = parse_module(text, "<planned>")
    planned, unpinned = 0, []
    for op in module.walk():
        sharding = op.attributes.get("sdy.sharding")
        if not isinstance(sharding, TensorShardingPerValueAttr) or op_name(op).startswith(("sdy.", "func.")):
            continue
        for result, planned_sharding in zip(op.results, sharding.shardings):
            if not needs_pin(result) or not result.uses:
                continue
            planned += 1
            uses = [use.operation for use in result.uses]
            if not (len(uses) == 1 and isinstance(uses[0], ShardingConstraintOp)
                    and uses[0].sharding == planned_sharding):
                unpinned.append(f"{op_name(op)} result {result.index}")
    return planned, unpinned


@pytest.mark.parametrize("model", ["gpt_train_step", "scan_layers", "moe"])
def test_every_planned_op_result_is_pinned_by_a_constraint_with_its_sharding(model):
    plan = make_plan(REPO / "examples" / f"{model}.mlir", mesh="data=2,model=4", time_limit=5)
    planned, unpinned = _pinned_uses_ok(emit_plan(plan))
    assert planned > 10
    assert unpinned == []


def test_explicit_collectives_form_has_no_pins():
    plan = make_plan(REPO / "examples" / "mlp.mlir", mesh="data=2,model=4", time_limit=5)
    assert "sdy.sharding_constraint" not in emit_plan(plan, explicit_collectives=True)


def test_loop_carried_values_are_pinned_in_the_body_and_condition():
    text = emit_plan(price_module(SLICED_STACK_LOOP, config="host-cpu", time_limit=5).plan)
    body = text[text.index("} do {"):]
    first_ops = [line.strip() for line in body.splitlines()[1:4]]
    # the carried stack and activation are constrained (replicated) first thing in the body
    assert any("<@mesh, [{}, {}, {}]> : tensor<4x64x64xf32>" in line for line in first_ops)
    assert any("<@mesh, [{}, {}]> : tensor<16x64xf32>" in line for line in first_ops)


def _xla_run_of_the_written_plan(module: str):
    """XLA's compilation and run of the file a plan of `module` writes (host-cpu profile, 8 devices)."""
    pytest.importorskip("jax")
    from autoshard.xla import compile_and_run  # noqa: PLC0415

    run = compile_and_run(emit_plan(price_module(module, config="host-cpu", time_limit=5).plan), 8)
    assert run.matches
    return run


@pytest.mark.xla
def test_xla_compiles_the_written_op_shardings():
    run = _xla_run_of_the_written_plan(COLUMN_SHARDED_MATMUL)
    gathered = sorted(c.shape for c in run.collectives() if c.kind == "all-gather")
    # planned: x all-gathered for the column-sharded matmul, then the result gathered for the replicated return
    # (XLA's own propagation would keep the batch sharding and gather only the result)
    assert gathered == [(8, 16), (8, 32)]


@pytest.mark.xla
def test_xla_keeps_the_carried_stack_replicated_and_never_gathers_it():
    run = _xla_run_of_the_written_plan(SLICED_STACK_LOOP)
    assert [c for c in run.collectives() if c.shape == (4, 64, 64)] == []
