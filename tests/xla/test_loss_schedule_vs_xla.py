"""Where XLA:CPU's breadth-first scheduler runs a training step's loss (`XlaBackend.breadth_first_schedule`,
`xla_model.bfs_schedule`), pinned on a language-model head's step against XLA:CPU's compiled memory: the label
gather reads the logits as soon as they and the log-sum-exp are ready, in the same wave as the logits' gradient, so
the logits die there; held until every other reader of the logits has run (the schedule the model falls back to
without the fact) they would be live at the peak. The corpus's `embedding_gather_train` and `llama3_step` cells
(`bench/fidelity_corpus.py`) check the same rule at bench sizes.

Written as `logsumexp(logits) - logits[label]`, the gradient adds the softmax to a scatter of the label's gradient
into zeros, which XLA folds into a scatter into the softmax (`XlaBackend.scatter_add_folding`,
`xla_model.scatter_add`): no zeros, no scatter result held."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("jax")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.planner.xla_model.backend import CPU, Fact  # noqa: E402
from autoshard.planner.xla_model.memory_accounting import plan_memory  # noqa: E402
from autoshard.xla.compile_run import compiled_memory_stats  # noqa: E402

pytestmark = pytest.mark.xla

VOCAB, HIDDEN, BATCH, SEQ = 16384, 512, 8, 256


def lm_head_step() -> str:
    """An SGD step of an embedding, one dense layer and a tied head under softmax cross-entropy of integer labels
    (`log_softmax` and `take_along_axis`, as optax writes it), parameters donated, the loss returned."""
    def step(params, tokens, targets):
        def loss(ps):
            table, w = ps
            x = table[tokens]
            x = x + jnp.tanh(x @ w)
            log_probs = jax.nn.log_softmax(x @ table.T, axis=-1)
            return -jnp.mean(jnp.take_along_axis(log_probs, targets[..., None], axis=-1))

        value, g = jax.value_and_grad(loss)(params)
        return jax.tree_util.tree_map(lambda p, gi: p - 0.1 * gi, params, g), value

    params = (jax.ShapeDtypeStruct((VOCAB, HIDDEN), jnp.float32), jax.ShapeDtypeStruct((HIDDEN, HIDDEN), jnp.float32))
    tokens = jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32)
    return jax.jit(step, donate_argnums=(0,)).lower(params, tokens, tokens).as_text()


@pytest.fixture(scope="module")
def planned():
    plan = autoshard.plan(lm_head_step(), mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="lm_head.planned.mlir")
    return plan, xla.total_bytes


def test_the_step_is_not_under_xla(planned):
    plan, xla = planned
    assert plan.cost.peak_memory_bytes >= xla, (plan.cost.memory, xla)


@pytest.mark.xfail(strict=True, reason="1.15x: the logits gradient's transposed copy (a copy fusion recomputing the "
                                       "gradient) is placed at its dot, beside the dot's partial sums; XLA's "
                                       "breadth-first schedule writes it with the gradient, before the exponential "
                                       "dies (the schedule is modeled for the loss's readers only)")
def test_the_step_is_within_ten_percent_of_xla(planned):
    plan, xla = planned
    assert plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)


def test_the_loss_is_not_held_back_until_the_gradient_has_run(planned):
    """Held until every other reader of the logits has run, the logits (a quarter of the step's peak) would be
    live at the peak too."""
    plan, xla = planned
    backend = dataclasses.replace(CPU, breadth_first_schedule=Fact(False, "switched off"))
    assert plan_memory(plan.graph, plan.assignment, plan.mesh, backend).total_bytes > 1.25 * xla


def lse_step() -> str:
    """The LM head's SGD step with the loss written as `logsumexp(logits) - logits[label]`."""
    def step(params, tokens, targets):
        def loss(ps):
            table, w = ps
            x = table[tokens]
            x = x + jnp.tanh(x @ w)
            logits = x @ table.T
            label = jnp.take_along_axis(logits, targets[..., None], axis=-1)[..., 0]
            return jnp.mean(jax.nn.logsumexp(logits, axis=-1) - label)

        value, g = jax.value_and_grad(loss)(params)
        return jax.tree_util.tree_map(lambda p, gi: p - 0.1 * gi, params, g), value

    params = (jax.ShapeDtypeStruct((VOCAB, HIDDEN), jnp.float32), jax.ShapeDtypeStruct((HIDDEN, HIDDEN), jnp.float32))
    tokens = jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32)
    return jax.jit(step, donate_argnums=(0,)).lower(params, tokens, tokens).as_text()


def test_a_scatter_into_zeros_an_add_alone_reads_is_folded_into_the_add():
    plan = autoshard.plan(lse_step(), mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="lse.planned.mlir").total_bytes
    predicted = plan.cost.peak_memory_bytes
    backend = dataclasses.replace(CPU, scatter_add_folding=Fact(False, "switched off"))
    apart = plan_memory(plan.graph, plan.assignment, plan.mesh, backend).total_bytes
    logits = BATCH * SEQ * VOCAB * 4 // plan.mesh.num_devices
    assert xla <= predicted < apart - logits, (predicted, apart, xla)
