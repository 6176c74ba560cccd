"""Converting between `OpShardingRule` and the IR attribute `#sdy.op_sharding_rule<...>`.

The typed `OpShardingRuleAttr` of `autoshard.dialects.sdy` is used when that dialect is available; an
attribute parsed without it (an xDSL unregistered attribute) is read from its text, and a rule is written
back as such an attribute when the typed one cannot be built.
"""

from __future__ import annotations

import importlib
from typing import Any

from xdsl.dialects.builtin import UnregisteredAttr
from xdsl.ir import Attribute

from autoshard.errors import UserError
from autoshard.rules.attrs import int_list
from autoshard.rules.rule import OpShardingRule

_ATTR_NAME = "sdy.op_sharding_rule"


def _typed_attr_class() -> Any:
    try:
        sdy = importlib.import_module("autoshard.dialects.sdy")
    except ModuleNotFoundError:
        return None
    return getattr(sdy, "OpShardingRuleAttr", None)


def _dims_of_tensor(tensor_attr: Any) -> list[list[int]]:
    dims = getattr(tensor_attr, "dim_mappings", None)
    dims = getattr(dims, "data", dims)
    out = []
    for dim in dims:
        indices = getattr(dim, "factor_indices", dim)
        out.append(int_list(indices))
    return out


def _mappings(value: Any) -> list[list[list[int]]]:
    value = getattr(value, "data", value)
    return [_dims_of_tensor(t) for t in value]


def rule_from_attr(attr: Attribute) -> OpShardingRule:
    """The rule an `#sdy.op_sharding_rule` attribute holds."""
    if isinstance(attr, UnregisteredAttr):
        text = attr.value.data
        if attr.attr_name.data == _ATTR_NAME:
            return OpShardingRule.parse(f"#{_ATTR_NAME}<{text}>" if not text.startswith("<") else f"#{_ATTR_NAME}{text}")
        return OpShardingRule.parse(text)
    if hasattr(attr, "factor_sizes") and hasattr(attr, "operand_mappings"):
        is_custom = getattr(attr, "is_custom_rule", getattr(attr, "is_custom", False))
        is_custom = getattr(is_custom, "data", is_custom)
        return OpShardingRule(
            tuple(int_list(attr.factor_sizes)),
            _mappings(attr.operand_mappings),
            _mappings(attr.result_mappings),
            tuple(int_list(getattr(attr, "reduction_factors", []))),
            tuple(int_list(getattr(attr, "need_replication_factors", []))),
            tuple(int_list(getattr(attr, "permutation_factors", []))),
            tuple(int_list(getattr(attr, "blocked_propagation_factors", []))),
            bool(is_custom),
        )
    raise UserError(f"sdy.sharding_rule must be an #sdy.op_sharding_rule, got {attr}")


def rule_to_attr(rule: OpShardingRule) -> Attribute:
    """The IR attribute for `rule` (typed when the sdy dialect offers a constructor, else textual)."""
    cls = _typed_attr_class()
    if cls is not None:
        for ctor in ("from_rule", "from_fields", "get"):
            make = getattr(cls, ctor, None)
            if make is None:
                continue
            try:
                if ctor == "from_rule":
                    return make(rule)
                return make(
                    factor_sizes=rule.factor_sizes,
                    operand_mappings=rule.operand_mappings,
                    result_mappings=rule.result_mappings,
                    reduction_factors=rule.reduction_factors,
                    need_replication_factors=rule.need_replication_factors,
                    permutation_factors=rule.permutation_factors,
                    blocked_propagation_factors=rule.blocked_propagation_factors,
                    is_custom_rule=rule.is_custom,
                )
            except TypeError:
                continue
    unregistered = UnregisteredAttr.with_name_and_type(_ATTR_NAME, False)
    return unregistered(_ATTR_NAME, False, False, rule.body_text())
