"""The README's quick start: its first command runs verbatim in a fresh checkout, writes nothing where the tests
collect models, and its plan clearly beats one device and plain data parallel (the point of the tool)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bundled_models import LARGE_EXAMPLES, ZOO_MODELS

REPO = Path(__file__).resolve().parents[2]
INSTALL = 'pip install -e ".[xla]"'
TEST = 'pip install -e ".[xla,test]" && python -m pytest'
#: what the quick start must show: the plan is at least this much faster than each reference
MIN_SPEEDUP = {"1 device": 3.0, "data parallel": 2.0}


def quick_start_lines() -> list[str]:
    """The commands of the README's first code block."""
    block = re.search(r"```bash\n(.*?)```", (REPO / "README.md").read_text(), re.DOTALL)
    assert block, "README.md has no ```bash block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def plan_argv() -> list[str]:
    """The quick start's `autoshard plan ...` (after the install), split as a shell would."""
    first = quick_start_lines()[0]
    assert first.startswith(INSTALL + " && autoshard plan "), first
    return shlex.split(first[len(INSTALL + " && "):])


def test_readme_opens_with_install_and_plan_then_the_tests() -> None:
    lines = quick_start_lines()
    assert len(lines) == 2 and lines[1] == TEST
    argv = plan_argv()
    model = Path(argv[2])
    assert model.parent == Path("examples/large") and model.stem in LARGE_EXAMPLES, model
    output = Path(argv[argv.index("-o") + 1])
    assert output.parts[0] == "out", "the plan is written outside examples/ (and /out/ is git-ignored)"
    assert "/out/" in (REPO / ".gitignore").read_text().splitlines()
    assert not any(model.stem == name for name in ZOO_MODELS)


@pytest.mark.slow
def test_quick_start_runs_verbatim_and_beats_one_device_and_data_parallel(tmp_path: Path) -> None:
    argv = plan_argv()
    model = argv[2]
    (tmp_path / model).parent.mkdir(parents=True)
    shutil.copy(REPO / model, tmp_path / model)  # a fresh checkout as far as the command can tell: no out/
    done = subprocess.run([sys.executable, "-m", "autoshard.tools.cli", *argv[1:]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    output = tmp_path / argv[argv.index("-o") + 1]
    assert "sdy.sharding" in output.read_text()
    assert sorted(p.name for p in (tmp_path / "examples").rglob("*")) == sorted(["large", Path(model).name])
    step = next(line for line in done.stderr.splitlines() if line.startswith("step time"))
    speedups = dict(re.findall(r"vs (1 device|data parallel) ([0-9.]+)x faster", step))
    assert set(speedups) == set(MIN_SPEEDUP), step
    for name, minimum in MIN_SPEEDUP.items():
        assert float(speedups[name]) >= minimum, step
    assert "not priced" not in done.stderr
