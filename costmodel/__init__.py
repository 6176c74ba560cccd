"""costmodel: collectives, compute and memory costs on named mesh axes (no IR imports)."""
