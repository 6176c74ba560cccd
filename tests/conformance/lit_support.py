"""Running Shardy's lit tests from ../shared: split by CHECK-LABEL and match output with filecheck.

The split is the one ../shared/tools/shardy_conformance.py uses: module-level `sdy.mesh` lines are put in
front of every chunk.
"""

from __future__ import annotations

import re
from pathlib import Path

SHARDY_TESTS = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "shardy-tests"


def label_chunks(path: Path) -> list[tuple[str, str]]:
    """(label, text) per CHECK-LABEL chunk of a lit file, each with the file's meshes in front."""
    lines = path.read_text().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if "CHECK-LABEL" in line]
    if not starts:
        return [(path.name, "".join(lines))]
    prefix = "".join(dict.fromkeys(line for line in lines if line.startswith("sdy.mesh ")))
    chunks = []
    for a, b in zip(starts, starts[1:] + [len(lines)]):
        body = "".join(line for line in lines[a:b] if not line.startswith("sdy.mesh "))
        label = re.search(r"CHECK-LABEL:\s*(.*)", lines[a])
        chunks.append((label.group(1).strip() if label else f"chunk{a}", prefix + body))
    return chunks


def filecheck_passes(check_text: str, output: str, tmp_path: Path) -> bool:
    """Whether `output` satisfies the CHECK lines of `check_text` (filecheck's Python API)."""
    from filecheck.matcher import Matcher
    from filecheck.options import Options

    check_file = tmp_path / "check.mlir"
    input_file = tmp_path / "output.mlir"
    check_file.write_text(check_text)
    input_file.write_text(output)
    opts = Options(match_filename=str(check_file), input_file=str(input_file), dump_input="never")
    return Matcher.from_opts(opts).run() == 0
