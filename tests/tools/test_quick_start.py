"""The README's quick start, checked by what its commands do, not by its wording.

Its first code block holds two commands. The first installs autoshard and plans a bundled example: it must run
in a fresh checkout, write its plan outside the folders the tests read models from, and plan at least as fast a
step as one device and as plain data parallel, per the report of that very run. The second installs the test
extra and runs the tests, as `.ci/run` does.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autoshard.tools.cli import build_parser

REPO = Path(__file__).resolve().parents[2]
#: the references the summary compares the plan with (autoshard/tools/reference_plans.py)
REFERENCES = ("1 device", "data parallel")


def quick_start_commands() -> list[str]:
    """The command lines of the README's first ```bash block."""
    block = re.search(r"```bash\n(.*?)```", (REPO / "README.md").read_text(), re.DOTALL)
    assert block, "README.md has no ```bash block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip() and not line.startswith("#")]


def split_chain(command: str) -> list[list[str]]:
    """`a b && c d` as a shell splits it: [[a, b], [c, d]]."""
    words = shlex.split(command)
    parts: list[list[str]] = [[]]
    for word in words:
        if word == "&&":
            parts.append([])
        else:
            parts[-1].append(word)
    return parts


def editable_install_extras(argv: list[str]) -> set[str]:
    """The extras of `pip install -e ".[a,b]"` (argv already split); fails on anything else."""
    assert argv[:2] == ["pip", "install"] and "-e" in argv, argv
    target = argv[argv.index("-e") + 1]
    match = re.fullmatch(r"\.(?:\[([\w,]*)\])?", target)
    assert match, f"not an editable install of this checkout: {target}"
    return set(filter(None, (match.group(1) or "").split(",")))


def plan_argv() -> list[str]:
    """The first command's `autoshard plan ...`, after its install."""
    install, *rest = split_chain(quick_start_commands()[0])
    editable_install_extras(install)
    assert len(rest) == 1 and rest[0][:2] == ["autoshard", "plan"], rest
    return rest[0]


def plan_input_and_output(argv: list[str]) -> tuple[Path, Path]:
    """The module `autoshard plan` reads and the file it writes (`-o`, else IN.planned.mlir next to it), as the
    CLI's own parser reads the command."""
    args = build_parser(["plan"]).parse_args(argv[1:])
    model = Path(args.input)
    return model, Path(args.output) if args.output else model.with_suffix(".planned.mlir")


def test_the_first_command_installs_and_plans_a_bundled_model_outside_the_model_folders() -> None:
    model, output = plan_input_and_output(plan_argv())
    assert (REPO / model).is_file(), f"the quick start plans {model}, which is not in the checkout"
    assert output.parts[0] not in ("examples", "tests"), f"the plan {output} lands where tests read models"
    ignored = subprocess.run(["git", "check-ignore", "-q", str(output)], cwd=REPO)
    if ignored.returncode == 128:
        pytest.skip("not a git checkout: cannot ask whether the plan's output is ignored")
    assert ignored.returncode == 0, f"the plan {output} is not git-ignored: a checkout would show it as new"


def test_the_second_command_installs_the_test_extra_and_runs_the_tests_as_ci_does() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2, commands
    install, *rest = split_chain(commands[1])
    assert "test" in editable_install_extras(install)
    assert rest == [["python", "-m", "pytest"]], rest
    ci = (REPO / ".ci" / "run").read_text()
    ci_install = re.search(r'pip install .*-e "?(\.\[[\w,]*\])"?', ci)
    assert ci_install, ".ci/run installs no editable checkout"
    assert editable_install_extras(["pip", "install", "-e", ci_install.group(1)]) == editable_install_extras(install)
    assert "python -m pytest" in ci


@pytest.mark.slow
def test_the_first_command_runs_in_a_fresh_checkout_and_beats_or_ties_its_references(tmp_path: Path) -> None:
    """The plan command verbatim, plus `--report` (which changes nothing planned) to read the numbers the summary
    prints from JSON instead of from the terminal."""
    argv = plan_argv()
    model, output = plan_input_and_output(argv)
    (tmp_path / model).parent.mkdir(parents=True)
    shutil.copy(REPO / model, tmp_path / model)  # a fresh checkout as far as the command can tell: no out/
    report_path = tmp_path / "quick_start_report.json"
    done = subprocess.run([sys.executable, "-m", "autoshard.tools.cli", *argv[1:], "--report", str(report_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "sdy.sharding" in (tmp_path / output).read_text()
    assert sorted(tmp_path.rglob("*.mlir")) == sorted({tmp_path / model, tmp_path / output}), \
        "the command wrote other modules than its plan"
    report = json.loads(report_path.read_text())
    plan_s = report["cost"]["step_time_s"]
    references = {r["name"]: r["step_time_s"] for r in report["references"]}
    assert set(references) == set(REFERENCES), report["references"]
    for name, reference_s in references.items():
        assert reference_s is not None, f"{name} was not priced: {report['references']}"
        # as the summary rounds it: at least "as fast" (x1.0), never "slower"
        assert round(reference_s / plan_s, 1) >= 1.0, f"the plan is slower than {name}: {plan_s} s vs {reference_s} s"
