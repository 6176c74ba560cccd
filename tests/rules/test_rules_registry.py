"""The registry: names, unknown and malformed ops (warning, conservative rule, never a crash)."""

import warnings

import pytest

from autoshard.rules import UnknownOpWarning, lookup_rule, registered_op_names, rule_for
from autoshard.rules.registry import NO_RULE_OPS, register_rule
from rules_helpers import find_op, parse_ops

#: Every op family of Shardy's registry, by StableHLO name.
SHARDY_FAMILIES = {
    "stablehlo.add", "stablehlo.all_gather", "stablehlo.all_reduce", "stablehlo.all_to_all", "stablehlo.batch_norm_inference",
    "stablehlo.bitcast_convert", "stablehlo.broadcast_in_dim", "stablehlo.cholesky", "stablehlo.clamp",
    "stablehlo.collective_permute", "stablehlo.concatenate", "stablehlo.convolution", "stablehlo.custom_call",
    "stablehlo.dot", "stablehlo.dot_general", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice",
    "stablehlo.fft", "stablehlo.gather", "stablehlo.pad", "stablehlo.reduce", "stablehlo.reduce_scatter",
    "stablehlo.reduce_window", "stablehlo.reshape", "stablehlo.reverse", "stablehlo.rng_bit_generator",
    "stablehlo.scatter", "stablehlo.select", "stablehlo.select_and_scatter", "stablehlo.slice", "stablehlo.sort",
    "stablehlo.transpose", "stablehlo.triangular_solve", "sdy.sharding_constraint",
}


def test_every_shardy_family_is_registered_and_no_rule_ops_are_not():
    names = registered_op_names()
    assert SHARDY_FAMILIES <= names
    assert not (names & NO_RULE_OPS)


def test_registering_twice_is_refused():
    with pytest.raises(ValueError, match="already registered"):
        register_rule("stablehlo.add")(lambda op, conservative: None)


def test_unknown_op_gets_conservative_rule_and_a_warning_naming_it():
    module = parse_ops("%a: tensor<3x2xf32>", '%0:2 = "mydialect.frob"(%a, %a) : (tensor<3x2xf32>, tensor<3x2xf32>) -> (tensor<6xf32>, tensor<f32>)')
    op = find_op(module, "mydialect.frob")
    messages = []
    rule = rule_for(op, on_unknown=messages.append)
    assert messages == ["op 'mydialect.frob' is unknown to SDY sharding rule registry"]
    assert rule.body_text() == "([i, j], [k, l])->([m], []) {i=3, j=2, k=3, l=2, m=6} need_replication={i, j, k, l, m}"
    with pytest.warns(UnknownOpWarning, match="mydialect.frob"):
        rule_for(op)


def test_malformed_known_op_warns_instead_of_crashing():
    # a transpose without its permutation
    module = parse_ops("%a: tensor<3x2xf32>", '%0 = "stablehlo.transpose"(%a) : (tensor<3x2xf32>) -> tensor<2x3xf32>')
    op = find_op(module, "stablehlo.transpose")
    found = lookup_rule(op)
    assert found.source == "unknown" and "stablehlo.transpose" in found.warning and "permutation" in found.warning
    with pytest.warns(UnknownOpWarning):
        assert rule_for(op).need_replication_factors == (0, 1, 2, 3)


def test_terminators_and_constants_get_no_rule_quietly():
    module = parse_ops("", '%c = "stablehlo.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>')
    for op in module.walk():
        found = lookup_rule(op)
        assert found.rule is None and found.source == "none", op.name
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rule_for(find_op(module, "stablehlo.constant"))


def test_iota_has_a_planner_rule_but_no_shardy_rule():
    module = parse_ops("", '%0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4x5xi32>')
    op = find_op(module, "stablehlo.iota")
    assert lookup_rule(op).rule is None
    assert rule_for(op).body_text() == "()->([i, j]) {i=4, j=5}"


def test_scalar_producers_have_quiet_planner_rules():
    module = parse_ops("", '%0 = "stablehlo.replica_id"() : () -> tensor<ui32>')
    op = find_op(module, "stablehlo.replica_id")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rule_for(op).body_text() == "()->([])"


def test_chlo_constant_like_is_pointwise():
    body = '%0 = "chlo.constant_like"(%a) <{value = 1.0 : f32}> : (tensor<3x2xf32>) -> tensor<3x2xf32>'
    module = parse_ops("%a: tensor<3x2xf32>", body)
    assert lookup_rule(find_op(module, "chlo.constant_like")).rule.body_text() == "([i, j])->([i, j]) {i=3, j=2}"
