"""Disjoint sets over the integers 0..n-1 (union-find with path halving)."""

from __future__ import annotations


class DisjointSets:
    """`find(x)` is the representative of x's set; `union(a, b)` merges two sets (False when already one)."""

    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True
