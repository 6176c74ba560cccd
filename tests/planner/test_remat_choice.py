"""`plan(remat=...)` (`autoshard.planner.remat.choice`): a training step that fits is planned as it is under
`auto`; one that no plan fits under `off` is planned with some of its layers recomputed under `auto`, each under its
own policy, recomputing only what the budget needs; a program that is not a training step keeps its
infeasibility."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.errors import InfeasibleError
from autoshard.planner.remat.choice import MAX_PROBES, is_recomputed_clone
from autoshard.planner.remat.policies import CheckpointPolicy

STEP = (Path(__file__).resolve().parents[1] / "data" / "remat" / "residual_mlp_step.mlir").read_text()
#: under what every layer under dots_saveable needs (at least 20732 B); without recomputation the step needs 22268 B.
#: Layer 0 under nothing_saveable and the others kept fits (19004 B), layer 0 under dots_saveable alone does not
#: (at least 20156 B)
TIGHT = 19500
#: where one layer under dots_saveable fits (20028 B)
LOOSE = 21000
NOTHING, DOTS, KEEP = (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE,
                       CheckpointPolicy.EVERYTHING_SAVEABLE)


def _plan(text: str, budget: int | None, remat: str):
    return autoshard.plan(text, mesh="data=1", memory_budget=budget, time_limit=1, num_workers=1, remat=remat)


def test_a_step_that_fits_is_planned_as_it_is():
    off, auto = _plan(STEP, None, "off"), _plan(STEP, None, "auto")
    assert auto.recomputed is None and off.recomputed is None
    assert auto.assignment == off.assignment
    assert auto.cost.step_time_s == off.cost.step_time_s


def test_auto_recomputes_where_off_finds_no_plan():
    with pytest.raises(InfeasibleError):
        _plan(STEP, TIGHT, "off")
    plan = _plan(STEP, TIGHT, "auto")
    assert plan.cost.peak_memory_bytes <= TIGHT
    layers = plan.recomputed.layers
    assert len(layers) == 3 and all(layer.bytes_saved > 0 for layer in layers if not layer.kept)
    assert all(layer.values == layer.bytes_saved == 0 for layer in layers if layer.kept)
    assert plan.recomputed.compute_added_s > 0
    assert "stablehlo.case" in autoshard.emit_plan(plan)


@pytest.mark.parametrize(("budget", "policies"), [(TIGHT, (NOTHING, KEEP, KEEP)), (LOOSE, (DOTS, KEEP, KEEP))])
def test_auto_recomputes_fewer_layers_than_all_and_is_faster_than_every_layer_recomputed(budget, policies):
    plan = _plan(STEP, budget, "auto")
    choice = plan.recomputed
    assert choice.policies == policies and plan.cost.peak_memory_bytes <= budget
    every_layer = [o for o in choice.tried if len(set(o.policies)) == 1 and o.step_time_s is not None]
    assert every_layer and all(plan.cost.step_time_s < o.step_time_s for o in every_layer)


def test_each_clone_belongs_to_a_recomputed_layer():
    plan = _plan(STEP, TIGHT, "auto")
    choice = plan.recomputed
    clones = {choice.layer_of(node) for node in plan.graph.nodes if is_recomputed_clone(node)}
    assert clones == {i for i, layer in enumerate(choice.layers) if not layer.kept}
    assert all(choice.layer_of(node) is None for node in plan.graph.nodes if not is_recomputed_clone(node))


def test_the_recomputation_is_priced_once():
    """The conditional's second branch repeats the first: its ops are walked at weight 0."""
    plan = _plan(STEP, TIGHT, "auto")
    in_case = [n for n in plan.graph.nodes if n.multiplier == 0]
    assert in_case and all(plan.chosen(n.index).compute_s * n.multiplier == 0 for n in in_case)


def test_a_program_that_is_not_a_training_step_keeps_its_infeasibility():
    text = (Path(__file__).resolve().parents[2] / "examples" / "mlp.mlir").read_text()
    with pytest.raises(InfeasibleError):
        _plan(text, 1024, "auto")


def test_the_choice_says_why_and_what_each_assignment_gave():
    plan = _plan(STEP, TIGHT, "auto")
    choice = plan.recomputed
    assert "memory budget" in choice.reason and "jax.checkpoint" in choice.reason  # what plan(remat="off") says
    assert [o.policies for o in choice.tried[:2]] == [(DOTS,) * 3, (NOTHING,) * 3]  # every layer first
    assert len(choice.tried) <= 2 + MAX_PROBES
    chosen = next(o for o in choice.tried if o.policies == choice.policies)
    assert chosen.step_time_s == plan.cost.step_time_s
    assert all(o.step_time_s is None or o.step_time_s >= chosen.step_time_s for o in choice.tried)
    assert all((o.step_time_s is None) == (o.why_not is not None) for o in choice.tried)
    report = plan.report()["recomputed"]
    assert report["reason"] == choice.reason and len(report["tried"]) == len(choice.tried)
    assert [layer["policy"] for layer in report["layers"]] == [p.value for p in choice.policies]
    lines = choice.lines()
    assert lines[0].startswith("nothing_saveable on layer 0, 2 kept (1 of 3 layers")
    assert len(lines) == 2 and lines[1].startswith("layer 0: nothing_saveable,")


def test_where_recomputing_does_not_fit_either_the_error_says_what_each_policy_needs():
    with pytest.raises(InfeasibleError) as failure:
        _plan(STEP, 12000, "auto")
    message = failure.value.message
    assert "with layers recomputed (--remat auto) no plan fits either" in message
    assert ("under dots_saveable on every layer at least" in message
            and "under nothing_saveable on every layer at least" in message)  # proven
    assert "jax.checkpoint" not in message  # what --remat auto tried
    assert 12000 < failure.value.needed_bytes <= TIGHT
