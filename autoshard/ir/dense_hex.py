"""Bit-exact float literals in dense attributes: xDSL 0.74 reads a hex float splat as an integer.

MLIR writes float elements that do not print losslessly in decimal (infinities, NaNs, some values) as the hex
bit pattern of the element type: `dense<0xFF800000> : tensor<f32>` is -inf. xDSL 0.74 turns that token into
the integer 4286578688 and then into the float 4.28657869e+09. `install()` patches the tensor-literal element
conversion so a hex integer literal meant for a float element type is reinterpreted as that type's bits, for
f16, bf16, f32, f64 (and the small f8/f4 types through their packers), splat or not, in every dense attribute
the parser reads (pretty ops, generic properties, attribute dictionaries).
"""

from __future__ import annotations

import struct

from xdsl.dialects.builtin import AnyFloat, BFloat16Type, ComplexType, Float16Type, Float32Type, Float64Type
from xdsl.parser.attribute_parser import AttrParser

_installed = False


def float_from_bits(bits: int, element_type: AnyFloat) -> float:
    """The float whose bit pattern in `element_type` is `bits` (e.g. 0xFF800000 in f32 -> -inf)."""
    if isinstance(element_type, Float32Type):
        return struct.unpack("<f", bits.to_bytes(4, "little"))[0]
    if isinstance(element_type, Float64Type):
        return struct.unpack("<d", bits.to_bytes(8, "little"))[0]
    if isinstance(element_type, Float16Type):
        return struct.unpack("<e", bits.to_bytes(2, "little"))[0]
    if isinstance(element_type, BFloat16Type):
        return struct.unpack("<f", (bits << 16).to_bytes(4, "little"))[0]
    width = element_type.bitwidth
    return element_type.unpack(bits.to_bytes((width + 7) // 8, "little"), 1)[0]


def _is_hex_literal(element: AttrParser._TensorLiteralElement) -> bool:
    text = element.span.text.lstrip("-").lstrip()
    return text[:2] in ("0x", "0X") and isinstance(element.value, int) and not isinstance(element.value, bool)


def install() -> None:
    """Patch xDSL's dense-literal element conversion (idempotent)."""
    global _installed
    if _installed:
        return
    element_class = AttrParser._TensorLiteralElement
    original_to_type = element_class.to_type

    def to_type(self, parser, type):  # noqa: A002 - xDSL's parameter name
        if isinstance(type, AnyFloat) and _is_hex_literal(self):
            if self.is_negative:
                parser.raise_error("hexadecimal float literal cannot be negative", at_position=self.span)
            bits = int(self.value)
            if bits >= 1 << type.bitwidth:
                parser.raise_error(
                    f"hexadecimal float literal 0x{bits:X} does not fit in {type}", at_position=self.span)
            return float_from_bits(bits, type)
        if isinstance(type, ComplexType) and isinstance(type.element_type, AnyFloat):
            return original_to_type(self, parser, type)
        return original_to_type(self, parser, type)

    element_class.to_type = to_type
    _installed = True
