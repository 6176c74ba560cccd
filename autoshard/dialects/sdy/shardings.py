"""Tensor shardings: `#sdy.sharding<@mesh, [{"a"}, {}]>`, per-value lists of them, and manual axes."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterable

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr, SymbolRefAttr
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import (
    AngleBracketedAttr,
    BodySyntaxAttr,
    INT64_MAX,
    parse_body_list,
    print_body_list,
    print_joined,
)
from autoshard.dialects.sdy.axes import AxisRefAttr, parse_axis_ref_braces, print_axis_ref_braces
from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.sharding import AxisRef, DimSharding, TensorSharding


#: Reduction kinds an unreduced axis set or a reducing collective can carry (`sum` is the default, unprinted).
REDUCTION_KINDS: tuple[str, ...] = ("sum", "max", "min", "prod", "and", "or", "xor")


_PRIORITY = re.compile(r"p(\d+)")


@irdl_attr_definition
class DimensionShardingAttr(AngleBracketedAttr):
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
        print_joined(printer, self.axis_refs, lambda r: r.print_body(printer))
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
            if priority > INT64_MAX:
                parser.raise_error(f"expecting integer priority, got: {text}", token.span)
        return DimensionShardingAttr(refs, is_closed, priority)


#: the printed body of each tensor sharding attribute (attributes are immutable values)
_BODY_TEXT: dict[TensorShardingAttr, str] = {}
#: the same by object identity (no hashing of the parameters when the same object is printed again); each
#: entry holds its attribute, so the id stays that object's
_BODY_TEXT_OF_OBJECT: dict[int, tuple[TensorShardingAttr, str]] = {}
_BODY_TEXT_LIMIT = 1 << 16


@irdl_attr_definition
class TensorShardingAttr(BodySyntaxAttr):
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
    @functools.lru_cache(maxsize=4096)
    def from_sharding(sharding: TensorSharding) -> TensorShardingAttr:
        """The attribute of `sharding` (attributes are immutable: one instance serves every value sharded alike)."""
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
        """The stripped form `<@mesh, [...], replicated={...}, unreduced={...}>` (one text per attribute: a
        planned module prints the same few shardings on tens of thousands of values)."""
        seen = _BODY_TEXT_OF_OBJECT.get(id(self))
        if seen is not None:
            printer.print_string(seen[1])
            return
        text = _BODY_TEXT.get(self)
        if text is None:
            stream = io.StringIO()
            self._print_body(Printer(stream=stream))
            if len(_BODY_TEXT) >= _BODY_TEXT_LIMIT:
                _BODY_TEXT.clear()
            text = _BODY_TEXT[self] = stream.getvalue()
        if len(_BODY_TEXT_OF_OBJECT) >= _BODY_TEXT_LIMIT:
            _BODY_TEXT_OF_OBJECT.clear()
        _BODY_TEXT_OF_OBJECT[id(self)] = (self, text)
        printer.print_string(text)

    def _print_body(self, printer: Printer) -> None:
        printer.print_string("<")
        if (name := self.mesh_name) is not None:
            printer.print_symbol_name(name)
        else:
            printer.print_string("mesh")
            self.mesh_or_ref.print_body(printer)  # type: ignore[union-attr]
        printer.print_string(", ")
        print_body_list(printer, self.dims)
        if self.replicated:
            printer.print_string(", replicated=")
            print_axis_ref_braces(printer, self.replicated)
        if self.unreduced:
            printer.print_string(", unreduced=")
            if self.reduction != "sum":
                printer.print_string(self.reduction)
            print_axis_ref_braces(printer, self.unreduced)
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
        dims = parse_body_list(parser, DimensionShardingAttr)
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
            refs = parse_axis_ref_braces(parser)
            (replicated if keyword == "replicated" else unreduced).extend(refs)
        parser.parse_punctuation(">")
        return TensorShardingAttr(mesh, dims, replicated, unreduced, reduction)

    def __str__(self) -> str:
        return sharding_text(self)


@irdl_attr_definition
class TensorShardingPerValueAttr(AngleBracketedAttr):
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
        print_body_list(printer, self.shardings)

    @staticmethod
    def parse_body(parser: AttrParser) -> TensorShardingPerValueAttr:
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_TensorShardingPerValue parameter 'shardings' which is to be a "
                               "`::llvm::ArrayRef<TensorShardingAttr>`")
        return TensorShardingPerValueAttr(
            parse_body_list(parser, TensorShardingAttr)
        )


@irdl_attr_definition
class ManualAxesAttr(AngleBracketedAttr):
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
        print_joined(printer, self.axis_names, printer.print_string_literal)
        printer.print_string("}")

    @staticmethod
    def parse_body(parser: AttrParser) -> ManualAxesAttr:
        return ManualAxesAttr(parser.parse_comma_separated_list(parser.Delimiter.BRACES, parser.parse_str_literal))


def sharding_text(sharding: TensorShardingAttr) -> str:
    """`#sdy.sharding<...>` as text."""
    out = io.StringIO()
    printer = Printer(stream=out)
    printer.print_string("#sdy.sharding")
    sharding.print_body(printer)
    return out.getvalue()


def axis_refs_text(refs: Iterable[AxisRefAttr | AxisRef]) -> str:
    """`"a", "b":(1)2` (comma-separated, no braces), as Shardy's diagnostics print them."""
    return ", ".join(str(r) for r in refs)
