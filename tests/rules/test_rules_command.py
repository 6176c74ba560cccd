"""`autoshard rules`: annotated module on stdout or -o, --conservative, warnings on stderr, one-line errors."""

import subprocess
import sys
from pathlib import Path

import pytest

from autoshard.tools.cli import main

MODULE = """
func.func @f(%a: tensor<6x4xf32>, %p: tensor<f32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.pad"(%a, %p) <{edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<6x4xf32>, tensor<f32>) -> tensor<8x4xf32>
  %1 = "vendor.magic"(%0) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = "stablehlo.constant"() <{value = dense<1.0> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
  %2 = "stablehlo.add"(%1, %c) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  func.return %2 : tensor<8x4xf32>
}
"""


@pytest.fixture
def module_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.mlir"
    path.write_text(MODULE)
    return path


def test_rules_annotates_every_op_that_gets_a_rule(module_file, capsys):
    assert main(["rules", str(module_file)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    pad = next(line for line in lines if "stablehlo.pad" in line)
    assert "sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=6, j=4} permutation={i}>" in pad
    add = next(line for line in lines if "stablehlo.add" in line)
    assert "#sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>" in add
    const = next(line for line in lines if "stablehlo.constant" in line)
    assert "sdy.sharding_rule" not in const
    assert "sdy.sharding_rule" not in next(line for line in lines if "func.return" in line)
    magic = next(line for line in lines if "vendor.magic" in line)
    assert "need_replication={i, j, k, l}" in magic
    assert "warning: op 'vendor.magic' is unknown to SDY sharding rule registry" in err


def test_rules_conservative_and_output_file(module_file, tmp_path, capsys):
    out_path = tmp_path / "out.mlir"
    assert main(["rules", str(module_file), "-o", str(out_path), "--conservative"]) == 0
    assert capsys.readouterr().out == ""
    text = out_path.read_text()
    assert "permutation={i} blocked_propagation={i}>" in text
    # the output parses again and re-running keeps the rules that are already there
    assert main(["rules", str(out_path)]) == 0
    again = capsys.readouterr().out
    assert again.count("sdy.sharding_rule") == text.count("sdy.sharding_rule")
    assert "blocked_propagation={i}" in again


def test_rules_refuses_to_overwrite_its_input_and_reports_bad_input(module_file, tmp_path, capsys):
    assert main(["rules", str(module_file), "-o", str(module_file)]) != 0
    assert "refusing to overwrite" in capsys.readouterr().err
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    assert main(["rules", str(bad)]) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "bad.mlir:1:" in err
    assert main(["rules", str(tmp_path / "missing.mlir")]) != 0
    assert "no such file" in capsys.readouterr().err


def test_rules_console_script_reads_stdin():
    proc = subprocess.run(
        [sys.executable, "-m", "autoshard.tools.cli", "rules", "-"], input=MODULE, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("sdy.sharding_rule") == 3
