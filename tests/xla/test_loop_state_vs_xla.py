"""A `stablehlo.while`'s carried values as XLA holds them (`xla_model.loop_state`): the body writes a carry's new
value into the loop state, copying the carry each iteration only when a body reader does not feed that write,
and copies a non-donated operand into the state once. Checked on the plan graph of small jax-exported loops and
against XLA:CPU's compiled program (the fidelity bench at test sizes)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.planner.xla_model.loop_state import loop_state  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "examples"))
import corpus_programs  # noqa: E402

pytestmark = pytest.mark.xla


def _state(name: str):
    text = corpus_programs.export(name, corpus_programs.TINY)
    plan = autoshard.plan(text, mesh={"data": 2, "model": 4}, time_limit=2, num_workers=1)
    nodes = plan.graph.nodes
    state = loop_state(plan.graph)
    big = {c for c in state.writers if nodes[c].outputs[0].shape}  # the carried tensors, not the counter
    return state, big


def test_a_carry_whose_only_reader_writes_its_new_value_is_updated_in_place():
    state, carries = _state("scan_elementwise")  # h = tanh(h * scale + shift)
    assert len(carries) == 1
    assert not carries & state.copied_each_iteration
    assert carries <= state.copied_on_entry  # the argument is copied into the loop state once


def test_two_carries_each_computed_from_both_are_copied_every_iteration():
    state, carries = _state("fori_elementwise")  # a, b = f(a, b), g(a, b)
    assert len(carries) == 2
    assert carries <= state.copied_each_iteration
    assert carries <= state.copied_on_entry


def _bench():
    spec = importlib.util.spec_from_file_location("fidelity_corpus_bench", REPO_ROOT / "bench" / "fidelity_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def test_loops_step_time_and_memory_match_xla(tmp_path, capsys):
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
