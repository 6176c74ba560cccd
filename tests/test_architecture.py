"""The package layers and the no-cycle rule hold: import-linter's contracts in pyproject.toml, checked on every run.

A broken contract fails with import-linter's listing of the offending imports (function-level ones included)."""

from __future__ import annotations

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
