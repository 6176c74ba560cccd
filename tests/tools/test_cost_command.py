"""`autoshard cost`: text and --json output, completion note, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from autoshard.tools.cli import main
from autoshard.planner.xla_model.reshard_cost import COPY_KINDS

ROW_PARALLEL = """module {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: tensor<8x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>},
                  %w: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>})
      -> (tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    %1 = stablehlo.tanh %0 : tensor<8x64xf32>
    return %1 : tensor<8x64xf32>
  }
}
"""

UNSHARDED = """module {
  func.func @main(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %0 = stablehlo.negate %a : tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }
}
"""


@pytest.fixture
def row_parallel(tmp_path: Path) -> Path:
    path = tmp_path / "row.mlir"
    path.write_text(ROW_PARALLEL)
    return path


def test_json_keys_and_all_reduce(row_parallel, capsys):
    assert main(["cost", str(row_parallel), "--config", "host-cpu", "--json", "--time-limit", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("step_time_s", "compute_s", "communication_s", "peak_memory_bytes", "collectives"):
        assert key in data
    assert data["step_time_s"] == pytest.approx(data["compute_s"] + data["communication_s"])
    reduces = [c for c in data["collectives"] if c["kind"] == "all_reduce"]
    assert len(reduces) == 1 and reduces[0]["axes"] == ["model"]
    assert reduces[0]["bytes_per_device"] == pytest.approx(1536.0)
    for c in data["collectives"]:
        assert set(c) >= {"kind", "axes", "bytes_per_device", "time_s"}
    communicating = [c for c in data["collectives"] if c["kind"] not in COPY_KINDS]
    assert data["communication_s"] == pytest.approx(sum(c["time_s"] * c["count"] for c in communicating))
    # the tanh had no sharding: completed; x, w and the dot output were given
    assert data["values_given"] == 3 and data["values_completed"] == 1
    assert data["peak_memory_bytes"] > 0


def test_text_report_says_what_was_completed(row_parallel, capsys):
    assert main(["cost", str(row_parallel), "--config", "host-cpu", "--time-limit", "5"]) == 0
    out = capsys.readouterr().out
    assert "3 of 4 values given (fixed), 1 completed the cheapest way" in out
    assert "all_reduce" in out and "axes model" in out and "1.5 KiB/device" in out
    assert "modeled step time" in out and "peak memory per device" in out
    assert "stablehlo.dot_general" in out


def test_mesh_option_for_module_without_mesh(tmp_path, capsys):
    path = tmp_path / "bare.mlir"
    path.write_text(UNSHARDED)
    assert main(["cost", str(path), "--mesh", "data=2,model=4", "--json", "--time-limit", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mesh"]["axes"] == {"data": 2, "model": 4} and data["mesh"]["source"] == "--mesh"
    assert data["values_given"] == 0 and data["values_completed"] == 2


def _error(capsys, argv) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_missing_file(tmp_path, capsys):
    err = _error(capsys, ["cost", str(tmp_path / "nope.mlir"), "--mesh", "data=2"])
    assert "nope.mlir" in err


def test_bad_mesh(tmp_path, capsys):
    path = tmp_path / "bare.mlir"
    path.write_text(UNSHARDED)
    _error(capsys, ["cost", str(path), "--mesh", "data=two"])


def test_no_mesh_anywhere(tmp_path, capsys):
    path = tmp_path / "bare.mlir"
    path.write_text(UNSHARDED)
    assert "mesh" in _error(capsys, ["cost", str(path)])


def test_unknown_axis_names_file_and_line(tmp_path, capsys):
    path = tmp_path / "bad.mlir"
    path.write_text(ROW_PARALLEL.replace('<[<@mesh, [{"data"}, {}]>]>', '<[<@mesh, [{"batch"}, {}]>]>'))
    err = _error(capsys, ["cost", str(path), "--config", "host-cpu"])
    assert f"{path}:6:" in err and '"batch"' in err


def test_unknown_axis_on_argument(tmp_path, capsys):
    path = tmp_path / "bad_arg.mlir"
    path.write_text(ROW_PARALLEL.replace('[{"model"}, {}]>}', '[{"tensor"}, {}]>}', 1))
    assert '"tensor"' in _error(capsys, ["cost", str(path), "--config", "host-cpu"])


def test_cli_subprocess(row_parallel):
    proc = subprocess.run([sys.executable, "-m", "autoshard.tools.cli", "cost", str(row_parallel),
                           "--config", "host-cpu", "--json", "--time-limit", "5"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["collectives"][0]["kind"] == "all_reduce"
