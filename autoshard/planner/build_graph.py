"""Build the plan graph of a module: walk the IR, attach rules, enumerate strategies, apply user intent."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

from autoshard.dialects.sdy import SHARDING_ATTR, SHARDING_ONLY_OPS, func_sharding
from autoshard.errors import UserError
from autoshard.ir.entry import entry_function
from autoshard.ir.op_keys import KeysByObjects
from autoshard.planner.axis_groups import choose_axis_groups
from autoshard.planner.manual_computation import MANUAL_COMPUTATION, manual_strategy
from autoshard.planner.node_strategies import CostOracle, fill_strategies
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanGraph, PlanNode, PortRef, TensorInfo
from autoshard.planner.program import ProgramWalker
from autoshard.planner.user_constraints import PlanOptions, priority_penalty, read_user_sharding, sharding_allows
from autoshard.rules.registry import rule_for, rule_is_local
from autoshard.rules.rule import OpShardingRule
from autoshard.sharding import Mesh, TensorSharding


@dataclass
class BuiltGraph:
    """A plan graph with the facts gathered while building it."""

    graph: PlanGraph
    func: FuncOp
    module: ModuleOp
    warnings: list[str] = field(default_factory=list)
    #: user shardings found on func arguments/results and sharding constraints, by node index
    user_shardings: dict[int, TensorSharding] = field(default_factory=dict)


def _aliased_output(func: FuncOp, index: int):
    """The `tf.aliasing_output` attribute of argument `index` (the result it donates its buffer to), or None."""
    if func.arg_attrs is None:
        return None
    return func.arg_attrs.data[index].data.get("tf.aliasing_output")


def _restrict(node: PlanNode, user: TensorSharding, mesh: Mesh, options: PlanOptions, which: str) -> None:
    """Keep the strategies that honour `user`; prioritized dims become soft penalties."""
    node.strategies = list(node.strategies)  # the list may be shared with same-signature nodes
    allowed = []
    for i, s in enumerate(node.strategies):
        sharding = s.outputs[0] if s.outputs else s.inputs[0]
        if sharding_allows(user, sharding, mesh, honour_priorities=False):
            allowed.append(i)
            penalty = priority_penalty(user, sharding, options.priority_penalty_s)
            if penalty:
                node.strategies[i] = NodeStrategy(s.inputs, s.outputs, s.compute_s, s.collective_s + penalty,
                                                  s.factor_strategy, s.settle)
    if not allowed and _fits(user, _shape(node), mesh):
        # a sharding the candidates do not enumerate (axes out of mesh order on a dimension, say): the user's own
        node.strategies.append(NodeStrategy(tuple(user for _ in node.inputs), tuple(user for _ in node.outputs)))
        allowed.append(len(node.strategies) - 1)
    if not allowed:
        raise UserError(f"{which}: user sharding {user} cannot be honoured on a tensor of shape {_shape(node)}")
    node.allowed = allowed


def _fits(user: TensorSharding, shape: tuple[int, ...], mesh: Mesh) -> bool:
    """Whether `user` is a sharding of a `shape` tensor with no open dimension: each dimension at least as large
    as its number of shards."""
    return (user.rank == len(shape) and all(d.is_closed for d in user.dims)
            and all(n >= d.num_shards(mesh) for n, d in zip(shape, user.dims)))


def _shape(node: PlanNode) -> tuple[int, ...]:
    info = node.outputs[0] if node.outputs else node.inputs[0]
    return info.shape


def build_plan_graph(
    module: ModuleOp, mesh: Mesh, mesh_name: str, oracle: CostOracle, options: PlanOptions, function: str | None = None
) -> BuiltGraph:
    """The plan graph of `module`'s main function, strategies filled and user intent applied."""
    func = entry_function(module, function)
    walker = ProgramWalker(module, rule_for)
    graph = walker.walk_function(func)
    graph.mesh_name = mesh_name
    built = BuiltGraph(graph, func, module)
    rules = {}
    built_rules: dict[tuple, OpShardingRule] = {}  # deep models repeat a few hundred kinds of op thousands of times
    rule_key = KeysByObjects(_rule_key)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for node in graph.nodes:
            if node.kind == NodeKind.OP and node.label == MANUAL_COMPUTATION:
                node.kind = NodeKind.MANUAL
            elif node.kind == NodeKind.OP and node.label not in SHARDING_ONLY_OPS:
                key = rule_key(node.ir)
                if key is None or key not in built_rules:
                    warned = len(caught)
                    rules[node.index] = rule_for(node.ir)
                    if key is not None and len(caught) == warned:  # a warned (unknown) op warns every time
                        built_rules[key] = rules[node.index]
                else:
                    rules[node.index] = built_rules[key]
            elif node.kind == NodeKind.OP:
                node.kind = NodeKind.CONSTRAINT
    built.warnings.extend(str(w.message) for w in caught)
    backend = getattr(oracle, "backend", None)
    if backend is not None and backend.computes_bf16_as_f32.value:
        computed_dtypes(graph)
    links = getattr(getattr(oracle, "config", None), "axis_links", None) or {}
    groups, note = choose_axis_groups(graph, rules, mesh, links, options.axis_groups, options.allow_sub_axes)
    if note:
        built.warnings.append(note)
    fill_strategies(graph, rules, mesh, oracle, options.allow_sub_axes, groups)
    for node in graph.nodes:
        if node.kind == NodeKind.MANUAL:
            node.strategies = [manual_strategy(node, mesh, oracle)]
    for node in graph.nodes:
        _apply_user_intent(node, mesh, options, built)
    graph.equal_shardings.extend(_carried_state(graph, func, options.carry_state))
    return built


def computed_dtypes(graph: PlanGraph) -> None:
    """State the values ops compute in the type a compiler computing bf16 in f32 holds them in
    (`XlaBackend.computes_bf16_as_f32`): f32 for every bf16 value but the step's arguments and results, whose
    buffers the caller holds (seen on XLA:CPU, jaxlib 0.10: a bf16 training step's dots, activations and
    collectives all in f32, its arguments and results bf16). A data-flow group that only arguments feed (a weight
    passed through `jax.checkpoint`'s barrier) is the argument's buffer and keeps its type: the dots reading it read
    a converted copy (`memory_accounting.reshard_writes_buffer`); so does a sharding constraint on it. Reshards
    move bf16 values as f32 (`PlanGraph.moved`): XLA converts an argument before it gathers it."""
    graph.moves_bf16_as_f32 = True
    feeds: dict[int, list[int]] = {}
    for e in graph.edges:
        feeds.setdefault(e.consumer, []).append(e.producer)
    kept = {n.index for n in graph.nodes if n.kind in (NodeKind.ARGUMENT, NodeKind.RESULT)}
    for node in sorted(graph.nodes, key=lambda n: n.position):
        if node.kind in (NodeKind.DATA_FLOW, NodeKind.CONSTRAINT) and feeds.get(node.index) and all(
                p in kept for p in feeds[node.index] if p != node.index):
            kept.add(node.index)
        if node.index not in kept:
            node.inputs = [_as_f32(i) for i in node.inputs]
            node.outputs = [_as_f32(o) for o in node.outputs]


def _as_f32(info: TensorInfo | None) -> TensorInfo | None:
    return TensorInfo(info.shape, "f32") if info is not None and info.dtype == "bf16" else info


def _rule_key(op: Operation) -> tuple | None:
    """What an op's sharding rule depends on: its name, operand and result types, properties and attributes (None
    when the rule depends on more, see `rule_is_local`, or one of them cannot be hashed)."""
    if not rule_is_local(op):
        return None
    key = (op.name, tuple(o.type for o in op.operands), tuple(op.result_types),
           tuple(sorted(op.properties.items())), tuple(sorted(op.attributes.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _carried_state(graph: PlanGraph, func: FuncOp, by_order: bool) -> list[tuple[PortRef, PortRef]]:
    """Argument/result pairs that must share a sharding: donations, and with `by_order` matching types."""
    args = {n.ir[1]: n for n in graph.nodes if n.kind == NodeKind.ARGUMENT}
    results = {n.ir[1]: n for n in graph.nodes if n.kind == NodeKind.RESULT}
    pairs: dict[int, int] = {}  # result index -> argument index
    for i in args:
        alias = _aliased_output(func, i)
        if alias is not None and int(alias.value.data) in results:
            pairs[int(alias.value.data)] = i
    if by_order:
        used = set(pairs.values())
        arg_order = sorted(args)
        for r in sorted(results):
            if r in pairs:
                continue
            want = results[r].inputs[0]
            for i in arg_order:
                if i not in used and args[i].outputs[0] == want:
                    pairs[r] = i
                    used.add(i)
                    break
    return [(PortRef(args[i].index, 0), PortRef(results[r].index, 0, is_input=True)) for r, i in sorted(pairs.items())]


def _apply_user_intent(node: PlanNode, mesh: Mesh, options: PlanOptions, built: BuiltGraph) -> None:
    if node.kind == NodeKind.ARGUMENT:
        func, index = node.ir
        user = read_user_sharding(func_sharding(func, index), mesh)
        if user is not None:
            built.user_shardings[node.index] = user
            _restrict(node, user, mesh, options, f"argument {index}")
        keep = [i for i in (node.allowed if node.allowed is not None else range(len(node.strategies)))
                if options.argument_allows(index, node.strategies[i].outputs[0])]
        if not keep:
            raise UserError(f"argument {index}: the options leave no sharding to choose from")
        node.allowed = keep if len(keep) < len(node.strategies) else node.allowed
    elif node.kind == NodeKind.RESULT:
        func, index = node.ir
        user = read_user_sharding(func_sharding(func, index, result=True), mesh)
        if user is not None:
            built.user_shardings[node.index] = user
            _restrict(node, user, mesh, options, f"result {index}")
    elif node.kind == NodeKind.CONSTRAINT:
        op: Operation = node.ir
        user = read_user_sharding(op.properties.get("sharding") or op.attributes.get("sharding"), mesh)
        if user is not None:
            built.user_shardings[node.index] = user
            _restrict(node, user, mesh, options, f"{op.name}")
    elif node.kind == NodeKind.OP and SHARDING_ATTR in node.ir.attributes:
        pass  # shardings already on ops are the planner's own output or hints; re-planned from scratch
