"""Expert layouts as argument shardings, derived generically from a module's arguments and matmuls.

The planner completes every other value, so a baseline is "the best plan given the expert's argument layout":

- `data_parallel`: the batch dimension (dim 0) of the inputs on every mesh axis; all other arguments replicated.
- `fsdp`: inputs as in data parallel; every other argument's largest dimension divisible by the whole mesh is
  sharded on all axes (ZeRO-3 style parameter, gradient and optimizer-state sharding).
- `megatron`: weights column/row parallel on every mesh axis; inputs replicated. A weight is the right-hand
  operand of a dot_general/convolution traced back to an argument; it is *row* parallel (its contracting dim
  sharded) when its left-hand operand derives from a column-parallel matmul's output, otherwise *column*
  parallel (its output-feature dim sharded), so MLPs and attention alternate as in Megatron-LM.
- `2d`: Megatron on the model axis, the inputs' batch dimension on the other axes.

Dimensions are found through the op sharding rules (a factor shared by an operand and a result dimension), so
transposes, reshapes, converts, slices and loop-carried values between an argument and its matmul are followed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, OpResult, SSAValue

from autoshard.dialects.stablehlo import WhileOp
from autoshard.errors import UserError
from autoshard.experiments.meshes import data_axes, model_axis
from autoshard.ir.entry import entry_function
from autoshard.ir.inline_calls import calls_private_functions, inline_private_calls
from autoshard.rules import rule_for
from autoshard.sharding import Mesh, SpecEntry

#: Ops an argument may pass through on its way to a matmul without ceasing to be "the weight".
_TRANSPARENT = frozenset({
    "stablehlo.convert", "stablehlo.transpose", "stablehlo.reshape", "stablehlo.dynamic_slice", "stablehlo.slice",
    "stablehlo.copy", "stablehlo.bitcast_convert", "stablehlo.optimization_barrier",
})
_MATMULS = ("stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution")


@dataclass(frozen=True)
class WeightRole:
    """How Megatron shards one argument: `column` shards `dim` (output features), `row` shards `dim` (contracting)."""

    role: str
    dim: int


@dataclass(frozen=True)
class ArgumentFacts:
    """What the baselines need to know about a module's `@main` arguments."""

    shapes: tuple[tuple[int, ...], ...]
    inputs: tuple[int, ...]
    weights: dict[int, WeightRole]


def _shape(value: SSAValue) -> tuple[int, ...] | None:
    t = value.type
    return tuple(int(d) for d in t.get_shape()) if isinstance(t, TensorType) else None


def _trace_to_argument(value: SSAValue, dim: int, func: FuncOp) -> tuple[int, int] | None:
    """The (argument index, dimension) that `value`'s dimension `dim` comes from, through transparent ops."""
    for _ in range(64):
        if isinstance(value, BlockArgument):
            block = value.block
            if block is func.body.blocks[0]:
                return value.index, dim
            parent = block.parent_op()
            if parent is None or parent.name != "stablehlo.while" or value.index >= len(parent.operands):
                return None
            value = parent.operands[value.index]
            continue
        if not isinstance(value, OpResult) or value.op.name not in _TRANSPARENT:
            return None
        op = value.op
        rule = rule_for(op)
        factors = rule.result_mappings[value.index][dim] if dim < len(rule.result_mappings[value.index]) else ()
        if not factors:
            return None
        factor = max(factors, key=lambda f: rule.factor_sizes[f])
        source = next((d for d, fs in enumerate(rule.operand_mappings[0]) if factor in fs), None)
        if source is None:
            return None
        value, dim = op.operands[0], source
    return None


def _matmul_dims(op) -> tuple[int | None, int | None]:
    """(output-feature dim, contracting dim) of the right-hand operand of a dot/convolution, by its rule."""
    rule = rule_for(op)
    lhs = {f for dim in rule.operand_mappings[0] for f in dim}
    out = {f for dim in rule.result_mappings[0] for f in dim}
    column = row = None
    best_col = best_row = 0
    for d, factors in enumerate(rule.operand_mappings[1]):
        for f in factors:
            size = rule.factor_sizes[f]
            if f in out and f not in lhs and size > best_col:
                column, best_col = d, size
            if f in lhs and f not in out and size > best_row:
                row, best_row = d, size
    return column, row


def analyze_arguments(module: ModuleOp, inputs: Sequence[int] | None = None, function: str | None = None) -> ArgumentFacts:
    """Shapes, batch inputs and Megatron weight roles of the function's arguments (`module` is left untouched)."""
    if calls_private_functions(module):  # inlined on a copy; a module without such calls is only read
        module = module.clone()
        inline_private_calls(module)
    func = entry_function(module, function)
    args = func.body.blocks[0].args
    shapes = tuple(_shape(a) or () for a in args)
    sharded: set[SSAValue] = set()  # values derived from a column-parallel matmul's output
    weights: dict[int, WeightRole] = {}
    activations: set[int] = set()  # arguments first met as a matmul's left-hand operand
    for op in func.walk():
        if op.name in _MATMULS and len(op.operands) >= 2:
            lhs_arg = _trace_to_argument(op.operands[0], 0, func) if _shape(op.operands[0]) else None
            if lhs_arg is not None and lhs_arg[0] not in weights:
                activations.add(lhs_arg[0])
            traced = _trace_to_argument(op.operands[1], 0, func) if _shape(op.operands[1]) else None
            column_dim, row_dim = _matmul_dims(op)
            weight = None
            if traced is not None:
                weight = traced[0]
            if weight is not None and weight not in weights and weight not in activations:
                lhs_sharded = op.operands[0] in sharded
                dim = row_dim if lhs_sharded else column_dim
                located = _trace_to_argument(op.operands[1], dim, func) if dim is not None else None
                if located is not None and located[0] == weight:
                    weights[weight] = WeightRole("row" if lhs_sharded else "column", located[1])
            if weight is not None and weight in weights:
                if weights[weight].role == "column":
                    sharded.update(op.results)
                continue
        if any(o in sharded for o in op.operands):
            sharded.update(op.results)
        for region in op.regions:  # loop bodies: carried values keep their operand's state
            if isinstance(op, WhileOp):
                for block in region.blocks:
                    for arg, operand in zip(block.args, op.operands):
                        if operand in sharded:
                            sharded.add(arg)
    if inputs is None:
        inputs_list: list[int] = []
        last = len(args) - 1
        lead = shapes[last][0] if last >= 0 and shapes[last] else None
        for i in range(last, -1, -1):
            if not shapes[i] or shapes[i][0] != lead or i in weights:
                break
            inputs_list.append(i)
        resolved = tuple(sorted(inputs_list))
    else:
        resolved = tuple(sorted({i % len(args) if -len(args) <= i < len(args) else _bad_input(i, len(args))
                                 for i in inputs}))
    return ArgumentFacts(shapes, resolved, weights)


def _bad_input(index: int, count: int) -> int:
    raise UserError(f"input argument index {index} is out of range for a function with {count} arguments")


def _fit_axes(size: int, axes: Sequence[str], mesh: Mesh) -> tuple[str, ...]:
    """The longest prefix of `axes` whose sizes multiply to a divisor of `size`."""
    out: list[str] = []
    product = 1
    for a in axes:
        if size % (product * mesh.axis_size(a)) != 0:
            break
        product *= mesh.axis_size(a)
        out.append(a)
    return tuple(out)


def _entry(axes: tuple[str, ...]) -> SpecEntry:
    return None if not axes else axes[0] if len(axes) == 1 else axes


def _batch_spec(shape: tuple[int, ...], axes: Sequence[str], mesh: Mesh) -> list[SpecEntry]:
    return [_entry(_fit_axes(shape[0], axes, mesh))] + [None] * (len(shape) - 1)


def _megatron_spec(shape: tuple[int, ...], role: WeightRole, axes: Sequence[str], mesh: Mesh) -> list[SpecEntry]:
    spec: list[SpecEntry] = [None] * len(shape)
    spec[role.dim] = _entry(_fit_axes(shape[role.dim], axes, mesh))
    return spec


def _fsdp_spec(shape: tuple[int, ...], axes: Sequence[str], mesh: Mesh) -> list[SpecEntry]:
    spec: list[SpecEntry] = [None] * len(shape)
    total = math.prod(mesh.axis_size(a) for a in axes)
    divisible = [d for d, s in enumerate(shape) if s % total == 0]
    if divisible:
        d = max(divisible, key=lambda d: (shape[d], -d))
        spec[d] = _entry(tuple(axes))
    return spec


def baseline_argument_specs(strategy: str, facts: ArgumentFacts, mesh: Mesh) -> dict[int, list[SpecEntry]] | None:
    """PartitionSpec-style dims for each argument the `strategy` fixes (others are left to the planner), or
    None when the strategy does not apply to this mesh (2d needs two or more axes)."""
    all_axes = mesh.axis_names
    specs: dict[int, list[SpecEntry]] = {}
    if strategy in ("data_parallel", "fsdp"):
        for i, shape in enumerate(facts.shapes):
            if i in facts.inputs:
                specs[i] = _batch_spec(shape, all_axes, mesh)
            elif strategy == "data_parallel":
                specs[i] = [None] * len(shape)
            else:
                specs[i] = _fsdp_spec(shape, all_axes, mesh)
        return specs
    if strategy == "megatron":
        for i, shape in enumerate(facts.shapes):
            if i in facts.inputs:
                specs[i] = [None] * len(shape)
            elif i in facts.weights:
                specs[i] = _megatron_spec(shape, facts.weights[i], all_axes, mesh)
        return specs
    if strategy == "2d":
        if len(all_axes) < 2:
            return None
        tp, dp = (model_axis(mesh),), data_axes(mesh)
        for i, shape in enumerate(facts.shapes):
            if i in facts.inputs:
                specs[i] = _batch_spec(shape, dp, mesh)
            elif i in facts.weights:
                specs[i] = _megatron_spec(shape, facts.weights[i], tp, mesh)
        return specs
    raise UserError(f"unknown baseline '{strategy}'")
