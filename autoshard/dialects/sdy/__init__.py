"""The Shardy (`sdy`) dialect in xDSL: meshes, sharding annotations, manual/named computations, collectives.

Attributes and ops print and parse Shardy's pretty syntax (as `sdy_opt` prints it) and the generic form;
verifiers check the constraints of the sdy spec and report MLIR-style messages. Every public name is exported
here, so `from autoshard.dialects.sdy import X` works for ops and attributes alike.

Modules, bottom up (each imports only those above it in this list):
- attributes: `attr_syntax`, `axes`, `mesh_attrs`, `shardings`, `all_to_all_params`, `propagation_direction`,
  `sharding_rule`, `propagation_edges`;
- `diagnostics` (how rules fail and warn), `verify_meshes`, then `mesh_op` and `mesh_lookup` (the `sdy.mesh`
  symbol and finding it), `value_sharding` (the sharding of any value), then the rules for shardings, value
  ops, computations, collectives and the sdy attributes of any op (`verify_*`);
- ops: `op_syntax`, `sharding_ops`, `edges`, `constant`, `computations`, `collectives`.
"""

from xdsl.ir import Dialect

from autoshard.dialects.sdy.all_to_all_params import AllToAllParamAttr, AllToAllParamListAttr
from autoshard.dialects.sdy.axes import AxisRefAttr, AxisRefListAttr, ListOfAxisRefListsAttr, SubAxisInfoAttr
from autoshard.dialects.sdy.collectives import (
    AllGatherOp,
    AllReduceOp,
    AllSliceOp,
    AllToAllOp,
    CollectiveOp,
    CollectivePermuteOp,
    ReduceScatterOp,
    ReplicatedToUnreducedOp,
    ShardedToUnreducedOp,
)
from autoshard.dialects.sdy.computations import ManualComputationOp, NamedComputationOp, ReturnOp
from autoshard.dialects.sdy.constant import ConstantOp
from autoshard.dialects.sdy.edges import DataFlowEdgeOp, FuncDataFlowEdgeOp
from autoshard.dialects.sdy.mesh_attrs import MeshAttr, MeshAxisAttr
from autoshard.dialects.sdy.mesh_lookup import lookup_mesh, lookup_mesh_attr, module_meshes
from autoshard.dialects.sdy.mesh_op import MeshOp
from autoshard.dialects.sdy.propagation_direction import PROPAGATION_DIRECTIONS, PropagationDirectionAttr
from autoshard.dialects.sdy.propagation_edges import (
    EDGE_NODE_TYPES,
    AxisToPropagationDetailsAttr,
    EdgeValueRefAttr,
    PropagationEdgesAttr,
    PropagationOneStepAttr,
)
from autoshard.dialects.sdy.sharding_ops import (
    SHARDING_ONLY_OPS,
    PropagationBarrierOp,
    ReshardOp,
    ShardingConstraintOp,
    ShardingGroupOp,
)
from autoshard.dialects.sdy.sharding_rule import (
    SHARDING_RULE_ATTR,
    DimMappingAttr,
    OpShardingRuleAttr,
    TensorMappingAttr,
    factor_symbol,
)
from autoshard.dialects.sdy.shardings import (
    REDUCTION_KINDS,
    DimensionShardingAttr,
    ManualAxesAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
    axis_refs_text,
    sharding_text,
)
from autoshard.dialects.sdy.value_sharding import (
    SHARDING_ATTR,
    ShardingSource,
    func_sharding,
    get_sharding,
    op_shardings,
)

__all__ = [
    "SHARDING_ONLY_OPS",
    "EDGE_NODE_TYPES",
    "PROPAGATION_DIRECTIONS",
    "REDUCTION_KINDS",
    "SDY_ATTRIBUTES",
    "SDY_OPS",
    "SHARDING_ATTR",
    "SHARDING_RULE_ATTR",
    "AllGatherOp",
    "AllReduceOp",
    "AllSliceOp",
    "AllToAllOp",
    "AllToAllParamAttr",
    "AllToAllParamListAttr",
    "AxisRefAttr",
    "AxisRefListAttr",
    "AxisToPropagationDetailsAttr",
    "CollectiveOp",
    "CollectivePermuteOp",
    "ConstantOp",
    "DataFlowEdgeOp",
    "DimMappingAttr",
    "DimensionShardingAttr",
    "EdgeValueRefAttr",
    "FuncDataFlowEdgeOp",
    "ListOfAxisRefListsAttr",
    "ManualAxesAttr",
    "ManualComputationOp",
    "MeshAttr",
    "MeshAxisAttr",
    "MeshOp",
    "NamedComputationOp",
    "OpShardingRuleAttr",
    "PropagationBarrierOp",
    "PropagationDirectionAttr",
    "PropagationEdgesAttr",
    "PropagationOneStepAttr",
    "ReduceScatterOp",
    "ReplicatedToUnreducedOp",
    "ReshardOp",
    "ReturnOp",
    "Sdy",
    "ShardedToUnreducedOp",
    "ShardingConstraintOp",
    "ShardingGroupOp",
    "ShardingSource",
    "SubAxisInfoAttr",
    "TensorMappingAttr",
    "TensorShardingAttr",
    "TensorShardingPerValueAttr",
    "axis_refs_text",
    "factor_symbol",
    "func_sharding",
    "get_sharding",
    "lookup_mesh",
    "lookup_mesh_attr",
    "module_meshes",
    "op_shardings",
    "sharding_text",
]

SDY_OPS = [
    MeshOp,
    ShardingConstraintOp,
    ReshardOp,
    ShardingGroupOp,
    PropagationBarrierOp,
    ManualComputationOp,
    NamedComputationOp,
    DataFlowEdgeOp,
    FuncDataFlowEdgeOp,
    ConstantOp,
    ReturnOp,
    AllGatherOp,
    AllSliceOp,
    AllReduceOp,
    ReduceScatterOp,
    AllToAllOp,
    CollectivePermuteOp,
    ReplicatedToUnreducedOp,
    ShardedToUnreducedOp,
]

SDY_ATTRIBUTES = [
    SubAxisInfoAttr,
    AxisRefAttr,
    AxisRefListAttr,
    ListOfAxisRefListsAttr,
    MeshAxisAttr,
    MeshAttr,
    DimensionShardingAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
    ManualAxesAttr,
    AllToAllParamAttr,
    AllToAllParamListAttr,
    PropagationDirectionAttr,
    DimMappingAttr,
    TensorMappingAttr,
    OpShardingRuleAttr,
    EdgeValueRefAttr,
    AxisToPropagationDetailsAttr,
    PropagationOneStepAttr,
    PropagationEdgesAttr,
]

Sdy = Dialect("sdy", SDY_OPS, SDY_ATTRIBUTES)
