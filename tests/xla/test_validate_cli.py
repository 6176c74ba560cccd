"""`autoshard validate`: exit 0 on match, 1 on mismatch naming the result, 2 without jax, one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from autoshard.tools.cli import main
from autoshard.xla.hand_annotate import annotate_arguments
from xla_zoo_paths import REPO_ROOT, zoo_file


@pytest.fixture
def planned_mlp(tmp_path):
    text = annotate_arguments(zoo_file("mlp").read_text(), {"data": 2, "model": 4},
                              {0: [None, "model"], 2: ["model", None], 6: ["data", None]})
    path = tmp_path / "mlp.planned.mlir"
    path.write_text(text)
    return path


def test_validate_matches_and_lists_collectives(planned_mlp, tmp_path, capsys):
    pytest.importorskip("jax")
    hlo = tmp_path / "out.hlo"
    assert main(["validate", str(planned_mlp), "--hlo-out", str(hlo)]) == 0
    out = capsys.readouterr().out
    assert "on 8 host CPU devices" in out  # device count read from the sdy.mesh
    assert "result #0 float32[8, 64]: ok" in out
    assert "all-reduce" in out and "axes model" in out
    assert "all-reduce" in hlo.read_text()


def test_validate_mismatch_exit_1_names_result(planned_mlp, capsys):
    pytest.importorskip("jax")
    assert main(["validate", str(planned_mlp), "--rtol", "0", "--atol", "0", "--seed", "2"]) == 1
    err = capsys.readouterr().err
    assert "mismatch: result #0" in err and "max abs error" in err and "max rel error" in err


def test_validate_predicted_hook(planned_mlp):
    pytest.importorskip("jax")
    from autoshard.tools.commands.validate import validate_text
    from autoshard.xla.report import PredictedCollective

    def predict(_text):
        return [PredictedCollective("all-reduce", ("model",), 2 * 3 / 4 * 4096)]

    run, report = validate_text(planned_mlp.read_text(), str(planned_mlp), predict_collectives=predict)
    assert run.matches
    assert "collectives predicted: 1" in report
    assert "differs" not in report
    _, wrong = validate_text(planned_mlp.read_text(), str(planned_mlp),
                             predict_collectives=lambda _t: [PredictedCollective("all-gather", ("data",), 1.0)])
    assert "differs" in wrong


def test_validate_user_errors(tmp_path, capsys):
    pytest.importorskip("jax")
    assert main(["validate", str(tmp_path / "missing.mlir")]) == 1
    assert "no such file" in capsys.readouterr().err
    assert main(["validate", str(zoo_file("mlp"))]) == 1
    assert "pass --devices N" in capsys.readouterr().err
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  func.func @main( {\n}\n")
    assert main(["validate", str(bad), "--devices", "2"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2:" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_validate_without_jax_exits_2(planned_mlp):
    code = ("import sys; sys.modules['jax'] = None; sys.modules['jaxlib'] = None\n"
            "from autoshard.tools.cli import main\n"
            f"sys.exit(main(['validate', {str(planned_mlp)!r}]))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 2, proc.stderr
    assert 'pip install -e ".[xla]"' in proc.stderr
