"""A matrix transposed for a dot without batch dims is read by the dot through its dimension numbers
(`transpose_folding`): the plan holds no buffer for the transpose, and its memory is within 10% of XLA's compiled
program and never under; a batched dot's transposed operand is still written (XLA copies it)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import autoshard  # noqa: E402
from autoshard.emit import emit_plan  # noqa: E402
from autoshard.xla.compile_run import compiled_memory_stats  # noqa: E402

pytestmark = pytest.mark.xla

F32 = jnp.float32


def _tied_head(x, e):  # a tied LM head: logits = x @ embedding.T
    return x @ e.T


def _transposed_lhs(w, x):
    return w.T @ x


def _batched(x, w):  # XLA:CPU lays a batched dot's operands out row-major: the transpose is copied
    return x @ jnp.swapaxes(w, 1, 2)


PROGRAMS = {
    "tied_head": (_tied_head, ((256, 512), (8192, 512))),
    "transposed_lhs": (_transposed_lhs, ((512, 8192), (512, 256))),
    "batched": (_batched, ((8, 256, 512), (8, 2048, 512))),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_memory_of_a_transposed_dot_operand_is_within_10_percent_of_xla_and_never_under(name):
    fn, shapes = PROGRAMS[name]
    text = jax.jit(fn).lower(*(jax.ShapeDtypeStruct(s, F32) for s in shapes)).as_text()
    plan = autoshard.plan(text, mesh="data=2,model=4", time_limit=3, num_workers=1)
    xla = compiled_memory_stats(emit_plan(plan), plan.mesh.num_devices, filename=f"{name}.planned.mlir")
    assert xla.total_bytes <= plan.cost.peak_memory_bytes <= 1.10 * xla.total_bytes, (plan.cost.memory, xla)
