"""Meshes: `<["a"=2, "b"=4], device_ids=[...]>` and its named axes."""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import (
    AngleBracketedAttr,
    BodySyntaxAttr,
    int_array,
    int_value,
    parse_body_list,
    print_body_list,
)
from autoshard.sharding import Mesh, MeshAxis


@irdl_attr_definition
class MeshAxisAttr(AngleBracketedAttr):
    """`"a"=2`: a named mesh axis and its size."""

    name = "sdy.mesh_axis"

    axis_name: StringAttr = param_def(converter=StringAttr.get)
    size_attr: IntAttr = param_def(converter=IntAttr.get)

    size = int_value("size_attr")

    @property
    def axis(self) -> str:
        return self.axis_name.data

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


@irdl_attr_definition
class MeshAttr(BodySyntaxAttr):
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
            device_ids = int_array(device_ids)
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
        printer.print_string("<")
        print_body_list(printer, self.axes.data)
        if self.device_ids:
            printer.print_string(", device_ids=[" + ", ".join(str(d) for d in self.device_ids) + "]")
        printer.print_string(">")

    @staticmethod
    def parse_body(parser: AttrParser) -> MeshAttr:
        parser.parse_punctuation("<")
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`")
        axes = parse_body_list(parser, MeshAxisAttr)
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
