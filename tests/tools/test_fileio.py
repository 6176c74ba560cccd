import os

import pytest

from autoshard.errors import UserError
from autoshard.fileio import read_text, write_text_atomic


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
    write_text_atomic(tmp_path / "nodir" / "deeper" / "x.mlir", "x", make_parents=True)
    assert (tmp_path / "nodir" / "deeper" / "x.mlir").read_text() == "x"


def test_make_parents_with_a_file_in_the_way(tmp_path):
    (tmp_path / "blocker").write_text("")
    with pytest.raises(UserError, match="blocker exists and is not a directory"):
        write_text_atomic(tmp_path / "blocker" / "x.mlir", "x", make_parents=True)
    with pytest.raises(UserError, match="cannot create directory"):
        write_text_atomic(tmp_path / "blocker" / "sub" / "x.mlir", "x", make_parents=True)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_get_0666_under_the_umask(tmp_path, umask, mode):
    """As `open()` makes them (a temporary file from `tempfile.mkstemp` would be 0600 whatever the umask)."""
    out = tmp_path / "out.mlir"
    old = os.umask(umask)
    try:
        write_text_atomic(out, "new")
        assert out.stat().st_mode & 0o777 == mode
        out.chmod(0o600)
        write_text_atomic(out, "replaced")  # an existing file is replaced by a new one with the new mode
        assert out.stat().st_mode & 0o777 == mode and out.read_text() == "replaced"
    finally:
        os.umask(old)
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]  # no temporary file left behind
