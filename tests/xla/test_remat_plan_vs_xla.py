"""`autoshard.plan(remat="auto")` on a residual MLP training step (6 layers, activations outweighing the weights)
under XLA:CPU: where no plan of the step fits the budget, the plan that recomputes its layers fits, simulates and
compiles to the unsharded step's results, and XLA's compiled memory of the written plan fits the budget too."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.errors import InfeasibleError  # noqa: E402
from autoshard.interpreters.simulate import simulate  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.xla.compile_run import compile_and_run, compiled_memory_stats  # noqa: E402
from remat_steps import residual_mlp_step_text  # noqa: E402

pytestmark = pytest.mark.xla

#: batch, hidden, ffn, layers
SIZES = (512, 64, 512, 6)
MIB = 2**20
#: (mesh, budget): on one device the step needs 21.5 MiB compiled without recomputation; on two, 11 MiB is under
#: the planner's lower bound for it (11.5 MiB with every tensor sharded as much as the mesh allows)
CASES = [("data=1", 20 * MIB), ("data=2", 11 * MIB)]


@pytest.fixture(scope="module")
def step() -> str:
    return residual_mlp_step_text(*SIZES)


def _plan(text: str, mesh: str, budget: int, remat: str):
    return autoshard.plan(text, mesh=mesh, memory_budget=budget, time_limit=2, num_workers=1, remat=remat)


@pytest.mark.parametrize(("mesh", "budget"), CASES)
def test_recomputation_fits_where_no_plan_does_and_computes_the_unsharded_results(step, mesh, budget):
    with pytest.raises(InfeasibleError):
        _plan(step, mesh, budget, "off")
    plan = _plan(step, mesh, budget, "auto")
    assert plan.recomputed is not None and plan.cost.peak_memory_bytes <= budget
    recomputed = plan.report()["recomputed"]  # what --report writes
    assert [layer["policy"] for layer in recomputed["layers"]] == [p.value for p in plan.recomputed.policies]
    assert recomputed["compute_added_s"] > 0
    assert any(layer["values"] > 0 and layer["bytes_saved"] > 0 for layer in recomputed["layers"])
    text = autoshard.emit_plan(plan)
    report = simulate(parse_module(text, "remat.planned.mlir"), seed=0, rtol=1e-3)
    assert report.ok, report.first_mismatch and report.first_mismatch.describe()
    run = compile_and_run(text, plan.mesh.num_devices, seed=0)
    assert run.matches, run.first_mismatch
    assert compiled_memory_stats(text, plan.mesh.num_devices).total_bytes <= budget


def test_without_recomputation_xla_needs_more_than_the_budget(step):
    """The budget of the one-device case binds for XLA too, not only for the model."""
    assert compiled_memory_stats(step, 1).total_bytes > CASES[0][1]


@pytest.mark.parametrize(("mesh", "budget"), CASES)
def test_predicted_memory_is_within_10_percent_of_xla(step, mesh, budget):
    """The recomputation runs in a `stablehlo.case`: its branch computes the values it yields into the case's
    result buffers (`xla_model.case_results`); the replicated values its multiplies read sliced are sliced inside
    their loop fusions (no buffer of their own, `memory_accounting`)."""
    plan = _plan(step, mesh, budget, "auto")
    xla = compiled_memory_stats(autoshard.emit_plan(plan), plan.mesh.num_devices)
    assert xla.total_bytes <= plan.cost.peak_memory_bytes <= 1.10 * xla.total_bytes, (plan.cost.memory, xla)


def test_a_checkpointed_step_xla_merges_is_recomputed_in_conditionals_and_fits():
    """XLA:CPU merges `jax.checkpoint`'s recomputation with the forward pass, so the checkpointed step as written needs
    what the step without checkpoints needs; `auto` searches the merged step's recomputation (`merge_recomputation`)
    and XLA's compiled memory of its plan fits."""
    checkpointed = residual_mlp_step_text(*SIZES, checkpointed=True)
    mesh, budget = CASES[0]
    assert compiled_memory_stats(checkpointed, 1).total_bytes > budget
    with pytest.raises(InfeasibleError):
        _plan(checkpointed, mesh, budget, "off")
    plan = _plan(checkpointed, mesh, budget, "auto")
    assert plan.recomputed is not None and plan.cost.peak_memory_bytes <= budget
    text = autoshard.emit_plan(plan)
    run = compile_and_run(text, plan.mesh.num_devices, seed=0)
    assert run.matches, run.first_mismatch
    xla = compiled_memory_stats(text, plan.mesh.num_devices).total_bytes
    assert xla <= budget and xla <= plan.cost.peak_memory_bytes <= 1.10 * xla
