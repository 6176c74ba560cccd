"""Random valid plans (not only optimal ones) compute the unsharded result: simulated in both forms, and compiled
by XLA where jax is installed. A fixed-seed slice (hypothesis derandomized); `bench/fuzz_plans.py` runs longer,
the GPT training step and the 16-device 2x2x2x2 mesh (8 s to build its plan graph) included."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autoshard.emit import emit_plan
from autoshard.interpreters.simulate import simulate
from autoshard.ir.parse import parse_module
from autoshard.planner.random_plans import random_assignment, random_plan
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MESHES = ("x=8", "data=2,model=4", "a=2,b=2,c=2")
HAS_JAX = importlib.util.find_spec("jax") is not None


def _simulates_equal(text: str, name: str) -> None:
    report = simulate(parse_module(text, name))
    assert report.ok, report.first_mismatch.describe() if report.first_mismatch else "results differ"


def _xla_matches(text: str, name: str) -> None:
    from autoshard.xla.compile_run import compile_and_run

    run = compile_and_run(text, 8, filename=name)
    assert run.matches, run.first_mismatch


#: every zoo model but the GPT training step (12 s a simulation; `bench/fuzz_plans.py` covers it)
MODELS = ("mlp", "transformer_block", "moe", "convnet", "scan_layers")


@settings(max_examples=4)
@given(model=st.sampled_from(MODELS), mesh=st.sampled_from(MESHES), seed=st.integers(0, 2**16))
def test_random_plans_compute_the_reference(model: str, mesh: str, seed: int):
    plan = random_plan(EXAMPLES / f"{model}.mlir", mesh, seed=seed)
    _simulates_equal(emit_plan(plan), f"{model}.mlir")
    _simulates_equal(emit_plan(plan, explicit_collectives=True), f"{model}.explicit.mlir")
    if HAS_JAX:
        _xla_matches(emit_plan(plan), f"{model}.mlir")


def test_explicit_max_reduce_over_a_sharded_dimension():
    """The explicit form settles a max-reduce over a sharded dimension with a max, not a sum (a random plan of
    the moe shards one)."""
    plan = random_plan(EXAMPLES / "moe.mlir", "data=2,model=4", seed=1)
    _simulates_equal(emit_plan(plan, explicit_collectives=True), "moe.explicit.mlir")


def test_random_plans_are_repeatable_and_vary_with_the_seed():
    a, b, c = (random_plan(EXAMPLES / "transformer_block.mlir", "data=2,model=4", seed=s) for s in (5, 5, 6))
    assert a.assignment == b.assignment
    assert a.assignment != c.assignment


@given(st.integers(0, 2**16))
def test_random_assignments_avoid_forbidden_pairs(seed: int):
    """Brute force over a small chain with forbidden pairs: every draw is valid, and draws reach several plans."""
    f = FORBIDDEN
    problem = StrategyGraph.build(
        [[0, 0, 0], [0, f, 0], [0, 0]],
        edges=[(0, 1, [[0, f, f], [f, 0, 0], [0, 0, f]]), (1, 2, [[f, 0], [0, 0], [0, f]])],
    )
    rng = np.random.default_rng(seed)
    valid = {
        (s0, s1, s2) for s0 in range(3) for s1 in (0, 2) for s2 in range(2)
        if problem.edges[0].costs[s0, s1] < f and problem.edges[1].costs[s1, s2] < f
    }  # fmt: skip
    draws = {tuple(random_assignment(problem, rng)) for _ in range(20)}
    assert draws <= valid
    assert len(draws) >= 2
