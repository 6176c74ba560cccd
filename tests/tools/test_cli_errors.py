"""The issue-7 error corpus, end to end: `autoshard` as a subprocess on bad inputs and options.

Every user error: a non-zero exit, exactly one line on stderr, no traceback (`--debug` shows one). An op without
a sharding rule is a warning (conservative rule) and the plan still succeeds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SMALL = """module {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> tensor<8x32xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    return %0 : tensor<8x32xf32>
  }
}
"""

UNKNOWN_OP = """module {
  func.func public @main(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %0 = "mystery.op"(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.add %0, %0 : tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
}
"""

BAD_AXIS = """module {
  sdy.mesh @mesh = <["data"=2]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"foo"}, {}]>}) -> tensor<8x16xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }
}
"""

# line 3, column 31: a stray `}` where an operand should be
SYNTAX_ERROR = """module {
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.add %arg0, } : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"""

# parses, but `stablehlo.add` with one operand breaks the op's definition (line 3, column 5)
WRONG_OPERAND_COUNT = """module {
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.add %arg0, : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"""

# exported with a symbolic batch dimension: the argument (line 2, column 26) is the first dynamic-shaped value
DYNAMIC = """module {
  func.func public @main(%arg0: tensor<?x4xf32>, %arg1: tensor<4x8xf32>) -> tensor<?x8xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<?x4xf32>, tensor<4x8xf32>) -> tensor<?x8xf32>
    return %0 : tensor<?x8xf32>
  }
}
"""

# static arguments, a dynamic value inside (line 4, column 5)
DYNAMIC_INSIDE = """module {
  func.func public @main(%arg0: tensor<8x4xf32>, %arg1: tensor<1xi32>) -> tensor<?x4xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8x4xf32>
    %1 = stablehlo.real_dynamic_slice %0, %arg1, %arg1, %arg1 : (tensor<8x4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x4xf32>
    return %1 : tensor<?x4xf32>
  }
}
"""

CONFIG_OK = """mesh:
  axes: {data: 2, model: 4}
hardware: {peak_flops: 4.0e+14, memory_bytes: 8.0e+10, memory_bandwidth: 3.35e+12}
axis_links:
  data:  {bandwidth: 5.0e+10, latency: 1.0e-5}
  model: {bandwidth: 4.5e+11, latency: 2.0e-6}
"""


def autoshard(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "autoshard.tools.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env=env)


def assert_user_error(done: subprocess.CompletedProcess, *fragments: str) -> str:
    """Non-zero exit, exactly one stderr line without a traceback, containing every fragment; returns the line."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in lines if "error:" in line]
    assert len(errors) == 1 and len(lines) - len(errors) <= 1, done.stderr  # at most one progress line before
    for fragment in fragments:
        assert fragment in errors[0], errors[0]
    return errors[0]


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "small.mlir").write_text(SMALL)
    return tmp_path


def test_missing_file(work: Path) -> None:
    assert_user_error(autoshard("plan", "nope.mlir", "--mesh", "data=2", cwd=work), "nope.mlir", "no such file")


def test_unreadable_file_binary_and_directory(work: Path) -> None:
    (work / "blob.mlir").write_bytes(b"\xff\xfe\x00\x80binary")
    assert_user_error(autoshard("plan", "blob.mlir", "--mesh", "data=2", cwd=work), "blob.mlir", "UTF-8")
    (work / "adir.mlir").mkdir()
    assert_user_error(autoshard("verify", "adir.mlir", cwd=work), "adir.mlir", "directory")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_permissions(work: Path) -> None:
    path = work / "secret.mlir"
    path.write_text(SMALL)
    path.chmod(0)
    assert_user_error(autoshard("plan", "secret.mlir", "--mesh", "data=2", cwd=work), "secret.mlir", "cannot read")


def test_malformed_mlir_names_file_line_col(work: Path) -> None:
    (work / "bad.mlir").write_text(SYNTAX_ERROR)
    line = assert_user_error(autoshard("plan", "bad.mlir", "--mesh", "data=2", cwd=work), "bad.mlir:3:")
    assert "bad.mlir:3:31" in line or "bad.mlir:3:" in line


def test_plan_rejects_op_that_breaks_its_definition(work: Path) -> None:
    (work / "bad.mlir").write_text(WRONG_OPERAND_COUNT)
    assert_user_error(autoshard("plan", "bad.mlir", "--mesh", "data=2", "-o", "out.mlir", cwd=work), "bad.mlir:3:5")


def test_unknown_op_warns_and_plans_conservatively(work: Path) -> None:
    (work / "unknown.mlir").write_text(UNKNOWN_OP)
    done = autoshard("plan", "unknown.mlir", "--mesh", "data=2", "-o", "out.mlir", cwd=work)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert any(line.startswith("warning:") and "mystery.op" in line for line in done.stderr.splitlines())
    assert "mystery.op" in (work / "out.mlir").read_text()


@pytest.mark.parametrize("mesh, fragment", [
    ("data=0", "size 0"),
    ("data", "cannot read 'data'"),
    ("data=2,data=2", "appears twice"),
])
def test_mesh_string_mistakes(work: Path, mesh: str, fragment: str) -> None:
    assert_user_error(autoshard("plan", "small.mlir", "--mesh", mesh, cwd=work), fragment)


@pytest.mark.parametrize("option, fragment", [
    ("--time-limit=-1", "--time-limit takes a positive number of seconds, got -1"),
    ("--time-limit=nan", "got nan"),
    ("--workers=0", "--workers takes a positive number, got 0"),
    ("--gap-limit=1.5", "--gap-limit takes a share of the cost in [0, 1), got 1.5"),
    ("--gap-limit=nan", "--gap-limit takes a share"),
])
def test_plan_option_mistakes(work: Path, option: str, fragment: str) -> None:
    assert_user_error(autoshard("plan", "small.mlir", "--mesh", "data=2", option, cwd=work), fragment)


@pytest.mark.parametrize("edit, fragments", [
    (lambda t: t.replace("hardware:", "hardwre:"), ("cfg.yaml:", "unknown key 'hardwre'")),
    (lambda t: t.replace("data: 2, model: 4", "data: 0, model: 4"), ("cfg.yaml:2:", "data")),
    (lambda t: t.replace("axes: {data: 2, model: 4}", "axes: {data: 2, model: 4}\n  device_ids: [0, 1, 2]"),
     ("cfg.yaml", "device_ids")),
])
def test_config_yaml_mistakes(work: Path, edit, fragments: tuple[str, ...]) -> None:
    (work / "cfg.yaml").write_text(edit(CONFIG_OK))
    assert_user_error(autoshard("plan", "small.mlir", "--config", "cfg.yaml", cwd=work), *fragments)


def test_user_sharding_naming_unknown_axis(work: Path) -> None:
    (work / "axis.mlir").write_text(BAD_AXIS)
    line = assert_user_error(autoshard("plan", "axis.mlir", "--mesh", "data=2", "-o", "out.mlir", cwd=work), '"foo"')
    assert "unknown axis" in line and "axis.mlir:3:" in line


def test_infeasible_memory_budget_says_how_much_is_needed(work: Path) -> None:
    line = assert_user_error(
        autoshard("plan", "small.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "-o", "out.mlir", cwd=work),
        "memory")
    assert "0.00 GiB" not in line


def test_infeasible_memory_budget_is_one_line(work: Path) -> None:
    assert_user_error(
        autoshard("plan", "small.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "-o", "out.mlir", cwd=work),
        "memory budget", "raise --memory-budget")


def test_infeasible_memory_budget_says_what_would_make_it_fit(work: Path) -> None:
    """The remedies follow from the program: the budget it needs, a larger mesh by the factor missing, and here
    (no jax.checkpoint, f32 arguments) rematerialization and bf16."""
    assert_user_error(
        autoshard("plan", "small.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "-o", "out.mlir", cwd=work),
        "raise --memory-budget to at least", "x the devices", "wrap each layer in jax.checkpoint",
        "keep parameters in bf16")


def test_a_program_that_already_checkpoints_is_not_told_to_but_to_recompute_with_remat_auto(work: Path) -> None:
    """Every bundled profile prices XLA:CPU, which merges jax.checkpoint's recomputation with the forward pass."""
    (work / "barrier.mlir").write_text("""
func.func @main(%a: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %0:2 = stablehlo.optimization_barrier %a, %w : tensor<8x64xf32>, tensor<64x64xf32>
  %1 = stablehlo.dot_general %0#0, %0#1, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  return %1 : tensor<8x64xf32>
}
""")
    line = assert_user_error(
        autoshard("plan", "barrier.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "-o", "out.mlir", cwd=work),
        "raise --memory-budget to at least", "keep parameters in bf16", "--remat auto")
    assert "wrap each layer in jax.checkpoint" not in line
    # with --remat auto (it finds no training step to recompute here) the remedy is not named again
    line = assert_user_error(
        autoshard("plan", "barrier.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "--remat", "auto", "-o",
                  "out.mlir", cwd=work),
        "raise --memory-budget to at least", "keep parameters in bf16")
    assert "--remat auto" not in line


def test_a_program_already_keeping_parameters_in_bf16_is_not_told_to(work: Path) -> None:
    """bf16 weights beside f32 optimizer moments (mostly f32 by elements) already are the mixed-precision layout."""
    (work / "mixed.mlir").write_text("""
func.func @main(%w: tensor<64x64xbf16>, %m: tensor<64x64xf32>, %v: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %0 = stablehlo.convert %w : (tensor<64x64xbf16>) -> tensor<64x64xf32>
  %1 = stablehlo.add %m, %0 : tensor<64x64xf32>
  %2 = stablehlo.multiply %v, %0 : tensor<64x64xf32>
  return %1, %2 : tensor<64x64xf32>, tensor<64x64xf32>
}
""")
    line = assert_user_error(
        autoshard("plan", "mixed.mlir", "--mesh", "data=2", "--memory-budget", "1KiB", "-o", "out.mlir", cwd=work),
        "raise --memory-budget to at least")
    assert "bf16" not in line


def test_unwritable_output_path(work: Path) -> None:
    """A missing directory is created; one that cannot be (a file in the way) is one error, before planning."""
    (work / "blocker").write_text("")
    assert_user_error(autoshard("plan", "small.mlir", "--mesh", "data=2", "-o", "blocker/dir/out.mlir", cwd=work),
                      "blocker/dir/out.mlir", "cannot write")


@pytest.mark.parametrize("yaml_text, fragments", [
    ("models: [small.mlir]\nmeshes: ['2']\nbogus: 1\n", ("exp.yaml:3:1", "unknown key 'bogus'")),
    ("models: [small.mlir]\nmeshes: ['2x0']\n", ("exp.yaml:2:10", "size 0")),
    ("models: [small.mlir]\nmeshes: ['data']\n", ("exp.yaml:2:10", "NAME=SIZE")),
    ("models: [missing.mlir]\nmeshes: ['2']\n", ("exp.yaml:1:10", "'missing.mlir' not found")),
])
def test_experiment_yaml_mistakes(work: Path, yaml_text: str, fragments: tuple[str, ...]) -> None:
    (work / "exp.yaml").write_text(yaml_text)
    assert_user_error(autoshard("experiment", "exp.yaml", "-o", "out", cwd=work), *fragments)


def test_debug_shows_the_traceback(work: Path) -> None:
    done = autoshard("--debug", "plan", "nope.mlir", "--mesh", "data=2", cwd=work)
    assert done.returncode != 0
    assert "Traceback" in done.stderr and "no such file" in done.stderr


@pytest.mark.parametrize("command", ["plan", "cost"])
def test_dynamic_shapes_are_refused_with_how_to_export(work: Path, command: str) -> None:
    """A module with a dynamic dimension is not planned nor priced (it was planned at "1.5e-05 ns" per step): one
    line at the first dynamic-shaped value, saying how to export static shapes."""
    (work / "dyn.mlir").write_text(DYNAMIC)
    output = ["-o", "out.mlir"] if command == "plan" else ["--json"]
    line = assert_user_error(autoshard(command, "dyn.mlir", "--mesh", "data=2,model=4", *output, cwd=work),
                             "dyn.mlir:2:26:", "argument 0 (%arg0) of @main", "tensor<?x4xf32>", "static shapes",
                             "jax.jit(f).lower(*args)", "jax.export")
    assert line.startswith(f"autoshard {command}: error:")
    assert not (work / "out.mlir").exists()


def test_dynamic_value_inside_a_static_signature_is_located(work: Path) -> None:
    (work / "inside.mlir").write_text(DYNAMIC_INSIDE)
    assert_user_error(autoshard("plan", "inside.mlir", "--mesh", "data=2", "-o", "out.mlir", cwd=work),
                      "inside.mlir:4:5:", "'stablehlo.real_dynamic_slice'", "tensor<?x4xf32>")
    done = autoshard("--debug", "cost", "inside.mlir", "--mesh", "data=2", cwd=work)
    assert done.returncode != 0 and "Traceback" in done.stderr and "UserError" in done.stderr
