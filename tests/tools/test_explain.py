"""`autoshard explain`: the explanation re-prices one node with the rest of the plan fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

import autoshard
from autoshard.planner.plan_graph import NodeKind
from autoshard.tools import cli
from autoshard.tools.commands.explain import PlanExplainer, format_explanation

REPO = Path(__file__).resolve().parents[2]
MLP = REPO / "examples" / "mlp.mlir"


@pytest.fixture(scope="module")
def mlp_plan():
    return autoshard.plan(MLP, mesh="data=2,model=4", time_limit=20, seed=0)


def test_no_single_swap_beats_an_optimal_plan(mlp_plan) -> None:
    assert mlp_plan.solver.status == "OPTIMAL"
    explainer = PlanExplainer(mlp_plan)
    for node in mlp_plan.graph.nodes:
        if not node.strategies or node.kind == NodeKind.RESULT:
            continue
        x = explainer.explain(node)
        if x.alternative_cost is not None:  # swapping one node changes only its local terms
            assert x.alternative_cost.total_s >= x.cost.total_s * (1 - 1e-9) - 1e-15, format_explanation(x)


def test_dot_explanation_names_rule_and_factors(mlp_plan) -> None:
    explainer = PlanExplainer(mlp_plan)
    dots = [n for n in mlp_plan.graph.nodes if n.label == "stablehlo.dot_general"]
    assert dots
    text = format_explanation(explainer.explain(dots[0]))
    assert "rule       ([i, k], [k, j])->([i, j])" in text and "reduction={k}" in text
    assert "factors" in text and "pays" in text and "next best" in text


def test_cli_explain_value_and_top(tmp_path: Path, capsys) -> None:
    assert cli.main(["explain", str(MLP), "--mesh", "data=2,model=4", "--value", "%arg6", "--time-limit", "10"]) == 0
    out = capsys.readouterr().out
    assert "%arg6  [argument" in out and "sharding" in out
    assert cli.main(["explain", str(MLP), "--mesh", "data=2,model=4", "--top", "3", "--time-limit", "10"]) == 0
    assert capsys.readouterr().out.count("  pays ") == 3


def test_cli_explain_unknown_value_is_a_user_error(capsys) -> None:
    code = cli.main(["explain", str(MLP), "--mesh", "data=2", "--value", "%nope", "--time-limit", "5"])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no value named %nope" in err[0]


def test_explain_with_remat_says_why_the_plan_recomputes(capsys) -> None:
    """A step no plan fits under the budget: `explain --remat auto` says why it recomputes and marks the clones."""
    step = REPO / "tests" / "data" / "remat" / "residual_mlp_step.mlir"
    code = cli.main(["explain", str(step), "--mesh", "data=1", "--memory-budget", "19500B", "--remat", "auto",
                     "--time-limit", "1", "--top", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert "recomputation: nothing_saveable on layer 0, 2 kept (1 of 3 layers" in out
    assert "the program as written has no plan: memory budget" in out
    assert "tried dots_saveable on every layer:" in out and "<- chosen, the fastest plan" in out
    assert out.count("  recomputed a clone computed again under nothing_saveable (layer 0)") > 0
    assert "(layer 1)" not in out and "(layer 2)" not in out
