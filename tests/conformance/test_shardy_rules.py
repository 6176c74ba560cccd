"""Shardy's op-sharding-rule lit tests against `autoshard rules`, one CHECK-LABEL chunk at a time.

Reads /work/shared/reference/shardy-tests at run time (never copied into the repo); skipped when absent.
Each chunk is run through the CLI in-process and its CHECK lines matched with filecheck, as
/work/shared/tools/shardy_conformance.py does.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from autoshard.tools.cli import main

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "shardy-tests"

#: Chunks that must pass (the count reached; raise it when more pass, never lower it).
MIN_PASSING = {"op_sharding_rule_registry.mlir": 123, "op_sharding_rule_registry_conservative.mlir": 6}


def _chunks(path: Path) -> list[str]:
    lines = path.read_text().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if "CHECK-LABEL" in line]
    return ["".join(lines[a:b]) for a, b in zip(starts, starts[1:] + [len(lines)])]


def _run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _filecheck(check_file: Path, text: str, tmp: Path) -> bool:
    from filecheck.matcher import Matcher
    from filecheck.options import Options

    produced = tmp / "produced.txt"
    produced.write_text(text)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return Matcher.from_opts(Options(match_filename=str(check_file), input_file=str(produced))).run() == 0


def _stablehlo_parses_pretty_syntax() -> bool:
    """Whether autoshard's StableHLO dialect is in place (pretty `stablehlo.*` syntax needs it)."""
    try:
        from autoshard.dialects.stablehlo import StableHLO
    except ImportError:
        return False
    return any(op.name == "stablehlo.dot_general" for op in StableHLO.operations)


def _needs_reference() -> None:
    if not REFERENCE.is_dir():
        pytest.skip("Shardy reference tests not present")
    if not _stablehlo_parses_pretty_syntax():
        pytest.skip("autoshard.dialects.stablehlo not available: the lit tests use pretty StableHLO syntax")
    pytest.importorskip("filecheck")


@pytest.mark.parametrize(
    "name, extra",
    [("op_sharding_rule_registry.mlir", []), ("op_sharding_rule_registry_conservative.mlir", ["--conservative"])],
)
def test_shardy_rule_registry_chunks(name: str, extra: list[str], tmp_path: Path):
    _needs_reference()
    chunks = _chunks(REFERENCE / name)
    passed, misses = 0, []
    for i, chunk in enumerate(chunks):
        chunk_file = tmp_path / f"chunk{i}.mlir"
        chunk_file.write_text(chunk)
        code, out, err = _run_cli(["rules", str(chunk_file), *extra])
        if code == 0 and _filecheck(chunk_file, out + err, tmp_path):
            passed += 1
        else:
            label = re.search(r"CHECK-LABEL:\s*(.*)", chunk)
            misses.append(f"{label.group(1).strip() if label else i}: {err.strip()[:200]}")
    print(f"{name}: {passed}/{len(chunks)}")
    assert passed >= MIN_PASSING[name], f"{passed}/{len(chunks)} chunks pass; misses: {misses}"


def test_unknown_custom_call_warning_matches_shardy():
    _needs_reference()
    code, _, err = _run_cli(["rules", str(REFERENCE / "op_sharding_rule_registry_failures.mlir")])
    assert code == 0
    assert "custom call @unknown_custom_op is unknown to SDY sharding rule registry" in err
