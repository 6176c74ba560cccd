"""Attach `sdy.sharding_rule` to every op of a module (Shardy's `-sdy-populate-op-sharding-rules`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Operation

from autoshard.rules.attrs import op_name
from autoshard.rules.builder import conservative_rule, operand_shapes, result_shapes
from autoshard.rules.registry import SHARDING_RULE_ATTR, lookup_rule


@dataclass
class PopulateReport:
    """What `populate_sharding_rules` did: counts by source, and one warning per unknown op kind."""

    annotated: int = 0
    kept: int = 0
    skipped: int = 0
    unknown: int = 0
    warnings: list[str] = field(default_factory=list)


def populate_sharding_rules(root: Operation, conservative: bool = False) -> PopulateReport:
    """Give every op under `root` its rule as a `sdy.sharding_rule` attribute.

    A rule already on an op is kept; ops Shardy gives no rule (terminators, constants, func/module,
    while/case/call and other data-flow ops, a reshape with no elements, ...) stay bare. An unknown op gets
    the conservative rule (every factor need_replication) and a warning, once per op kind.
    """
    report = PopulateReport()
    for op in root.walk():
        if op is root:
            continue
        found = lookup_rule(op, conservative)
        if found.source == "attribute":
            report.kept += 1
            continue
        if found.rule is not None:
            op.attributes[SHARDING_RULE_ATTR] = found.rule.to_attr()
            report.annotated += 1
            continue
        if found.source == "unknown":
            report.unknown += 1
            if found.warning not in report.warnings:
                report.warnings.append(found.warning or f"op '{op_name(op)}' is unknown")
            if op.results or op.operands:
                op.attributes[SHARDING_RULE_ATTR] = conservative_rule(operand_shapes(op), result_shapes(op)).to_attr()
            continue
        report.skipped += 1
    return report
