"""DISCORD_API_BASE with or without /api/v10: both reach the same endpoints."""

from __future__ import annotations

import discord.http
import pytest

from bot.endpoints import api_root, point_discord_py


@pytest.mark.parametrize(
    "given",
    [
        "http://proxy:8080",
        "http://proxy:8080/",
        "http://proxy:8080/api",
        "http://proxy:8080/api/v10",
        "http://proxy:8080/api/v10/",
        "http://proxy:8080/api/v9",
    ],
)
def test_the_api_base_is_accepted_with_or_without_its_version(given: str) -> None:
    assert api_root(given) == "http://proxy:8080"
    restore = point_discord_py(given)
    try:
        assert discord.http.Route.BASE == "http://proxy:8080/api/v10"
    finally:
        restore()
    assert discord.http.Route.BASE != "http://proxy:8080/api/v10"


def test_a_path_prefix_of_the_proxy_is_kept() -> None:
    assert api_root("https://example.org/discord/api/v10") == "https://example.org/discord"
