"""StableHLO attributes and types with their exact MLIR syntax.

Enums print in MLIR's canonical opaque form (`#stablehlo<comparison_direction LT>`) and parse from that form and
from the pretty form (`#stablehlo.comparison_direction<LT>`). Struct attributes (`#stablehlo.dot<...>`,
`#stablehlo.gather<...>`, `#stablehlo.scatter<...>`, `#stablehlo.conv<...>`, `#stablehlo.channel_handle<...>`,
`#stablehlo.dot_algorithm<...>`, `#stablehlo.result_accuracy<...>`, `#stablehlo.output_operand_alias<...>`) keep
their fields as typed parameters and expose them as plain Python values (`tuple[int, ...]`, `int`, `bool`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, BoolAttr, FloatAttr, IntAttr, IntegerAttr, NoneAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

# --------------------------------------------------------------------------------------------------- helpers


def int_tuple_attr(values: Sequence[int]) -> ArrayAttr[IntAttr]:
    return ArrayAttr(tuple(IntAttr(int(v)) for v in values))


def ints_of(attr: ArrayAttr[IntAttr]) -> tuple[int, ...]:
    return tuple(v.data for v in attr.data)


def parse_int_list(parser: AttrParser) -> list[int]:
    """`[1, 2, 3]` (possibly empty, possibly negative)."""
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parser.parse_integer(False, True))


def print_int_list(printer: Printer, values: Sequence[int]) -> None:
    printer.print_string("[" + ", ".join(str(v) for v in values) + "]")


# ----------------------------------------------------------------------------------------------------- enums


class StableHLOEnumAttr(ParametrizedAttribute, SpacedOpaqueSyntaxAttribute):
    """An enum attribute; subclasses set `name` and `VALUES`."""

    VALUES: ClassVar[tuple[str, ...]] = ()

    value: StringAttr = param_def()

    def __init__(self, value: str | StringAttr):
        super().__init__(value if isinstance(value, StringAttr) else StringAttr(value))

    @property
    def keyword(self) -> str:
        return self.value.data

    @classmethod
    def parse_keyword(cls, parser: AttrParser) -> str:
        keyword = parser.parse_identifier(f" (one of {', '.join(cls.VALUES)})")
        if keyword not in cls.VALUES:
            parser.raise_error(f"unknown {cls.name.split('.', 1)[1]} '{keyword}', expected one of "
                               f"{', '.join(cls.VALUES)}")
        return keyword

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is not None:
            keyword = cls.parse_keyword(parser)
            parser.parse_punctuation(">")
        else:
            keyword = cls.parse_keyword(parser)
        return (StringAttr(keyword),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.value.data)

    def verify(self) -> None:
        if self.value.data not in self.VALUES:
            from xdsl.utils.exceptions import VerifyException

            raise VerifyException(f"'{self.value.data}' is not a valid {self.name}")


@irdl_attr_definition
class ComparisonDirectionAttr(StableHLOEnumAttr):
    name = "stablehlo.comparison_direction"
    VALUES = ("EQ", "NE", "GE", "GT", "LE", "LT")


@irdl_attr_definition
class ComparisonTypeAttr(StableHLOEnumAttr):
    name = "stablehlo.comparison_type"
    VALUES = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")


@irdl_attr_definition
class PrecisionAttr(StableHLOEnumAttr):
    name = "stablehlo.precision"
    VALUES = ("DEFAULT", "HIGH", "HIGHEST")


@irdl_attr_definition
class FftTypeAttr(StableHLOEnumAttr):
    name = "stablehlo.fft_type"
    VALUES = ("FFT", "IFFT", "RFFT", "IRFFT")


@irdl_attr_definition
class TransposeAttr(StableHLOEnumAttr):
    name = "stablehlo.transpose"
    VALUES = ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")


@irdl_attr_definition
class RngDistributionAttr(StableHLOEnumAttr):
    name = "stablehlo.rng_distribution"
    VALUES = ("UNIFORM", "NORMAL")


@irdl_attr_definition
class RngAlgorithmAttr(StableHLOEnumAttr):
    name = "stablehlo.rng_algorithm"
    VALUES = ("DEFAULT", "THREE_FRY", "PHILOX")


@irdl_attr_definition
class CustomCallApiVersionAttr(StableHLOEnumAttr):
    name = "stablehlo.custom_call_api_version"
    VALUES = ("API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
              "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI")


class _PrettyEnumAttr(StableHLOEnumAttr):
    """An enum MLIR prints in the pretty form `#stablehlo.name<VALUE>`."""

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.value.data}>")


# Not opaque: prints `#stablehlo.result_accuracy_mode<TOLERANCE>` as MLIR does.
@irdl_attr_definition
class ResultAccuracyModeAttr(ParametrizedAttribute):
    name = "stablehlo.result_accuracy_mode"
    VALUES: ClassVar[tuple[str, ...]] = ("DEFAULT", "HIGHEST", "TOLERANCE")

    value: StringAttr = param_def()

    def __init__(self, value: str | StringAttr):
        super().__init__(value if isinstance(value, StringAttr) else StringAttr(value))

    @property
    def keyword(self) -> str:
        return self.value.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return StableHLOEnumAttr.parse_parameters.__func__(cls, parser)  # type: ignore[attr-defined]

    @classmethod
    def parse_keyword(cls, parser: AttrParser) -> str:
        return StableHLOEnumAttr.parse_keyword.__func__(cls, parser)  # type: ignore[attr-defined]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.value.data}>")


# ----------------------------------------------------------------------------------------- struct attributes


@dataclass(frozen=True)
class _Field:
    """One `key = value` field of a struct attribute: kind is 'ints', 'int', 'bool', 'type', 'float' or 'attr'."""

    name: str
    kind: str
    omit_default: bool = True


def _default_of(kind: str) -> Attribute:
    return {"ints": ArrayAttr(()), "int": IntAttr(0), "bool": IntAttr(0), "float": NoneAttr(),
            "type": NoneAttr(), "attr": NoneAttr()}[kind]


class StructAttr(ParametrizedAttribute):
    """`#stablehlo.name<key = value, ...>`; subclasses list FIELDS in print order with matching param_defs.

    Parameters hold xDSL attributes (ArrayAttr[IntAttr], IntAttr, BoolAttr as IntAttr 0/1, types, floats);
    `field(name)` returns the Python value.
    """

    FIELDS: ClassVar[tuple[_Field, ...]] = ()

    @classmethod
    def from_values(cls, **values) -> StructAttr:
        params = []
        for f in cls.FIELDS:
            v = values.get(f.name)
            if v is None:
                params.append(_default_of(f.kind))
            elif f.kind == "ints":
                params.append(int_tuple_attr(v))
            elif f.kind in ("int", "bool"):
                params.append(IntAttr(int(v)))
            elif f.kind == "float":
                params.append(v if isinstance(v, Attribute) else FloatAttr(float(v), 64))
            else:
                params.append(v)
        return cls.new(params)

    def field(self, name: str):
        for f, p in zip(self.FIELDS, self.parameters):
            if f.name == name:
                if f.kind == "ints":
                    return ints_of(p)
                if f.kind == "int":
                    return p.data
                if f.kind == "bool":
                    return bool(p.data)
                return p
        raise KeyError(name)

    @classmethod
    def _parse_value(cls, parser: AttrParser, kind: str) -> Attribute:
        if kind == "ints":
            return int_tuple_attr(parse_int_list(parser))
        if kind == "int":
            return IntAttr(parser.parse_integer(False, True))
        if kind == "bool":
            value = parser.parse_optional_boolean()
            if value is None:
                parser.raise_error("expected 'true' or 'false'")
            return IntAttr(int(value))
        if kind == "type":
            return parser.parse_type()
        if kind == "float":
            value = parser.parse_float()
            return FloatAttr(value, 64)
        return parser.parse_attribute()

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        by_name = {f.name: f for f in cls.FIELDS}
        values: dict[str, Attribute] = {}

        def parse_entry() -> None:
            key = parser.parse_identifier(" (struct field name)")
            if key not in by_name:
                parser.raise_error(f"unknown field '{key}' in #{cls.name}, expected one of {', '.join(by_name)}")
            if key in values:
                parser.raise_error(f"duplicate field '{key}' in #{cls.name}")
            parser.parse_punctuation("=")
            values[key] = cls._parse_value(parser, by_name[key].kind)

        parser.parse_punctuation("<")
        if parser.parse_optional_punctuation(">") is None:
            parse_entry()
            while parser.parse_optional_punctuation(",") is not None:
                parse_entry()
            parser.parse_punctuation(">")
        return tuple(values.get(f.name, _default_of(f.kind)) for f in cls.FIELDS)

    def _print_value(self, printer: Printer, f: _Field, value: Attribute) -> None:
        if f.kind == "ints":
            print_int_list(printer, ints_of(value))
        elif f.kind == "int":
            printer.print_string(str(value.data))
        elif f.kind == "bool":
            printer.print_string("true" if value.data else "false")
        elif f.kind == "float":
            printer.print_float(value.value.data, value.type)
        else:
            printer.print_attribute(value)

    def print_parameters(self, printer: Printer) -> None:
        entries = [(f, p) for f, p in zip(self.FIELDS, self.parameters)
                   if not (f.omit_default and p == _default_of(f.kind))]
        printer.print_string("<")
        for i, (f, p) in enumerate(entries):
            if i:
                printer.print_string(", ")
            printer.print_string(f"{f.name} = ")
            self._print_value(printer, f, p)
        printer.print_string(">")


@irdl_attr_definition
class DotDimensionNumbersAttr(StructAttr):
    """`#stablehlo.dot<lhs_batching_dimensions = [0], ..., rhs_contracting_dimensions = [1]>`."""

    name = "stablehlo.dot"
    FIELDS = (_Field("lhs_batching_dimensions", "ints"), _Field("rhs_batching_dimensions", "ints"),
              _Field("lhs_contracting_dimensions", "ints"), _Field("rhs_contracting_dimensions", "ints"))

    lhs_batching_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    rhs_batching_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    lhs_contracting_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    rhs_contracting_dimensions_attr: ArrayAttr[IntAttr] = param_def()

    @property
    def lhs_batching_dimensions(self) -> tuple[int, ...]:
        return ints_of(self.lhs_batching_dimensions_attr)

    @property
    def rhs_batching_dimensions(self) -> tuple[int, ...]:
        return ints_of(self.rhs_batching_dimensions_attr)

    @property
    def lhs_contracting_dimensions(self) -> tuple[int, ...]:
        return ints_of(self.lhs_contracting_dimensions_attr)

    @property
    def rhs_contracting_dimensions(self) -> tuple[int, ...]:
        return ints_of(self.rhs_contracting_dimensions_attr)

    @staticmethod
    def get(lhs_batching: Sequence[int] = (), rhs_batching: Sequence[int] = (),
            lhs_contracting: Sequence[int] = (), rhs_contracting: Sequence[int] = ()) -> DotDimensionNumbersAttr:
        return DotDimensionNumbersAttr.from_values(
            lhs_batching_dimensions=lhs_batching, rhs_batching_dimensions=rhs_batching,
            lhs_contracting_dimensions=lhs_contracting, rhs_contracting_dimensions=rhs_contracting)


@irdl_attr_definition
class GatherDimensionNumbersAttr(StructAttr):
    """`#stablehlo.gather<offset_dims = [..], collapsed_slice_dims = [..], ..., index_vector_dim = N>`."""

    name = "stablehlo.gather"
    FIELDS = (_Field("offset_dims", "ints"), _Field("collapsed_slice_dims", "ints"),
              _Field("operand_batching_dims", "ints"), _Field("start_indices_batching_dims", "ints"),
              _Field("start_index_map", "ints"), _Field("index_vector_dim", "int", omit_default=False))

    offset_dims_attr: ArrayAttr[IntAttr] = param_def()
    collapsed_slice_dims_attr: ArrayAttr[IntAttr] = param_def()
    operand_batching_dims_attr: ArrayAttr[IntAttr] = param_def()
    start_indices_batching_dims_attr: ArrayAttr[IntAttr] = param_def()
    start_index_map_attr: ArrayAttr[IntAttr] = param_def()
    index_vector_dim_attr: IntAttr = param_def()

    offset_dims = property(lambda self: ints_of(self.offset_dims_attr))
    collapsed_slice_dims = property(lambda self: ints_of(self.collapsed_slice_dims_attr))
    operand_batching_dims = property(lambda self: ints_of(self.operand_batching_dims_attr))
    start_indices_batching_dims = property(lambda self: ints_of(self.start_indices_batching_dims_attr))
    start_index_map = property(lambda self: ints_of(self.start_index_map_attr))
    index_vector_dim = property(lambda self: self.index_vector_dim_attr.data)


@irdl_attr_definition
class ScatterDimensionNumbersAttr(StructAttr):
    """`#stablehlo.scatter<update_window_dims = [..], inserted_window_dims = [..], ..., index_vector_dim = N>`."""

    name = "stablehlo.scatter"
    FIELDS = (_Field("update_window_dims", "ints"), _Field("inserted_window_dims", "ints"),
              _Field("input_batching_dims", "ints"), _Field("scatter_indices_batching_dims", "ints"),
              _Field("scatter_dims_to_operand_dims", "ints"), _Field("index_vector_dim", "int", omit_default=False))

    update_window_dims_attr: ArrayAttr[IntAttr] = param_def()
    inserted_window_dims_attr: ArrayAttr[IntAttr] = param_def()
    input_batching_dims_attr: ArrayAttr[IntAttr] = param_def()
    scatter_indices_batching_dims_attr: ArrayAttr[IntAttr] = param_def()
    scatter_dims_to_operand_dims_attr: ArrayAttr[IntAttr] = param_def()
    index_vector_dim_attr: IntAttr = param_def()

    update_window_dims = property(lambda self: ints_of(self.update_window_dims_attr))
    inserted_window_dims = property(lambda self: ints_of(self.inserted_window_dims_attr))
    input_batching_dims = property(lambda self: ints_of(self.input_batching_dims_attr))
    scatter_indices_batching_dims = property(lambda self: ints_of(self.scatter_indices_batching_dims_attr))
    scatter_dims_to_operand_dims = property(lambda self: ints_of(self.scatter_dims_to_operand_dims_attr))
    index_vector_dim = property(lambda self: self.index_vector_dim_attr.data)


@irdl_attr_definition
class ChannelHandleAttr(StructAttr):
    """`#stablehlo.channel_handle<handle = 1, type = 1>`."""

    name = "stablehlo.channel_handle"
    FIELDS = (_Field("handle", "int", omit_default=False), _Field("type", "int", omit_default=False))

    handle_attr: IntAttr = param_def()
    type_attr: IntAttr = param_def()

    handle = property(lambda self: self.handle_attr.data)
    channel_type = property(lambda self: self.type_attr.data)


@irdl_attr_definition
class DotAlgorithmAttr(StructAttr):
    """`#stablehlo.dot_algorithm<lhs_precision_type = tf32, ..., allow_imprecise_accumulation = false>`."""

    name = "stablehlo.dot_algorithm"
    FIELDS = (_Field("lhs_precision_type", "type", False), _Field("rhs_precision_type", "type", False),
              _Field("accumulation_type", "type", False), _Field("lhs_component_count", "int", False),
              _Field("rhs_component_count", "int", False), _Field("num_primitive_operations", "int", False),
              _Field("allow_imprecise_accumulation", "bool", False))

    lhs_precision_type: Attribute = param_def()
    rhs_precision_type: Attribute = param_def()
    accumulation_type: Attribute = param_def()
    lhs_component_count_attr: IntAttr = param_def()
    rhs_component_count_attr: IntAttr = param_def()
    num_primitive_operations_attr: IntAttr = param_def()
    allow_imprecise_accumulation_attr: IntAttr = param_def()


@irdl_attr_definition
class ResultAccuracyAttr(StructAttr):
    """`#stablehlo.result_accuracy<atol = .., rtol = .., ulps = .., mode = #stablehlo.result_accuracy_mode<..>>`."""

    name = "stablehlo.result_accuracy"
    FIELDS = (_Field("atol", "float"), _Field("rtol", "float"), _Field("ulps", "int"),
              _Field("mode", "attr"))

    atol: Attribute = param_def()
    rtol: Attribute = param_def()
    ulps_attr: IntAttr = param_def()
    mode: Attribute = param_def()

    def print_parameters(self, printer: Printer) -> None:
        # MLIR omits zero tolerances; a float param equal to 0.0 counts as default.
        entries = []
        for f, p in zip(self.FIELDS, self.parameters):
            if f.kind == "float" and isinstance(p, FloatAttr) and p.value.data == 0.0:
                continue
            if p == _default_of(f.kind):
                continue
            entries.append((f, p))
        printer.print_string("<")
        for i, (f, p) in enumerate(entries):
            if i:
                printer.print_string(", ")
            printer.print_string(f"{f.name} = ")
            self._print_value(printer, f, p)
        printer.print_string(">")


@irdl_attr_definition
class OutputOperandAliasAttr(StructAttr):
    """`#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>`."""

    name = "stablehlo.output_operand_alias"
    FIELDS = (_Field("output_tuple_indices", "ints", False), _Field("operand_index", "int", False),
              _Field("operand_tuple_indices", "ints", False))

    output_tuple_indices_attr: ArrayAttr[IntAttr] = param_def()
    operand_index_attr: IntAttr = param_def()
    operand_tuple_indices_attr: ArrayAttr[IntAttr] = param_def()


@irdl_attr_definition
class TypeExtensionsAttr(ParametrizedAttribute):
    """`#stablehlo.type_extensions<bounds = [?, 4]>` (tensor encoding with dimension bounds; ? is dynamic)."""

    name = "stablehlo.type_extensions"

    bounds_attr: ArrayAttr[IntAttr] = param_def()

    DYNAMIC: ClassVar[int] = -(1 << 63)

    @property
    def bounds(self) -> tuple[int | None, ...]:
        return tuple(None if v == self.DYNAMIC else v for v in ints_of(self.bounds_attr))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        parser.parse_keyword("bounds")
        parser.parse_punctuation("=")

        def bound() -> int:
            if parser.parse_optional_punctuation("?") is not None:
                return cls.DYNAMIC
            return parser.parse_integer(False, True)

        values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, bound)
        parser.parse_punctuation(">")
        return (int_tuple_attr(values),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<bounds = [" + ", ".join("?" if b is None else str(b) for b in self.bounds) + "]>")


@irdl_attr_definition
class ConvDimensionNumbersAttr(ParametrizedAttribute):
    """`#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (also `#stablehlo.conv<raw ...>` fields)."""

    name = "stablehlo.conv"

    input_batch_dimension_attr: IntAttr = param_def()
    input_feature_dimension_attr: IntAttr = param_def()
    input_spatial_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    kernel_input_feature_dimension_attr: IntAttr = param_def()
    kernel_output_feature_dimension_attr: IntAttr = param_def()
    kernel_spatial_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    output_batch_dimension_attr: IntAttr = param_def()
    output_feature_dimension_attr: IntAttr = param_def()
    output_spatial_dimensions_attr: ArrayAttr[IntAttr] = param_def()

    FIELD_NAMES: ClassVar[tuple[str, ...]] = (
        "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
        "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
        "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions")

    input_batch_dimension = property(lambda self: self.input_batch_dimension_attr.data)
    input_feature_dimension = property(lambda self: self.input_feature_dimension_attr.data)
    input_spatial_dimensions = property(lambda self: ints_of(self.input_spatial_dimensions_attr))
    kernel_input_feature_dimension = property(lambda self: self.kernel_input_feature_dimension_attr.data)
    kernel_output_feature_dimension = property(lambda self: self.kernel_output_feature_dimension_attr.data)
    kernel_spatial_dimensions = property(lambda self: ints_of(self.kernel_spatial_dimensions_attr))
    output_batch_dimension = property(lambda self: self.output_batch_dimension_attr.data)
    output_feature_dimension = property(lambda self: self.output_feature_dimension_attr.data)
    output_spatial_dimensions = property(lambda self: ints_of(self.output_spatial_dimensions_attr))

    @staticmethod
    def get(**fields: int | Sequence[int]) -> ConvDimensionNumbersAttr:
        params = []
        for name in ConvDimensionNumbersAttr.FIELD_NAMES:
            value = fields[name]
            params.append(int_tuple_attr(value) if name.endswith("dimensions") else IntAttr(int(value)))
        return ConvDimensionNumbersAttr.new(params)

    # The compact layout `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (also used inline by stablehlo.convolution).
    _LAYOUTS: ClassVar[tuple[tuple[str, str, str, str, str], ...]] = (
        ("input", "b", "input_batch_dimension", "f", "input_feature_dimension"),
        ("kernel", "i", "kernel_input_feature_dimension", "o", "kernel_output_feature_dimension"),
        ("output", "b", "output_batch_dimension", "f", "output_feature_dimension"),
    )

    @classmethod
    def parse_compact(cls, parser: AttrParser) -> ConvDimensionNumbersAttr:
        fields: dict[str, int | list[int]] = {}
        for index, (prefix, first, first_field, second, second_field) in enumerate(cls._LAYOUTS):
            if index == 1:
                parser.parse_keyword("x")
            if index == 2:
                parser.parse_punctuation("->")
            spatial: dict[int, int] = {}
            start = parser.pos
            entries = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _parse_layout_item(parser))
            for position, entry in enumerate(entries):
                if entry == first:
                    fields[first_field] = position
                elif entry == second:
                    fields[second_field] = position
                elif isinstance(entry, int):
                    if entry in spatial:
                        parser.raise_error(f"duplicate spatial dimension {entry} in convolution layout", start)
                    spatial[entry] = position
                else:
                    parser.raise_error(f"unexpected '{entry}' in {prefix} layout, expected {first}, {second} or an "
                                       "integer", start)
            if first_field not in fields or second_field not in fields:
                parser.raise_error(f"{prefix} layout must contain '{first}' and '{second}'", start)
            if sorted(spatial) != list(range(len(spatial))):
                parser.raise_error(f"{prefix} layout spatial dimensions must be 0..{len(spatial) - 1}", start)
            fields[f"{prefix}_spatial_dimensions"] = [spatial[k] for k in range(len(spatial))]
        return cls.get(**fields)

    def print_compact(self, printer: Printer) -> None:
        parts = []
        for prefix, first, first_field, second, second_field in self._LAYOUTS:
            spatial = getattr(self, f"{prefix}_spatial_dimensions")
            rank = 2 + len(spatial)
            layout = ["?"] * rank
            if 0 <= getattr(self, first_field) < rank:
                layout[getattr(self, first_field)] = first
            if 0 <= getattr(self, second_field) < rank:
                layout[getattr(self, second_field)] = second
            for k, position in enumerate(spatial):
                if 0 <= position < rank:
                    layout[position] = str(k)
            parts.append("[" + ", ".join(layout) + "]")
        printer.print_string(f"{parts[0]}x{parts[1]}->{parts[2]}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        if parser.parse_optional_keyword("raw") is not None:
            values: dict[str, int | list[int]] = {}

            def entry() -> None:
                key = parser.parse_identifier()
                if key not in cls.FIELD_NAMES:
                    parser.raise_error(f"unknown field '{key}' in #stablehlo.conv")
                parser.parse_punctuation("=")
                values[key] = parse_int_list(parser) if key.endswith("dimensions") else parser.parse_integer(False)

            entry()
            while parser.parse_optional_punctuation(",") is not None:
                entry()
            missing = [n for n in cls.FIELD_NAMES if n not in values]
            if missing:
                parser.raise_error(f"#stablehlo.conv is missing {', '.join(missing)}")
            attr = cls.get(**values)
        else:
            attr = cls.parse_compact(parser)
        parser.parse_punctuation(">")
        return attr.parameters

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        self.print_compact(printer)
        printer.print_string(">")


def _parse_layout_item(parser: AttrParser) -> str | int:
    value = parser.parse_optional_integer(False, False)
    if value is not None:
        return value
    return parser.parse_identifier(" (b, f, i, o or a spatial index)")


# ----------------------------------------------------------------------------------------------------- types


@irdl_attr_definition
class TokenType(ParametrizedAttribute, TypeAttribute):
    """`!stablehlo.token`."""

    name = "stablehlo.token"


ATTRIBUTES = [
    ComparisonDirectionAttr, ComparisonTypeAttr, PrecisionAttr, FftTypeAttr, TransposeAttr, RngDistributionAttr,
    RngAlgorithmAttr, CustomCallApiVersionAttr, ResultAccuracyModeAttr, DotDimensionNumbersAttr,
    GatherDimensionNumbersAttr, ScatterDimensionNumbersAttr, ChannelHandleAttr, DotAlgorithmAttr,
    ResultAccuracyAttr, OutputOperandAliasAttr, TypeExtensionsAttr, ConvDimensionNumbersAttr, TokenType,
]

__all__ = [cls.__name__ for cls in ATTRIBUTES] + ["StableHLOEnumAttr", "StructAttr", "ints_of", "int_tuple_attr"]

_unused = (BoolAttr, IntegerAttr)
