"""The registry from op name to rule builder, and the lookups the planner and `autoshard rules` use.

`lookup_rule(op)` is Shardy's `getOrCreateShardingRule`: a rule already on the op (`sdy.sharding_rule`)
wins; otherwise the registered builder decides, and some ops get no rule on purpose (structure, data flow,
terminators). `rule_for(op)` is what the planner calls: it never fails and never returns None. Ops without
a Shardy rule that the planner still sees get an autoshard *extension* rule (iota, optimization_barrier,
...); an op nothing is known about gets a conservative rule (every factor need_replication) and an
`UnknownOpWarning` naming it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from xdsl.ir import Operation

from autoshard.errors import UserError
from autoshard.rules.attrs import op_name
from autoshard.rules.builder import conservative_rule, operand_shapes, result_shapes
from autoshard.rules.rule import OpShardingRule

#: A rule builder: (op, conservative) -> the rule, or None when the op gets no rule.
RuleFn = Callable[[Operation, bool], "OpShardingRule | None"]

#: The attribute name Shardy stores an op's rule under.
SHARDING_RULE_ATTR = "sdy.sharding_rule"

_REGISTRY: dict[str, RuleFn] = {}
_READS_PRODUCERS: set[str] = set()  # ops whose rule reads the operands' producers
_EXTENSIONS: dict[str, RuleFn] = {}

#: Ops Shardy gives no rule on purpose: structure, data flow handled by edges, or nothing to propagate.
NO_RULE_OPS: frozenset[str] = frozenset(
    {
        "builtin.module",
        "func.func",
        "func.call",
        "sdy.constant",
        "sdy.data_flow_edge",
        "sdy.func_data_flow_edge",
        "sdy.manual_computation",
        "sdy.mesh",
        "sdy.named_computation",
        "sdy.propagation_barrier",
        "sdy.sharding_group",
        "sdy.reshard",
        "stablehlo.after_all",
        "stablehlo.case",
        "stablehlo.constant",
        "stablehlo.create_token",
        "stablehlo.get_tuple_element",
        "stablehlo.if",
        "stablehlo.infeed",
        "stablehlo.iota",
        "stablehlo.outfeed",
        "stablehlo.optimization_barrier",
        "stablehlo.partition_id",
        "stablehlo.recv",
        "stablehlo.send",
        "stablehlo.while",
    }
)

#: Terminators get no rule.
TERMINATOR_OPS: frozenset[str] = frozenset({"func.return", "stablehlo.return", "sdy.return", "chlo.return"})


class UnknownOpWarning(UserWarning):
    """An op (or custom call target) the registry has no rule for; it was given a conservative rule."""


@dataclass(frozen=True)
class RuleLookup:
    """The outcome of looking up an op's rule.

    source: "attribute" (the op carried a rule), "registry" (a Shardy rule), "none" (Shardy gives no
    rule on purpose), or "unknown" (no rule known; `warning` says which op).
    """

    rule: OpShardingRule | None
    source: Literal["attribute", "registry", "none", "unknown"]
    warning: str | None = None


def register_rule(*op_names: str, reads_producers: bool = False) -> Callable[[RuleFn], RuleFn]:
    """Register `fn(op, conservative)` as the rule builder of `op_names` (Shardy's registry entries);
    `reads_producers` when the rule looks at the ops producing the operands (e.g. constant start indices)."""

    def wrap(fn: RuleFn) -> RuleFn:
        for name in op_names:
            if name in _REGISTRY:
                raise ValueError(f"a rule for {name} is already registered")
            _REGISTRY[name] = fn
            if reads_producers:
                _READS_PRODUCERS.add(name)
        return fn

    return wrap


def rule_is_local(op: Operation) -> bool:
    """Whether `op`'s rule depends only on the op itself (name, types, properties, attributes): no regions, and a
    rule that does not look at the operands' producers. Equal local ops get equal rules."""
    return not op.regions and op_name(op) not in _READS_PRODUCERS


def register_extension(*op_names: str) -> Callable[[RuleFn], RuleFn]:
    """Register a planner-only rule for ops Shardy leaves without one (not printed by `autoshard rules`)."""

    def wrap(fn: RuleFn) -> RuleFn:
        for name in op_names:
            _EXTENSIONS[name] = fn
        return fn

    return wrap


class UnknownCustomCall(Exception):
    """Raised by the custom-call builder for a target it does not know (carries Shardy's warning text)."""


def registered_op_names() -> frozenset[str]:
    return frozenset(_REGISTRY)


def existing_rule(op: Operation) -> OpShardingRule | None:
    """The rule stored on `op` as `sdy.sharding_rule`, if any."""
    attr = op.attributes.get(SHARDING_RULE_ATTR)
    if attr is None:
        return None
    return OpShardingRule.from_attr(attr)


def lookup_rule(op: Operation, conservative: bool = False) -> RuleLookup:
    """The rule Shardy's registry gives `op` (an existing `sdy.sharding_rule` wins)."""
    rule = existing_rule(op)
    if rule is not None:
        return RuleLookup(rule, "attribute")
    fn = _REGISTRY.get(op_name(op))
    if fn is not None:
        try:
            return RuleLookup(fn(op, conservative), "registry")
        except UnknownCustomCall as e:
            return RuleLookup(None, "unknown", str(e))
        except (UserError, ValueError, TypeError, IndexError, KeyError) as e:
            # a malformed or unexpected op: warn and let the caller fall back, never crash
            return RuleLookup(None, "unknown", f"cannot build the sharding rule of '{op_name(op)}': {e}")
    if op_name(op) in NO_RULE_OPS or op_name(op) in TERMINATOR_OPS:
        return RuleLookup(None, "none")
    return RuleLookup(None, "unknown", f"op '{op_name(op)}' is unknown to SDY sharding rule registry")


def rule_for(
    op: Operation,
    conservative: bool = False,
    on_unknown: Callable[[str], None] | None = None,
) -> OpShardingRule:
    """The rule the planner uses for `op`; never None.

    Unknown ops get `conservative_rule` and a warning (`on_unknown(message)`, else an `UnknownOpWarning`).
    """
    found = lookup_rule(op, conservative)
    if found.rule is not None:
        return found.rule
    rule = _extension_rule(op, conservative)
    if rule is not None:
        return rule
    if found.warning is not None:
        if on_unknown is not None:
            on_unknown(found.warning)
        else:
            warnings.warn(found.warning, UnknownOpWarning, stacklevel=2)
    return conservative_rule(operand_shapes(op), result_shapes(op))


def has_known_rule(op: Operation) -> bool:
    """True when `rule_for(op)` comes from a real rule (attribute, registry or extension), not the fallback."""
    return lookup_rule(op).rule is not None or _extension_rule(op, False) is not None


def _extension_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    extension = _EXTENSIONS.get(op_name(op))
    if extension is None:
        return None
    try:
        return extension(op, conservative)
    except (UserError, ValueError, TypeError, IndexError, KeyError):
        return None
