"""Price a module that is already sharded (`autoshard cost`): the given shardings are fixed, the rest completed.

Shardings on func arguments/results, `sdy.sharding_constraint`s and ops' `sdy.sharding` restrict the plan graph's
nodes to the strategies that produce them (closed dims exactly, open dims as prefixes); every value without one is
completed by the solver the cheapest way with the given ones fixed. The result is an ordinary `Plan`, so its
`cost` and `collectives()` are what the planner would report for that sharding.

The file `autoshard plan` writes states the plan twice, once in the form XLA keeps (`autoshard.emit`): a constraint
pinning every planned value, constraints on each loop's carried values in place of the loop's sharding, and one
constraint per resharded operand. Those are read back before the graph is built (`restore_loop_shardings`,
`drop_restating_constraints`, `fold_operand_constraints`), so the graph priced is the one the plan was priced on
and `autoshard cost` of that file says what the plan's report says: the same step time (loops per iteration) and
the same peak memory.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import Rewriter

from autoshard.dialects.sdy import (SHARDING_ATTR, ShardingConstraintOp, TensorShardingAttr,
                                   TensorShardingPerValueAttr, get_sharding, module_meshes)
from autoshard.errors import Location, UserError
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.ir.static_shapes import require_static_shapes
from autoshard.planner.api import load_with_locations, solve_plan_graph
from autoshard.planner.build_graph import BuiltGraph, build_plan_graph
from autoshard.planner.plan import Plan, PlannedCollective
from autoshard.planner.plan_graph import NodeKind, PlanNode
from autoshard.planner.program import BARRIER_OP, DATA_FLOW_REGION_OPS, TERMINATORS
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions, sharding_allows
from autoshard.rules.attrs import op_name
from autoshard.ir.parse import SourceMap
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config
from autoshard.solver.solve import SolverConfig
from costmodel.hardware import CostConfig

#: kinds of plan nodes that define values (results and constraints only mirror their operand)
_VALUE_KINDS = (NodeKind.ARGUMENT, NodeKind.CONSTANT, NodeKind.OP, NodeKind.DATA_FLOW)
#: ops whose operands are data-flow values, not an op node's operands
_NOT_OP_NODES = (*DATA_FLOW_REGION_OPS, BARRIER_OP, *TERMINATORS, "func.call")
#: a mesh reference inside a printed sharding, `<@mesh, [...]>`
_MESH_REF = re.compile(r"<@([A-Za-z_][\w$.]*)")


@dataclass(frozen=True)
class OpCompute:
    """Modeled compute time of one op node per step (already multiplied by its loop trip count)."""

    label: str
    node: int
    seconds: float
    count: int


@dataclass
class PricedModule:
    """What `price_module` found: the completed `plan`, where the mesh came from, and what was completed."""

    plan: Plan
    mesh_source: str
    #: values whose sharding the module gave (fixed), and values the solver completed
    num_given: int
    num_completed: int
    #: func results and sharding constraints with a given sharding (not values, but fixed points too)
    num_given_boundaries: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def config(self) -> CostConfig:
        return self.plan.config

    def collectives(self) -> list[PlannedCollective]:
        return self.plan.collectives()

    def op_compute(self) -> list[OpCompute]:
        """Every op's compute time, most expensive first."""
        out = []
        for node in self.plan.graph.nodes:
            if node.kind != NodeKind.OP:
                continue
            seconds = self.plan.chosen(node.index).compute_s * node.multiplier
            out.append(OpCompute(node.label, node.index, seconds, node.multiplier))
        return sorted(out, key=lambda c: (-c.seconds, c.node))

    def to_json(self, top_ops: int | None = None) -> dict[str, Any]:
        cost = self.plan.cost
        ops = self.op_compute()
        return {
            **cost.to_json(),
            "mesh": {"axes": self.plan.mesh.shape, "name": self.plan.mesh_name, "source": self.mesh_source},
            "hardware": self.config.name,
            "values_given": self.num_given,
            "values_completed": self.num_completed,
            "solver_status": self.plan.solver.status,
            "collectives": [c.to_json() for c in self.collectives()],
            "ops": [{"op": o.label, "node": o.node, "compute_s": o.seconds, "count": o.count}
                    for o in (ops if top_ops is None else ops[:top_ops])],
            "warnings": self.warnings,
        }


# -- mesh ------------------------------------------------------------------------------------------------
def _used_mesh_names(module: ModuleOp) -> set[str]:
    names = set()
    for op in module.walk():
        for attr in (*op.attributes.values(), *op.properties.values()):
            text = str(attr)
            if "sdy.sharding" in text or text.startswith("#sdy"):
                names.update(_mesh_refs(text))
        arg_attrs = getattr(op, "arg_attrs", None)
        res_attrs = getattr(op, "res_attrs", None)
        for attrs in (arg_attrs, res_attrs):
            if attrs is not None:
                for d in attrs.data:
                    for a in d.data.values():
                        names.update(_mesh_refs(str(a)))
    return names


def _mesh_refs(text: str) -> set[str]:
    return set(_MESH_REF.findall(text))


def choose_mesh(module: ModuleOp, mesh: Mesh | str | Mapping[str, int] | None) -> tuple[Mesh | str | Mapping[str, int] | None, str, str]:
    """(mesh, mesh name, where it came from): the module's `sdy.mesh` when it has one, else `mesh`."""
    meshes = module_meshes(module)
    if not meshes:
        return mesh, "mesh", "--mesh" if mesh is not None else "config"
    if len(meshes) == 1:
        name = next(iter(meshes))
    else:
        used = _used_mesh_names(module) & set(meshes)
        if len(used) != 1:
            raise UserError(f"the module defines meshes {', '.join('@' + n for n in sorted(meshes))} and its "
                            f"shardings use {len(used)} of them; autoshard cost prices one mesh")
        name = next(iter(used))
    found = meshes[name]
    if mesh is not None:
        given = mesh if isinstance(mesh, Mesh) else Mesh.parse(mesh) if isinstance(mesh, str) else Mesh.from_sizes(dict(mesh))
        if given.shape != found.shape:
            raise UserError(f"--mesh {given} differs from the module's sdy.mesh @{name} = {found}; drop --mesh "
                            f"or make them agree")
    return found, name, f"sdy.mesh @{name}"


# -- fixing op shardings ---------------------------------------------------------------------------------
def _locate(node: PlanNode, source_map: SourceMap | None) -> Location | None:
    op = node.ir if isinstance(node.ir, Operation) else None
    if op is None and node.kind == NodeKind.DATA_FLOW:
        op = next((v.op for v in node.ir if isinstance(v, OpResult)), None)
    return source_map.location(op) if source_map is not None and op is not None else None


def _given_output_shardings(node: PlanNode, mesh: Mesh, source_map: SourceMap | None) -> list[TensorSharding | None] | None:
    """The shardings the IR gives each output of `node` (None where absent), or None if it gives none."""
    if node.kind in (NodeKind.OP, NodeKind.CONSTANT):
        values: list[SSAValue] = list(node.ir.results)
    elif node.kind == NodeKind.DATA_FLOW:
        values = [v for v in node.ir if isinstance(v, OpResult)][:1]
    else:
        return None
    given = []
    for value in values:
        attr = get_sharding(value) if isinstance(value, OpResult) else None
        if attr is None:
            given.append(None)
            continue
        sharding = attr.to_sharding()
        for axis in sharding.all_axes() + sharding.replicated + sharding.unreduced:
            if not mesh.has_axis(axis.name):
                raise UserError(f"{node.label}: sharding {sharding} names axis '{axis.name}', which the mesh {mesh} "
                                f"does not have", _locate(node, source_map))
        given.append(sharding)
    return given if any(g is not None for g in given) else None


def fix_op_shardings(node: PlanNode, given: list[TensorSharding | None], mesh: Mesh,
                     location: Location | None = None) -> None:
    """Restrict `node` to the strategies whose outputs honour `given` (one entry per output; None: free)."""
    candidates = node.allowed if node.allowed is not None else range(len(node.strategies))
    keep = []
    for i in candidates:
        outputs = node.strategies[i].outputs
        if all(g is None or (j < len(outputs) and sharding_allows(g, outputs[j], mesh))
               for j, g in enumerate(given)):
            keep.append(i)
    if not keep:
        shown = ", ".join(str(g) if g is not None else "?" for g in given)
        shape = node.outputs[0].shape if node.outputs and node.outputs[0] is not None else "?"
        raise UserError(f"{node.label}: no strategy of this op produces the given sharding [{shown}] on shape "
                        f"{shape} (its sharding rule does not allow it)", location)
    node.allowed = keep


def apply_given_shardings(built: BuiltGraph, mesh: Mesh, source_map: SourceMap | None = None) -> tuple[int, int, int]:
    """Fix every op/constant/data-flow node whose IR gives shardings; (values given, values completed, boundaries)."""
    given_values = completed = boundaries = 0
    for node in built.graph.nodes:
        if node.kind in (NodeKind.RESULT, NodeKind.CONSTRAINT):
            boundaries += node.index in built.user_shardings
            continue
        if node.kind not in _VALUE_KINDS:
            continue
        num_outputs = sum(1 for o in node.outputs if o is not None)
        if node.kind == NodeKind.ARGUMENT:
            given_values += num_outputs if node.index in built.user_shardings else 0
            completed += 0 if node.index in built.user_shardings else num_outputs
            continue
        given = _given_output_shardings(node, mesh, source_map)
        if given is not None:
            fix_op_shardings(node, given, mesh, _locate(node, source_map))
        num_given = sum(1 for g in given or () if g is not None)
        given_values += num_given
        completed += num_outputs - num_given
    return given_values, completed, boundaries


# -- the planner's pins ----------------------------------------------------------------------------------
def _pin_of(value: SSAValue) -> TensorShardingAttr | None | bool:
    """The sharding of the constraint that is `value`'s only use; None if it has no use; False otherwise."""
    uses = list(value.uses)
    if not uses:
        return None
    if len(uses) == 1 and isinstance(uses[0].operation, ShardingConstraintOp):
        return uses[0].operation.sharding
    return False


def restore_loop_shardings(module: ModuleOp) -> int:
    """Give each `stablehlo.while` without a `sdy.sharding` the one its pins state; returns how many loops.

    `autoshard plan` cannot write a loop's sharding (XLA rejects it on a loop whose carried values are sharded) and
    pins each carried value instead, with a constraint that is the only use of the condition's and the body's block
    argument and of the loop's result (`emit.annotate._pin_loop_carried`). Read back as the loop's sharding, they
    make its carried values given like every other planned value, and restate it (`drop_restating_constraints`),
    so a value the body passes back unchanged is the loop-invariant value it is in the program that was planned.
    A loop is left alone unless every carried tensor of rank >= 1 is pinned with one sharding (rank 0: replicated).
    """
    restored = 0
    for loop in list(module.walk()):
        if op_name(loop) != "stablehlo.while" or SHARDING_ATTR in loop.attributes:
            continue
        cond, body = loop.regions[0].blocks[0], loop.regions[1].blocks[0]
        shardings: list[TensorShardingAttr | None] = []
        for i, result in enumerate(loop.results):
            if not isinstance(result.type, TensorType):
                break
            if not result.type.get_shape():
                shardings.append(None)  # a scalar: nothing to pin, replicated
                continue
            pins = [_pin_of(v) for v in (cond.args[i], body.args[i], result)]
            if any(p is False for p in pins):
                break
            named = {p.to_sharding(): p for p in pins if p is not None}
            if len(named) != 1:
                break
            shardings.extend(named.values())
        else:
            mesh_name = next((s.to_sharding().mesh_name for s in shardings if s is not None), None)
            if mesh_name is None:
                continue
            loop.attributes[SHARDING_ATTR] = TensorShardingPerValueAttr([
                s if s is not None else TensorShardingAttr.from_sharding(TensorSharding.replicated_of(mesh_name, 0))
                for s in shardings])
            restored += 1
    return restored


def drop_restating_constraints(module: ModuleOp) -> int:
    """Remove every sharding constraint that restates the sharding its operand is given already (by its op's
    `sdy.sharding`, a func argument's, or a constraint it reads), each use reading the operand instead; returns
    how many. `autoshard plan` writes such a pin after every planned value for XLA's import (`emit.xla_pins`);
    with the operand's sharding fixed it is no choice, no collective and no buffer, and without it the priced
    graph is the one the plan was made on (the rules that look at a value's producer see the op itself)."""
    dropped = 0
    for op in list(module.walk()):
        if not isinstance(op, ShardingConstraintOp):
            continue
        given = get_sharding(op.input)
        if given is None or given.to_sharding() != op.sharding.to_sharding():
            continue
        op.result.replace_all_uses_with(op.input)
        Rewriter.erase_op(op)
        dropped += 1
    return dropped


def _planned_reader(op: Operation) -> bool:
    """An op the plan graph prices as an op node and that carries its own `sdy.sharding` (every op `autoshard
    plan` writes; not a loop, branch, barrier, terminator or sdy op, whose operands are data-flow values)."""
    name = op_name(op)
    if (not isinstance(op.attributes.get(SHARDING_ATTR), TensorShardingPerValueAttr) or name.startswith("sdy.")
            or name in _NOT_OP_NODES):
        return False
    parent = op.parent_op()
    while parent is not None:  # a manual computation's body works on local shards: not planned
        if op_name(parent) == "sdy.manual_computation":
            return False
        parent = parent.parent_op()
    return True


def fold_operand_constraints(module: ModuleOp, keep: Collection[int] = ()) -> dict[Operation, dict[int, TensorSharding]]:
    """Fold each sharding constraint that exactly one op with its own `sdy.sharding` reads into that op: the op
    reads the constraint's operand, wanting it in the constraint's sharding (returned per op and operand index).
    `autoshard plan` writes a reshard so (one constraint per consumer edge, `emit.annotate._insert_reshards`, after
    a constraint to replicated where XLA gathers the whole tensor first, folded too); the plan graph then has the
    edge the plan priced, producer to reader, rather than a constraint node between them, which the rules that
    look at a reader's producers (jax.checkpoint's merged recomputation, fusion, liveness) do not see through.
    `keep`: positions in `module.walk()` of readers not to fold into (their strategies cannot read that sharding)."""
    wanted: dict[Operation, dict[int, TensorSharding]] = {}
    ops = list(module.walk())
    skip = {ops[i] for i in keep if i < len(ops)}
    for op in reversed(ops):  # readers first: a chain of constraints folds from the reader outward
        if not isinstance(op, ShardingConstraintOp):
            continue
        uses = list(op.result.uses)
        if len(uses) != 1:
            continue
        reader, index = uses[0].operation, uses[0].index
        if reader in skip or not _planned_reader(reader):
            continue
        sharding = op.sharding.to_sharding()
        ports = wanted.setdefault(reader, {})
        if index in ports and not sharding.is_fully_replicated():
            continue  # only XLA's staging through replicated is the same reshard as the one folded already
        ports.setdefault(index, sharding)
        reader.operands[index] = op.input
        Rewriter.erase_op(op)
    return wanted


class _UnreadableOperand(Exception):
    """Folded operand shardings that no strategy of their reader can read: price again with those kept."""

    def __init__(self, readers: list[int]):
        super().__init__(readers)
        self.readers = readers


def fix_operand_shardings(built: BuiltGraph, wanted: Mapping[Operation, Mapping[int, TensorSharding]], mesh: Mesh,
                          positions: Mapping[Operation, int]) -> None:
    """Restrict each reader of folded constraints (`fold_operand_constraints`) to the strategies that read them in
    their sharding; raises `_UnreadableOperand` naming the readers none of whose allowed strategies can."""
    unreadable = []
    for node in built.graph.nodes:
        ports = wanted.get(node.ir) if node.kind == NodeKind.OP and isinstance(node.ir, Operation) else None
        if not ports:
            continue
        candidates = node.allowed if node.allowed is not None else range(len(node.strategies))
        keep = [i for i in candidates
                if all(port < len(node.strategies[i].inputs) and sharding_allows(s, node.strategies[i].inputs[port], mesh)
                       for port, s in ports.items())]
        if keep:
            node.allowed = keep
        else:
            unreadable.append(positions[node.ir])
    if unreadable:
        raise _UnreadableOperand(unreadable)


# -- entry -----------------------------------------------------------------------------------------------
def price_module(
    module: ModuleOp | str | os.PathLike,
    mesh: Mesh | str | Mapping[str, int] | None = None,
    config: Any = None,
    *,
    memory_budget: int | None = None,
    time_limit: float = 10.0,
    num_workers: int = 2,
    seed: int = 0,
    function: str | None = None,
) -> PricedModule:
    """Price a sharded module: shardings in the IR fixed, the others completed at least cost.

    The mesh is the module's `sdy.mesh` when present (`mesh` must then agree), else `mesh`, else the config's;
    `config` is a hardware profile name, YAML path or `CostConfig` (default profile when None). Raises `UserError`
    for shardings that name unknown axes or that no strategy can produce, `InfeasibleError` when the fixed
    shardings exceed the memory budget.
    """
    keep: list[int] = []
    while True:
        ir, source_map = load_with_locations(module)
        require_static_shapes(ir, function, source_map)
        inline_private_calls(ir)
        restore_loop_shardings(ir)
        drop_restating_constraints(ir)
        positions = {op: i for i, op in enumerate(ir.walk())}
        wanted = fold_operand_constraints(ir, keep)
        chosen_mesh, mesh_name, mesh_source = choose_mesh(ir, mesh)
        cost_config = resolve_config(chosen_mesh, config)
        mesh_obj = profile_mesh(cost_config)
        model = PlanCostModel(cost_config)
        built = build_plan_graph(ir, mesh_obj, mesh_name, model, PlanOptions(), function)
        num_given, num_completed, boundaries = apply_given_shardings(built, mesh_obj, source_map)
        try:
            fix_operand_shardings(built, wanted, mesh_obj, positions)
            break
        except _UnreadableOperand as e:  # a hand-written constraint its reader cannot take as is: kept as a node
            keep.extend(e.readers)
    budget = memory_budget if memory_budget is not None else cost_config.hardware.memory_bytes
    plan = solve_plan_graph(built, model, budget, mesh_name,
                            SolverConfig(max_time_in_seconds=time_limit, num_workers=num_workers, random_seed=seed))
    return PricedModule(plan, mesh_source, num_given, num_completed, boundaries, list(built.warnings))


