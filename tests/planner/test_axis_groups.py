"""Neighbouring mesh axes searched as one (`planner.axis_groups`): the enumeration uses a group whole, the groups
are checked, chosen from the profile's links only when the search space is too large, and the plan they give
names the user's axes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import autoshard
from autoshard.errors import UserError
from autoshard.planner import axis_groups
from autoshard.planner.axis_groups import check_axis_groups, link_sharing_groups, parse_axis_groups
from autoshard.planner.factor_strategies import enumerate_factor_strategies
from autoshard.planner.user_constraints import PlanOptions
from autoshard.sharding import AxisRef, Mesh
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config
from test_factor_strategies import matmul

REPO = Path(__file__).resolve().parents[2]


def renamed(strategy, names: dict[str, tuple[str, ...]]):
    return tuple(tuple(n for a in axes for n in names[a.name]) for axes in strategy.factor_axes)


def test_a_group_is_enumerated_as_the_one_axis_it_merges():
    grouped = enumerate_factor_strategies(matmul(8, 16, 32), Mesh.parse("a=2,b=2,c=2"), axis_groups=[("a", "b")])
    merged = enumerate_factor_strategies(matmul(8, 16, 32), Mesh.parse("ab=4,c=2"))
    assert [renamed(s, {"a": ("a",), "b": ("b",), "c": ("c",)}) for s in grouped] == \
        [renamed(s, {"ab": ("a", "b"), "c": ("c",)}) for s in merged]
    assert len(grouped) < len(enumerate_factor_strategies(matmul(8, 16, 32), Mesh.parse("a=2,b=2,c=2")))


def test_a_group_that_does_not_divide_a_factor_leaves_it_alone():
    rule = matmul(2, 16, 32)  # the row factor takes 2 devices, not the group's 4
    for s in enumerate_factor_strategies(rule, Mesh.parse("a=2,b=2,c=2"), axis_groups=[("a", "b")]):
        assert AxisRef("a") not in s.factor_axes[0]
        assert (AxisRef("a") in sum(s.factor_axes, ())) == (AxisRef("b") in sum(s.factor_axes, ()))


@pytest.mark.parametrize(("groups", "message"), [
    ([("a", "c")], "not a run of neighbouring axes"),
    ([("a", "x")], "does not have"),
    ([("a",)], "has one axis"),
    ([("a", "b"), ("b", "c")], "in two axis groups"),
])
def test_bad_groups_are_refused_in_one_line(groups, message):
    with pytest.raises(UserError, match=message):
        check_axis_groups(Mesh.parse("a=2,b=2,c=2"), groups)


def test_groups_parse_from_the_command_line():
    assert parse_axis_groups("auto") is None
    assert parse_axis_groups("none") == ()
    assert parse_axis_groups("data+fsdp, seq+model") == (("data", "fsdp"), ("seq", "model"))


def test_neighbouring_axes_on_one_link_group():
    config = resolve_config("data=4,fsdp=2,seq=2,model=4", "h100-cluster")
    assert link_sharing_groups(profile_mesh(config), config.axis_links) == (("data", "fsdp"), ("seq", "model"))
    config = resolve_config("data=8,model=8", "h100-cluster")
    assert link_sharing_groups(profile_mesh(config), config.axis_links) == ()


def test_a_mesh_with_too_many_strategies_is_searched_grouped(monkeypatch):
    text = (REPO / "examples" / "mlp.mlir").read_text()
    mesh = "data=2,fsdp=2,seq=2,model=2"
    ungrouped = autoshard.plan(text, mesh=mesh, config="h100-cluster", time_limit=2, num_workers=1)
    assert not any("grouped" in w for w in ungrouped.warnings)
    monkeypatch.setattr(axis_groups, "MAX_EDGE_STRATEGY_PAIRS", 100)
    plan = autoshard.plan(text, mesh=mesh, config="h100-cluster", time_limit=2, num_workers=1)
    # 8 devices per node: `data` crosses nodes, the other three share the node's link
    assert any("grouped (fsdp+seq+model)" in w for w in plan.warnings), plan.warnings
    group = ["fsdp", "seq", "model"]
    for node in plan.graph.nodes:
        for sharding in (*node.strategies[plan.assignment[node.index]].inputs,
                         *node.strategies[plan.assignment[node.index]].outputs):
            for dim in sharding.dims:
                names = [a.name for a in dim.axes if a.name != "data"]
                assert names in ([], group), sharding
    given = autoshard.plan(text, mesh=mesh, config="h100-cluster", time_limit=2, num_workers=1,
                           options=PlanOptions(axis_groups=()))
    assert not any("grouped" in w for w in given.warnings)


def test_a_mesh_with_too_many_strategy_pairs_in_all_is_searched_grouped(monkeypatch):
    # no edge over its limit, but all of them together (a 3B LLaMA step on data=4,fsdp=2,seq=2,model=4)
    text = (REPO / "examples" / "mlp.mlir").read_text()
    mesh = "data=2,fsdp=2,seq=2,model=2"
    monkeypatch.setattr(axis_groups, "MAX_STRATEGY_PAIRS", 100)
    plan = autoshard.plan(text, mesh=mesh, config="h100-cluster", time_limit=2, num_workers=1)
    assert any("grouped (fsdp+seq+model)" in w and "in all" in w for w in plan.warnings), plan.warnings


def test_the_cli_takes_groups_and_refuses_bad_ones(tmp_path):
    cli = [sys.executable, "-m", "autoshard.tools.cli", "plan", str(REPO / "examples" / "mlp.mlir"),
           "--mesh", "data=2,model=2,seq=2", "--time-limit", "1", "--quiet"]
    done = subprocess.run([*cli, "--axis-groups", "data+model", "-o", str(tmp_path / "p.mlir")], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert '"model"}' not in (tmp_path / "p.mlir").read_text().replace('"data", "model"}', "")
    done = subprocess.run([*cli, "--axis-groups", "data+seq", "-o", str(tmp_path / "q.mlir")], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 1 and "not a run of neighbouring axes" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "q.mlir").exists()
