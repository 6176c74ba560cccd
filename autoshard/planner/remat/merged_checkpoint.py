"""`merge_recomputation`: a `jax.checkpoint` program as XLA:CPU compiles it, its recomputation merged with the
forward pass.

XLA:CPU removes `jax.checkpoint`'s barriers before its common-subexpression elimination, which then merges every
recomputed value with the forward value it repeats (`xla_model.merged_values`, `XlaBackend.merges_recomputation`):
the forward activations live until the backward pass, as in the program without `jax.checkpoint`. The rewritten
program is that one: each barrier's results are its operands, and each top-level op repeating an earlier one (the
same op key, reading the same values) is the earlier op. `--remat auto` searches its recomputation there, in
conditionals XLA cannot merge (`recompute`), when the program as written has no plan that fits.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from autoshard.ir.entry import entry_function
from autoshard.planner.program import BARRIER_OP
from autoshard.planner.xla_model.merged_values import NOT_MERGED, op_key
from autoshard.rules.attrs import op_name


def has_barriers(module: ModuleOp, function: str | None = None) -> bool:
    """Whether the entry function's body has a `jax.checkpoint` barrier at its top level."""
    return any(op_name(op) == BARRIER_OP for op in entry_function(module, function).body.blocks[0].ops)


def merge_recomputation(module: ModuleOp, function: str | None = None) -> int:
    """Rewrite `module` in place as XLA:CPU compiles it (module docstring); the number of ops removed (barriers and
    merged repeats)."""
    body = entry_function(module, function).body.blocks[0]
    first: dict[tuple, Operation] = {}
    removed = 0
    for op in list(body.ops):
        name = op_name(op)
        if name == BARRIER_OP:
            _replace(op, op.operands)
            removed += 1
            continue
        if not op.results or any(part in name for part in NOT_MERGED):
            continue
        key = op_key(op)
        if key is None:
            continue
        earlier = first.setdefault((key, tuple(op.operands)), op)
        if earlier is not op:
            _replace(op, earlier.results)
            removed += 1
    return removed


def _replace(op: Operation, values: tuple[SSAValue, ...] | list[SSAValue]) -> None:
    """Read `values` wherever `op`'s results are read, and erase `op`."""
    for result, value in zip(op.results, values, strict=True):
        result.replace_all_uses_with(value)
    op.detach()
    op.erase()
