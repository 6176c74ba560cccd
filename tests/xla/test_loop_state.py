"""A `stablehlo.while`'s carried values as XLA holds them (`xla_model.loop_state`): the body writes a carry's new
value into the loop state, copying the carry each iteration only when a body reader does not feed that write,
and copies a non-donated operand into the state once. Checked on the plan graph of small jax-exported loops
(against XLA:CPU's compiled program: `test_fidelity_corpus`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")

import autoshard  # noqa: E402
from autoshard.planner.xla_model.loop_state import loop_state, loop_tuples  # noqa: E402
from loop_programs import SWAP, SWAP_UPDATE  # noqa: E402

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


def test_a_carry_read_by_a_dot_feeding_its_new_value_is_updated_in_place():
    state, carries = _state("fori_dense")  # h = h + gelu(h @ ws[i]): every reader of h feeds the add
    assert len(carries) == 1
    assert not carries & state.copied_each_iteration


def _carries(text: str):
    graph = autoshard.plan(text, mesh={"data": 2, "model": 4}, time_limit=2, num_workers=1).graph
    a, b = (n.index for n in graph.nodes if n.loop_carried and n.outputs[0].shape)
    return graph, a, b


def test_a_carry_taking_another_carry_as_its_new_value_holds_a_copy_of_it():
    graph, a, b = _carries(SWAP)  # a, b = b, a
    state = loop_state(graph)
    assert {a, b} <= state.copied_each_iteration
    assert not state.written_apart


def test_the_new_value_of_a_carry_another_carry_takes_is_computed_apart():
    graph, a, b = _carries(SWAP_UPDATE)  # a, b = b, a + a: the add cannot write b's state while a still reads it
    state = loop_state(graph)
    assert a in state.copied_each_iteration
    assert state.written_apart == {b}


def test_a_loop_holds_one_tuple_of_its_carried_values_over_the_loop():
    graph, a, _ = _carries(SWAP_UPDATE)
    (tuple_,) = loop_tuples(graph)
    assert tuple_.entries == 3  # the counter and the two carries
    body = [n.position for n in graph.nodes if n.label == "stablehlo.add"]
    assert tuple_.first <= graph.nodes[a].position and tuple_.last == max(body)
