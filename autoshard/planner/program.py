"""Walk a function's IR into planner nodes: ops with rules, arguments, constants and data-flow groups.

Regions are flattened in program order. `stablehlo.while` carried values, `case`/`if` results and the values through
an `optimization_barrier` become *data-flow groups*: one value node whose
sharding all the tied values share (Shardy's data-flow edges). Calls of private functions are
inlined before planning (`autoshard.ir.inline_calls`). Scalar bodies (reduce, sort, scatter, ...)
are not planned. Ops inside a loop body are weighted by the loop's trip count when it can be read off the
condition and body (`i < N` or `i <= N` from a constant start by a constant step, `while_trip_count`), else by 1.
A `case` branch that computes what an earlier branch does (the recomputation's protection) runs instead of it: its
ops are weighted by 0 and tied, port by port, to the earlier branch's (`PlanGraph.equal_shardings`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Block, Operation, SSAValue

from autoshard.dialects.sdy import SHARDING_ONLY_OPS
from autoshard.ir.object_memo import ByIdentity
from autoshard.rules.attrs import op_name
from autoshard.planner.plan_graph import NodeKind, PlanEdge, PlanGraph, PlanNode, PortRef, TensorInfo

#: ops whose regions hold tensor computations that are planned (other regions are scalar bodies)
DATA_FLOW_REGION_OPS = ("stablehlo.while", "stablehlo.case", "stablehlo.if")
#: `jax.checkpoint`'s barrier: no computation, operand i and result i tied (a data-flow op without regions)
BARRIER_OP = "stablehlo.optimization_barrier"
SOURCE_OPS = ("stablehlo.constant", "sdy.constant")
TERMINATORS = ("func.return", "stablehlo.return", "sdy.return")


def tensor_info(value: SSAValue) -> TensorInfo | None:
    """Shape and element type of a ranked tensor value (None for tokens, tuples, unranked)."""
    return _INFO_OF_TYPE(value.type, _info_of_type)  # the parser shares one object per type: no hashing


def _info_of_type(t: Attribute) -> TensorInfo | None:
    return _tensor_info_of_type(t) if isinstance(t, TensorType) else None


_INFO_OF_TYPE: ByIdentity[Attribute, TensorInfo | None] = ByIdentity(4096)


@functools.lru_cache(maxsize=4096)
def _tensor_info_of_type(t: TensorType) -> TensorInfo | None:
    # memoized on the (immutable, hashable) type: printing the element type dominated on 10^5 values
    shape = tuple(int(d) for d in t.get_shape())
    if any(d < 0 for d in shape):
        return None
    return TensorInfo(shape, str(t.element_type))


@dataclass
class _Group:
    node: PlanNode


class ProgramWalker:
    """Builds the node/edge skeleton of a `PlanGraph` (strategies are filled in later by the builder)."""

    def __init__(self, module: ModuleOp, rule_for: Callable[[Operation], Any]):
        self.module = module
        self.rule_for = rule_for
        self.graph = PlanGraph()
        self.producer: dict[SSAValue, tuple[int, int]] = {}
        self.pending_uses: list[tuple[SSAValue, int, int]] = []  # (value, consumer node, in port)
        self.position = 0
        self.sharding_groups: dict[int, list[SSAValue]] = {}

    # -- entry ----------------------------------------------------------------------------------
    def walk_function(self, func: FuncOp) -> PlanGraph:
        block = func.body.blocks[0]
        for i, arg in enumerate(block.args):
            info = tensor_info(arg)
            if info is None:
                continue
            node = self._add(PlanNode(0, NodeKind.ARGUMENT, f"%arg{i}", [], [info], ir=(func, i)))
            self.producer[arg] = (node.index, 0)
        self._walk_block(block, multiplier=1, top_level=True, func=func)
        self._connect()
        for members in self.sharding_groups.values():
            known = [PortRef(*self.producer[v]) for v in members if v in self.producer]
            self.graph.equal_shardings.extend(zip(known, known[1:]))
        self.graph.num_positions = self.position + 1
        return self.graph

    # -- helpers --------------------------------------------------------------------------------
    def _add(self, node: PlanNode) -> PlanNode:
        node.position = self.position
        node.last_use = self.position
        self.position += 1
        return self.graph.add_node(node)

    def _use(self, value: SSAValue, node: PlanNode, port: int, site: tuple[Operation, int]) -> None:
        while len(node.input_sites) <= port:
            node.input_sites.append(site)
        node.input_sites[port] = site
        if tensor_info(value) is not None:
            self.pending_uses.append((value, node.index, port))

    def _new_group(self, label: str, info: TensorInfo, multiplier: int, loop_carried: bool = False) -> _Group:
        node = self._add(PlanNode(0, NodeKind.DATA_FLOW, label, [], [info], multiplier=multiplier,
                                  loop_carried=loop_carried))
        node.ir = []
        return _Group(node)

    def _group_input(self, group: _Group, site: Operation, operand_index: int) -> None:
        value = site.operands[operand_index]
        port = len(group.node.inputs)
        info = tensor_info(value)
        assert info is not None
        group.node.inputs.append(info)
        self._use(value, group.node, port, (site, operand_index))

    def _group_output(self, group: _Group, value: SSAValue) -> None:
        self.producer[value] = (group.node.index, 0)
        group.node.ir.append(value)

    def _connect(self) -> None:
        for value, consumer, port in self.pending_uses:
            if value not in self.producer:
                continue  # defined outside the planned program (e.g. in a scalar body)
            prod, out_port = self.producer[value]
            self.graph.edges.append(PlanEdge(prod, out_port, consumer, port))
            cnode = self.graph.nodes[consumer]
            pnode = self.graph.nodes[prod]
            pnode.last_use = max(pnode.last_use, cnode.position)

    # -- walking --------------------------------------------------------------------------------
    def _walk_block(self, block: Block, multiplier: int, top_level: bool = False, func: FuncOp | None = None) -> None:
        for op in block.ops:
            name = op_name(op)
            if name == "func.return" and top_level:
                self._function_results(op, func)
            elif name in TERMINATORS:
                continue  # region yields are handled by the enclosing data-flow op
            elif name == "stablehlo.while":
                self._walk_while(op, multiplier)
            elif name in ("stablehlo.case", "stablehlo.if"):
                self._walk_case(op, multiplier)
            elif name == BARRIER_OP:
                self._walk_barrier(op, multiplier)
            else:
                self._walk_op(op, multiplier)

    def _walk_op(self, op: Operation, multiplier: int) -> None:
        outputs = [tensor_info(r) for r in op.results]
        name = op_name(op)
        if name in SOURCE_OPS or (not op.operands and op.results and name != "stablehlo.iota"):
            if len(op.results) == 1 and outputs[0] is not None:
                node = self._add(PlanNode(0, NodeKind.CONSTANT, name, [], [outputs[0]], multiplier=multiplier, ir=op))
                self.producer[op.results[0]] = (node.index, 0)
            return
        if name == "sdy.sharding_group":
            group = op.properties["group_id"].value.data  # type: ignore[union-attr]
            self.sharding_groups.setdefault(group, []).append(op.operands[0])
            return
        if not op.results and name.startswith("sdy."):
            return
        inputs = [tensor_info(v) for v in op.operands]
        node = self._add(
            PlanNode(0, NodeKind.OP, name, inputs, outputs, multiplier=multiplier, ir=op)  # type: ignore[arg-type]
        )
        for i, v in enumerate(op.operands):
            self._use(v, node, i, (op, i))
        for i, r in enumerate(op.results):
            if outputs[i] is not None:
                self.producer[r] = (node.index, i)

    def _function_results(self, ret: Operation, func: FuncOp | None) -> None:
        for i, v in enumerate(ret.operands):
            info = tensor_info(v)
            if info is None:
                continue
            node = self._add(PlanNode(0, NodeKind.RESULT, f"result {i}", [info], [], ir=(func, i)))
            self._use(v, node, 0, (ret, i))

    def _walk_while(self, op: Operation, multiplier: int) -> None:
        cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
        trip = while_trip_count(op)
        groups: list[_Group | None] = []
        for i, operand in enumerate(op.operands):
            info = tensor_info(operand)
            if info is None:
                groups.append(None)
                continue
            g = self._new_group(f"while carried value {i}", info, multiplier, loop_carried=True)
            self._group_input(g, op, i)
            for value in (cond.args[i], body.args[i], op.results[i]):
                self._group_output(g, value)
            groups.append(g)
        self._walk_block(cond, multiplier * trip)
        self._walk_block(body, multiplier * trip)
        body_yield = body.last_op
        assert body_yield is not None
        for i, g in enumerate(groups):
            if g is not None:
                self._group_input(g, body_yield, i)

    def _walk_barrier(self, op: Operation, multiplier: int) -> None:
        """Operand i and result i of an optimization barrier share one sharding (its data-flow edge): one group
        per pair, so a barrier over N values (`jax.checkpoint` saves a layer's inputs through one) is N choices
        rather than one node choosing among the product of theirs."""
        for i, result in enumerate(op.results):
            info = tensor_info(result)
            if info is None:
                continue
            g = self._new_group(f"{op.name} value {i}", info, multiplier)
            self._group_input(g, op, i)
            self._group_output(g, result)

    def _walk_case(self, op: Operation, multiplier: int) -> None:
        groups = []
        for i, r in enumerate(op.results):
            info = tensor_info(r)
            groups.append(self._new_group(f"{op.name} result {i}", info, multiplier) if info else None)
            if groups[-1] is not None:
                self._group_output(groups[-1], r)
        first_node: list[int] = []  # per branch, the index of its first node
        for k, region in enumerate(op.regions):
            block = region.blocks[0]
            first_node.append(len(self.graph.nodes))
            repeated = _earlier_branch_repeated(op, k)
            self._walk_block(block, 0 if repeated is not None else multiplier)
            if repeated is not None:
                self._tie_repeated_branch(first_node[repeated], first_node[k], len(self.graph.nodes))
            yielded = block.last_op
            assert yielded is not None
            for i, g in enumerate(groups):
                if g is not None:
                    self._group_input(g, yielded, i)

    def _tie_repeated_branch(self, original: int, start: int, stop: int) -> None:
        """The nodes `start..stop` of a branch that repeats the branch whose nodes begin at `original` (walked alike,
        so in the same order) take that branch's shardings, port by port: the written program runs the priced
        branch whichever branch the index selects."""
        for offset in range(stop - start):
            repeat, priced = self.graph.nodes[start + offset], self.graph.nodes[original + offset]
            assert repeat.label == priced.label, "a repeated branch was walked differently from its original"
            for is_input, infos in ((False, repeat.outputs), (True, repeat.inputs)):
                self.graph.equal_shardings.extend(
                    (PortRef(priced.index, port, is_input), PortRef(repeat.index, port, is_input))
                    for port, info in enumerate(infos) if info is not None)


def _earlier_branch_repeated(op: Operation, k: int) -> int | None:
    """The earlier branch that branch `k` of a `stablehlo.case` computes alike, if any (the recomputation pass's
    protection clones one chain into every branch): it runs instead of that branch, so its ops are walked at
    weight 0 (the case is priced once) and tied to that branch's shardings."""
    region = op.regions[k]
    return next((j for j in range(k) if region.is_structurally_equivalent(op.regions[j])), None)


def _source(value: SSAValue) -> SSAValue:
    """`value` with the sharding constraints and reshards around it looked through: `autoshard plan` constrains
    every loop operand and yielded value, so a planned loop's counter starts from, and is yielded through, one."""
    while isinstance(value.owner, Operation) and op_name(value.owner) in SHARDING_ONLY_OPS:
        value = value.owner.operands[0]
    return value


def _constant_int(value: SSAValue) -> int | None:
    op = _source(value).owner
    if not isinstance(op, Operation) or op_name(op) != "stablehlo.constant":
        return None
    attr = op.properties.get("value") or op.attributes.get("value")
    try:
        data = attr.get_values() if hasattr(attr, "get_values") else None  # type: ignore[union-attr]
        if data is not None and len(data) >= 1:
            return int(data[0])
    except (TypeError, ValueError):
        return None
    return None


def while_trip_count(op: Operation) -> int:
    """The trip count of a counted loop: the condition compares a carried counter with a constant (`i < N`,
    `i <= N`, `N > i`, `N >= i`), the counter starts from a constant and the body adds a constant step to it (1 when
    the step cannot be read); 1 when the loop is not counted so. Sharding constraints and reshards on the way are
    looked through (`autoshard plan`'s output has them; `autoshard cost` of it must count the same loops)."""
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    ret = cond.last_op
    if ret is None or not ret.operands:
        return 1
    cmp = _source(ret.operands[0]).owner
    if not isinstance(cmp, Operation) or op_name(cmp) != "stablehlo.compare":
        return 1
    direction = str(cmp.properties.get("comparison_direction") or cmp.attributes.get("comparison_direction") or "")
    lhs, rhs = (_source(v) for v in cmp.operands)
    flipped = {"GT": "LT", "GE": "LE"}
    if rhs in cond.args and lhs not in cond.args:  # N > i is i < N
        lhs, rhs = rhs, lhs
        direction = next((flipped[d] for d in flipped if d in direction), "")
    kind = "LE" if "LE" in direction else "LT" if "LT" in direction else None
    if kind is None or not (isinstance(lhs, SSAValue) and lhs in cond.args):
        return 1
    index = list(cond.args).index(lhs)
    bound = _constant_int(rhs)
    start = _constant_int(op.operands[index])
    if bound is None or start is None:
        return 1
    step = _counter_step(body, index) or 1
    span = bound - start + (1 if kind == "LE" else 0)
    return max(1, -(-span // step))


def _counter_step(body: Block, index: int) -> int | None:
    """The constant the body adds to carried value `index` (`i + k` yielded), None when it does not."""
    yielded = body.last_op
    if yielded is None or len(yielded.operands) <= index:
        return None
    update = _source(yielded.operands[index]).owner
    if not isinstance(update, Operation) or op_name(update) != "stablehlo.add":
        return None
    counter = body.args[index]
    a, b = (_source(v) for v in update.operands)
    step = _constant_int(b) if a is counter else _constant_int(a) if b is counter else None
    return step if step is not None and step > 0 else None
