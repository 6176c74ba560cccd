"""`autoshard.from_jax(fn, *example_args, mesh=...)`: lower a JAX function to StableHLO and plan it."""

from __future__ import annotations

from typing import Any

from autoshard.errors import MissingExtraError


def from_jax(fn, *example_args, mesh, **plan_kwargs: Any):
    """`jax.jit(fn).lower(*example_args)` and plan the result on `mesh` (needs the `[xla]` extra)."""
    try:
        import jax
    except ImportError:
        raise MissingExtraError('from_jax needs jax: pip install -e ".[xla]"') from None
    from autoshard.planner.api import plan

    text = jax.jit(fn).lower(*example_args).as_text()
    return plan(text, mesh=mesh, **plan_kwargs)
