"""Rule sets as values, and the presets taken from the source documents."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any


class ScoringError(Exception):
    """Base class of every error the scoring package raises on purpose."""


class InvalidRules(ScoringError):
    """A rule set whose parameters cannot be played, such as a bag limit of zero."""


class BagMode(StrEnum):
    """What happens to a team's bags once they reach the bag limit."""

    CARRY = "carry"  # one penalty per full limit, the rest carries over
    RESET = "reset"  # one penalty, then the count starts again at zero
    OFF = "off"  # bags are not counted: overtricks score their point, never a penalty


class FailedNilTricks(StrEnum):
    """What the tricks taken by a Nil or Blind Nil bidder do for the team."""

    BAGS = "bags"  # the seeds' rule: bags for the team, never toward the partner
    PARTNER = "partner"  # they count toward the partner's contract
    NOTHING = "nothing"  # they count for nothing at all


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter that changes how a game is scored; house rules default to off."""

    target: int = 500
    floor: int | None = -200
    nil_bonus: int = 100
    blind_nil_bonus: int | None = 200  # None: Blind Nil is not allowed
    blind_nil_deficit: int | None = 100  # None: allowed whatever the score
    blind_nil_exchange: int = 0  # cards swapped with the partner after a Blind Nil
    bag_limit: int = 10
    bag_penalty: int = 100
    bag_mode: BagMode = BagMode.CARRY
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS
    min_team_bid: int = 0  # 0: no minimum
    ten_for_200: bool = False
    boston_bonus: int = 0  # 0: no bonus for taking all 13 tricks

    def __post_init__(self) -> None:
        """Coerce the enum fields, so rules read back from JSON compare equal; refuse bad ones."""
        for name, kind in (("bag_mode", BagMode), ("failed_nil_tricks", FailedNilTricks)):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                # Stored or user-made rules fail as rules, not as a bare ValueError.
                raise InvalidRules(f"unknown {name}: {getattr(self, name)!r}") from None
        if self.bag_limit < 1:
            raise InvalidRules("bag_limit must be at least 1")
        if self.floor is not None and self.floor >= self.target:
            raise InvalidRules("floor must be below target")

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON-ready values, for storage and export."""
        data = asdict(self)
        data["bag_mode"] = self.bag_mode.value
        data["failed_nil_tricks"] = self.failed_nil_tricks.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict made by `to_dict`; unknown keys are ignored, missing ones default."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def but(self, **changes: Any) -> Rules:
        """A copy of these rules with some parameters changed (house rules)."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set taken from one source document."""

    key: str
    name: str
    description: str
    rules: Rules


_CLASSIC = Rules(floor=None, blind_nil_bonus=None, blind_nil_deficit=None)
_GAMELAKE = Rules()

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "gamelake",
            "GameLake",
            "500 to win, −200 loses, Blind Nil only when 100 or more behind.",
            _GAMELAKE,
        ),
        Preset(
            "gamelake_short",
            "GameLake short game",
            "GameLake's rules played to 250.",
            _GAMELAKE.but(target=250),
        ),
        Preset(
            "classic",
            "Classic",
            "500 to win, no losing floor, no Blind Nil.",
            _CLASSIC,
        ),
        Preset(
            "espadas",
            "Jogo Espadas",
            "100 to win; bags go back to zero after each penalty.",
            Rules(floor=None, blind_nil_deficit=None, target=100, bag_mode=BagMode.RESET),
        ),
        Preset(
            "spruce",
            "The Spruce",
            "500 to win; a Blind Nil bidder swaps 3 cards with the partner.",
            Rules(floor=None, blind_nil_deficit=None, blind_nil_exchange=3),
        ),
    )
}

DEFAULT_PRESET = "gamelake"
