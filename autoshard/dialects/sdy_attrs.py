"""Attributes of the Shardy (`sdy`) dialect, with Shardy's exact text syntax.

Every attribute prints the way it parses (`print_parameters` mirrors `parse_parameters`). The `_parse_*` /
`_print_*` helpers read and write the bodies that appear *stripped* inside other attributes and ops (e.g. the
`<@mesh, [{"a"}, {}]>` of a `#sdy.sharding_per_value<[...]>` or of an `out_sharding=`).

Python-side accessors return plain values; `to_*`/`from_*` convert to and from the planner's plain model in
`autoshard.sharding` (`Mesh`, `AxisRef`, `DimSharding`, `TensorSharding`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr, SymbolRefAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.sharding import AxisRef, DimSharding, Mesh, MeshAxis, SubAxisInfo, TensorSharding

#: Reduction kinds an unreduced axis set or a reducing collective can carry (`sum` is the default, unprinted).
REDUCTION_KINDS: tuple[str, ...] = ("sum", "max", "min", "prod", "and", "or", "xor")

_INT64_MAX = 2**63 - 1


def _ints(values: Iterable[int]) -> ArrayAttr[IntAttr]:
    return ArrayAttr(tuple(IntAttr(int(v)) for v in values))


def _join(printer: Printer, items: Sequence, print_item, sep: str = ", ") -> None:
    for i, item in enumerate(items):
        if i:
            printer.print_string(sep)
        print_item(item)


# ================================================================================================
# Axes
# ================================================================================================


@irdl_attr_definition
class SubAxisInfoAttr(ParametrizedAttribute):
    """`(m)k`: the k-sized sub-axis after the m-sized major part of a mesh axis."""

    name = "sdy.sub_axis_info"

    pre_size_attr: IntAttr
    size_attr: IntAttr

    def __init__(self, pre_size: int | IntAttr, size: int | IntAttr):
        super().__init__(
            pre_size if isinstance(pre_size, IntAttr) else IntAttr(pre_size),
            size if isinstance(size, IntAttr) else IntAttr(size),
        )

    @property
    def pre_size(self) -> int:
        return self.pre_size_attr.data

    @property
    def size(self) -> int:
        return self.size_attr.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"({self.pre_size}){self.size}")

    @staticmethod
    def parse_body(parser: AttrParser) -> SubAxisInfoAttr:
        parser.parse_punctuation("(")
        pre_size = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(")")
        size = parser.parse_integer(allow_boolean=False)
        return SubAxisInfoAttr(pre_size, size)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        info = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (info.pre_size_attr, info.size_attr)


@irdl_attr_definition
class AxisRefAttr(ParametrizedAttribute):
    """`"a"` (a full mesh axis) or `"a":(m)k` (a sub-axis of it)."""

    name = "sdy.axis_ref"

    axis_name: StringAttr
    sub_axis_info: SubAxisInfoAttr | NoneAttr

    def __init__(self, axis_name: str | StringAttr, sub_axis_info: SubAxisInfoAttr | NoneAttr | None = None):
        super().__init__(
            axis_name if isinstance(axis_name, StringAttr) else StringAttr(axis_name),
            sub_axis_info if sub_axis_info is not None else NoneAttr(),
        )

    @property
    def axis(self) -> str:
        return self.axis_name.data

    @property
    def sub_axis(self) -> SubAxisInfoAttr | None:
        return self.sub_axis_info if isinstance(self.sub_axis_info, SubAxisInfoAttr) else None

    def to_axis_ref(self) -> AxisRef:
        sub = self.sub_axis
        return AxisRef(self.axis, SubAxisInfo(sub.pre_size, sub.size) if sub else None)

    @staticmethod
    def from_axis_ref(ref: AxisRef) -> AxisRefAttr:
        sub = SubAxisInfoAttr(ref.sub_axis.pre_size, ref.sub_axis.size) if ref.sub_axis else None
        return AxisRefAttr(ref.name, sub)

    def print_body(self, printer: Printer) -> None:
        printer.print_string_literal(self.axis)
        if (sub := self.sub_axis) is not None:
            printer.print_string(":")
            sub.print_body(printer)

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisRefAttr:
        name = parser.parse_optional_str_literal()
        if name is None:
            parser.raise_error("failed to parse Sdy_AxisRef parameter 'name' which is to be a `::llvm::StringRef`")
        sub = SubAxisInfoAttr.parse_body(parser) if parser.parse_optional_punctuation(":") else None
        return AxisRefAttr(name, sub)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        ref = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (ref.axis_name, ref.sub_axis_info)

    def __str__(self) -> str:
        return str(self.to_axis_ref())


def _parse_axis_ref_braces(parser: AttrParser) -> list[AxisRefAttr]:
    """`{"a", "b":(1)2}` (possibly empty)."""
    return parser.parse_comma_separated_list(parser.Delimiter.BRACES, lambda: AxisRefAttr.parse_body(parser))


def _print_axis_ref_braces(printer: Printer, refs: Sequence[AxisRefAttr]) -> None:
    printer.print_string("{")
    _join(printer, refs, lambda r: r.print_body(printer))
    printer.print_string("}")


@irdl_attr_definition
class AxisRefListAttr(ParametrizedAttribute):
    """`{"a", "b":(1)2}`: a list of axis refs (e.g. all-reduce axes)."""

    name = "sdy.axis_ref_list"

    value: ArrayAttr[AxisRefAttr]

    def __init__(self, refs: Iterable[AxisRefAttr | AxisRef] | ArrayAttr = ()):
        if not isinstance(refs, ArrayAttr):
            refs = ArrayAttr(tuple(r if isinstance(r, AxisRefAttr) else AxisRefAttr.from_axis_ref(r) for r in refs))
        super().__init__(refs)

    @property
    def refs(self) -> tuple[AxisRefAttr, ...]:
        return self.value.data

    def to_axis_refs(self) -> tuple[AxisRef, ...]:
        return tuple(r.to_axis_ref() for r in self.refs)

    def print_body(self, printer: Printer) -> None:
        _print_axis_ref_braces(printer, self.refs)

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisRefListAttr:
        if parser._current_token.text != "{":  # noqa: SLF001
            parser.raise_error("failed to parse axis list which is expected to be an `ArrayRef<AxisRefAttr>`")
        return AxisRefListAttr(_parse_axis_ref_braces(parser))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        lst = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (lst.value,)


@irdl_attr_definition
class ListOfAxisRefListsAttr(ParametrizedAttribute):
    """`[{"a"}, {}, {"b", "c"}]`: one axis-ref list per tensor dimension (gathering/slicing axes)."""

    name = "sdy.list_of_axis_ref_lists"

    value: ArrayAttr[AxisRefListAttr]

    def __init__(self, lists: Iterable[AxisRefListAttr | Iterable[AxisRefAttr | AxisRef]] | ArrayAttr = ()):
        if not isinstance(lists, ArrayAttr):
            lists = ArrayAttr(tuple(x if isinstance(x, AxisRefListAttr) else AxisRefListAttr(x) for x in lists))
        super().__init__(lists)

    @property
    def lists(self) -> tuple[AxisRefListAttr, ...]:
        return self.value.data

    def to_axis_ref_lists(self) -> tuple[tuple[AxisRef, ...], ...]:
        return tuple(lst.to_axis_refs() for lst in self.lists)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("[")
        _join(printer, self.lists, lambda x: x.print_body(printer))
        printer.print_string("]")

    @staticmethod
    def parse_body(parser: AttrParser) -> ListOfAxisRefListsAttr:
        return ListOfAxisRefListsAttr(
            parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: AxisRefListAttr.parse_body(parser))
        )

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        lst = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (lst.value,)


# ================================================================================================
# Meshes
# ================================================================================================


@irdl_attr_definition
class MeshAxisAttr(ParametrizedAttribute):
    """`"a"=2`: a named mesh axis and its size."""

    name = "sdy.mesh_axis"

    axis_name: StringAttr
    size_attr: IntAttr

    def __init__(self, axis_name: str | StringAttr, size: int | IntAttr):
        super().__init__(
            axis_name if isinstance(axis_name, StringAttr) else StringAttr(axis_name),
            size if isinstance(size, IntAttr) else IntAttr(size),
        )

    @property
    def axis(self) -> str:
        return self.axis_name.data

    @property
    def size(self) -> int:
        return self.size_attr.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string_literal(self.axis)
        printer.print_string(f"={self.size}")

    @staticmethod
    def parse_body(parser: AttrParser) -> MeshAxisAttr:
        name = parser.parse_optional_str_literal()
        if name is None:
            parser.raise_error("failed to parse Sdy_MeshAxis parameter 'name' which is to be a `::llvm::StringRef`")
        parser.parse_punctuation("=")
        return MeshAxisAttr(name, parser.parse_integer(allow_boolean=False))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        axis = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (axis.axis_name, axis.size_attr)


@irdl_attr_definition
class MeshAttr(ParametrizedAttribute):
    """`<["a"=2, "b"=4], device_ids=[...]>`; `<[]>` is the empty mesh, `<[], device_ids=[3]>` a maximal one.

    Device ids equal to iota are dropped when parsed, as Shardy does.
    """

    name = "sdy.mesh"

    axes: ArrayAttr[MeshAxisAttr]
    device_ids_attr: ArrayAttr[IntAttr]

    def __init__(self, axes: Iterable[MeshAxisAttr | tuple[str, int]] | ArrayAttr, device_ids: Iterable[int] | ArrayAttr = ()):
        if not isinstance(axes, ArrayAttr):
            axes = ArrayAttr(tuple(a if isinstance(a, MeshAxisAttr) else MeshAxisAttr(*a) for a in axes))
        if not isinstance(device_ids, ArrayAttr):
            device_ids = _ints(device_ids)
        super().__init__(axes, device_ids)

    # -- accessors ----------------------------------------------------------------------------------
    @property
    def device_ids(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.device_ids_attr.data)

    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.axis for a in self.axes.data)

    def axis_size(self, name: str) -> int | None:
        for a in self.axes.data:
            if a.axis == name:
                return a.size
        return None

    @property
    def total_size(self) -> int:
        out = 1
        for a in self.axes.data:
            out *= a.size
        return out

    def is_maximal(self) -> bool:
        return not self.axes.data and len(self.device_ids_attr.data) == 1

    def is_empty(self) -> bool:
        return not self.axes.data and not self.device_ids_attr.data

    # -- plain model --------------------------------------------------------------------------------
    def to_mesh(self) -> Mesh:
        """The plain `Mesh` (device ids `None` when they are the implicit iota)."""
        return Mesh(tuple(MeshAxis(a.axis, a.size) for a in self.axes.data), self.device_ids or None)

    @staticmethod
    def from_mesh(mesh: Mesh) -> MeshAttr:
        ids = mesh.device_ids or ()
        if ids and mesh.axes and list(ids) == list(range(len(ids))):
            ids = ()
        return MeshAttr([MeshAxisAttr(a.name, a.size) for a in mesh.axes], ids)

    # -- text ---------------------------------------------------------------------------------------
    def print_body(self, printer: Printer) -> None:
        printer.print_string("<[")
        _join(printer, self.axes.data, lambda a: a.print_body(printer))
        printer.print_string("]")
        if self.device_ids:
            printer.print_string(", device_ids=[" + ", ".join(str(d) for d in self.device_ids) + "]")
        printer.print_string(">")

    @staticmethod
    def parse_body(parser: AttrParser) -> MeshAttr:
        parser.parse_punctuation("<")
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`")
        axes = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: MeshAxisAttr.parse_body(parser))
        device_ids: list[int] = []
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("device_ids")
            parser.parse_punctuation("=")
            device_ids = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
            )
        parser.parse_punctuation(">")
        if axes and device_ids == list(range(len(device_ids))):
            total = 1
            for a in axes:
                total *= a.size
            if total == len(device_ids):
                device_ids = []  # iota device ids are implicit
        return MeshAttr(axes, device_ids)

    def print_parameters(self, printer: Printer) -> None:
        self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        mesh = cls.parse_body(parser)
        return (mesh.axes, mesh.device_ids_attr)


# ================================================================================================
# Shardings
# ================================================================================================

_PRIORITY = re.compile(r"p(\d+)")


@irdl_attr_definition
class DimensionShardingAttr(ParametrizedAttribute):
    """`{"a", "b":(1)2, ?}p0`: axes major to minor, `?` when open, optional priority."""

    name = "sdy.dimension_sharding"

    axes: ArrayAttr[AxisRefAttr]
    is_closed_attr: IntAttr
    priority_attr: IntAttr | NoneAttr

    def __init__(self, axes: Iterable[AxisRefAttr | AxisRef] | ArrayAttr = (), is_closed: bool = True,
                 priority: int | None = None):
        if not isinstance(axes, ArrayAttr):
            axes = ArrayAttr(tuple(a if isinstance(a, AxisRefAttr) else AxisRefAttr.from_axis_ref(a) for a in axes))
        super().__init__(axes, IntAttr(int(bool(is_closed))), IntAttr(priority) if priority is not None else NoneAttr())

    @property
    def axis_refs(self) -> tuple[AxisRefAttr, ...]:
        return self.axes.data

    @property
    def is_closed(self) -> bool:
        return bool(self.is_closed_attr.data)

    @property
    def priority(self) -> int | None:
        return self.priority_attr.data if isinstance(self.priority_attr, IntAttr) else None

    def to_dim_sharding(self) -> DimSharding:
        return DimSharding(tuple(a.to_axis_ref() for a in self.axis_refs), self.is_closed, self.priority)

    @staticmethod
    def from_dim_sharding(dim: DimSharding) -> DimensionShardingAttr:
        return DimensionShardingAttr([AxisRefAttr.from_axis_ref(a) for a in dim.axes], dim.is_closed, dim.priority)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("{")
        _join(printer, self.axis_refs, lambda r: r.print_body(printer))
        if not self.is_closed:
            printer.print_string(", ?" if self.axis_refs else "?")
        printer.print_string("}")
        if self.priority is not None:
            printer.print_string(f"p{self.priority}")

    @staticmethod
    def parse_body(parser: AttrParser) -> DimensionShardingAttr:
        parser.parse_punctuation("{")
        refs: list[AxisRefAttr] = []
        is_closed = True
        if not parser.parse_optional_punctuation("}"):
            while True:
                if parser.parse_optional_punctuation("?"):
                    is_closed = False
                    parser.parse_punctuation("}")
                    break
                refs.append(AxisRefAttr.parse_body(parser))
                if parser.parse_optional_punctuation("}"):
                    break
                if not parser.parse_optional_punctuation(","):
                    parser.raise_error("expected '}'")
        priority = None
        token = parser._current_token  # noqa: SLF001
        if token.kind.name == "BARE_IDENT" and token.text.startswith("p"):
            text = parser.parse_identifier()
            m = _PRIORITY.fullmatch(text)
            if m is None:
                parser.raise_error(f"expecting priority in format 'p<number>', got: {text}", token.span)
            digits = m.group(1)
            if len(digits) > 1 and digits.startswith("0"):
                parser.raise_error(f"priorities with leading zeros are not allowed, got: {text}", token.span)
            priority = int(digits)
            if priority > _INT64_MAX:
                parser.raise_error(f"expecting integer priority, got: {text}", token.span)
        return DimensionShardingAttr(refs, is_closed, priority)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        dim = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (dim.axes, dim.is_closed_attr, dim.priority_attr)


@irdl_attr_definition
class TensorShardingAttr(ParametrizedAttribute):
    """`#sdy.sharding<@mesh, [{"a", ?}, {}], replicated={"b"}, unreduced={"c"}>` (or an inlined `mesh<[...]>`).

    `unreduced=max{...}` records a reduction kind other than the default `sum` for the unreduced axes.
    """

    name = "sdy.sharding"

    mesh_or_ref: SymbolRefAttr | MeshAttr
    dim_shardings: ArrayAttr[DimensionShardingAttr]
    replicated_axes: ArrayAttr[AxisRefAttr]
    unreduced_axes: ArrayAttr[AxisRefAttr]
    reduction_attr: StringAttr

    def __init__(
        self,
        mesh_or_ref: str | SymbolRefAttr | MeshAttr,
        dim_shardings: Iterable[DimensionShardingAttr] | ArrayAttr = (),
        replicated_axes: Iterable[AxisRefAttr] | ArrayAttr = (),
        unreduced_axes: Iterable[AxisRefAttr] | ArrayAttr = (),
        reduction: str = "sum",
    ):
        if isinstance(mesh_or_ref, str):
            mesh_or_ref = SymbolRefAttr(mesh_or_ref)
        arrays = [x if isinstance(x, ArrayAttr) else ArrayAttr(tuple(x)) for x in (dim_shardings, replicated_axes, unreduced_axes)]
        super().__init__(mesh_or_ref, *arrays, StringAttr(reduction))

    # -- accessors ----------------------------------------------------------------------------------
    @property
    def mesh_name(self) -> str | None:
        """The referenced mesh symbol, or None for an inlined mesh."""
        return self.mesh_or_ref.root_reference.data if isinstance(self.mesh_or_ref, SymbolRefAttr) else None

    @property
    def inline_mesh(self) -> MeshAttr | None:
        return self.mesh_or_ref if isinstance(self.mesh_or_ref, MeshAttr) else None

    @property
    def dims(self) -> tuple[DimensionShardingAttr, ...]:
        return self.dim_shardings.data

    @property
    def rank(self) -> int:
        return len(self.dim_shardings.data)

    @property
    def replicated(self) -> tuple[AxisRefAttr, ...]:
        return self.replicated_axes.data

    @property
    def unreduced(self) -> tuple[AxisRefAttr, ...]:
        return self.unreduced_axes.data

    @property
    def reduction(self) -> str:
        return self.reduction_attr.data

    # -- plain model --------------------------------------------------------------------------------
    def to_sharding(self) -> TensorSharding:
        inline = self.inline_mesh
        return TensorSharding(
            self.mesh_name or "",
            tuple(d.to_dim_sharding() for d in self.dims),
            tuple(a.to_axis_ref() for a in self.replicated),
            tuple(a.to_axis_ref() for a in self.unreduced),
            inline.to_mesh() if inline is not None else None,
        )

    @staticmethod
    def from_sharding(sharding: TensorSharding) -> TensorShardingAttr:
        mesh: SymbolRefAttr | MeshAttr = (
            MeshAttr.from_mesh(sharding.inline_mesh) if sharding.inline_mesh is not None else SymbolRefAttr(sharding.mesh_name)
        )
        return TensorShardingAttr(
            mesh,
            [DimensionShardingAttr.from_dim_sharding(d) for d in sharding.dims],
            [AxisRefAttr.from_axis_ref(a) for a in sharding.replicated],
            [AxisRefAttr.from_axis_ref(a) for a in sharding.unreduced],
        )

    @staticmethod
    def replicated_of(mesh_name: str, rank: int, is_closed: bool = True) -> TensorShardingAttr:
        return TensorShardingAttr(mesh_name, [DimensionShardingAttr((), is_closed) for _ in range(rank)])

    # -- text ---------------------------------------------------------------------------------------
    def print_body(self, printer: Printer) -> None:
        """The stripped form `<@mesh, [...], replicated={...}, unreduced={...}>`."""
        printer.print_string("<")
        if (name := self.mesh_name) is not None:
            printer.print_symbol_name(name)
        else:
            printer.print_string("mesh")
            self.mesh_or_ref.print_body(printer)  # type: ignore[union-attr]
        printer.print_string(", [")
        _join(printer, self.dims, lambda d: d.print_body(printer))
        printer.print_string("]")
        if self.replicated:
            printer.print_string(", replicated=")
            _print_axis_ref_braces(printer, self.replicated)
        if self.unreduced:
            printer.print_string(", unreduced=")
            if self.reduction != "sum":
                printer.print_string(self.reduction)
            _print_axis_ref_braces(printer, self.unreduced)
        printer.print_string(">")

    @staticmethod
    def parse_body(parser: AttrParser) -> TensorShardingAttr:
        parser.parse_punctuation("<")
        mesh: SymbolRefAttr | MeshAttr
        if (sym := parser.parse_optional_symbol_name()) is not None:
            mesh = SymbolRefAttr(sym)
        elif parser.parse_optional_keyword("mesh") is not None:
            mesh = MeshAttr.parse_body(parser)
        else:
            attr = parser.parse_optional_attribute()
            if not isinstance(attr, MeshAttr):
                parser.raise_error("expected a mesh symbol reference (@name) or an inlined mesh<[...]>")
            mesh = attr
        parser.parse_punctuation(",")
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_TensorSharding parameter 'dim_shardings' which is to be a "
                               "`::llvm::ArrayRef<DimensionShardingAttr>`")
        dims = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: DimensionShardingAttr.parse_body(parser))
        replicated: list[AxisRefAttr] = []
        unreduced: list[AxisRefAttr] = []
        reduction = "sum"
        seen: set[str] = set()
        while parser.parse_optional_punctuation(","):
            keyword = parser.parse_optional_keyword_in(("replicated", "unreduced"))
            if keyword is None or keyword in seen:
                parser.raise_error("failed to parse Sdy_TensorSharding, expected valid named axis list after comma")
            seen.add(keyword)
            parser.parse_punctuation("=")
            if keyword == "unreduced":
                kind = parser.parse_optional_keyword_in(REDUCTION_KINDS)
                reduction = kind or "sum"
            if parser._current_token.text != "{":  # noqa: SLF001
                parser.raise_error(f"failed to parse Sdy_TensorSharding parameter '{keyword}_axes'")
            refs = _parse_axis_ref_braces(parser)
            (replicated if keyword == "replicated" else unreduced).extend(refs)
        parser.parse_punctuation(">")
        return TensorShardingAttr(mesh, dims, replicated, unreduced, reduction)

    def print_parameters(self, printer: Printer) -> None:
        self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        s = cls.parse_body(parser)
        return (s.mesh_or_ref, s.dim_shardings, s.replicated_axes, s.unreduced_axes, s.reduction_attr)

    def __str__(self) -> str:
        return sharding_text(self)


@irdl_attr_definition
class TensorShardingPerValueAttr(ParametrizedAttribute):
    """`#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`: one sharding per operand/result of an op."""

    name = "sdy.sharding_per_value"

    shardings_attr: ArrayAttr[TensorShardingAttr]

    def __init__(self, shardings: Iterable[TensorShardingAttr] | ArrayAttr = ()):
        super().__init__(shardings if isinstance(shardings, ArrayAttr) else ArrayAttr(tuple(shardings)))

    @property
    def shardings(self) -> tuple[TensorShardingAttr, ...]:
        return self.shardings_attr.data

    def print_body(self, printer: Printer) -> None:
        """The stripped form `[<@mesh, ...>, ...]` used by manual/named computations."""
        printer.print_string("[")
        _join(printer, self.shardings, lambda s: s.print_body(printer))
        printer.print_string("]")

    @staticmethod
    def parse_body(parser: AttrParser) -> TensorShardingPerValueAttr:
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_TensorShardingPerValue parameter 'shardings' which is to be a "
                               "`::llvm::ArrayRef<TensorShardingAttr>`")
        return TensorShardingPerValueAttr(
            parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: TensorShardingAttr.parse_body(parser))
        )

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        per_value = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (per_value.shardings_attr,)


@irdl_attr_definition
class ManualAxesAttr(ParametrizedAttribute):
    """`{"a", "b"}`: the axes a `sdy.manual_computation` is manual on."""

    name = "sdy.manual_axes"

    value: ArrayAttr[StringAttr]

    def __init__(self, axes: Iterable[str | StringAttr] | ArrayAttr = ()):
        if not isinstance(axes, ArrayAttr):
            axes = ArrayAttr(tuple(a if isinstance(a, StringAttr) else StringAttr(a) for a in axes))
        super().__init__(axes)

    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.data for a in self.value.data)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("{")
        _join(printer, self.axis_names, printer.print_string_literal)
        printer.print_string("}")

    @staticmethod
    def parse_body(parser: AttrParser) -> ManualAxesAttr:
        return ManualAxesAttr(parser.parse_comma_separated_list(parser.Delimiter.BRACES, parser.parse_str_literal))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        axes = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (axes.value,)


# ================================================================================================
# All-to-all parameters
# ================================================================================================


@irdl_attr_definition
class AllToAllParamAttr(ParametrizedAttribute):
    """`{"a", "b"}: 0->2`: move `axes` from the source dimension to the target dimension."""

    name = "sdy.all_to_all_param"

    axes: ArrayAttr[AxisRefAttr]
    src_dim_attr: IntAttr
    tgt_dim_attr: IntAttr

    def __init__(self, axes: Iterable[AxisRefAttr | AxisRef] | ArrayAttr, src_dim: int, tgt_dim: int):
        if not isinstance(axes, ArrayAttr):
            axes = ArrayAttr(tuple(a if isinstance(a, AxisRefAttr) else AxisRefAttr.from_axis_ref(a) for a in axes))
        super().__init__(axes, IntAttr(src_dim), IntAttr(tgt_dim))

    @property
    def axis_refs(self) -> tuple[AxisRefAttr, ...]:
        return self.axes.data

    @property
    def src_dim(self) -> int:
        return self.src_dim_attr.data

    @property
    def tgt_dim(self) -> int:
        return self.tgt_dim_attr.data

    def print_body(self, printer: Printer) -> None:
        _print_axis_ref_braces(printer, self.axis_refs)
        printer.print_string(f": {self.src_dim}->{self.tgt_dim}")

    @staticmethod
    def parse_body(parser: AttrParser) -> AllToAllParamAttr:
        axes = _parse_axis_ref_braces(parser)
        parser.parse_punctuation(":")
        src = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation("->")
        tgt = parser.parse_integer(allow_boolean=False)
        return AllToAllParamAttr(axes, src, tgt)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        p = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (p.axes, p.src_dim_attr, p.tgt_dim_attr)


@irdl_attr_definition
class AllToAllParamListAttr(ParametrizedAttribute):
    """`[{"b"}: 0->2, {"c"}: 1->3]`."""

    name = "sdy.all_to_all_param_list"

    value: ArrayAttr[AllToAllParamAttr]

    def __init__(self, params: Iterable[AllToAllParamAttr] | ArrayAttr = ()):
        super().__init__(params if isinstance(params, ArrayAttr) else ArrayAttr(tuple(params)))

    @property
    def params(self) -> tuple[AllToAllParamAttr, ...]:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string("[")
        _join(printer, self.params, lambda p: p.print_body(printer))
        printer.print_string("]")

    @staticmethod
    def parse_body(parser: AttrParser) -> AllToAllParamListAttr:
        return AllToAllParamListAttr(
            parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: AllToAllParamAttr.parse_body(parser))
        )

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        p = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (p.value,)


# ================================================================================================
# Propagation direction
# ================================================================================================

PROPAGATION_DIRECTIONS: tuple[str, ...] = ("NONE", "FORWARD", "BACKWARD", "BOTH")


@irdl_attr_definition
class PropagationDirectionAttr(ParametrizedAttribute):
    """`NONE`, `FORWARD`, `BACKWARD` or `BOTH` (the `allowed_direction` of a propagation barrier)."""

    name = "sdy.propagation_direction"

    value: StringAttr

    def __init__(self, direction: str | StringAttr):
        super().__init__(direction if isinstance(direction, StringAttr) else StringAttr(direction))

    @property
    def direction(self) -> str:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(self.direction)

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationDirectionAttr:
        return PropagationDirectionAttr(parser.parse_keyword_in(PROPAGATION_DIRECTIONS, " as a propagation direction"))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        d = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (d.value,)


# ================================================================================================
# Text helpers
# ================================================================================================


def sharding_text(sharding: TensorShardingAttr) -> str:
    """`#sdy.sharding<...>` as text."""
    import io  # noqa: PLC0415

    out = io.StringIO()
    printer = Printer(stream=out)
    printer.print_string("#sdy.sharding")
    sharding.print_body(printer)
    return out.getvalue()


def axis_refs_text(refs: Iterable[AxisRefAttr | AxisRef]) -> str:
    """`"a", "b":(1)2` (comma-separated, no braces), as Shardy's diagnostics print them."""
    return ", ".join(str(r) for r in refs)


# ================================================================================================
# Op sharding rules
# ================================================================================================

#: Factor 17 is `z`; later factors are `z_1`, `z_2`, ... (Shardy's `kStartAtZ`).
_START_AT_Z = ord("z") - ord("i")


def factor_symbol(index: int) -> str:
    """The name Shardy prints for factor `index`: i..z, then z_1, z_2, ..."""
    return chr(ord("i") + index) if index <= _START_AT_Z else f"z_{index - _START_AT_Z}"


def _split_factor_symbols(parser: AttrParser, text: str, span) -> list[int]:
    """Factor indices of a (possibly compound) factor name such as `ij` or `z_8z_9`."""
    out: list[int] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "z" and text[i + 1 : i + 2] == "_":
            j = i + 2
            while j < len(text) and text[j].isdigit():
                j += 1
            digits = text[i + 2 : j]
            if not digits:
                parser.raise_error(f"expecting integer after 'z_'. Received: '{text[i:j]}'", span)
            if digits.startswith("0"):
                parser.raise_error(f"expecting positive integer without leading zeros. Received: '{digits}'", span)
            if int(digits) > _INT64_MAX:
                parser.raise_error(f"expecting symbol index <=2^63-1. Received: '{digits}'", span)
            out.append(_START_AT_Z + int(digits))
            i = j
        elif "i" <= c <= "z":
            out.append(ord(c) - ord("i"))
            i += 1
        else:
            parser.raise_error(f"expecting symbol from 'i' to 'z'. Received: '{c}'", span)
    return out


def _parse_factor_name(parser: AttrParser) -> list[int]:
    token = parser._current_token  # noqa: SLF001
    text = parser.parse_identifier(" as a factor name")
    return _split_factor_symbols(parser, text, token.span)


@irdl_attr_definition
class DimMappingAttr(ParametrizedAttribute):
    """The factors one tensor dimension maps to, major to minor (`ij` is a compound of factors i and j)."""

    name = "sdy.dim_mapping"

    factor_indices_attr: ArrayAttr[IntAttr]

    def __init__(self, factor_indices: Iterable[int] | ArrayAttr):
        super().__init__(factor_indices if isinstance(factor_indices, ArrayAttr) else _ints(factor_indices))

    @property
    def factor_indices(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.factor_indices_attr.data)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("".join(factor_symbol(f) for f in self.factor_indices))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        indices = _parse_factor_name(parser)
        parser.parse_punctuation(">")
        return (_ints(indices),)


@irdl_attr_definition
class TensorMappingAttr(ParametrizedAttribute):
    """`[i, jk]`: the factor mapping of every dimension of one tensor."""

    name = "sdy.tensor_mapping"

    dim_mappings_attr: ArrayAttr[DimMappingAttr]

    def __init__(self, dim_mappings: Iterable[DimMappingAttr | Iterable[int]] | ArrayAttr):
        if not isinstance(dim_mappings, ArrayAttr):
            dim_mappings = ArrayAttr(tuple(d if isinstance(d, DimMappingAttr) else DimMappingAttr(d) for d in dim_mappings))
        super().__init__(dim_mappings)

    @property
    def dim_mappings(self) -> tuple[DimMappingAttr, ...]:
        return self.dim_mappings_attr.data

    @property
    def rank(self) -> int:
        return len(self.dim_mappings_attr.data)

    def factor_lists(self) -> tuple[tuple[int, ...], ...]:
        return tuple(d.factor_indices for d in self.dim_mappings)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("[")
        _join(printer, self.dim_mappings, lambda d: d.print_body(printer))
        printer.print_string("]")

    @staticmethod
    def parse_body(parser: AttrParser) -> TensorMappingAttr:
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_TensorMapping parameter 'dim_mappings'")
        dims = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _parse_factor_name(parser))
        return TensorMappingAttr([DimMappingAttr(d) for d in dims])

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        m = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (m.dim_mappings_attr,)


def _parse_tensor_mappings(parser: AttrParser, what: str) -> list[TensorMappingAttr]:
    """`([i, j], [k])`: at least one tensor mapping (an op with no operands or no results has no rule)."""
    parser.parse_punctuation("(")
    if parser._current_token.text != "[":  # noqa: SLF001
        parser.raise_error(f"failed to parse Sdy_OpShardingRule parameter '{what}': expected '['")
    mappings = [TensorMappingAttr.parse_body(parser)]
    while parser.parse_optional_punctuation(","):
        mappings.append(TensorMappingAttr.parse_body(parser))
    parser.parse_punctuation(")")
    return mappings


_SPECIAL_FACTOR_KEYWORDS: tuple[str, ...] = ("reduction", "need_replication", "permutation", "blocked_propagation")


@irdl_attr_definition
class OpShardingRuleAttr(ParametrizedAttribute):
    """`#sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=8} reduction={k} ..., custom>`.

    Raw fields (as Python values): `factor_sizes`, `operand_mappings` / `result_mappings` (TensorMappingAttr each,
    see `operand_factor_lists`), `reduction_factors`, `need_replication_factors`, `permutation_factors`,
    `blocked_propagation_factors`, `is_custom_rule`. Build one from those with `from_fields(...)`.
    """

    name = "sdy.op_sharding_rule"

    factor_sizes_attr: ArrayAttr[IntAttr]
    operand_mappings_attr: ArrayAttr[TensorMappingAttr]
    result_mappings_attr: ArrayAttr[TensorMappingAttr]
    reduction_factors_attr: ArrayAttr[IntAttr]
    need_replication_factors_attr: ArrayAttr[IntAttr]
    permutation_factors_attr: ArrayAttr[IntAttr]
    blocked_propagation_factors_attr: ArrayAttr[IntAttr]
    is_custom_rule_attr: IntAttr

    # -- construction -------------------------------------------------------------------------------
    @staticmethod
    def from_fields(
        factor_sizes: Iterable[int],
        operand_mappings: Iterable[Iterable[Iterable[int]] | TensorMappingAttr],
        result_mappings: Iterable[Iterable[Iterable[int]] | TensorMappingAttr],
        reduction_factors: Iterable[int] = (),
        need_replication_factors: Iterable[int] = (),
        permutation_factors: Iterable[int] = (),
        blocked_propagation_factors: Iterable[int] = (),
        is_custom_rule: bool = False,
    ) -> OpShardingRuleAttr:
        """A rule from plain Python values: each mapping is a list (per dimension) of factor-index lists."""

        def mappings(ms) -> ArrayAttr:
            return ArrayAttr(tuple(m if isinstance(m, TensorMappingAttr) else TensorMappingAttr(m) for m in ms))

        return OpShardingRuleAttr.new((
            _ints(factor_sizes),
            mappings(operand_mappings),
            mappings(result_mappings),
            _ints(reduction_factors),
            _ints(need_replication_factors),
            _ints(permutation_factors),
            _ints(blocked_propagation_factors),
            IntAttr(int(bool(is_custom_rule))),
        ))

    # -- accessors ----------------------------------------------------------------------------------
    @property
    def factor_sizes(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.factor_sizes_attr.data)

    @property
    def operand_mappings(self) -> tuple[TensorMappingAttr, ...]:
        return self.operand_mappings_attr.data

    @property
    def result_mappings(self) -> tuple[TensorMappingAttr, ...]:
        return self.result_mappings_attr.data

    def operand_factor_lists(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(m.factor_lists() for m in self.operand_mappings)

    def result_factor_lists(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(m.factor_lists() for m in self.result_mappings)

    @property
    def reduction_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.reduction_factors_attr.data)

    @property
    def need_replication_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.need_replication_factors_attr.data)

    @property
    def permutation_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.permutation_factors_attr.data)

    @property
    def blocked_propagation_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.blocked_propagation_factors_attr.data)

    @property
    def is_custom_rule(self) -> bool:
        return bool(self.is_custom_rule_attr.data)

    @property
    def num_factors(self) -> int:
        return len(self.factor_sizes_attr.data)

    # -- text ---------------------------------------------------------------------------------------
    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<(")
        _join(printer, self.operand_mappings, lambda m: m.print_body(printer))
        printer.print_string(")->(")
        _join(printer, self.result_mappings, lambda m: m.print_body(printer))
        printer.print_string(")")
        if self.factor_sizes:
            printer.print_string(
                " {" + ", ".join(f"{factor_symbol(i)}={s}" for i, s in enumerate(self.factor_sizes)) + "}"
            )
        for keyword, factors in zip(
            _SPECIAL_FACTOR_KEYWORDS,
            (self.reduction_factors, self.need_replication_factors, self.permutation_factors,
             self.blocked_propagation_factors),
        ):
            if factors:
                printer.print_string(f" {keyword}={{" + ", ".join(factor_symbol(f) for f in factors) + "}")
        if self.is_custom_rule:
            printer.print_string(", custom")
        printer.print_string(">")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        if parser._current_token.text != "(":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_OpShardingRule parameter 'operand_mappings'")
        operands = _parse_tensor_mappings(parser, "operand_mappings")
        parser.parse_punctuation("->")
        if parser._current_token.text != "(":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_OpShardingRule parameter 'result_mappings'")
        results = _parse_tensor_mappings(parser, "result_mappings")
        sizes: list[int] = []
        if parser.parse_optional_punctuation("{"):
            while True:
                token = parser._current_token  # noqa: SLF001
                indices = _parse_factor_name(parser)
                expected = len(sizes)
                if indices != [expected]:
                    got = token.text
                    parser.raise_error(
                        "expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, j=#, ...}). "
                        f"Expecting factor index symbol '{factor_symbol(expected)}', received: '{got}'",
                        token.span,
                    )
                parser.parse_punctuation("=")
                sizes.append(parser.parse_integer(allow_boolean=False))
                if parser.parse_optional_punctuation("}"):
                    break
                parser.parse_punctuation(",")
        special: dict[str, list[int]] = {k: [] for k in _SPECIAL_FACTOR_KEYWORDS}
        for keyword in _SPECIAL_FACTOR_KEYWORDS:
            if parser.parse_optional_keyword(keyword) is None:
                continue
            parser.parse_punctuation("=")
            groups = parser.parse_comma_separated_list(parser.Delimiter.BRACES, lambda: _parse_factor_name(parser))
            special[keyword] = [f for g in groups for f in g]
        is_custom = False
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("custom")
            is_custom = True
        parser.parse_punctuation(">")
        rule = cls.from_fields(sizes, operands, results, special["reduction"], special["need_replication"],
                               special["permutation"], special["blocked_propagation"], is_custom)
        return tuple(rule.parameters)


# ================================================================================================
# Propagation edges (debug metadata of sharding propagation)
# ================================================================================================

EDGE_NODE_TYPES: tuple[str, ...] = ("operand", "result")


@irdl_attr_definition
class EdgeValueRefAttr(ParametrizedAttribute):
    """`operand-1` / `result-0`: one operand or result of the op the edges are attached to."""

    name = "sdy.edge_value_ref"

    node_type: StringAttr
    index_attr: IntAttr

    def __init__(self, node_type: str, index: int):
        super().__init__(StringAttr(node_type), IntAttr(index))

    @property
    def type(self) -> str:
        return self.node_type.data

    @property
    def index(self) -> int:
        return self.index_attr.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"{self.type}-{self.index}")

    @staticmethod
    def parse_body(parser: AttrParser) -> EdgeValueRefAttr:
        kind = parser.parse_keyword_in(EDGE_NODE_TYPES, " (an edge value: operand-N or result-N)")
        parser.parse_punctuation("-")
        return EdgeValueRefAttr(kind, parser.parse_integer(allow_boolean=False, allow_negative=False))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        v = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (v.node_type, v.index_attr)


@irdl_attr_definition
class AxisToPropagationDetailsAttr(ParametrizedAttribute):
    """`{"y" = operand-1 -> [operand-0, result-0]}`: where one axis flowed from and to."""

    name = "sdy.axis_to_propagation_details"

    axis_name: AxisRefAttr
    source: EdgeValueRefAttr
    targets: ArrayAttr[EdgeValueRefAttr]

    def print_body(self, printer: Printer) -> None:
        printer.print_string("{")
        self.axis_name.print_body(printer)
        printer.print_string(" = ")
        self.source.print_body(printer)
        printer.print_string(" -> [")
        _join(printer, self.targets.data, lambda t: t.print_body(printer))
        printer.print_string("]}")

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisToPropagationDetailsAttr:
        parser.parse_punctuation("{")
        axis = AxisRefAttr.parse_body(parser)
        parser.parse_punctuation("=")
        source = EdgeValueRefAttr.parse_body(parser)
        parser.parse_punctuation("->")
        targets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: EdgeValueRefAttr.parse_body(parser))
        parser.parse_punctuation("}")
        return AxisToPropagationDetailsAttr.new((axis, source, ArrayAttr(tuple(targets))))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        d = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return tuple(d.parameters)


@irdl_attr_definition
class PropagationOneStepAttr(ParametrizedAttribute):
    """`{step-2 = [{"y" = operand-1 -> [result-0]}, ...]}`."""

    name = "sdy.propagation_one_step"

    step_index_attr: IntAttr
    axis_entries: ArrayAttr[AxisToPropagationDetailsAttr]

    @property
    def step_index(self) -> int:
        return self.step_index_attr.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"{{step-{self.step_index} = [")
        _join(printer, self.axis_entries.data, lambda e: e.print_body(printer))
        printer.print_string("]}")

    @staticmethod
    def parse_body(parser: AttrParser) -> PropagationOneStepAttr:
        parser.parse_punctuation("{")
        parser.parse_keyword("step")
        parser.parse_punctuation("-")
        step = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation("=")
        entries = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: AxisToPropagationDetailsAttr.parse_body(parser)
        )
        parser.parse_punctuation("}")
        return PropagationOneStepAttr.new((IntAttr(step), ArrayAttr(tuple(entries))))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        s = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return tuple(s.parameters)


@irdl_attr_definition
class PropagationEdgesAttr(ParametrizedAttribute):
    """`#sdy.propagation_edges<[{step-0 = [...]}, ...]>`: per-step propagation details of a value."""

    name = "sdy.propagation_edges"

    value: ArrayAttr[PropagationOneStepAttr]

    @property
    def steps(self) -> tuple[PropagationOneStepAttr, ...]:
        return self.value.data

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<[")
        _join(printer, self.steps, lambda s: s.print_body(printer))
        printer.print_string("]>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        steps = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: PropagationOneStepAttr.parse_body(parser))
        parser.parse_punctuation(">")
        return (ArrayAttr(tuple(steps)),)


SDY_ATTRIBUTES = [
    SubAxisInfoAttr,
    AxisRefAttr,
    AxisRefListAttr,
    ListOfAxisRefListsAttr,
    MeshAxisAttr,
    MeshAttr,
    DimensionShardingAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
    ManualAxesAttr,
    AllToAllParamAttr,
    AllToAllParamListAttr,
    PropagationDirectionAttr,
    DimMappingAttr,
    TensorMappingAttr,
    OpShardingRuleAttr,
    EdgeValueRefAttr,
    AxisToPropagationDetailsAttr,
    PropagationOneStepAttr,
    PropagationEdgesAttr,
]
