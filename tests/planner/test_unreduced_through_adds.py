"""Partial sums stay unreduced through an add when that saves a collective; simulation and XLA agree."""

from __future__ import annotations

import importlib.util

import pytest

import autoshard
from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module

# x1 @ w1 + x2 @ w2 with the contracting dims given sharded over "model": each product is a partial sum
TWO_PARTIAL_SUMS = """
sdy.mesh @mesh = <["model"=8]>
func.func @main(%x1: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>},
                %x2: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>})
    -> (tensor<8x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %x1, %w1, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
  %1 = stablehlo.dot_general %x2, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x256xf32>
  return %2 : tensor<8x256xf32>
}
"""

HAVE_JAX = importlib.util.find_spec("jax") is not None


@pytest.fixture(scope="module")
def plan():
    return autoshard.plan(TWO_PARTIAL_SUMS, mesh="model=8", config="h100-8", time_limit=10, num_workers=1)


def test_one_all_reduce_after_the_add(plan) -> None:
    reduces = [c for c in plan.collectives() if c.kind == "all_reduce"]
    assert len(reduces) == 1 and reduces[0].axes == ("model",)
    add = next(n for n in plan.graph.nodes if n.label == "stablehlo.add")
    chosen = add.strategies[plan.assignment[add.index]]
    assert [str(a) for a in chosen.outputs[0].unreduced] == ['"model"']


def test_unreduced_plan_simulates_and_prints_unreduced(plan) -> None:
    text = emit_plan(plan)
    assert 'unreduced={"model"}' in text
    assert simulate(parse_module(text)).ok
    explicit = emit_plan(plan, explicit_collectives=True)
    assert explicit.count("sdy.all_reduce") == 1
    assert simulate(parse_module(explicit)).ok


@pytest.mark.xla
@pytest.mark.skipif(not HAVE_JAX, reason="needs the [xla] extra")
def test_xla_runs_the_unreduced_plan(plan) -> None:
    from autoshard.xla.compile_run import compile_and_run

    run = compile_and_run(emit_plan(plan), 8, seed=0, filename="unreduced.planned.mlir")
    assert run.matches
    assert [c.kind for c in run.collectives()] == ["all-reduce"]
