"""The fidelity corpus (`examples/corpus_programs.py`): every family exports a module autoshard parses, at test
sizes; and `bench/fidelity_corpus.py` runs end to end on one tiny cell (plan, write, compile, price, table)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

from autoshard.ir.parse import parse_module  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "examples"))
import corpus_programs  # noqa: E402

pytestmark = pytest.mark.xla


@pytest.mark.parametrize("name", sorted(corpus_programs.PROGRAMS))
def test_every_family_exports_a_module_autoshard_parses(name: str) -> None:
    text = corpus_programs.export(name, corpus_programs.TINY)
    module = parse_module(text, f"{name}.mlir")
    assert any(op.name == "func.func" for op in module.ops)


def _bench():
    spec = importlib.util.spec_from_file_location("fidelity_corpus_bench", REPO_ROOT / "bench" / "fidelity_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def test_the_bench_prices_one_tiny_cell_and_reuses_it(tmp_path, capsys) -> None:
    bench = _bench()
    argv = ["--programs", "scan_dense", "--meshes", "2x4", "--tiny", "--time-limit", "2", "--work", str(tmp_path)]
    assert bench.main(argv) == 0
    first = capsys.readouterr().out
    row = next(line for line in first.splitlines() if line.startswith("| scan_dense | 2x4 |"))
    assert "error" not in row and row.count("|") == 11
    assert "cells: 1, 0 failed" in first
    assert (tmp_path / "cells" / "tiny" / "scan_dense@2x4" / "compiled.hlo").exists()
    assert bench.main(argv) == 0  # the second run reads the cache
    assert capsys.readouterr().err.count("cached") == 1


def test_loops_step_time_and_memory_match_xla(tmp_path, capsys):
    """The loop state as XLA holds and copies it (`xla_model.loop_state`): a carry updated in place, and two
    carries each computed from both, copied every iteration."""
    argv = ["--programs", "scan_elementwise,fori_elementwise", "--meshes", "2x4", "--tiny", "--time-limit", "2",
            "--work", str(tmp_path), "--json"]
    assert _bench().main(argv) == 0
    out = capsys.readouterr().out
    records = json.loads(out[out.index("\n[") + 1:])
    assert len(records) == 2
    for r in records:
        assert r["status"] == "ok", r
        step = r["predicted"]["step_s"] / r["compiled"]["step_s"]
        memory = r["predicted"]["memory_bytes"] / r["compiled"]["memory_bytes"]
        assert 0.9 <= step <= 1.1, (r["program"], step)
        assert 1.0 <= memory <= 1.1, (r["program"], memory)
