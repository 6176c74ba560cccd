"""Verification rules for the sdy attributes any op can carry: `sdy.sharding`, `sdy.sharding_rule`, propagation
edges."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, TensorType, TupleType
from xdsl.ir import Attribute, Operation

from autoshard.dialects.sdy.diagnostics import fail
from autoshard.dialects.sdy.propagation_edges import PropagationEdgesAttr
from autoshard.dialects.sdy.sharding_rule import OpShardingRuleAttr, factor_symbol
from autoshard.dialects.sdy.shardings import TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.dialects.sdy.verify_shardings import (
    verify_not_bound_by_parent,
    verify_sharding_per_value,
    verify_tensor_sharding,
)


def verify_func_shardings(op) -> None:
    """`sdy.sharding` on func.func arguments and results (each a `#sdy.sharding`)."""
    inputs = list(op.function_type.inputs.data)
    outputs = list(op.function_type.outputs.data)
    for what, attrs, types in (("arg", op.arg_attrs, inputs), ("result", op.res_attrs, outputs)):
        if attrs is None:
            continue
        for i, (dict_attr, type_) in enumerate(zip(attrs.data, types)):
            sharding = dict_attr.data.get("sdy.sharding")
            if sharding is None:
                continue
            if not isinstance(sharding, TensorShardingAttr):
                fail(f"{what} {i} - should have a sharding attribute of type TensorShardingAttr")
            verify_tensor_sharding(op, sharding, type_, f"{what} {i} - ")


def verify_op_sdy_attributes(op: Operation) -> None:
    """The sdy discardable attributes of any (non-sdy or sdy) op."""
    if op.name == "func.func":
        verify_func_shardings(op)
    sharding = op.attributes.get("sdy.sharding")
    if sharding is not None and op.name != "func.func":
        if not isinstance(sharding, TensorShardingPerValueAttr):
            fail("should have a sharding attribute of type TensorShardingPerValueAttr")
        types = list(op.result_types)
        if len(types) == 1 and isinstance(types[0], TupleType):
            tuple_types = types[0].types.data
            if len(tuple_types) != 1:
                fail("ops can only have a sharding for a tuple of size 1")
            types = [tuple_types[0]]
        verify_sharding_per_value(op, sharding, types, "result")
        verify_not_bound_by_parent(op, sharding.shardings, "result - ")
    rule = op.attributes.get("sdy.sharding_rule")
    if rule is not None:
        if not isinstance(rule, OpShardingRuleAttr):
            fail("should have a sharding rule attribute of type OpShardingRuleAttr")
        verify_sharding_rule(op, rule)
    edges = op.attributes.get("sdy.propagation_edges")
    if edges is not None:
        if not isinstance(edges, PropagationEdgesAttr):
            fail("should have a propagation edges attribute of type PropagationEdgesAttr for attr named "
                 "'sdy.propagation_edges'")
        verify_propagation_edges(op, edges)
    for name in ("sdy.result_propagation_edges", "sdy.block_arg_propagation_edges"):
        value = op.attributes.get(name)
        if value is None:
            continue
        if not isinstance(value, ArrayAttr) or not all(isinstance(e, PropagationEdgesAttr) for e in value.data):
            fail("should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr> for attr named "
                 "'sdy.result_propagation_edges' or 'sdy.block_arg_propagation_edges'")
        for e in value.data:
            verify_propagation_edges(op, e)


def _static_shape(type_: Attribute) -> list[int] | None:
    if isinstance(type_, TensorType) and all(d >= 0 for d in type_.get_shape()):
        return list(type_.get_shape())
    return None


def verify_sharding_rule(op: Operation, rule) -> None:
    """An `#sdy.op_sharding_rule` against the op it is attached to."""
    sizes = rule.factor_sizes
    n = len(sizes)
    if len(rule.operand_mappings) != len(op.operands):
        fail(f"number of operands and mappings must match: {len(op.operands)} != {len(rule.operand_mappings)}")
    if len(rule.result_mappings) != len(op.results):
        fail(f"number of results and mappings must match: {len(op.results)} != {len(rule.result_mappings)}")
    if not rule.operand_mappings and not rule.result_mappings:
        fail("a sharding rule needs at least one operand or result mapping")
    used: set[int] = set()
    for what, mappings, values in (("operand", rule.operand_mappings, op.operands),
                                   ("result", rule.result_mappings, op.results)):
        for i, (mapping, value) in enumerate(zip(mappings, values)):
            prefix = f"{what} - " if len(values) == 1 else f"{what} {i} - "
            shape = _static_shape(value.type)
            if shape is None:
                fail(f"{what} {i} - expected a ranked tensor with a static shape")
            if mapping.rank != len(shape):
                fail(f"{prefix}mapping rank must match: {mapping.rank} != {len(shape)}")
            seen: set[int] = set()
            for dim in mapping.factor_lists():
                if not dim:
                    fail(f"{what} {i} - dim mapping must have at least one factor")
                for f in dim:
                    if not 0 <= f < n:
                        fail(f"{what} {i} - expecting factor indices to be within 0<=...<num_factors; received: {f}, "
                             f"num_factors: {n}")
                if len(dim) > 1 and any(sizes[f] == 1 for f in dim):
                    fail(f"{what} {i} - dim mapping can't have a factor of size 1 if there are multiple factors")
                for f in dim:
                    if f in seen:
                        fail(f"{prefix}cannot reuse factors for the same tensor value")
                    seen.add(f)
            used |= seen
    for f in range(n):
        if f not in used:
            fail(f"has factor {factor_symbol(f)}={sizes[f]} that isn't used in operand and result mappings")
    groups = (rule.reduction_factors, rule.need_replication_factors, rule.permutation_factors)
    for group in (*groups, rule.blocked_propagation_factors):
        for f in group:
            if not 0 <= f < n:
                fail(f"index must be less than {n}, got: {f}")
        if list(group) != sorted(group):
            fail("indices of special factors must be sorted")
        if len(set(group)) != len(group):
            fail("indices of special factors must be unique")
    flat = [f for g in groups for f in g]
    if len(set(flat)) != len(flat):
        fail("a factor can only be in one of the reduction, need replication, or permutation factor sets")
    in_results = {f for m in rule.result_mappings for dim in m.factor_lists() for f in dim}
    if any(f in in_results for f in rule.reduction_factors):
        fail("reduction factor cannot be in result mappings")


def verify_propagation_edges(op: Operation, edges) -> None:
    if "sdy.sharding" not in op.attributes and op.name != "func.func":
        fail("expected propagation edges attr to reference a sharding")
    check_ranges = op.name not in ("sdy.data_flow_edge", "sdy.func_data_flow_edge")
    seen_steps: set[int] = set()
    for step in edges.steps:
        if step.step_index < 0:
            fail(f"propagation edges have negative step index: {step.step_index}")
        if step.step_index in seen_steps:
            fail(f"propagation edges have duplicate step index: {step.step_index}")
        seen_steps.add(step.step_index)
        for entry in step.axis_entries.data:
            refs = [entry.source, *entry.targets.data]
            for ref in refs if check_ranges else ():
                count = len(op.operands) if ref.type == "operand" else len(op.results)
                if not 0 <= ref.index < count:
                    fail(f"expected a value ref to have an {ref.type} index in range [0, {count}), got: {ref.index}")
            targets = [(t.type, t.index) for t in entry.targets.data]
            if (entry.source.type, entry.source.index) in targets:
                fail("propagation edges have a source that is the same as a target")
            if len(set(targets)) != len(targets):
                fail(f"propagation edges have duplicate targets for step index: {step.step_index} and axis: "
                     f"{entry.axis_name.axis}")
