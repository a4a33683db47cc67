"""Enumerations of the binding: sides (one enum per variant), outcomes and reasons.

Outcome and Reason are string enums: each member equals its name in the library's vocabulary
(``Reason.CHECKMATE == "checkmate"``), so code written against plain strings keeps working, and
``str()`` gives that name. Sides are integer enums made per variant (``variant("chess").Side``):
each member equals its side index (``Side.WHITE == 0``) and ``str()`` gives its id.
"""

from __future__ import annotations

import enum
import sys
from typing import Any, List, Type

if sys.version_info >= (3, 11):
    StrEnum = enum.StrEnum
else:  # pragma: no cover - Python 3.9 / 3.10
    class StrEnum(str, enum.Enum):
        """A str enum whose str() and format() are its value (enum.StrEnum of Python 3.11)."""

        __str__ = str.__str__
        __format__ = str.__format__


class Outcome(StrEnum):
    """Outcome of a game (bg_outcome)."""

    ONGOING = "ongoing"
    WIN = "win"
    DRAW = "draw"

    @property
    def code(self) -> int:
        """The library's bg_outcome value."""
        return _OUTCOMES.index(self)


_OUTCOMES: List["Outcome"] = list(Outcome)


class Reason(StrEnum):
    """Why a game ended or what a side may claim (bg_reason; values as in docs/cli.md)."""

    NONE = ""
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    NO_LEGAL_MOVES = "no-legal-moves"
    INSUFFICIENT_MATERIAL = "insufficient-material"
    THREEFOLD_REPETITION = "threefold-repetition"
    FIVEFOLD_REPETITION = "fivefold-repetition"
    FIFTY_MOVES = "fifty-moves"
    SEVENTYFIVE_MOVES = "seventyfive-moves"
    REPETITION = "repetition"
    PERPETUAL_CHECK = "perpetual-check"
    PERPETUAL_CHASE = "perpetual-chase"
    MOVE_LIMIT = "move-limit"
    BIKJANG = "bikjang"
    COUNTING = "counting"
    DOUBLE_PASS = "double-pass"
    IMPASSE = "impasse"
    TRY = "try"
    BARE_KING = "bare-king"
    ROYALS_CAPTURED = "royals-captured"
    ELIMINATION = "elimination"
    HEGEMONY = "hegemony"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"

    @property
    def code(self) -> int:
        """The library's bg_reason value (claims masks use 1 << code)."""
        return _REASONS.index(self)

    @classmethod
    def from_code(cls, code: int) -> "Reason":
        """The member for a bg_reason value; ValueError for an unknown one."""
        if not 0 <= code < len(_REASONS):
            raise ValueError(f"unknown reason {code}")
        return _REASONS[code]


_REASONS: List["Reason"] = list(Reason)


class Side(enum.IntEnum):
    """A side of a variant: ``variant("chess").Side.WHITE``. Base class of every variant's enum.

    Members equal their side index, so they index lists and compare with ints; ``id`` is the
    library's side id ("white", "sente", "qin"), which ``str()`` also gives. Seven Kingdoms' enum
    has NEUTRAL (周, one past the last kingdom) for pieces, never for the side to move.
    """

    @property
    def id(self) -> str:
        """The side id ("white", "red", "cho", "sente", "qin", ...; "neutral" for 周)."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.id

    def __format__(self, spec: str) -> str:
        return format(self.id, spec)

    def __repr__(self) -> str:
        return f"<{type(self).__qualname__}.{self.name}: {int(self)}>"


def make_side_enum(variant_id: str, side_ids: Any, neutral: bool) -> Type[Side]:
    """The Side enum of one variant: members from its side ids (upper case), NEUTRAL if it has one."""
    members = [(sid.upper(), i) for i, sid in enumerate(side_ids)]
    if neutral:
        members.append(("NEUTRAL", len(side_ids)))
    base: Any = Side  # the functional API subclasses an enum without members
    cls: Type[Side] = base(variant_id.title().replace("-", "") + "Side", members)
    cls.__module__ = __name__
    return cls


__all__ = ["Outcome", "Reason", "Side", "StrEnum"]
