"""The planner's prices, all from `costmodel`: op compute on local shapes, in-op settles, and reshards.

A reshard is priced as the sum of the collectives that perform it on the configured backend
(`hardware.reshard_lowering`), by `autoshard.planner.xla_model.reshard_cost.ReshardPricer`, the one home of reshard
prices: by default XLA's SPMD partitioner, which performs the reshards of the module jax compiles
(`autoshard.planner.xla_model.xla_reshard`, including its last-resort full rematerialization, priced as the all-gather of
the whole tensor then a slice); or Shardy's `reshard_collectives`, the decomposition `--explicit-collectives`
emits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from itertools import repeat

from autoshard.planner.edge_costs import EdgeCostTable
from autoshard.planner.factor_strategies import local_factor_sizes
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanGraph, PlanNode, Settle, TensorInfo
from autoshard.planner.xla_model.backend import backend_for
from autoshard.planner.xla_model.dot_layout import makes_layout_copies
from autoshard.planner.xla_model.fusion_groups import FusionPlan, NodeTraffic, plan_fusion
from autoshard.planner.xla_model.idle_axis_scatter import IdleAxisScatter, scatter_performed
from autoshard.planner.xla_model.no_op_ops import is_no_op
from autoshard.planner.xla_model.reshard_cost import ReshardPricer, performed_kind
from autoshard.planner.xla_model.select_and_scatter_expansion import expansion
from autoshard.sharding import TensorSharding
from autoshard.sharding.axis_renaming import interchangeable_axis_renamings, rename_axes
from autoshard.sharding.collective_steps import Collective
from autoshard.sharding.hardware_profiles import axis_specs, element_bytes, profile_mesh
from costmodel import collectives as cc
from costmodel.compute import OpWork, convolution_flops, dot_flops, op_time, op_work
from costmodel.hardware import CostConfig


#: the input-feeding tie-break (`PlanCostModel.input_feed_s`): a whole argument costs two of the solver's cost units
#: (`strategy_problem.COST_UNIT_S`, 0.1 ns), a shard its fraction of that: enough to order equal plans, too little
#: to outweigh a real difference of more than the arguments' count in units. It must stay a tie-break: a price
#: that grew with the argument's read time would trade real step time for it.
INPUT_FEED_TIE_S = 2e-10


def _numel(shape: Sequence[int]) -> int:
    return math.prod(shape) if shape else 1


def _dtype(node: PlanNode) -> str:
    """The element type a node computes in: its first tensor's."""
    return next((t.dtype for t in (*node.inputs, *node.outputs) if t is not None), "f32")


class PlanCostModel:
    """Implements the planner's `CostOracle` (and reshard pricing) on a `costmodel.CostConfig`."""

    def __init__(self, config: CostConfig):
        self.config = config
        self.mesh = profile_mesh(config)
        #: the XLA backend whose compiled program the prices follow (`hardware.xla_backend`)
        self.backend = backend_for(config)
        #: reshards are priced as the backend that lowers them does (`hardware.reshard_lowering`)
        self._reshards = ReshardPricer(config)
        #: the last graph `fusion` worked out, its node and edge counts then, and its fusion plan
        self._fusion: tuple[PlanGraph, tuple[int, int], FusionPlan] | None = None
        #: per node index, the node, its traffic and its global work in a fusion group (`group_memory_bound`: a
        #: node recomputed in many groups, a scalar chain inlined into each reader, is priced once)
        self._group_work: dict[int, tuple[PlanNode, NodeTraffic, OpWork]] = {}

    def edge_cost_table(self) -> EdgeCostTable:
        """Memoized reshard prices and edge matrices; pairs equal up to a price-preserving renaming priced once."""
        renamings = [partial(rename_axes, mapping=m) for m in self.price_preserving_renamings()]
        return EdgeCostTable(self.reshard_s, renamings)

    def price_preserving_renamings(self) -> list[dict[str, str]]:
        """Axis renamings every reshard price is invariant under: axes of equal size on equal links, and only under
        Shardy's lowering (it treats axes alike whatever their mesh order; XLA's partitioner does not, so a
        renamed pair may lower differently there)."""
        if self.config.hardware.reshard_lowering != "shardy":
            return []
        return interchangeable_axis_renamings(self.mesh, self.config.link)

    # -- compute ----------------------------------------------------------------------------------
    def op_global_work(self, node: PlanNode) -> OpWork:
        """FLOPs and transcendentals of the whole op, unsharded (bytes come from `NodeTraffic`), by costmodel's
        FLOP rule: a dot over its rule's factor sizes, a convolution over its output and kernel (output features
        read from the output's last dimension), anything else from its tensors' element counts (`op_work`)."""
        name = node.label.split(".", 1)[-1]
        outputs = [t for t in node.outputs if t is not None]
        rule = node.rule
        if name in ("dot_general", "dot") and rule is not None:
            return OpWork(dot_flops(max(s, 1) for s in rule.factor_sizes), matmul=True)
        if name == "convolution" and outputs and len(node.inputs) > 1 and node.inputs[1] is not None:
            out_features = outputs[0].shape[-1] if outputs[0].shape else 1
            flops = convolution_flops(_numel(outputs[0].shape), _numel(node.inputs[1].shape), out_features)
            return OpWork(flops, matmul=True)
        return op_work(node.label, [_numel(t.shape) for t in node.inputs if t is not None],
                       [_numel(t.shape) for t in outputs])

    def node_work(self, node: PlanNode, flops_fraction: float, inputs: Sequence[TensorSharding] | None = None,
                  outputs: Sequence[TensorSharding] | None = None, traffic: NodeTraffic | None = None) -> OpWork:
        """Per-device work of `node` under a strategy: `flops_fraction` of its global FLOPs (times the loops it is
        duplicated into, `NodeTraffic.copies`), and the bytes its `traffic` reads and writes on the local shapes of
        `inputs` and `outputs` (the strategy's shardings; None: the shapes as written, e.g. a manual computation's
        body). No traffic: the node is a kernel of its own. A `select_and_scatter` the backend expands moves the
        bytes of the kernels it becomes (`select_and_scatter_expansion`); an op XLA removes moves none
        (`no_op_ops`)."""
        traffic = traffic or NodeTraffic.unfused(node)
        shapes = {"in": self._local_shapes(node.inputs, inputs), "out": self._local_shapes(node.outputs, outputs)}
        nbytes = 0
        times = traffic.read_times or (1,) * len(traffic.reads)
        for ref, info, n in (*zip(traffic.reads, node.inputs, times), *zip(traffic.writes, node.outputs, repeat(1))):
            if ref is not None and info is not None:
                nbytes += n * _numel(shapes[ref[0]][ref[1]]) * element_bytes(info.dtype)
        expanded = expansion(node, shapes["in"], self.backend)
        if expanded is not None:  # the kernels XLA expands it into, instead of one op
            nbytes = expanded.kernel_bytes()
        if is_no_op(node):  # XLA removes it
            nbytes = 0
        work = self.op_global_work(node)
        scale = flops_fraction * traffic.copies
        return OpWork(work.flops * scale, float(nbytes), work.transcendentals * scale, work.matmul)

    def layout_copy_bytes(self, node: PlanNode, inputs: Sequence[TensorSharding] | None,
                          traffic: NodeTraffic | None) -> float:
        """Bytes the copy kernels of a dot's or convolution's transposed operands move (`NodeTraffic.layout_copies`, on
        a backend that makes them: `dot_layout.makes_layout_copies`): each reads its operand's local shape and writes
        it again."""
        if traffic is None or not traffic.layout_copies or not makes_layout_copies(node, self.backend):
            return 0.0
        shapes = self._local_shapes(node.inputs, inputs)
        return float(sum(2 * _numel(shapes[port]) * element_bytes(node.inputs[port].dtype)
                         for port in traffic.layout_copies if node.inputs[port] is not None))

    def state_copy_bytes(self, node: PlanNode, outputs: Sequence[TensorSharding] | None,
                         traffic: NodeTraffic | None) -> float:
        """Bytes the copy kernels of the loop state a body op writes move (`NodeTraffic.state_copies`, on a backend
        that writes the loop state in place: `XlaBackend.loop_state_in_place`): each reads and writes its output."""
        if traffic is None or not traffic.state_copies or not self.backend.loop_state_in_place.value:
            return 0.0
        shapes = self._local_shapes(node.outputs, outputs)
        return float(sum(2 * n * _numel(shapes[port]) * element_bytes(node.outputs[port].dtype)
                         for port, n in enumerate(traffic.state_copies) if n and node.outputs[port] is not None))

    def _local_shapes(self, infos: Sequence[TensorInfo | None], shardings: Sequence[TensorSharding] | None
                      ) -> list[tuple[int, ...]]:
        if shardings is None:
            return [info.shape if info is not None else () for info in infos]
        return [tuple(s.local_shape(info.shape, self.mesh)) if info is not None else ()
                for s, info in zip(shardings, infos)]

    def work_s(self, work: OpWork, dtype: str, memory_bound: bool | None = None) -> float:
        """Seconds of `work`: its roofline, or only its bytes (`memory_bound`) or only its arithmetic (False), as
        its fusion group is priced (`NodeTraffic.memory_bound`)."""
        if memory_bound is True:
            return work.bytes_accessed / self.config.hardware.memory_bandwidth
        if memory_bound is False:
            work = OpWork(work.flops, 0.0, work.transcendentals, work.matmul)
        return op_time(self.config, work, dtype)

    def compute_s(self, node: PlanNode, flops_fraction: float, inputs: Sequence[TensorSharding] | None = None,
                  outputs: Sequence[TensorSharding] | None = None, traffic: NodeTraffic | None = None) -> float:
        """Seconds `node` computes on one device under a strategy (see `node_work`, `work_s`), with the copy kernels
        of its transposed operands (`layout_copy_bytes`, memory-bound)."""
        work = self.node_work(node, flops_fraction, inputs, outputs, traffic)
        copies = (self.layout_copy_bytes(node, inputs, traffic)
                  + self.state_copy_bytes(node, outputs, traffic)) / self.config.hardware.memory_bandwidth
        return self.work_s(work, _dtype(node), traffic.memory_bound if traffic is not None else None) + copies

    def fusion(self, graph: PlanGraph) -> FusionPlan:
        """`plan_fusion` of `graph` on this model's backend, each group of several nodes memory-bound or not as
        `group_memory_bound` prices it; worked out once while `graph` keeps its nodes and edges (strategies are
        filled and a plan priced from the same one)."""
        size = (len(graph.nodes), len(graph.edges))
        if self._fusion is None or self._fusion[0] is not graph or self._fusion[1] != size:
            self._fusion = (graph, size, plan_fusion(graph, self.backend, self.group_memory_bound))
        return self._fusion[2]

    def group_memory_bound(self, members: Sequence[tuple[PlanNode, NodeTraffic]]) -> bool:
        """Whether a fusion group, on global shapes, spends longer moving bytes than computing."""
        flops = bytes_accessed = transcendentals = 0.0
        matmul = False
        for node, traffic in members:
            found = self._group_work.get(node.index)
            if found is None or found[0] is not node or found[1] is not traffic:
                found = self._group_work[node.index] = (node, traffic, self.node_work(node, 1.0, None, None, traffic))
            work = found[2]
            flops += work.flops
            bytes_accessed += work.bytes_accessed
            transcendentals += work.transcendentals
            matmul = matmul or work.matmul
        memory = bytes_accessed / self.config.hardware.memory_bandwidth
        arithmetic = op_time(self.config, OpWork(flops, 0.0, transcendentals, matmul), _dtype(members[0][0]))
        return memory >= arithmetic

    def strategy_work(self, node: PlanNode, strategy: NodeStrategy, traffic: NodeTraffic | None = None) -> OpWork:
        """Per-device work of one run of `node` under `strategy`: the work `compute_s` prices. Value nodes do no
        work; a manual computation's body works on its local shapes as written."""
        if node.kind == NodeKind.MANUAL:
            return self._manual_body_work(node)
        if node.kind != NodeKind.OP or node.rule is None or strategy.factor_strategy is None:
            return OpWork()
        total = math.prod(max(s, 1) for s in node.rule.factor_sizes)
        local = math.prod(max(s, 1) for s in local_factor_sizes(node.rule, strategy.factor_strategy, self.mesh))
        scatter = self.scatter_performed(node, strategy)
        work = self.node_work(node, local / total / (scatter.parts if scatter is not None else 1), strategy.inputs,
                              strategy.outputs, traffic)
        return work + OpWork(bytes_accessed=self.layout_copy_bytes(node, strategy.inputs, traffic)
                             + self.state_copy_bytes(node, strategy.outputs, traffic))

    def _manual_body_work(self, node: PlanNode) -> OpWork:
        """The body ops `manual_computation.body_cost` prices (its own collectives aside), on their shapes."""
        from autoshard.dialects.stablehlo.misc import BODY_COLLECTIVE_KINDS
        from autoshard.planner.manual_computation import body_op_node

        op = node.ir
        total = OpWork()
        for inner in op.regions[0].walk():
            if inner is op or not inner.results or inner.name in BODY_COLLECTIVE_KINDS:
                continue
            local = body_op_node(op, inner)
            if local is not None:
                total = total + self.node_work(local, 1.0)
        return total

    # -- arguments ----------------------------------------------------------------------------------
    def input_feed_bytes(self, sharding: TensorSharding, info: TensorInfo) -> int:
        """Bytes of an argument each device must be given and hold under `sharding`."""
        return _numel(sharding.local_shape(info.shape, self.mesh)) * element_bytes(info.dtype)

    def input_feed_s(self, sharding: TensorSharding, info: TensorInfo) -> float:
        """A tie-break price for feeding an argument: a device holding the whole argument pays
        `INPUT_FEED_TIE_S`, one holding a shard the shard's fraction,
        so that where shardings otherwise price the same, arguments are given to each device as its shard (a
        data-parallel batch sharded on input, not replicated and sliced inside)."""
        whole = _numel(info.shape) * element_bytes(info.dtype)
        if whole == 0:
            return 0.0
        return INPUT_FEED_TIE_S * self.input_feed_bytes(sharding, info) / whole

    # -- collectives --------------------------------------------------------------------------------
    def settle_costs(self, settle: Settle, info: TensorInfo, local_shape: Sequence[int],
                     scatter: IdleAxisScatter | None = None) -> list[cc.CollectiveCost]:
        """The collectives settling partial sums whose local (pre-settle) shape is `local_shape`: one all-reduce or
        reduce-scatter, or one all-reduce per dimension (`Settle.per_dimension`); for a dot XLA computes only the
        part of (`scatter`, `idle_axis_scatter`), an all-reduce of the part and a collective-permute placing it."""
        buffer = _numel(local_shape) * element_bytes(info.dtype)
        if scatter is not None:
            part = buffer / scatter.parts
            return [cc.all_reduce(self.config, axis_specs(settle.axes), part),
                    cc.collective_permute(self.config, axis_specs(scatter.permute_axes(settle.axes)), part)]
        if settle.per_dimension:
            return [cc.all_reduce(self.config, axis_specs(axes), buffer) for axes in settle.per_dimension]
        if self.settle_kind(settle) == "all_reduce":
            return [cc.all_reduce(self.config, axis_specs(settle.axes), buffer)]
        return [cc.reduce_scatter(self.config, axis_specs(settle.axes), buffer)]

    def settle_kind(self, settle: Settle) -> str:
        """The collective that settles partial sums, as the backend performs it (`performed_kind`)."""
        return "all_reduce" if settle.per_dimension else performed_kind(settle.kind, self.config)

    def settle_s(self, settle: Settle, info: TensorInfo, local_shape: Sequence[int],
                 scatter: IdleAxisScatter | None = None) -> float:
        return sum(c.time_s for c in self.settle_costs(settle, info, local_shape, scatter))

    def scatter_performed(self, node: PlanNode, strategy: NodeStrategy) -> IdleAxisScatter | None:
        """How this model's backend partitions `node` under `strategy` when it computes only a part of a
        reduce-scattered dot (`idle_axis_scatter.scatter_performed`), else None."""
        return scatter_performed(node, strategy, self.mesh, self.backend)

    def settles_per_dimension(self, op_name: str, dimension_axes: Sequence[tuple]) -> bool:
        """Whether the backend settles this op's partial sums one sharded reduced dimension at a time: XLA's
        SPMD partitioner does for `reduce` (an all-reduce per dimension, minor first; seen in jaxlib 0.10)."""
        return (self.config.hardware.reshard_lowering == "xla" and op_name == "stablehlo.reduce"
                and sum(1 for axes in dimension_axes if axes) > 1)

    def reshard_steps(self, src: TensorSharding, dst: TensorSharding, info: TensorInfo, fused_slice: bool = False
                      ) -> list[tuple[Collective, cc.CollectiveCost]]:
        """The collectives lowering `src -> dst` on this backend (`hardware.reshard_lowering`), each with its cost;
        `fused_slice`: the consumer takes the last step's local copy (a final all-slice, an all-gather's copy back)
        inside its loop (`fusion_groups.slice_fusing_nodes`), else it is priced as its copy kernel
        (`reshard_cost.slice_copy_cost`, `reshard_cost.step_copy_cost`)."""
        return self._reshards.steps(src, dst, info.shape, element_bytes(info.dtype), fused_slice)

    def reshard_s(self, src: TensorSharding, dst: TensorSharding, info: TensorInfo, fused_slice: bool = False
                  ) -> float:
        """Seconds to reshard `src -> dst`: the sum of `reshard_steps`' costs."""
        return self._reshards.seconds(src, dst, info.shape, element_bytes(info.dtype), fused_slice)

    def reshard_kinds(self, src: TensorSharding, dst: TensorSharding, info: TensorInfo, fused_slice: bool = False
                      ) -> dict[str, float]:
        """Seconds per collective kind for `src -> dst` (for the cost breakdown)."""
        return self._reshards.seconds_by_kind(src, dst, info.shape, element_bytes(info.dtype), fused_slice)
