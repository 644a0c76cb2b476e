"""Signed links: a game's public page, and one seat's private page.

A token is its fields and an HMAC-SHA256 of them under the bot's web secret (WEB_SECRET, or
one made once and kept in the database), so that nobody can make one or change one without
it. A public token names a game and never expires (the channel shows it). A seat token names
the game, the seat, the person it was given to, the seat's web key (cleared by the store
whenever the seat changes hands, which revokes every link given before) and when it expires.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

_DOMAIN = b"game-web-link-v1\x00"
_PUBLIC = re.compile(r"p(\d{1,18})")
_SEAT = re.compile(r"s(\d{1,18})-(\d{1,2})-(\d{1,20})-([A-Za-z0-9_-]{8,64})-(\d{1,12})")
MAX_TOKEN = 200


@dataclass(frozen=True, slots=True)
class PublicToken:
    """Anyone with this link sees the game's public page."""

    game_id: int


@dataclass(frozen=True, slots=True)
class SeatToken:
    """The person `user_id` sees seat `seat` of the game, until `expires` (a Unix time), as
    long as the seat's web key is still `key`."""

    game_id: int
    seat: int
    user_id: int
    key: str
    expires: int


class Signer:
    """Makes and checks tokens with one secret."""

    def __init__(self, secret: str | bytes) -> None:
        raw = secret.encode() if isinstance(secret, str) else secret
        if len(raw) < 16:
            raise ValueError("the web secret must be at least 16 characters")
        self._key = hashlib.sha256(_DOMAIN + raw).digest()

    def _sign(self, fields: str) -> str:
        mac = hmac.new(self._key, fields.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:18]).decode().rstrip("=")

    def public(self, game_id: int) -> str:
        """The token of a game's public page."""
        fields = f"p{game_id}"
        return f"{fields}.{self._sign(fields)}"

    def seat(self, token: SeatToken) -> str:
        """The token of one seat's private page."""
        fields = f"s{token.game_id}-{token.seat}-{token.user_id}-{token.key}-{token.expires}"
        return f"{fields}.{self._sign(fields)}"

    def read(self, text: str) -> PublicToken | SeatToken | None:
        """What a token says, or None when it was not signed here (or is not a token at
        all). Whether a seat token still holds (expiry, key) is for the caller to check."""
        if not text or len(text) > MAX_TOKEN or text.count(".") != 1:
            return None
        fields, mac = text.split(".")
        if not hmac.compare_digest(mac.encode(), self._sign(fields).encode()):
            return None
        if found := _PUBLIC.fullmatch(fields):
            return PublicToken(int(found[1]))
        if found := _SEAT.fullmatch(fields):
            return SeatToken(
                game_id=int(found[1]),
                seat=int(found[2]),
                user_id=int(found[3]),
                key=found[4],
                expires=int(found[5]),
            )
        return None
