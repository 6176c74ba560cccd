"""The test-only text annotator: sdy.mesh plus sdy.sharding on @main arguments, by index or by JAX name."""

from __future__ import annotations

import pytest

from autoshard.errors import UserError
from autoshard.xla.hand_annotate import annotate_arguments, sharding_attr

TEXT = """module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4xf32> loc("params['w']"), %arg1: tensor<4xf32> {jax.x = 1 : i32} loc("x")) -> (tensor<8x4xf32>) {
    return %arg0 : tensor<8x4xf32>
  }
}
"""


def test_sharding_attr_syntax():
    assert sharding_attr("m", ["a", None, ("b", "c")]) == '#sdy.sharding<@m, [{"a"}, {}, {"b", "c"}]>'


def test_annotate_by_index_and_name():
    out = annotate_arguments(TEXT, {"data": 2, "model": 4}, {"*['w']": ["data", "model"], 1: [None]})
    assert '  sdy.mesh @mesh = <["data"=2, "model"=4]>\n' in out
    assert ('%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>} '
            'loc("params[\'w\']")') in out
    assert '%arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>, jax.x = 1 : i32} loc("x")' in out


def test_annotate_errors():
    with pytest.raises(UserError, match="rank 2, sharding has 1"):
        annotate_arguments(TEXT, {"a": 2}, {0: ["a"]})
    with pytest.raises(UserError, match="no @main argument is named like"):
        annotate_arguments(TEXT, {"a": 2}, {"params['nope']": ["a"]})
    with pytest.raises(UserError, match="%arg7"):
        annotate_arguments(TEXT, {"a": 2}, {7: ["a"]})
