"""`autoshard plan`'s summary: readable units and gaps, grouped argument shardings, how reshards were priced,
and the plan against one device and plain data parallel priced with the same cost model."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import autoshard
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs
from autoshard.planner.user_constraints import PlanOptions
from autoshard.sharding import Mesh
from autoshard import background
from autoshard.tools import cli, reference_plans
from autoshard.tools.reference_plans import (
    DATA_PARALLEL, ONE_DEVICE, ReferenceTime, SolveSettings, arguments_bytes, reference_time_limit, reference_times,
)
from autoshard.tools.summary import argument_lines, print_summary, speedup_text
from autoshard.units import fmt_percent, fmt_time
from autoshard.xla.hand_annotate import annotate_arguments

REPO = Path(__file__).resolve().parents[2]
MLP = REPO / "examples" / "mlp.mlir"
TRANSFORMER = REPO / "examples" / "transformer_block.mlir"


@pytest.mark.parametrize("seconds, text", [
    (0.0, "0 s"),
    (2.5, "2.500 s"),
    (0.005745, "5.745 ms"),
    (3.522e-4, "352.2 us"),
    (2.27e-8, "22.7 ns"),
    (1.3e-10, "0.13 ns"),
    (0.99999996, "1.000 s"),  # rounds up into the next unit, never "1000.000 ms"
    (9.9996e-4, "1.000 ms"),
])
def test_times_scale_their_unit(seconds: float, text: str) -> None:
    assert fmt_time(seconds) == text


@pytest.mark.parametrize("gap, text", [
    (0.0, "0%"), (5e-5, "< 0.01%"), (1e-4, "0.01%"), (0.0123, "1.23%"), (float("nan"), "n/a"),
])
def test_gaps_never_round_a_nonzero_gap_to_zero(gap: float, text: str) -> None:
    assert fmt_percent(gap) == text


@pytest.mark.parametrize("reference, plan, text", [
    (3.1e-3, 1e-3, "3.1x faster"), (1e-3, 2e-3, "2.0x slower"), (1.02e-3, 1e-3, "as fast"), (0.0, 0.0, "as fast"),
])
def test_speedup_text(reference: float, plan: float, text: str) -> None:
    assert speedup_text(reference, plan) == text


def test_arguments_are_grouped_by_sharding_with_their_first_names() -> None:
    specs = [(None, "model")] * 12 + [("data",)] + [None] + [()]
    lines = argument_lines(specs)
    assert lines == [
        "P(None, 'model')  x12  %arg0, %arg1, %arg2, ...",
        "P('data',)        x1   %arg12",
        "P()               x1   %arg14",
    ]
    verbose = argument_lines(specs, verbose=True)
    assert len(verbose) == 14 and verbose[0] == "%arg0        P(None, 'model')" and verbose[-1].endswith("P()")


@pytest.fixture(scope="module")
def mlp_plan():
    return autoshard.plan(MLP, mesh="data=2,model=4", time_limit=5, seed=0)


def _summary(plan, **kwargs) -> str:
    out = io.StringIO()
    print_summary(plan, out, **kwargs)
    return out.getvalue()


@pytest.mark.parametrize("lowering, text", [
    ("shardy", "reshards        priced as Shardy's reshard-to-collectives lowers them"),
    ("xla", "reshards        priced as XLA's SPMD partitioner lowers them"),
])
def test_summary_says_how_reshards_were_priced(mlp_plan, lowering: str, text: str) -> None:
    config = mlp_plan.config
    config = dataclasses.replace(config, hardware=dataclasses.replace(config.hardware, reshard_lowering=lowering))
    assert text in _summary(dataclasses.replace(mlp_plan, config=config)).splitlines()


def test_summary_compares_with_the_references(mlp_plan) -> None:
    references = [ReferenceTime(ONE_DEVICE, 4 * mlp_plan.cost.step_time_s, 0.0),
                  ReferenceTime(DATA_PARALLEL, None, why_not="no batch input found")]
    lines = _summary(mlp_plan, references=references).splitlines()
    assert lines[1].endswith("(modeled): vs 1 device 4.0x faster")
    assert any(line.startswith("references      1 device") for line in lines)
    assert any("data parallel  not priced: no batch input found" in line for line in lines)
    assert "gap 0%" in next(line for line in lines if line.startswith("solver"))


def _settings(time_limit: float = 5.0, **options) -> SolveSettings:
    return SolveSettings(PlanOptions(**options), time_limit, seed=0, num_workers=1)


@pytest.mark.parametrize("model, config", [(MLP, "host-cpu"), (TRANSFORMER, None)])
def test_an_optimal_plan_is_no_slower_than_its_references(model: Path, config: str | None) -> None:
    """Both references are layouts the planner could have chosen (data parallel restricts the arguments; one
    device costs what the fully replicated plan does), so an optimal plan is at least as fast as each."""
    plan = autoshard.plan(model, mesh="data=2,model=4", config=config, time_limit=10, seed=0, num_workers=1)
    assert plan.solver.status == "OPTIMAL"
    references = reference_times(model.read_text(), plan.basis(), _settings())
    assert [r.name for r in references] == [ONE_DEVICE, DATA_PARALLEL]
    for r in references:
        assert r.step_time_s is not None, r.why_not
        assert r.step_time_s >= plan.cost.step_time_s * (1 - 1e-9), r
    assert references[0].gap == 0  # one device: one strategy per value
    assert references[1].layout.startswith(f"%arg{len(plan.partition_specs()) - 1} split over data,model")


@pytest.mark.parametrize("model", [MLP, TRANSFORMER, REPO / "examples" / "moe.mlir"], ids=lambda p: p.stem)
def test_the_one_device_reference_is_the_plan_on_a_one_device_mesh(model: Path, monkeypatch) -> None:
    """Priced from the plan's graph (its replicated assignment), the one-device time is what planning the module on
    a mesh of size-1 axes gives, and is not planned again."""
    plan = autoshard.plan(model, mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1,
                          options=PlanOptions(carry_state=True))
    alone = autoshard.plan(model, mesh="data=1,model=1", time_limit=5, seed=0, num_workers=1,
                           options=PlanOptions(carry_state=True))

    def no_solve(*args, **kwargs):
        raise AssertionError("the one-device reference was planned again")

    monkeypatch.setattr(reference_plans, "_solve", no_solve)
    reference = reference_plans.one_device_time(plan.basis(), _settings(carry_state=True))
    assert reference.step_time_s == pytest.approx(alone.cost.step_time_s, rel=1e-12) and reference.gap == 0


@pytest.mark.parametrize("model", [MLP, TRANSFORMER, REPO / "examples" / "moe.mlir"], ids=lambda p: p.stem)
def test_the_data_parallel_reference_is_the_annotated_module_planned(model: Path, monkeypatch) -> None:
    """Searched on the plan's own graph with its arguments restricted, the data-parallel reference is what planning
    the module with the data-parallel shardings written on its arguments gives, and the module is not planned
    again."""
    options = PlanOptions(carry_state=True)
    plan = autoshard.plan(model, mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1, options=options)
    facts = analyze_arguments(plan.module, None, None)
    specs = baseline_argument_specs("data_parallel", facts, plan.mesh)
    annotated = annotate_arguments(model.read_text(), plan.mesh.shape, specs, plan.mesh_name)
    settings = _settings(carry_state=True)
    written = autoshard.plan(annotated, mesh="data=2,model=4", time_limit=settings.time_limit, seed=0,
                             num_workers=1, options=options)

    def no_solve(*args, **kwargs):
        raise AssertionError("the data-parallel reference was planned again")

    monkeypatch.setattr(reference_plans, "_solve", no_solve)
    reference = reference_plans.data_parallel_time(model.read_text(), plan.basis(), settings)
    assert reference.step_time_s == pytest.approx(written.cost.step_time_s, rel=1e-12)
    assert reference.gap == (0.0 if written.solver.status == "OPTIMAL" else written.solver.gap)


def test_references_of_a_module_with_its_own_shardings_are_not_priced(tmp_path: Path) -> None:
    text = MLP.read_text().replace("%arg6: tensor<8x64xf32>", '%arg6: tensor<8x64xf32> {sdy.sharding = '
                                   '#sdy.sharding<@mesh, [{"data"}, {}]>}', 1)
    text = text.replace("{\n", '{\n  sdy.mesh @mesh = <["data"=2, "model"=4]>\n', 1)
    plan = autoshard.plan(text, mesh="data=2,model=4", time_limit=2)
    references = reference_times(text, plan.basis(), _settings())
    assert all(r.step_time_s is None and "shardings of its own" in r.why_not for r in references)


def test_references_that_do_not_fit_say_so(mlp_plan) -> None:
    plan = autoshard.plan(MLP, mesh="data=2,model=4", memory_budget=200 * 2**10, time_limit=2)
    one_device = reference_times(MLP.read_text(), plan.basis(), _settings(2))[0]
    assert one_device.step_time_s is None and one_device.why_not == (
        "does not fit in the 200.00 KiB per-device memory budget")


def test_references_whose_arguments_exceed_the_budget_are_not_solved(monkeypatch) -> None:
    """Arguments are held all step: when theirs alone exceed the budget the reference cannot fit, and is not
    planned (on a 64-device 8B training step the two reference solves took most of `autoshard plan`'s time)."""
    plan = autoshard.plan(MLP, mesh="data=2,model=4", memory_budget=200 * 2**10, time_limit=2)
    assert arguments_bytes(plan.basis(), plan.mesh) > 0
    budget = arguments_bytes(plan.basis(), Mesh.from_sizes({"data": 1, "model": 1})) - 1
    plan.cost = dataclasses.replace(plan.cost, memory_budget_bytes=budget)

    def no_solve(*args, **kwargs):
        raise AssertionError("a reference whose arguments do not fit was solved")

    monkeypatch.setattr(reference_plans, "_solve", no_solve)
    one_device = reference_plans.one_device_time(plan.basis(), _settings(2))
    assert one_device.step_time_s is None and one_device.why_not.startswith("does not fit in the")


def test_reference_time_limit() -> None:
    assert reference_time_limit(3) == 2 and reference_time_limit(30) == 10 and reference_time_limit(1) == 1


def _plan_cli(capsys, *args: str) -> tuple[int, list[str]]:
    code = cli.main(["plan", *args])
    return code, capsys.readouterr().err.splitlines()


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_plan_writes_into_a_new_directory_with_readable_permissions(tmp_path: Path, capsys, umask_022) -> None:
    out = tmp_path / "out" / "deeper" / "mlp.planned.mlir"
    report = tmp_path / "reports" / "mlp.json"
    code, lines = _plan_cli(capsys, str(MLP), "--mesh", "data=2,model=4", "--time-limit", "2", "-o", str(out),
                            "--report", str(report))
    assert code == 0, lines
    assert "sdy.sharding" in out.read_text() and lines[-1] == f"wrote {out}"
    assert out.stat().st_mode & 0o777 == 0o644 and report.stat().st_mode & 0o777 == 0o644
    data = json.loads(report.read_text())
    assert [r["name"] for r in data["references"]] == [ONE_DEVICE, DATA_PARALLEL]
    assert all(r["step_time_s"] > 0 for r in data["references"])
    # where the wall time went: planning's stages in order, then the command's own (the references priced beside
    # the search are waited for after the write)
    stages = list(data["stages_s"])
    assert stages[:6] == ["read", "plan graph", "strategy graph", "search", "memory", "pricing"]
    assert sorted(stages[6:]) == ["references", "write"]
    assert all(s >= 0 for s in data["stages_s"].values())


@pytest.mark.parametrize("model, mesh", [(TRANSFORMER, "data=2,fsdp=2,model=2"), (MLP, "data=2,model=4")])
def test_references_priced_beside_the_search_are_those_priced_after_it(tmp_path: Path, capsys, monkeypatch,
                                                                        model: Path, mesh: str) -> None:
    """`autoshard plan` prices the references in a child process while its search runs (`autoshard.background`),
    from what the search starts with: the same references, to the last digit, as priced after the search. The
    command runs in a fresh process (this one may have imported JAX, which keeps it from forking)."""
    flags = [str(model), "--mesh", mesh, "--carry-state", "--time-limit", "2"]
    beside, after = tmp_path / "beside.json", tmp_path / "after.json"
    done = subprocess.run([sys.executable, "-m", "autoshard.tools.cli", "plan", *flags, "-o",
                           str(tmp_path / "beside.mlir"), "--report", str(beside), "--quiet"],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    monkeypatch.setattr(background, "ENABLED", False)
    code, lines = _plan_cli(capsys, *flags, "-o", str(tmp_path / "after.mlir"), "--report", str(after))
    assert code == 0, lines
    reports = {name: json.loads(path.read_text()) for name, path in (("beside", beside), ("after", after))}
    # priced beside the search, the references are waited for after the write; priced after it, before
    assert list(reports["beside"]["stages_s"])[-2:] == ["write", "references"]
    assert list(reports["after"]["stages_s"])[-2:] == ["references", "write"]
    assert reports["beside"]["references"] == reports["after"]["references"]
    assert all(r["step_time_s"] > 0 for r in reports["beside"]["references"])
    assert (tmp_path / "beside.mlir").read_text() == (tmp_path / "after.mlir").read_text()


#: `autoshard plan` in a fresh process whose references fail in the child (and must not be priced again after it)
FAILING_CHILD = """
import os, sys
import autoshard.tools.commands.plan as command
parent = os.getpid()
def fail_in_the_child(*args):
    if os.getpid() != parent:
        raise RuntimeError("no memory left")
    raise AssertionError("the references are not priced again after the write")
command.reference_times = fail_in_the_child
from autoshard.tools.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_references_whose_child_fails_say_so_and_the_plan_is_written(tmp_path: Path) -> None:
    out, report = tmp_path / "p.mlir", tmp_path / "r.json"
    done = subprocess.run([sys.executable, "-c", FAILING_CHILD, "plan", str(MLP), "--mesh", "data=2,model=4",
                           "--time-limit", "2", "-o", str(out), "--report", str(report)],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert "sdy.sharding" in out.read_text()
    references = json.loads(report.read_text())["references"]
    assert all(r["step_time_s"] is None and "RuntimeError: no memory left" in r["why_not"] for r in references)
    assert "not priced: the process pricing it failed" in done.stderr


#: `autoshard plan` in a fresh process whose plan is written by the child only when `WRITER` is "child", and by the
#: parent only when it is "parent" (its child fails)
WRITING_CHILD = """
import os, sys
import autoshard.tools.commands.plan as command
parent, writer, emit_plan = os.getpid(), os.environ["WRITER"], command.emit_plan
def emit_in_one_process(*args, **kwargs):
    in_child = os.getpid() != parent
    if in_child and writer == "parent":
        raise RuntimeError("the child cannot write")
    assert in_child or writer == "parent", "the plan was written again in the parent"
    return emit_plan(*args, **kwargs)
command.emit_plan = emit_in_one_process
command.WRITE_BESIDE_MIN_NODES = 0  # the examples are small
from autoshard.tools.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("writer", ["child", "parent"])
@pytest.mark.parametrize("model, mesh, flags", [
    (MLP, "data=2,model=4", []),
    (TRANSFORMER, "data=2,fsdp=2,model=2", ["--explicit-collectives"]),
    (MLP, "data=2,model=4", ["--dialect", "mesh"]),
])
def test_the_plan_written_beside_its_pricing_is_the_plan_written_after_it(tmp_path: Path, capsys, monkeypatch,
                                                                          writer: str, model: Path, mesh: str,
                                                                          flags: list[str]) -> None:
    """`autoshard plan` writes the first search's plan in a child process while the parent accounts its memory and
    prices it: the same text as written after them, in place; when the child fails, the parent writes it."""
    common = [str(model), "--mesh", mesh, "--carry-state", "--time-limit", "2", "--no-compare", *flags]
    done = subprocess.run([sys.executable, "-c", WRITING_CHILD, "plan", *common, "-o", str(tmp_path / "beside.mlir"),
                           "--quiet"], capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO), "WRITER": writer})
    assert done.returncode == 0, done.stderr
    monkeypatch.setattr(background, "ENABLED", False)
    code, lines = _plan_cli(capsys, *common, "-o", str(tmp_path / "after.mlir"), "--quiet")
    assert code == 0, lines
    assert (tmp_path / "beside.mlir").read_text() == (tmp_path / "after.mlir").read_text()


def test_plan_summary_groups_arguments_unless_verbose(tmp_path: Path, capsys) -> None:
    base = [str(MLP), "--mesh", "data=2,model=4", "--time-limit", "2", "-o", str(tmp_path / "p.mlir")]
    _, grouped = _plan_cli(capsys, *base, "--no-compare")
    _, verbose = _plan_cli(capsys, *base, "--no-compare", "--verbose")
    listed = [line for line in verbose if line.startswith("  %arg")]
    assert len(listed) == 7
    assert not any(line.startswith("  %arg") for line in grouped)
    assert sum(int(line.split(" x")[1].split()[0]) for line in grouped if line.startswith("  P(")) == 7
    assert not any(line.startswith("references") for line in grouped)
    assert not any(" vs " in line for line in grouped)
    stages = [line for line in verbose if line.startswith("stages ")]
    assert len(stages) == 1 and "read " in stages[0] and " write " in stages[0]
    assert not any(line.startswith("stages ") for line in grouped)


def test_plan_output_directory_blocked_by_a_file_is_one_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "blocker").write_text("")
    code, lines = _plan_cli(capsys, str(MLP), "--mesh", "data=2", "-o", str(tmp_path / "blocker" / "x.mlir"))
    assert code == 1 and len(lines) == 1
    assert "exists and is not a directory" in lines[0] and "blocker" in lines[0]


def test_no_reference_gap_is_nan_in_json() -> None:
    assert ReferenceTime(ONE_DEVICE, 1.0).to_json()["gap"] is None
    assert not math.isnan(ReferenceTime(ONE_DEVICE, 1.0, 0.0).to_json()["gap"])


def test_plan_reads_stdin_once_and_writes_stdout(monkeypatch, capsys) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(MLP.read_text()))
    assert cli.main(["plan", "-", "--mesh", "data=2", "--time-limit", "2", "--no-compare"]) == 0
    captured = capsys.readouterr()
    assert "sdy.sharding" in captured.out and "func.func public @main" in captured.out
    assert "step time" in captured.err and "wrote" not in captured.err
