"""The explicit-collectives form (`emit_plan(plan, explicit_collectives=True)`) is the planned program: it verifies
as Shardy's partitioned form and the strict SPMD simulation (values move only through its own collectives)
equals the unsharded run.

The zoo sweep behind these cases (6 models x meshes 8, 2x4, 2x2x2 x sharding-heavy and default profiles) found
one lowering bug, a settle's unreduced axes written in the settle's order instead of the mesh's (Shardy's
verifier rejects `unreduced={"model", "data"}`), and otherwise f32 rounding only: those plans simulate equal
in f64 (`test_scan_layers_explicit_form_is_the_program_in_f64`). The simulations here run in f64 with an
allowance of 1e-9 relative so that they check the program, not f32 rounding (the simulator's tolerance is
`autoshard.interpreters.simulate`'s concern).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mutation_bench import mutate

from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.ir.verify import verify_ops
from autoshard.planner.api import plan as make_plan

REPO = Path(__file__).resolve().parents[2]
HEAVY = REPO / "tests/data/profiles/sharding_heavy.yaml"

#: a sum over both dimensions of a tensor sharded model-major: the partial sums are unreduced over
#: {model, data} in the op's factor order, {data, model} in the mesh's
SUM_OVER_MODEL_THEN_DATA = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1]
      : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
"""

#: two matmuls with sharded contractions combined by a subtract and an add: the partial sums stay unreduced
#: through both and one all-reduce settles them (default profile: an all-reduce of 512 KiB costs more than the
#: adds on unreduced partials)
PARTIAL_SUMS_THROUGH_ADDS = """
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%a: tensor<256x1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data", "model"}]>},
                %w1: tensor<1024x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}]>},
                %b: tensor<256x1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data", "model"}]>},
                %w2: tensor<1024x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}]>})
    -> (tensor<256x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %w1, contracting_dims = [1] x [0] : (tensor<256x1024xf32>, tensor<1024x512xf32>) -> tensor<256x512xf32>
  %1 = stablehlo.dot_general %b, %w2, contracting_dims = [1] x [0] : (tensor<256x1024xf32>, tensor<1024x512xf32>) -> tensor<256x512xf32>
  %2 = stablehlo.subtract %0, %1 : tensor<256x512xf32>
  %3 = stablehlo.add %2, %0 : tensor<256x512xf32>
  return %3 : tensor<256x512xf32>
}
"""


def explicit_text(source: str | Path, config: str | Path | None = None, mesh: str = "data=2,model=4") -> str:
    plan = make_plan(source, mesh=mesh, config=config, time_limit=3, seed=0, num_workers=1)
    return emit_plan(plan, explicit_collectives=True)


def verify_errors(text: str) -> list[str]:
    return [str(d) for d in verify_ops(parse_module(text)) if d.severity == "error"]


def simulate_f64(text: str):
    """The strict simulation of `text` in f64, where rounding is far below the allowance (a wrong collective
    errs by the size of the values)."""
    return simulate(parse_module(mutate.as_f64(text)), rtol=mutate.F64_ALLOWANCE, atol=mutate.F64_ALLOWANCE)


def test_settled_partial_sums_list_unreduced_axes_in_mesh_order() -> None:
    text = explicit_text(SUM_OVER_MODEL_THEN_DATA, HEAVY)
    assert 'unreduced={"data", "model"}' in text
    assert verify_errors(text) == []
    assert simulate_f64(text).ok


def test_partial_sums_through_adds_settle_once() -> None:
    text = explicit_text(PARTIAL_SUMS_THROUGH_ADDS)
    assert text.count("sdy.all_reduce") == 1 and "sdy.reduce_scatter" not in text
    assert text.count('unreduced={"data", "model"}') == 4  # two dots, the subtract, the add
    assert verify_errors(text) == []
    report = simulate_f64(text)
    assert report.ok and report.stats.counts == {"all_reduce": 1}


def test_gpt_train_step_explicit_form_verifies() -> None:
    """The zoo case that found the unreduced-order bug (2 of its settles reduce over model then data)."""
    text = explicit_text(REPO / "examples/gpt_train_step.mlir", HEAVY)
    assert verify_errors(text) == []


def test_scan_layers_explicit_form_is_the_program_in_f64() -> None:
    """Issue 17's repro: a loop-carried activation sharded on data, all-gathered at the top of the body,
    reduce-scattered after the second matmul. In f32 its second iteration's tanh differs from the unsharded run
    by 3.5e-4 (the f32 reference itself is 3.3e-4 from the f64 run, the simulation 2.3e-4: rounding of a
    reduce-scattered sum amplified by the loop's cubic); in f64 the two agree."""
    text = explicit_text(REPO / "examples/scan_layers.mlir", HEAVY)
    assert "stablehlo.while" in text and "sdy.reduce_scatter" in text and "sdy.all_gather" in text
    assert verify_errors(text) == []
    report = simulate_f64(text)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    assert report.implicit_reshards == 0


@pytest.mark.xla
def test_shardy_in_jaxlib_accepts_the_explicit_form_and_xla_cannot_compile_it() -> None:
    """docs/emission.md: jaxlib's Shardy parser and verifier take the partitioned form; XLA's MLIR-to-HLO
    conversion (Shardy's round-trip export, before any partitioning) leaves the collectives without their mesh."""
    pytest.importorskip("jax")
    from autoshard.errors import UserError
    from autoshard.xla import jaxlib_mlir
    from autoshard.xla.compile_run import compile_and_run

    text = explicit_text(SUM_OVER_MODEL_THEN_DATA, HEAVY)
    jaxlib_mlir.parse_with_jaxlib(text, jaxlib_mlir.make_jaxlib_context(), "explicit.mlir")
    with pytest.raises(UserError, match="'sdy.all_reduce' op unknown mesh: @mesh"):
        compile_and_run(text, 8, seed=0, filename="explicit.mlir")


def test_a_max_reduce_over_a_sharded_dimension_is_not_settled_as_a_sum() -> None:
    """A random plan of the moe (seed 1, 2x4) shards the routing max over experts on "data" and settles it by a
    reduce-scatter. `unreduced` holds partial sums only (jaxlib 0.10's Shardy has no `unreduced=max`), so the
    explicit form must gather the reduced dimension (here an all-to-all onto the scatter dimension) and reduce
    locally, not write `unreduced={"data"}` + `sdy.reduce_scatter`, which would add the per-shard maxima."""
    from autoshard.planner.random_plans import random_plan

    text = emit_plan(random_plan(REPO / "examples/moe.mlir", "data=2,model=4", seed=1), explicit_collectives=True)
    max_reduces = [line for line in text.splitlines() if "applies stablehlo.maximum" in line]
    assert max_reduces and not any("unreduced" in line for line in max_reduces)
    assert verify_errors(text) == []
    report = simulate_f64(text)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
