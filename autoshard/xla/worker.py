"""Subprocess entry for `compile_and_run` when the parent's jax already fixed a smaller CPU device count.

`python -m autoshard.xla.worker REQUEST.pkl REPLY.pkl` (the parent sets XLA_FLAGS); the reply is
("ok", XlaRun) or ("error", (UserError subclass, message, location)).
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from autoshard.errors import UserError


def main(argv: list[str]) -> int:
    request_path, reply_path = Path(argv[0]), Path(argv[1])
    request = pickle.loads(request_path.read_bytes())
    from autoshard.xla.compile_run import compile_and_run_here  # noqa: PLC0415

    try:
        result = ("ok", compile_and_run_here(request["text"], request["num_devices"], request["inputs"],
                                             request["seed"], request["rtol"], request["atol"],
                                             request["filename"]))
    except UserError as e:
        result = ("error", (type(e), e.message, e.location))
    reply_path.write_bytes(pickle.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
