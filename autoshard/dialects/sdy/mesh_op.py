"""`sdy.mesh @name = <[...]>`: a named mesh, a symbol of its module."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import SymbolOpInterface

from autoshard.dialects.sdy.mesh_attrs import MeshAttr
from autoshard.dialects.sdy.op_syntax import with_attributes
from autoshard.dialects.sdy.verify_meshes import verify_mesh_op
from autoshard.sharding import Mesh


@irdl_op_definition
class MeshOp(IRDLOperation):
    """`sdy.mesh @name = <["a"=2, "b"=4], device_ids=[...]>`."""

    name = "sdy.mesh"

    sym_name = prop_def(StringAttr)
    mesh = prop_def(MeshAttr)

    traits = traits_def(SymbolOpInterface())

    def __init__(self, sym_name: str, mesh: MeshAttr | Mesh):
        if isinstance(mesh, Mesh):
            mesh = MeshAttr.from_mesh(mesh)
        super().__init__(properties={"sym_name": StringAttr(sym_name), "mesh": mesh})

    @classmethod
    def parse(cls, parser: Parser) -> MeshOp:
        name = parser.parse_symbol_name()
        parser.parse_punctuation("=")
        mesh = MeshAttr.parse_body(parser)
        attrs = parser.parse_optional_attr_dict()
        return with_attributes(cls(name.data, mesh), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" = ")
        self.mesh.print_body(printer)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        verify_mesh_op(self)
