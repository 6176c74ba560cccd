"""Op sharding rules: every StableHLO op as factors, as Shardy's registry defines them.

    rule = rule_for(op)                  # OpShardingRule; never None (unknown ops: conservative + warning)
    found = lookup_rule(op)              # what Shardy's registry gives (None for ops it skips)
    groups = data_flow_groups(while_op)  # values that must share one sharding
"""

from autoshard.dialects.sdy import factor_symbol
from autoshard.rules.builder import (
    OpShardingRuleBuilder,
    build_pointwise,
    conservative_rule,
    identity_rule,
)
from autoshard.rules.data_flow import DataFlowGroup, data_flow_groups, module_data_flow_groups
from autoshard.rules import families  # noqa: F401  (importing the op families fills the registry)
from autoshard.rules.populate import populate_sharding_rules
from autoshard.rules.registry import (
    SHARDING_RULE_ATTR,
    RuleLookup,
    UnknownOpWarning,
    has_known_rule,
    lookup_rule,
    register_rule,
    registered_op_names,
    rule_for,
)
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule

__all__ = [
    "NULL_DIM",
    "SHARDING_RULE_ATTR",
    "DataFlowGroup",
    "FactorType",
    "OpShardingRule",
    "OpShardingRuleBuilder",
    "RuleLookup",
    "UnknownOpWarning",
    "build_pointwise",
    "conservative_rule",
    "data_flow_groups",
    "factor_symbol",
    "has_known_rule",
    "identity_rule",
    "lookup_rule",
    "module_data_flow_groups",
    "populate_sharding_rules",
    "register_rule",
    "registered_op_names",
    "rule_for",
]
