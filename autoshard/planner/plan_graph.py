"""The planner's view of a program: nodes that choose a sharding strategy, wired by the values they pass.

A `PlanNode` is either an op with a factor rule (its strategies are factor strategies) or a *value node*: a
function argument, a constant, or a data-flow group (while-carried values, call arguments/results) whose
strategies are candidate shardings of one tensor. Each node defines values (outputs) and consumes values
(inputs); a strategy fixes the sharding of every output and the sharding wanted for every input. An edge
joins a producer's output to a consumer's input: when the two shardings differ, a reshard is paid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

from autoshard.planner.factor_strategies import FactorStrategy
from autoshard.sharding import AxisRef, TensorSharding


@dataclass(frozen=True)
class TensorInfo:
    """Static facts of one SSA value."""

    shape: tuple[int, ...]
    dtype: str

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class Settle:
    """How partial sums over `axes` are settled inside an op: all-reduce, or reduce-scatter onto `dim`.

    `per_dimension` lists the axes of each sharded reduced dimension when the backend settles them one
    dimension at a time, one all-reduce each and then a local slice onto `dim` (XLA's SPMD partitioner does so
    for a `reduce` over several sharded dimensions); empty: one collective over all `axes`.
    """

    kind: str  # "all_reduce" | "reduce_scatter"
    axes: tuple[AxisRef, ...]
    dim: int | None = None
    per_dimension: tuple[tuple[AxisRef, ...], ...] = ()


@dataclass(frozen=True)
class NodeStrategy:
    """One choice of a node: the shardings of what it consumes and defines, and its own cost."""

    inputs: tuple[TensorSharding, ...]
    outputs: tuple[TensorSharding, ...]
    compute_s: float = 0.0
    collective_s: float = 0.0
    factor_strategy: FactorStrategy | None = None
    settle: Settle | None = None
    #: collectives the program itself runs inside the node (a manual computation's body, `costmodel`
    #: CollectiveCost objects); included in `collective_s`
    own_collectives: tuple = ()

    @property
    def cost_s(self) -> float:
        return self.compute_s + self.collective_s


class NodeKind(StrEnum):
    """What a plan node stands for; its value is the name reports and explanations print."""

    #: an op with a factor rule: its strategies are factor strategies
    OP = "op"
    #: an argument of the planned function
    ARGUMENT = "argument"
    #: a constant (or another op without operands) defining one value
    CONSTANT = "constant"
    #: a data-flow group: values one sharding ties together (while-carried, `case`/`if` results, a barrier's pairs)
    DATA_FLOW = "data_flow"
    #: a result of the planned function
    RESULT = "result"
    #: the user's sharding constraint or reshard (`sdy.sharding_constraint`, `sdy.reshard`): kept as written
    CONSTRAINT = "constraint"
    #: a manual computation (`sdy.manual_computation`, `shard_map`): its body is kept as written
    MANUAL = "manual"


@dataclass
class PlanNode:
    """A node of the plan graph (see module docstring)."""

    index: int
    kind: NodeKind
    label: str
    inputs: list[TensorInfo]
    outputs: list[TensorInfo]
    strategies: list[NodeStrategy] = field(default_factory=list)
    #: program position of the definition, and of the last use of each output (liveness)
    position: int = 0
    last_use: int = 0
    #: cost multiplier (trip count of enclosing loops)
    multiplier: int = 1
    #: the IR object behind the node (op, block argument(s)), for emission and explanations
    ir: Any = None
    rule: Any = None
    #: strategies fixed or preferred by the user: indices allowed (None: all)
    allowed: list[int] | None = None
    #: where each input is used in the IR: (op, operand index), for inserting reshards on emission
    input_sites: list[tuple[Any, int]] = field(default_factory=list)
    note: str = ""
    #: a data-flow group of values a `stablehlo.while` carries (operand, condition and body arguments, result)
    loop_carried: bool = False

    def in_function_body(self) -> bool:
        """Whether the node is an op (or a constant) of the function's body, not of a loop body or a branch."""
        return isinstance(self.ir, Operation) and isinstance(self.ir.parent_op(), FuncOp)


@dataclass(frozen=True)
class PlanEdge:
    """Value `producer.outputs[out_port]` consumed as `consumer.inputs[in_port]`."""

    producer: int
    out_port: int
    consumer: int
    in_port: int


@dataclass(frozen=True)
class PortRef:
    """An input or output port of a plan node."""

    node: int
    port: int
    is_input: bool = False

    def sharding(self, strategy: NodeStrategy) -> TensorSharding:
        return strategy.inputs[self.port] if self.is_input else strategy.outputs[self.port]


_T = TypeVar("_T")


@dataclass
class PlanGraph:
    """All nodes and edges of one function (regions flattened, loop bodies weighted by trip count)."""

    nodes: list[PlanNode] = field(default_factory=list)
    edges: list[PlanEdge] = field(default_factory=list)
    mesh_name: str = "mesh"
    num_positions: int = 0
    #: pairs of node ports that must share one sharding (`sdy.sharding_group`, carried state)
    equal_shardings: list[tuple[PortRef, PortRef]] = field(default_factory=list)
    #: whether the values it moves are bf16 moved as f32 (`build_graph.computed_dtypes`)
    moves_bf16_as_f32: bool = False
    #: facts of the graph's structure several passes read (`derived`), with the node and edge counts they hold for
    _derived: dict[str, tuple[tuple[int, int], Any]] = field(default_factory=dict, repr=False, compare=False)
    #: facts of the graph under the last plan asked about (`under_plan`), per name; a copy of the graph starts
    #: without them (its nodes' strategies may differ)
    _under_plan: dict[str, tuple[tuple, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, name: str, compute: Callable[[PlanGraph], _T]) -> _T:
        """`compute(self)`, worked out once while the graph keeps the nodes and edges it has now: a fact of its
        structure alone (its fusion, its ops' merge keys), not of strategies or an assignment."""
        size = (len(self.nodes), len(self.edges))
        cached = self._derived.get(name)
        if cached is None or cached[0] != size:
            cached = self._derived[name] = (size, compute(self))
        return cached[1]

    def under_plan(self, name: str, assignment: Sequence[int], compute: Callable[[PlanGraph, Sequence[int]], _T]
                   ) -> _T:
        """`compute(self, assignment)`, kept for the last assignment asked about under `name` (the passes that
        account for one plan ask for the same facts of it in turn): a fact of the graph under a plan. Read, do not
        change."""
        key = ((len(self.nodes), len(self.edges)), tuple(assignment))
        cached = self._under_plan.get(name)
        if cached is None or cached[0] != key:
            cached = self._under_plan[name] = (key, compute(self, assignment))
        return cached[1]

    def forward_neighbours(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """(sources, readers): per node, the nodes it reads and the nodes reading it, in edge order, loops' back
        edges (a reader not after its producer) left out. Shared and cached (`derived`): read, do not change."""
        def compute(graph: PlanGraph) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
            sources: dict[int, list[int]] = {}
            readers: dict[int, list[int]] = {}
            for e in graph.edges:
                if graph.nodes[e.consumer].position > graph.nodes[e.producer].position:
                    sources.setdefault(e.consumer, []).append(e.producer)
                    readers.setdefault(e.producer, []).append(e.consumer)
            return sources, readers
        return self.derived("forward neighbours", compute)

    def add_node(self, node: PlanNode) -> PlanNode:
        node.index = len(self.nodes)
        self.nodes.append(node)
        return node

    def moved(self, producer: int, port: int) -> TensorInfo | None:
        """Output `port` of node `producer` in the type a reshard moves it in: its own, but f32 for bf16 where the
        graph moves bf16 as f32 (a backend computing bf16 in f32 converts an argument before it reshards it:
        `build_graph.computed_dtypes`)."""
        produced = self.nodes[producer].outputs[port]
        if self.moves_bf16_as_f32 and produced is not None and produced.dtype == "bf16":
            return TensorInfo(produced.shape, "f32")
        return produced

    def edge_weight(self, edge: PlanEdge) -> int:
        """How many times per step the program moves the value along `edge`: the larger multiplier of its ends,
        but 0 where either end is at weight 0 (a case branch that repeats an earlier one runs instead of it, and
        the earlier branch's edges are the ones priced)."""
        producer, consumer = self.nodes[edge.producer].multiplier, self.nodes[edge.consumer].multiplier
        return 0 if min(producer, consumer) == 0 else max(producer, consumer)
