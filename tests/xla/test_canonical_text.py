"""canonical_text: jaxlib's parser accepts every zoo file, printing is idempotent, the three forms agree."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")

from autoshard.errors import UserError, VerificationError  # noqa: E402
from autoshard.xla import canonical_text  # noqa: E402
from xla_zoo_paths import ZOO_NAMES, zoo_file  # noqa: E402


@pytest.mark.parametrize("name", ZOO_NAMES)
def test_zoo_forms_canonicalize_identically_and_idempotently(name):
    texts = {variant: zoo_file(name, variant).read_text() for variant in ("pretty", "generic", "debug")}
    canonical = {variant: canonical_text(text) for variant, text in texts.items()}
    assert canonical["pretty"] == canonical["generic"] == canonical["debug"]
    assert canonical_text(canonical["pretty"]) == canonical["pretty"]
    with_locations = canonical_text(texts["debug"], debug_info=True)
    assert canonical_text(with_locations, debug_info=True) == with_locations
    generic = canonical_text(texts["pretty"], generic=True)
    assert canonical_text(generic) == canonical["pretty"]


def test_sdy_annotations_survive():
    text = zoo_file("mlp").read_text()
    annotated = text.replace("{\n  func.func public", '{\n  sdy.mesh @mesh = <["a"=2, "b"=4]>\n  func.func public', 1)
    annotated = annotated.replace("%arg6: tensor<8x64xf32>",
                                  '%arg6: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {}]>}')
    out = canonical_text(annotated)
    assert 'sdy.mesh @mesh = <["a"=2, "b"=4]>' in out
    assert '#sdy.sharding<@mesh, [{"a", ?}, {}]>' in out


def test_parse_error_has_location():
    with pytest.raises(UserError) as info:
        canonical_text("module {\n  func.func @main( {\n}\n", filename="bad.mlir")
    assert str(info.value).startswith("bad.mlir:2:")


def test_verifier_error_is_reported():
    bad_axis = ('module {\n  sdy.mesh @m = <["a"=2]>\n  func.func @main(%x: tensor<8xf32> '
                '{sdy.sharding = #sdy.sharding<@m, [{"zz"}]>}) -> tensor<8xf32> {\n'
                '    return %x : tensor<8xf32>\n  }\n}\n')
    with pytest.raises(UserError, match="zz|unknown axis"):
        canonical_text(bad_axis, filename="axis.mlir")
