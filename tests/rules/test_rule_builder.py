"""OpShardingRuleBuilder: factor order, size-1 handling, rank-0 tensors, build() filling, conservative rule."""

from autoshard.rules import NULL_DIM, FactorType, OpShardingRuleBuilder, conservative_rule, identity_rule


def test_factors_are_named_in_add_order_and_unmapped_dims_get_size_one_factors():
    b = OpShardingRuleBuilder([(6, 5, 3)], [(6, 7)])
    b.add_factor(0, 0, 6).add_factor(2, NULL_DIM, 3, FactorType.REDUCTION)
    rule = b.build()
    # operand dim 1 and result dim 1 have no factor: fresh size-1 factors, operands first
    assert rule.body_text() == "([i, k, j])->([i, l]) {i=6, j=3, k=1, l=1} reduction={j}"


def test_size_one_factor_is_not_added_to_a_mapped_dim_but_is_reserved():
    b = OpShardingRuleBuilder([(10,)], [(10, 1)])
    b.add_factor(0, 0, 10).add_factor(0, 1, 1)
    assert b.build().body_text() == "([i])->([i, j]) {i=10, j=1}"


def test_same_dim_factor_skips_rank_zero_tensors():
    b = OpShardingRuleBuilder([(), (3, 2), ()], [(3, 2)])
    b.add_pointwise((3, 2))
    assert b.build().body_text() == "([], [i, j], [])->([i, j]) {i=3, j=2}"


def test_factor_types_and_blocking_in_pointwise():
    b = OpShardingRuleBuilder([(4, 9)], [(4, 9)])
    b.add_pointwise((4, 9), lambda d: FactorType.PERMUTATION if d == 1 else FactorType.PASS_THROUGH,
                    lambda t: t is FactorType.PERMUTATION)
    assert b.build().body_text() == "([i, j])->([i, j]) {i=4, j=9} permutation={j} blocked_propagation={j}"


def test_mismatch_helper_and_same_for_all_operands_results():
    b = OpShardingRuleBuilder([(4, 9), (4, 9)], [(4, 3)])
    b.add_pointwise_with_mismatch_type((4, 9), (4, 3), FactorType.NEED_REPLICATION, mismatch_blocked=True)
    assert b.build().body_text() == "([i, j], [i, j])->([i, j]) {i=4, j=9} need_replication={j} blocked_propagation={j}"
    b = OpShardingRuleBuilder([(5,), (5,)], [(10,)])
    b.add_factor_same_for_all_operands(0, 5, FactorType.NEED_REPLICATION)
    b.add_factor_same_for_all_results(0, 10, FactorType.NEED_REPLICATION)
    assert b.build().body_text() == "([i], [i])->([j]) {i=5, j=10} need_replication={i, j}"


def test_build_leaves_builder_reusable():
    b = OpShardingRuleBuilder([(2, 3)], [(2,)])
    b.add_factor(0, 0, 2)
    first = b.build()
    assert b.build() == first
    assert first.body_text() == "([i, j])->([i]) {i=2, j=1}"


def test_size_zero_dims_are_ordinary_factors():
    assert identity_rule((0, 3), 2, 1).body_text() == "([i, j], [i, j])->([i, j]) {i=0, j=3}"


def test_conservative_rule_replicates_every_dim():
    rule = conservative_rule([(2, 3), ()], [(6,)])
    assert rule.body_text() == "([i, j], [])->([k]) {i=2, j=3, k=6} need_replication={i, j, k}"
    rule.verify([(2, 3), ()], [(6,)])
