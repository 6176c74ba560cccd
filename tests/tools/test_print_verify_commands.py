"""`autoshard print` / `autoshard verify`: in-process through the CLI shell, and once as a real subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from autoshard.tools import cli

VALID = '''sdy.mesh @m = <["x"=2, "y"=2]>
func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@m, [{"x"}, {}]> : tensor<8x8xf32>
  func.return %0 : tensor<8x8xf32>
}
'''

INVALID = '''sdy.mesh @m = <["x"=2, "y"=2]>
func.func @f(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@m, [{"z"}, {}]> : tensor<8x8xf32>
  func.return %0 : tensor<8x8xf32>
}
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_verify_valid_exits_zero(tmp_path: Path, capsys) -> None:
    assert cli.main(["verify", str(_write(tmp_path, "ok.mlir", VALID))]) == 0
    assert capsys.readouterr().err == ""


def test_verify_invalid_names_op_rule_and_location(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path, "bad.mlir", INVALID)
    assert cli.main(["verify", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{path}:3:3: error: 'sdy.reshard' op unknown axis name: \"z\""]


def test_print_round_trips_pretty_and_generic(tmp_path: Path, capsys) -> None:
    src = _write(tmp_path, "in.mlir", VALID)
    out = tmp_path / "out.mlir"
    assert cli.main(["print", str(src), "-o", str(out)]) == 0
    pretty = out.read_text()
    assert 'sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@m, [{"x"}, {}]> : tensor<8x8xf32>' in pretty
    assert cli.main(["print", str(src), "--generic"]) == 0
    generic = capsys.readouterr().out
    assert '"sdy.all_gather"(%arg0) <{' in generic
    again = _write(tmp_path, "generic.mlir", generic)
    assert cli.main(["print", str(again), "-o", str(tmp_path / "again.mlir")]) == 0
    assert (tmp_path / "again.mlir").read_text() == pretty


def test_print_refuses_to_overwrite_its_input(tmp_path: Path, capsys) -> None:
    src = _write(tmp_path, "in.mlir", VALID)
    assert cli.main(["print", str(src), "-o", str(src)]) == 1
    assert "refusing to overwrite the input" in capsys.readouterr().err
    assert src.read_text() == VALID


def test_split_input_file(tmp_path: Path, capsys) -> None:
    src = _write(tmp_path, "two.mlir", VALID + "// -----\n" + INVALID)
    assert cli.main(["verify", str(src), "--split-input-file"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{src}:9:3: error: 'sdy.reshard' op unknown axis name: \"z\""]
    both = _write(tmp_path, "both.mlir", VALID + "// -----\n" + VALID)
    assert cli.main(["print", str(both), "--split-input-file"]) == 0
    out = capsys.readouterr().out
    assert out.count("// -----") == 1 and out.count("sdy.all_gather") == 2


@pytest.mark.parametrize(
    "text, message",
    [
        ("func.func @f( {\n", ":1:15: "),
        ('sdy.mesh @m = <["x"=2>\n', ":1:"),
    ],
)
def test_malformed_input_is_one_line(tmp_path: Path, capsys, text: str, message: str) -> None:
    path = _write(tmp_path, "bad.mlir", text)
    assert cli.main(["print", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and err[0].startswith("autoshard print: error: ")


def test_missing_file(tmp_path: Path, capsys) -> None:
    assert cli.main(["verify", str(tmp_path / "nope.mlir")]) == 1
    assert capsys.readouterr().err.strip() == f"autoshard verify: error: {tmp_path / 'nope.mlir'}: no such file"


SHIM = """
import sys
import autoshard.tools.cli as cli
sys.exit(cli.main(sys.argv[1:]))
"""


def test_subprocess_exit_codes_and_no_traceback(tmp_path: Path) -> None:
    bad = _write(tmp_path, "bad.mlir", INVALID)
    good = _write(tmp_path, "good.mlir", VALID)
    run = lambda *a: subprocess.run([sys.executable, "-c", SHIM, *a], capture_output=True, text=True, timeout=120)  # noqa: E731
    ok = run("verify", str(good))
    assert ok.returncode == 0, ok.stderr
    failed = run("verify", str(bad))
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert "unknown axis name" in failed.stderr
    printed = run("print", str(good))
    assert printed.returncode == 0 and "sdy.mesh @m = <[\"x\"=2, \"y\"=2]>" in printed.stdout
