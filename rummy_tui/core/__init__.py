"""The rules engine: pure Python and pydantic, no user interface.

The small public contract used by the UI, the save files, the computer players and outside
checks::

    from rummy_tui.core import VARIANT_IDS, get_variant, parse_cards, is_valid_meld
    from rummy_tui.core import best_arrangement, new_game
"""

from rummy_tui.core.actions import (
    Action,
    ActionRecord,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    LogFacts,
    Meld,
    MeldSpec,
    StartDeal,
    TakeBack,
    TakeDiscard,
)
from rummy_tui.core.arrange import Arrangement, best_arrangement, full_arrangement
from rummy_tui.core.cards import (
    Card,
    Face,
    PlacedCard,
    Suit,
    format_cards,
    parse_cards,
    parse_face,
)
from rummy_tui.core.dealing import stack_deck
from rummy_tui.core.engine import Game
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.game import new_game
from rummy_tui.core.melds import (
    MeldKind,
    TableMeld,
    is_valid_meld,
    is_wild,
    meld_readings,
)
from rummy_tui.core.state import ChipPayment, DealResult, GameState, Phase
from rummy_tui.core.variants import VARIANT_IDS, RulesError, RuleSet, get_variant
from rummy_tui.core.views import PlayerView

__all__ = [
    "VARIANT_IDS",
    "Action",
    "ActionRecord",
    "Arrangement",
    "Card",
    "ChipPayment",
    "DealResult",
    "Discard",
    "DrawStock",
    "DrawTwo",
    "EndDeal",
    "Face",
    "Game",
    "GameState",
    "GoOut",
    "IllegalAction",
    "LayOffCard",
    "LogFacts",
    "Meld",
    "MeldKind",
    "MeldSpec",
    "Phase",
    "PlacedCard",
    "PlayerView",
    "RuleSet",
    "RulesError",
    "StartDeal",
    "Suit",
    "TableMeld",
    "TakeBack",
    "TakeDiscard",
    "best_arrangement",
    "format_cards",
    "full_arrangement",
    "get_variant",
    "is_valid_meld",
    "is_wild",
    "meld_readings",
    "new_game",
    "parse_cards",
    "parse_face",
    "stack_deck",
]
