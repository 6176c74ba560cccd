"""The memory model's rules for a training step that donates its parameters and optimizer state, pinned on a small
Adam step against XLA:CPU's compiled memory, each switched off through its backend fact to show it matters:
- the scheduler updates each moment right after its gradient is computed, which dies there
  (`XlaBackend.early_donated_updates`, `xla_model.early_updates`);
- copy insertion copies a donated weight that a backward dot reads (`XlaBackend.donated_argument_copies`);
- the buffer assigner places temporaries in the donated buffers those copies free
  (`XlaBackend.temporaries_in_donated_buffers`, `xla_model.donated_copies`);
- the breadth-first scheduler writes the zeros an embedding's gradient is scattered into at the start of the step
  (`XlaBackend.constants_computed_first`, `xla_model.constants_first`), on an SGD step of an embedding.
The corpus's `mixtral_step` cells (`bench/fidelity_corpus.py`) check the same rules at bench sizes."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("jax")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.planner.xla_model.backend import CPU, Fact  # noqa: E402
from autoshard.planner.xla_model.memory_accounting import plan_donated_copies, plan_liveness, plan_memory  # noqa: E402
from autoshard.xla.compile_run import compiled_memory_stats  # noqa: E402

pytestmark = pytest.mark.xla

BATCH, WIDTH, LAYERS = 64, 2048, 3


def adam_mlp_step() -> str:
    """An Adam step of a tanh MLP of square weights (large weights, small activations), parameters and moments
    donated."""
    def step(params, m, v, x, t):
        def loss(ps):
            h = x
            for w in ps:
                h = jnp.tanh(h @ w)
            return jnp.mean(h ** 2)

        g = jax.grad(loss)(params)
        b1, b2, lr = 0.9, 0.999, 1e-3
        m = [b1 * mi + (1 - b1) * gi for mi, gi in zip(m, g)]
        v = [b2 * vi + (1 - b2) * gi * gi for vi, gi in zip(v, g)]
        c1, c2 = 1 - b1 ** t, 1 - b2 ** t
        params = [p - lr * (mi / c1) / (jnp.sqrt(vi / c2) + 1e-8) for p, mi, vi in zip(params, m, v)]
        return params, m, v

    weights = [jax.ShapeDtypeStruct((WIDTH, WIDTH), jnp.float32)] * LAYERS
    args = (weights, weights, weights, jax.ShapeDtypeStruct((BATCH, WIDTH), jnp.float32),
            jax.ShapeDtypeStruct((), jnp.float32))
    return jax.jit(step, donate_argnums=(0, 1, 2)).lower(*args).as_text()


@pytest.fixture(scope="module")
def planned():
    plan = autoshard.plan(adam_mlp_step(), mesh="data=2,model=4", time_limit=5, seed=0, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="adam.planned.mlir")
    return plan, xla.total_bytes


def _without(plan, fact: str) -> float:
    """The plan's memory on the cpu backend with `fact` switched off."""
    backend = dataclasses.replace(CPU, **{fact: Fact(False, "switched off")})
    return plan_memory(plan.graph, plan.assignment, plan.mesh, backend).total_bytes


def test_the_adam_step_is_within_ten_percent_of_xla_and_not_under(planned):
    plan, xla = planned
    assert xla <= plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)


def test_each_moment_is_updated_right_after_its_gradient(planned):
    plan, xla = planned
    assert _without(plan, "early_donated_updates") > 1.10 * xla  # every gradient held until the end


def test_the_weights_a_backward_dot_reads_are_copied(planned):
    plan, xla = planned
    assert _without(plan, "donated_argument_copies") < xla
    # the first layer's weight is read by its forward dot and its update only (the input has no gradient)
    liveness = plan_liveness(plan.graph, plan.assignment, plan.mesh, CPU)
    copied = plan_donated_copies(plan.graph, plan.assignment, liveness)
    assert len(copied) == LAYERS - 1, copied


def test_temporaries_are_placed_in_the_buffers_the_copies_free(planned):
    plan, xla = planned
    assert _without(plan, "temporaries_in_donated_buffers") > 1.10 * xla


def embedding_sgd_step() -> str:
    """An SGD step of an embedding lookup and a dense layer, parameters donated: the embedding's gradient is a
    scatter-add into zeros of the table's shape."""
    def step(params, tokens):
        def loss(ps):
            table, w = ps
            return jnp.mean(jnp.tanh(table[tokens] @ w) ** 2)

        g = jax.grad(loss)(params)
        return jax.tree_util.tree_map(lambda p, gi: p - 0.1 * gi, params, g)

    params = (jax.ShapeDtypeStruct((32768, 1024), jnp.float32), jax.ShapeDtypeStruct((1024, 1024), jnp.float32))
    return jax.jit(step, donate_argnums=(0,)).lower(params, jax.ShapeDtypeStruct((8, 128), jnp.int32)).as_text()


def test_the_zeros_an_embedding_gradient_is_scattered_into_are_written_at_the_start():
    plan = autoshard.plan(embedding_sgd_step(), mesh="data=2,model=2,seq=2", time_limit=5, seed=0, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename="embedding.planned.mlir").total_bytes
    assert xla <= plan.cost.peak_memory_bytes <= 1.10 * xla, (plan.cost.memory, xla)
    assert _without(plan, "constants_computed_first") < 0.9 * xla  # the zeros written only where the scatter runs
