"""The package layers and the no-cycle rules hold: import-linter's contracts in pyproject.toml, checked on every run,
and no module importing through its own package's `__init__` (which import-linter cannot state).

A broken contract fails with import-linter's listing of the offending imports (function-level ones included)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from importlinter.cli import lint_imports

REPO = Path(__file__).resolve().parents[1]


def test_import_contracts_hold(capsys) -> None:
    cwd = os.getcwd()
    os.chdir(REPO)  # import-linter finds the packages from the working directory
    try:
        status = lint_imports(config_filename=str(REPO / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        os.chdir(cwd)
    report = capsys.readouterr().out
    assert status == 0, report[-6000:]
    assert "0 broken" in report, report[-3000:]


def _imports_through_ancestor_init(path: Path) -> list[str]:
    """`from P import ...` / `import P` statements of the module at `path` where P is a package that contains it
    (a package's `__init__` may still import its own submodules)."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    is_init = parts[-1] == "__init__"
    package = parts[:-1]
    ancestors = {".".join(package[:k]) for k in range(1, len(package) + (0 if is_init else 1))}
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names = [module] if module in ancestors else []
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name in ancestors]
        else:
            continue
        found += [f"{path.relative_to(REPO)}:{node.lineno}: imports from the __init__ of {name}" for name in names]
    return found


def test_no_module_imports_through_its_own_package_init() -> None:
    """A module inside package P never imports from P's `__init__` (or an ancestor's): P's `__init__` importing the
    module back makes a cycle that import-linter does not see (it records `from P import sub` as importing
    `P.sub`). Import the defining submodule instead: `from P.sub import name`, `import P.sub as sub`."""
    found = [line for root in ("autoshard", "costmodel") for path in sorted((REPO / root).rglob("*.py"))
             for line in _imports_through_ancestor_init(path)]
    assert not found, "\n".join(found)


def test_the_plan_command_loads_or_tools_cp_sat_only_to_build_a_model() -> None:
    """OR-tools' `cp_model` (and the pandas it imports, about 0.3 s) is loaded on first use
    (`autoshard.solver.cp_sat.lazy_cp_model`): importing the plan command loads neither."""
    import subprocess
    import sys

    probe = ("import sys, autoshard.tools.commands.plan; "
             "from autoshard.solver.cp_sat.lazy_cp_model import cp_model; "
             "print('pandas' in sys.modules, 'ortools.sat.python.cp_model_helper' in sys.modules); "
             "cp_model.CpModel(); print('ortools.sat.python.cp_model_helper' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}).stdout.split()
    assert out == ["False", "False", "True"]
