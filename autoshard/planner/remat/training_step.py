"""Where a jax-exported training step's forward pass ends and its backward pass begins.

`jax.jit(jax.value_and_grad(loss))` lowers to one function that first evaluates the linearized forward pass (the
loss, and beside each primal op the factors its derivative needs: `1 - tanh(x)^2`, `2 * (h - y)`) and then the
transposed pass, which starts from the cotangent seed (a constant `1.0`, folded into the first backward op) and
produces the gradients. The seed is a constant, so nothing in the program names it; the split is by position:

    the forward pass is the top-level ops of the entry function up to and including the op that defines the loss
    (the function's first result by default, `value_and_grad`'s convention); the backward pass is every op after.

Values defined after the loss cannot feed it (SSA order), so this puts the whole loss computation in the forward
and every op that reads the seed in the backward; factors jax computes in the forward that only the backward reads
stay in the forward (they are residuals too). Ops inside regions belong to their top-level op.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from autoshard.errors import UserError
from autoshard.ir.entry import entry_function
from autoshard.planner.program import TERMINATORS
from autoshard.rules.attrs import op_name


@dataclass(frozen=True)
class TrainingStep:
    """The entry function's top-level ops in program order, split at `boundary`: ops `[0, boundary]` are the
    forward pass, ops after it the backward pass."""

    func: FuncOp
    ops: tuple[Operation, ...]
    loss: SSAValue
    boundary: int

    def position(self, op: Operation) -> int:
        """The program position of `op`'s top-level ancestor in the entry function."""
        return self._position_of[id(top_level_op(op, self.body))]

    @property
    def body(self) -> Block:
        return self.func.body.blocks[0]

    def is_forward(self, op: Operation) -> bool:
        return self.position(op) <= self.boundary

    @property
    def forward_ops(self) -> tuple[Operation, ...]:
        return self.ops[: self.boundary + 1]

    @cached_property
    def latest_forward_read(self) -> tuple[int, ...]:
        """Per op, the latest forward op computed from the arguments that it is computed from (itself, for such a
        forward op), or -1: a forward op computed from constants alone, a backward op computed from arguments and
        constants alone (XLA may run it as early as it likes)."""
        latest: list[int] = []
        for i, op in enumerate(self.ops):
            reads = external_reads(op)
            found = max((latest[self.position(v.owner)] for v in reads if not isinstance(v, BlockArgument)), default=-1)
            if i <= self.boundary and (found >= 0 or any(isinstance(v, BlockArgument) for v in reads)):
                found = i
            latest.append(found)
        return tuple(latest)

    @cached_property
    def _position_of(self) -> dict[int, int]:
        return {id(op): i for i, op in enumerate(self.ops)}


def top_level_op(op: Operation, body: Block) -> Operation:
    """`op`, or the op in `body` whose regions hold it."""
    while op.parent_block() is not body:
        parent = op.parent_op()
        if parent is None:
            raise ValueError(f"{op_name(op)} is not inside the function body")
        op = parent
    return op


def external_reads(op: Operation) -> list[SSAValue]:
    """The values `op` reads from outside itself: its operands, then values its regions capture (each once)."""
    seen: set[SSAValue] = set()
    reads = []
    for inner in op.walk():
        for value in inner.operands:
            if value not in seen and not _defined_inside(value, op):
                seen.add(value)
                reads.append(value)
    return reads


def _defined_inside(value: SSAValue, op: Operation) -> bool:
    holder = value.owner.parent_op()  # a block argument's block's op, or an op result's enclosing op
    while holder is not None:
        if holder is op:
            return True
        holder = holder.parent_op()
    return False


def split_training_step(module: ModuleOp, loss_result: int = 0, function: str | None = None) -> TrainingStep:
    """Split the entry function at the op defining result `loss_result` (module docstring; negative counts from the
    last result). `UserError` when that result is not a scalar float computed in the function."""
    func = entry_function(module, function)
    body = func.body.blocks[0]
    ops = tuple(op for op in body.ops if op_name(op) not in TERMINATORS)
    returned = body.last_op.operands if body.last_op is not None else ()
    if not -len(returned) <= loss_result < len(returned):
        raise UserError(f"@{func.sym_name.data} has no result {loss_result} to take as the loss")
    loss = returned[loss_result]
    if not isinstance(loss.type, TensorType) or loss.type.get_shape() or not _is_float(loss.type):
        raise UserError(f"result {loss_result} of @{func.sym_name.data} is not a scalar float loss: {loss.type}")
    owner = loss.owner
    if not isinstance(owner, Operation):
        raise UserError(f"result {loss_result} of @{func.sym_name.data} is an argument, not a computed loss")
    step = TrainingStep(func, ops, loss, 0)
    return TrainingStep(func, ops, loss, step.position(owner))


def _is_float(t: TensorType) -> bool:
    return str(t.element_type).startswith(("f", "bf"))
