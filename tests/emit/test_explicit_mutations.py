"""Mutation test of the explicit-collectives form, a fixed slice of `bench/mutate_collectives.py`: each sdy
collective of a zoo plan (sharding-heavy profile, 2x4) dropped or given other axes, one at a time, must make
`simulate` (strict, f64) report a mismatch or an error."""

from __future__ import annotations

import pytest
from mutation_bench import mutate

from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module


@pytest.mark.parametrize("model", ["mlp", "scan_layers", "convnet"])
def test_every_mutant_of_a_zoo_plan_is_caught_by_simulate(model: str) -> None:
    result = mutate.run_model(model)
    assert result.collectives >= 6
    assert len(result.verdicts) == 2 * result.collectives  # a drop and an axes change each
    uncaught = [(m.index, m.kind, m.what, m.op_text) for m, v in result.verdicts if v.outcome not in ("mismatch", "error")]
    assert uncaught == []


def _collective_feeding(consumer: str, kind: str, models: tuple[str, ...] = ("moe", "mlp", "convnet")) -> tuple[str, int]:
    """The first of `models` whose explicit plan has a `kind` collective feeding a `consumer` op, and that
    collective's index (program order): the cases below are chosen by what they are, not by model or position,
    as plans change."""
    for model in models:
        module = parse_module(mutate.as_f64(mutate.explicit_module_text(model)))
        for index, op in enumerate(mutate.collectives(module)):
            if op.name == kind and any(use.operation.name == consumer for use in op.result.uses):
                return model, index
    raise AssertionError(f"no plan of {models} has a {kind} feeding {consumer} any more: choose another case")


def test_a_permute_dropped_before_a_gather_is_an_error_not_a_silent_reinterpretation() -> None:
    """A plan permutes e.g. [{"data", "model"}] to [{"model", "data"}] and then gathers "data". Without the
    permute, the gather's axis is not minor-most in its operand's sharding; its local shapes still fit its
    out_sharding, so only checking the collective against the operand's actual sharding notices (on moe's plan
    the rounding bound then passed the wrong values: max abs error 514)."""
    model, index = _collective_feeding("sdy.all_gather", "sdy.collective_permute")
    result = mutate.run_model(model, select=lambda i: i == index)
    (drop, _axes) = result.verdicts
    mutant, verdict = drop
    assert mutant.kind == "drop" and "sdy.collective_permute" in mutant.op_text
    assert verdict.outcome == "error"
    assert "is not minor-most in dimension" in verdict.detail


def test_collectives_in_mesh_order_and_reverse_simulate_differently() -> None:
    """A hand-written check of the same rule: gathering "data" from [{"model", "data"}] is the program's own
    collective; gathering it from [{"data", "model"}] (shapes fit) is refused."""
    body = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%x: tensor<8x4xf64> {sdy.sharding = #sdy.sharding<@mesh, [{AXES}, {}]>}) -> tensor<8x4xf64> {
  %0 = sdy.all_gather [{"data"}, {}] %x out_sharding=<@mesh, [{"model"}, {}]> : tensor<8x4xf64>
  %1 = sdy.all_gather [{"model"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x4xf64>
  return %1 : tensor<8x4xf64>
}"""
    assert simulate(parse_module(body.replace("AXES", '"model", "data"'))).ok
    with pytest.raises(Exception, match='axis "data" is not minor-most'):
        simulate(parse_module(body.replace("AXES", '"data", "model"')))


def test_the_gather_before_top_k_is_needed() -> None:
    """chlo.top_k runs on local shards (its k-dimension needs replication): without the all_gather that
    replicates that dimension, the strict simulation finds no collective that makes the local shapes fit."""
    model, index = _collective_feeding("chlo.top_k", "sdy.all_gather", ("moe",))
    result = mutate.run_model(model, select=lambda i: i == index)
    assert [v.outcome for _, v in result.verdicts] == ["error", "error"]
