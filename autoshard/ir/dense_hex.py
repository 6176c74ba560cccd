"""Dense literals as MLIR writes them, which xDSL 0.74 misreads or reads slowly.

Bit-exact float elements: MLIR writes float elements that do not print losslessly in decimal (infinities, NaNs,
some values) as the hex bit pattern of the element type: `dense<0xFF800000> : tensor<f32>` is -inf. xDSL 0.74
turns that token into the integer 4286578688 and then into the float 4.28657869e+09. `DenseLiteralParser`
reinterprets a hex integer literal meant for a float element type as that type's bits, for f16, bf16, f32, f64
(and the small f8/f4 types through their packers), splat or not, in every dense attribute it reads (pretty ops,
generic properties, attribute dictionaries).

Speed: xDSL rebuilds the IRDL constraint `base(RankedStructure[...])` for the type of every dense literal;
building it dominated parsing of constant-heavy modules (about 40% of the time on the GPT training step).
`DenseLiteralParser` builds it once.
"""

from __future__ import annotations

import struct

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    RankedStructure,
)
from xdsl.irdl import base
from xdsl.parser import Parser
from xdsl.parser.attribute_parser import AttrParser


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


class _BitExactElement(AttrParser._TensorLiteralElement):  # noqa: SLF001 - xDSL's element class
    """A tensor literal element whose hex integer spelling, meant for a float type, is that float's bits."""

    def _is_hex_literal(self) -> bool:
        text = self.span.text.lstrip("-").lstrip()
        return text[:2] in ("0x", "0X") and isinstance(self.value, int) and not isinstance(self.value, bool)

    def to_type(self, parser, type):  # noqa: A002 - xDSL's parameter name
        if isinstance(type, AnyFloat) and self._is_hex_literal():
            if self.is_negative:
                parser.raise_error("hexadecimal float literal cannot be negative", at_position=self.span)
            bits = int(self.value)
            if bits >= 1 << type.bitwidth:
                parser.raise_error(
                    f"hexadecimal float literal 0x{bits:X} does not fit in {type}", at_position=self.span)
            return float_from_bits(bits, type)
        return super().to_type(parser, type)


#: The element types a dense literal may have (xDSL's own check, built once).
_DENSE_LITERAL_TYPE = base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])


class DenseLiteralParser(Parser):
    """xDSL's parser reading hex float elements bit-exactly and checking dense literal types faster."""

    _TensorLiteralElement = _BitExactElement

    def _parse_dense_literal_type(self):  # type: ignore[override]
        type_ = self.expect(self.parse_optional_type, "Dense attribute must be typed!")
        if not _DENSE_LITERAL_TYPE.verifies(type_):
            self.raise_error("Expected memref, vector or tensor type of integer, index, float, or complex type")
        if any(dim == DYNAMIC_INDEX for dim in type_.get_shape()):
            self.raise_error("Dense literal attribute should have a static shape.")
        return type_
