"""`autoshard experiment`: config checks, mesh shorthand, generic expert baselines, cell keys, a resumed run."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from autoshard.errors import UserError
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs
from autoshard.experiments.cells import expand
from autoshard.experiments.config import parse_experiment
from autoshard.experiments.meshes import parse_mesh_spec
from autoshard.experiments.table import ratio_text
from autoshard.planner.api import load
from autoshard.planner.strategy_problem import COST_UNIT_S
from autoshard.tools import cli

REPO = Path(__file__).resolve().parents[2]
MLP = REPO / "examples" / "mlp.mlir"


def test_mesh_shorthand_and_names() -> None:
    assert parse_mesh_spec("8").shape == {"data": 8}
    assert parse_mesh_spec("2x4").shape == {"data": 2, "model": 4}
    assert parse_mesh_spec("2x2x2").shape == {"data": 2, "fsdp": 2, "model": 2}
    assert parse_mesh_spec("a=2,b=3").shape == {"a": 2, "b": 3}
    for bad in ("data", "2x", "0x4", "data=2,data=2", "1x1x1x1x1"):
        with pytest.raises(UserError):
            parse_mesh_spec(bad)


def test_config_expands_to_cells_with_stable_distinct_keys(tmp_path: Path) -> None:
    text = f"models: [{MLP}]\nmeshes: ['2', '2x2']\nsolver: {{time_limit: [1, 2]}}\nbaselines: [fsdp]\n"
    config = parse_experiment(text, str(tmp_path / "e.yaml"))
    cells = expand(config)
    assert len(cells) == 1 * 2 * 2 * 2
    keys = [c.key() for c in cells]
    assert len(set(keys)) == len(keys)
    assert keys == [c.key() for c in expand(parse_experiment(text, str(tmp_path / "e.yaml")))]


@pytest.mark.parametrize("text, fragment", [
    ("models: [x.mlir]\nmeshes: ['2']\n", "e.yaml:1:10: model file 'x.mlir' not found"),
    ("models: [MLP]\nmeshes: ['2']\nextra: 1\n", "e.yaml:3:1: experiment: unknown key 'extra'"),
    ("models: [MLP]\nmeshes: ['data=0']\n", "e.yaml:2:10: mesh axis 'data' has size 0"),
    ("models: [MLP]\nmeshes: ['2']\nbaselines: [zero]\n", "unknown baseline 'zero'"),
    ("models: [MLP]\nmeshes: ['2']\nhardware: [h200]\n", "unknown hardware profile 'h200'"),
    ("models: [MLP]\nmeshes: ['2']\nsolver: {time_limit: -1}\n", "time_limit must be a positive number"),
    ("models: [MLP]\n", "missing key 'meshes'"),
    ("models: [{generator: gpt, layers: [2]}]\nmeshes: ['2']\n", "unknown generator 'gpt'"),
    ("models: [MLP\n", "not valid YAML"),
])
def test_config_errors_name_the_place(tmp_path: Path, text: str, fragment: str) -> None:
    with pytest.raises(UserError) as info:
        parse_experiment(text.replace("MLP", str(MLP)), str(tmp_path / "e.yaml"))
    assert fragment in str(info.value).replace(str(tmp_path) + "/", "")


def test_generic_baselines_on_the_mlp() -> None:
    facts = analyze_arguments(load(MLP))
    assert facts.inputs == (6,)  # x: the trailing argument with the batch dimension
    roles = {i: (r.role, r.dim) for i, r in facts.weights.items()}
    assert roles == {0: ("column", 1), 2: ("row", 0), 4: ("column", 1)}  # Megatron alternates
    mesh = parse_mesh_spec("2x4")
    two_d = baseline_argument_specs("2d", facts, mesh)
    assert two_d == {0: [None, "model"], 2: ["model", None], 4: [None, "model"], 6: ["data", None]}
    dp = baseline_argument_specs("data_parallel", facts, mesh)
    assert dp[6] == [("data", "model"), None] and dp[0] == [None, None]
    fsdp = baseline_argument_specs("fsdp", facts, mesh)
    assert fsdp[2] == [("data", "model"), None] and fsdp[1] == [("data", "model")]
    assert baseline_argument_specs("2d", facts, parse_mesh_spec("8")) is None


def test_baselines_follow_weights_through_a_loop() -> None:
    facts = analyze_arguments(load(REPO / "examples" / "scan_layers.mlir"))
    assert {i: r.role for i, r in facts.weights.items()} == {1: "column", 2: "row"}
    assert facts.inputs == (3,)


def test_ratio_text() -> None:
    plan = {"step_time_s": 1.0, "status": "OPTIMAL"}
    assert ratio_text(plan, {"step_time_s": 4.0, "status": "OPTIMAL"}) == "0.250"
    assert ratio_text(plan, {"status": "not_applicable"}) == "n/a"
    assert ratio_text(plan, {"status": "infeasible"}) == "infeasible"


def test_smoke_experiment_runs_then_resumes(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    config = str(REPO / "configs" / "experiments" / "smoke.yaml")
    assert cli.main(["experiment", config, "-o", str(out), "--quiet"]) == 0
    for name in ("results.csv", "results.md", "step_time.png", "compute_communication.png", "solve_time.png"):
        assert (out / name).stat().st_size > 0, name
    rows = list(csv.DictReader((out / "results.csv").open()))
    assert len(rows) == 2 * 3
    by = {(r["mesh"], r["strategy"]): r for r in rows}
    assert by[("data=2", "2d")]["status"] == "not_applicable"
    for mesh in ("data=2", "data=2,model=2"):  # the plan is never worse than an expert layout it could pick
        planner = by[(mesh, "planner")]
        for strategy in ("data_parallel", "2d"):
            row = by[(mesh, strategy)]
            if row["step_time_s"]:
                # the solver compares whole cost units (node costs rounded to COST_UNIT_S, tie-breaks included):
                # its objective is never worse, the recomputed step time by at most half a unit per node
                assert float(planner["objective_s"]) <= float(row["objective_s"]) * (1 + 1e-9)
                rounding = 0.5 * COST_UNIT_S * (int(planner["num_nodes"]) + int(row["num_nodes"]))
                assert float(planner["step_time_s"]) <= float(row["step_time_s"]) + rounding
    assert "| mlp | data=2,model=2 |" in (out / "results.md").read_text()
    capsys.readouterr()
    before = (out / "results.csv").read_text()
    assert cli.main(["experiment", config, "-o", str(out), "--quiet"]) == 0
    assert "0 computed, 6 resumed" in capsys.readouterr().err
    assert (out / "results.csv").read_text() == before
