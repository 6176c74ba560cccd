"""Speed-ups of xDSL 0.74's parser that change no behaviour.

`AttrParser._parse_dense_literal_type` rebuilds the IRDL constraint `base(RankedStructure[...])` for every
dense literal; building it dominated parsing of constant-heavy modules (about 40% of the time on the GPT
training step). The constraint depends only on its (hashable) type argument, so it is memoized.
"""

from __future__ import annotations

import functools

from xdsl.parser import attribute_parser

_installed = False


def install() -> None:
    """Memoize the constraint construction used while parsing dense literals (idempotent)."""
    global _installed
    if _installed:
        return
    original = attribute_parser.base
    cached = functools.lru_cache(maxsize=256)(original)

    def base(irdl):
        try:
            return cached(irdl)
        except TypeError:  # an unhashable argument: build it as before
            return original(irdl)

    attribute_parser.base = base
    _installed = True
