"""`OpShardingRule` <-> the typed attribute `#sdy.op_sharding_rule<...>`: the one reader and printer of rule text.

Rule text is read by the sdy dialect's own attribute parser (`OpShardingRuleAttr`, Shardy's syntax and checks:
factors named in iota order, known special-factor keywords, well-formed factor names) and printed by its printer,
so `autoshard rules`, rules written on ops and `OpShardingRule.parse` / `body_text` share one grammar.
"""

from __future__ import annotations

import functools
import io

from xdsl.context import Context
from xdsl.dialects.builtin import UnregisteredAttr
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError

from autoshard.dialects.sdy import OpShardingRuleAttr
from autoshard.errors import UserError
from autoshard.ir.context import make_context
from autoshard.rules.rule import OpShardingRule

_ATTR_NAME = "sdy.op_sharding_rule"
_PREFIX = f"#{_ATTR_NAME}<"


@functools.cache
def _context() -> Context:
    return make_context()


def rule_from_attr(attr: Attribute) -> OpShardingRule:
    """The rule an `#sdy.op_sharding_rule` attribute holds (`UserError` for any other attribute)."""
    if isinstance(attr, UnregisteredAttr) and attr.attr_name.data == _ATTR_NAME:
        text = attr.value.data
        return rule_from_text(text if text.startswith("<") else f"<{text}>")
    if not isinstance(attr, OpShardingRuleAttr):
        raise UserError(f"sdy.sharding_rule must be an #sdy.op_sharding_rule, got {attr}")
    return OpShardingRule(
        attr.factor_sizes,
        attr.operand_factor_lists(),
        attr.result_factor_lists(),
        attr.reduction_factors,
        attr.need_replication_factors,
        attr.permutation_factors,
        attr.blocked_propagation_factors,
        attr.is_custom_rule,
    )


def rule_to_attr(rule: OpShardingRule) -> OpShardingRuleAttr:
    """The typed IR attribute holding `rule`."""
    return OpShardingRuleAttr.from_fields(
        factor_sizes=rule.factor_sizes,
        operand_mappings=rule.operand_mappings,
        result_mappings=rule.result_mappings,
        reduction_factors=rule.reduction_factors,
        need_replication_factors=rule.need_replication_factors,
        permutation_factors=rule.permutation_factors,
        blocked_propagation_factors=rule.blocked_propagation_factors,
        is_custom_rule=rule.is_custom,
    )


def rule_from_text(text: str) -> OpShardingRule:
    """Parse Shardy's rule text, `#sdy.op_sharding_rule<...>`, its `<...>` parameters or the bare body."""
    body = text.strip()
    if body.startswith("<"):
        body = f"#{_ATTR_NAME}{body}"
    elif not body.startswith("#"):
        body = f"{_PREFIX}{body}>"
    parser = Parser(_context(), body, "<sharding rule>")
    try:
        attr = parser.parse_attribute()
        if parser.pos < len(body.rstrip()):
            parser.raise_error("unexpected text after the sharding rule")
    except ParseError as e:
        message = (getattr(e, "msg", None) or str(e)).strip().splitlines()[-1]
        raise UserError(f"cannot read sharding rule '{text.strip()}': {message}") from None
    return rule_from_attr(attr)


def rule_body_text(rule: OpShardingRule) -> str:
    """The part of the printed attribute between `#sdy.op_sharding_rule<` and `>`, as Shardy prints it."""
    stream = io.StringIO()
    Printer(stream=stream).print_attribute(rule_to_attr(rule))
    printed = stream.getvalue()
    return printed[len(_PREFIX):-1]
