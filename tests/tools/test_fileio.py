import pytest

from autoshard.errors import UserError
from autoshard.tools.fileio import read_text, write_text_atomic


def test_missing_file(tmp_path):
    with pytest.raises(UserError, match="no such file"):
        read_text(tmp_path / "nope.mlir")


def test_atomic_write_refuses_to_overwrite_input(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text("keep me")
    with pytest.raises(UserError, match="refusing to overwrite"):
        write_text_atomic(src, "new", protect=(src,))
    assert src.read_text() == "keep me"
    out = tmp_path / "out.mlir"
    write_text_atomic(out, "new", protect=(src,))
    assert out.read_text() == "new"


def test_write_into_missing_directory(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        write_text_atomic(tmp_path / "nodir" / "x.mlir", "x")
