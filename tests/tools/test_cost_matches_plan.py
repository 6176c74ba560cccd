"""One price per file: `autoshard cost` of the file `autoshard plan` wrote says what the plan's report says.

The planned file restates every value's sharding in the form XLA keeps (a constraint after each planned value,
constraints on each loop's carried values instead of a loop sharding, a constraint per resharded operand:
`autoshard.emit`). `cost` reads those back into the plan graph the plan was priced on, so the step time (loops
per iteration) and the peak memory agree with the report's to rounding, on every zoo model and on the scan of
square layers (a loop whose body `cost` must price once per iteration, as the plan's report does).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autoshard.tools.cli import main
from bundled_models import EXAMPLES, zoo_paths

MODELS = [*zoo_paths(), EXAMPLES / "large" / "scan_square_layers.mlir"]


@pytest.mark.parametrize("model", MODELS, ids=lambda p: p.stem)
def test_cost_of_the_planned_file_is_the_plan_report(model: Path, tmp_path: Path, capsys) -> None:
    planned, report = tmp_path / "planned.mlir", tmp_path / "report.json"
    assert main(["plan", str(model), "--mesh", "data=2,model=4", "--time-limit", "2", "-o", str(planned),
                 "--report", str(report), "--no-compare", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["cost", str(planned), "--json", "--time-limit", "2"]) == 0
    priced = json.loads(capsys.readouterr().out)
    planned_cost = json.loads(report.read_text())["cost"]
    assert priced["values_completed"] == 0  # every value's sharding is read back from the file
    assert priced["step_time_s"] == pytest.approx(planned_cost["step_time_s"], rel=1e-9)
    assert priced["compute_s"] == pytest.approx(planned_cost["compute_s"], rel=1e-9)
    assert priced["communication_s"] == pytest.approx(planned_cost["communication_s"], rel=1e-9, abs=1e-18)
    assert priced["peak_memory_bytes"] == planned_cost["peak_memory_bytes"]
    assert priced["memory"]["temporary_bytes"] == planned_cost["memory"]["temporary_bytes"]
