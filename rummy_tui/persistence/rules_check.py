"""A save's rules are rebuilt, never trusted.

The checksum of a save only shows that the file is whole: anyone can edit a file and compute
the checksum again. So the rules written in a save are not taken as they stand: they are made
again from the variant id and the values of the variant's own options, exactly as the new-game
menu and ``rummy new --option`` make them, and a save whose rules differ in anything else (a
Classic table with wild twos, a rebuild limit or player range no variant offers) is refused.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.core import RuleSet, get_variant
from rummy_tui.core.variants import VARIANT_IDS, RulesError
from rummy_tui.i18n import _
from rummy_tui.persistence.errors import SaveError

_MAX_LISTED = 3


def rebuilt_rules(saved: RuleSet) -> RuleSet:
    """The rules ``saved`` claims, made again from its variant id and option values.

    Raises:
        SaveError: for an unknown variant, an option value the variant does not offer, or
            rules that differ from what the variant with those options is.
    """
    if saved.variant_id not in VARIANT_IDS:
        raise SaveError(
            _("The file's rules name no variant of this game ({variant}).").format(
                variant=repr(saved.variant_id)
            )
        )
    preset = get_variant(saved.variant_id)
    options: dict[str, Any] = {spec.field: getattr(saved, spec.field) for spec in preset.options}
    try:
        rules = get_variant(saved.variant_id, **options)
    except RulesError as error:
        raise SaveError(
            _("The file's rules are not ones the new-game menu can make: {error}").format(
                error=error
            )
        ) from None
    if rules != saved:
        changed = [
            name
            for name in type(rules).model_fields
            if getattr(rules, name) != getattr(saved, name)
        ]
        shown = ", ".join(changed[:_MAX_LISTED]) + (" ..." if len(changed) > _MAX_LISTED else "")
        raise SaveError(
            _(
                "The file's rules are not ones the new-game menu can make for {variant} "
                "(changed: {shown})."
            ).format(variant=_(rules.name), shown=shown)
        )
    return rules
