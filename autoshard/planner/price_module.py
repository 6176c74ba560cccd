"""Price a module that is already sharded (`autoshard cost`): the given shardings are fixed, the rest completed.

Shardings on func arguments/results, `sdy.sharding_constraint`s and ops' `sdy.sharding` restrict the plan graph's
nodes to the strategies that produce them (closed dims exactly, open dims as prefixes); every value without one is
completed by the solver the cheapest way with the given ones fixed. The result is an ordinary `Plan`, so its
`cost` and `collectives()` are what the planner would report for that sharding.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, OpResult, SSAValue

from autoshard.dialects.sdy import get_sharding, module_meshes
from autoshard.errors import Location, UserError
from autoshard.ir.inline_calls import inline_private_calls
from autoshard.planner.api import load_with_locations, solve_plan_graph
from autoshard.planner.build_graph import BuiltGraph, build_plan_graph
from autoshard.planner.plan import Plan, PlannedCollective
from autoshard.planner.plan_graph import PlanNode
from autoshard.planner.pricing import PlanCostModel
from autoshard.planner.user_constraints import PlanOptions, sharding_allows
from autoshard.ir.parse import SourceMap
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config
from autoshard.solver.solve import SolverConfig
from costmodel.hardware import CostConfig

#: kinds of plan nodes that define values (results and constraints only mirror their operand)
_VALUE_KINDS = ("argument", "constant", "op", "data_flow")
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
            if node.kind != "op":
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
    if op is None and node.kind == "data_flow":
        op = next((v.op for v in node.ir if isinstance(v, OpResult)), None)
    return source_map.location(op) if source_map is not None and op is not None else None


def _given_output_shardings(node: PlanNode, mesh: Mesh, source_map: SourceMap | None) -> list[TensorSharding | None] | None:
    """The shardings the IR gives each output of `node` (None where absent), or None if it gives none."""
    if node.kind in ("op", "constant"):
        values: list[SSAValue] = list(node.ir.results)
    elif node.kind == "data_flow":
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
        if node.kind in ("result", "constraint"):
            boundaries += node.index in built.user_shardings
            continue
        if node.kind not in _VALUE_KINDS:
            continue
        num_outputs = sum(1 for o in node.outputs if o is not None)
        if node.kind == "argument":
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
    ir, source_map = load_with_locations(module)
    inline_private_calls(ir)
    chosen_mesh, mesh_name, mesh_source = choose_mesh(ir, mesh)
    cost_config = resolve_config(chosen_mesh, config)
    mesh_obj = profile_mesh(cost_config)
    budget = memory_budget if memory_budget is not None else cost_config.hardware.memory_bytes
    model = PlanCostModel(cost_config)
    built = build_plan_graph(ir, mesh_obj, mesh_name, model, PlanOptions(), function)
    num_given, num_completed, boundaries = apply_given_shardings(built, mesh_obj, source_map)
    plan = solve_plan_graph(built, model, budget, mesh_name,
                            SolverConfig(max_time_in_seconds=time_limit, num_workers=num_workers, random_seed=seed))
    return PricedModule(plan, mesh_source, num_given, num_completed, boundaries, list(built.warnings))


