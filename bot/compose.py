"""What the bot says: the words of every channel message and DM, composed from plain data.

Pure functions of a batch (bot.feed), a game row, an adapter and a language: no Discord call,
no database, no clock. The publisher (bot.publisher) delivers what is composed here; the
interaction handlers use the same names and lines. Testable without Discord.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson

from bot.adapter import GameAdapter, adapter_for, mark, who
from bot.feed import Batch, SeatNews, Told
from bot.i18n import command_mentions, language, t
from bot.settings import AI_LEVELS, GameSettings
from bot.store import GameRow, PlayerRow, Post

LIMIT = 2000  # Discord's message length
# Characters of story in one turn message: Discord allows 4,000 of text in a Components V2
# message; the first line, the board's alt text and the ranking take the rest.
STORY = 3000
SUMMARY = 300  # characters of an earlier turn message's one-line summary

Mention = Callable[[str], str]  # "game log" -> a clickable command mention


def game_lang(game: GameRow) -> str:
    """The language of a game's channel messages."""
    return str(game.settings.get("lang", "en"))


def player_lang(locale: str | None, game: GameRow) -> str:
    """A player's language for DMs: their Discord locale, else the game's."""
    return language(locale) if locale else game_lang(game)


_AI_NAME = re.compile(r"AI (\d+)")


def display_name(player: PlayerRow, lang: str, *, level: bool = False) -> str:
    """A player's name as shown: an AI seat ("AI 2" in the store) in the language shown, with
    its level when it is not normal ("AI 2 (hard)"), or always with `level`."""
    found = _AI_NAME.fullmatch(player.name) if player.is_ai else None
    if not found:
        return player.name
    name = t("seat.ai", lang, number=int(found[1]))
    seat_level = player.ai_level if player.ai_level in AI_LEVELS else "normal"
    if seat_level == "normal" and not level:
        return name
    return t("seat.ai_level", lang, name=name, level=t(f"ai_level.{seat_level}", lang))


def names_of(game: GameRow, lang: str | None = None) -> list[str]:
    """Display names in seat order, in `lang` (the game's language by default): the one
    source of the names in messages, the lobby and the board images."""
    lang = lang or game_lang(game)
    return [display_name(p, lang) for p in game.seated()]


def fit(parts: Sequence[str], tail: str, limit: int = LIMIT) -> str:
    """Join lines and a tail within Discord's limit, dropping the oldest lines first."""
    lines = list(parts)
    while lines and len("\n".join([*lines, tail])) > limit:
        lines.pop(0)
    text = "\n".join([*lines, tail]) if lines else tail
    return text[:limit]


NARRATED = 4096  # event lines kept: a turn message tells the same events several times
_narrated: OrderedDict[tuple[Any, ...], str | None] = OrderedDict()


def narrated(
    adapter: GameAdapter, event: Mapping[str, Any], names: Sequence[str], lang: str
) -> str | None:
    """`adapter.narrate(event, names, lang)`, kept for the last NARRATED events told: the
    story since a player's last decision, the turn's summary and the channel's story tell
    the same events again at every batch, and each telling is a Fluent formatting."""
    event_key = orjson.dumps(event, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    key = (adapter.name, event_key, tuple(names), lang, command_mentions())
    if key in _narrated:
        _narrated.move_to_end(key)
        return _narrated[key]
    line = _narrated[key] = adapter.narrate(event, names, lang)
    if len(_narrated) > NARRATED:
        _narrated.popitem(last=False)
    return line


def public_lines(
    adapter: GameAdapter, events: Sequence[dict[str, Any]], names: Sequence[str], lang: str
) -> list[str]:
    """Lines for the events everybody may see."""
    out = []
    for event in events:
        if "visible_to" in event:
            continue
        line = narrated(adapter, event, names, lang)
        if line:
            out.append(line)
    return out


def jump(game: GameRow) -> str:
    """A link to the game's current turn message (or its channel)."""
    base = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
    return f"{base}/{game.turn_message_id}" if game.turn_message_id else base


def everyone(game: GameRow) -> str:
    """A mention of every person seated (the start and the end of a game ping them all)."""
    return " ".join(
        f"<@{p.user_id}>" for p in game.seated() if p.user_id is not None and not p.is_ai
    )


# ---------------------------------------------------------------------- the channel


def story(batch: Batch, adapter: GameAdapter, names: Sequence[str], lang: str) -> list[str]:
    """What happened in a batch, line by line, as the channel may read it."""
    game = batch.game
    lines: list[str] = []
    if batch.started:
        order = "\n".join(
            f"{seat + 1}. {who(names, seat)}" + (" 🤖" if p.is_ai else "")
            for seat, p in enumerate(game.seated())
        )
        lines.append(t("game.started", lang, id=game.id, order=order))
    for entry in batch.entries:
        if entry.kind == "undo":
            lines = [line for line in lines if not line.startswith("↩️")]
            lines.append(t("game.undone", lang, count=entry.count))
            continue
        if entry.notice is not None:
            key, params = entry.notice
            named = dict(params)
            if "seats" in named:
                named["player"] = ", ".join(who(names, s) for s in named.pop("seats"))
            lines.append(adapter.t(key, lang, **named))
            continue
        if (
            entry.seat is not None
            and not entry.secret  # who answered a secret window, and how, is not said
            and (
                entry.origin in ("clock-ai", "clock-skip", "timeout")
                or (entry.origin == "ai" and game.player_at(entry.seat).stand_in)
            )
        ):
            # Say when the bot decided for a person (a clock, a timeout, a stand-in).
            lines.append(adapter.t(f"origin.{entry.origin}", lang, player=who(names, entry.seat)))
        lines.extend(public_lines(adapter, entry.events, names, lang))
    return lines


def mentions(
    game: GameRow,
    seats: Sequence[int],
    *,
    marks: bool = False,
    automated: frozenset[int] = frozenset(),
) -> str:
    """Who must decide now: a mention for people (with their seat's mark), a name for AI
    seats and for people the AI plays for now."""
    names = names_of(game)
    out = []
    for seat in sorted(seats):
        player = game.player_at(seat)
        if player.automated or player.user_id is None or seat in automated:
            # An AI seat, or a person the AI stands in for: no ping for the absent.
            out.append(f"{who(names, seat)} 🤖")
        else:
            out.append(f"{mark(seat)} <@{player.user_id}>" if marks else f"<@{player.user_id}>")
    return ", ".join(out)


def turn_head(batch: Batch, adapter: GameAdapter, lang: str) -> str:
    """The first line of a turn message: whom it asks and what (and until when), so that a
    phone's notification starts with it."""
    public = batch.public
    movers = sorted(public.seats)
    if public.secret:
        # Nobody is named or pinged: the asked seats were asked privately.
        ping = adapter.secret_prompt(batch.view, public, lang)
    else:
        ask = adapter.prompt(batch.view, batch.decision, movers[0], lang) if movers else ""
        who_ = mentions(batch.game, movers, marks=True, automated=batch.automated)
        ping = t("turn.ping", lang, who=who_, what=ask)
    if batch.deadline is not None:
        ping += t("turn.deadline", lang, when=f"<t:{int(batch.deadline)}:R>")
    return ping


def paragraphs(
    told: Sequence[Told], adapter: GameAdapter, names: Sequence[str], lang: str
) -> list[list[str]]:
    """The lines of several actions, grouped: one group per run of actions by the same seat
    (a private choice, which names nobody, is a group of its own)."""
    groups: list[tuple[int | None, list[str]]] = []
    for one in told:
        lines = public_lines(adapter, one.events, names, lang)
        if not lines:
            continue
        if groups and one.seat is not None and groups[-1][0] == one.seat:
            groups[-1][1].extend(lines)
        else:
            groups.append((one.seat, list(lines)))
    return [lines for _, lines in groups]


def told_in_full(groups: Sequence[Sequence[str]], lang: str, log: str, limit: int = STORY) -> str:
    """Groups of lines told compactly (a group's lines on one line, joined by " · "), the
    newest kept whole within `limit` characters; what does not fit is counted, with where
    to read it (`log`)."""
    kept: list[str] = []
    size = 0
    dropped = 0
    for number, group in enumerate(reversed(groups)):
        text = " · ".join(group)
        if size + len(text) + 1 > limit:
            dropped = sum(len(g) for g in groups[: len(groups) - number])
            break
        kept.append(text)
        size += len(text) + 1
    kept.reverse()
    if dropped:
        kept.insert(0, t("turn.more", lang, count=dropped, log=log))
    return "\n".join(kept)


def story_groups(
    batch: Batch, adapter: GameAdapter, lang: str, lines: Sequence[str]
) -> list[list[str]]:
    """What a new turn message tells, in groups: for a person pinged, everything since their
    own last decision (one group per player and turn, a digest of what concerns them first)
    and what else this batch said (a takeover, a timeout...); otherwise this batch's lines."""
    names = names_of(batch.game)
    if batch.since is None:
        return [[line] for line in lines]
    told = batch.since[1]
    # The notices of this batch (who left, who took over, what the bot decided for whom) are
    # not in the stored actions' events: they come first, as they do in the batch's story.
    said = {
        *public_lines(adapter, Told.flat(told), names, lang),
        *done_lines(batch, adapter, names, lang),  # this batch's actions: told above, or before
    }
    extra = [[line] for line in lines if line not in said]
    digest = adapter.digest(Told.flat(told), batch.since[0], names, lang)
    return [*([[digest]] if digest else []), *extra, *paragraphs(told, adapter, names, lang)]


def done_lines(batch: Batch, adapter: GameAdapter, names: Sequence[str], lang: str) -> list[str]:
    """What was done in a batch, its actions' public lines only (no notice: who left or took
    over is told once, by the new turn message)."""
    return [
        line
        for entry in batch.entries
        if entry.notice is None
        for line in public_lines(adapter, entry.events, names, lang)
    ]


def turn_summary(lines: Sequence[str], lang: str) -> str:
    """The one line an earlier turn message shrinks to once its turn is over: what was done."""
    text = " · ".join(lines)
    if not text:
        return t("turn.past", lang)
    return text if len(text) <= SUMMARY else text[: SUMMARY - 1] + "…"


def ended_text(batch: Batch, lines: Sequence[str], lang: str, log: str) -> tuple[str, str]:
    """A game that ended without a result (nobody left playing, nobody moved for too long):
    why, for everyone who played, and its last lines."""
    settings = GameSettings.of(batch.game.settings)
    head = t(
        f"game.ended.{batch.end_reason}", lang, who=everyone(batch.game), days=settings.idle_days
    )
    return head, told_in_full([[line] for line in lines], lang, log, limit=STORY // 2)


def over_text(
    batch: Batch,
    adapter: GameAdapter,
    names: Sequence[str],
    lines: Sequence[str],
    lang: str,
    log: str,
) -> tuple[str, str]:
    """The game-over message: everyone pinged, then the last lines and the ranking."""
    ranking = adapter.ranking_lines(batch.result or {}, names, lang)
    head = t("game.over", lang, who=everyone(batch.game))
    story = told_in_full([[line] for line in lines], lang, log, limit=STORY // 2)
    return head, "\n".join([x for x in (story, *ranking, *rating_lines(batch, names, lang)) if x])


def rating(value: float, lang: str, *, signed: bool = False) -> str:
    """A rating (or a change of one) as shown: one decimal, a true minus sign, a decimal comma
    in French."""
    text = f"{value:+.1f}" if signed else f"{value:.1f}"
    if text in ("-0.0", "+0.0"):
        text = "\u00b10.0" if signed else "0.0"
    text = text.replace("-", "\u2212")
    return text.replace(".", ",") if lang == "fr" else text


def rating_lines(batch: Batch, names: Sequence[str], lang: str) -> list[str]:
    """The rating change of each person of a game that ended (AI seats are rated too, but
    the message is about the people)."""
    parts = []
    for change in batch.ratings:
        if not change.identity.startswith("u:"):
            continue
        player = batch.game.player_of(int(change.identity[2:]))
        if player is None or player.seat is None or player.seat >= len(names):
            continue
        parts.append(
            t(
                "rating.change",
                lang,
                player=names[player.seat],
                before=rating(change.before, lang),
                after=rating(change.after, lang),
                delta=rating(change.delta, lang, signed=True),
            )
        )
    return [t("rating.over", lang, changes=" · ".join(parts))] if parts else []


# ---------------------------------------------------------------------- DMs


def dm_posts(batch: Batch, window_minutes: float) -> list[Post]:
    """The DMs of a batch, queued once its channel message is out: turn notices for those who
    asked for them, then each person's private news."""
    if batch.ended:
        return []
    game = batch.game
    adapter = adapter_for(game.game)
    names = names_of(game)
    out = turn_notices(batch, adapter, names)
    for news in batch.news:
        out.extend(dm_post(batch, adapter, names, news, window_minutes))
    return out


def turn_notices(batch: Batch, adapter: GameAdapter, names: Sequence[str]) -> list[Post]:
    """A DM to each person now to move who asked for one on every turn (/game notify)."""
    if not batch.turn_changed or batch.over or batch.game.status != "active":
        return []
    if batch.decision.secret:
        return []  # the asked seats get the window's own DM
    game = batch.game
    out = []
    for seat in sorted(batch.decision.seats):
        player = game.player_at(seat)
        if seat in batch.automated or player.user_id is None or not player.prefs.get("notify"):
            continue
        lang = player_lang(player.locale, game)
        what = adapter.prompt(batch.view, batch.decision, seat, lang)
        lines = [
            t(
                "notify.dm",
                lang,
                game=adapter.title(lang),
                id=game.id,
                what=what,
                link=jump(game),
            )
        ]
        if batch.since is not None and batch.since[0] == seat:
            digest = adapter.digest(Told.flat(batch.since[1]), seat, names, lang)
            if digest:
                lines.append(digest)
        out.append(
            Post(
                "dm",
                {
                    "seq": batch.seq,
                    "user_id": player.user_id,
                    "seat": seat,
                    "lang": lang,
                    "lines": lines,
                    "picker": None,
                    "view": None,
                    "image": False,
                    "notice": True,
                },
            )
        )
    return out


def dm_post(
    batch: Batch,
    adapter: GameAdapter,
    names: Sequence[str],
    news: SeatNews,
    window_minutes: float,
) -> list[Post]:
    """One person's private news of a batch: what changed in what only they know (their
    private events, their hand…: the private DM, edited in place), then a window's question
    with its picker (a new DM, as it asks them to decide). Nothing when there is nothing to
    say."""
    game = batch.game
    player = game.player_at(news.seat)
    lang = player_lang(player.locale, game)
    lines = [line for e in news.events if (line := adapter.narrate(e, names, lang)) is not None]
    lines = adapter.private_update(lines, news.before, news.after, news.seat, names, lang)
    changed = news.before is not None and adapter.secret(news.before) != adapter.secret(news.after)
    base = {"seq": batch.seq, "user_id": news.user_id, "seat": news.seat, "lang": lang}
    out = []
    if lines:
        image = adapter.private_image(news.events, changed)
        out.append(
            Post("dm", {**base, "lines": lines, "picker": None, "view": news.after, "image": image})
        )
    if news.asked and news.legal:
        question = adapter.window_lines(news.after, news.seat, game.id, window_minutes, lang)
        # The picker carries the number the table knows (GameRow.shown), as buttons do.
        picker = {"seq": batch.game.shown, "actions": news.legal}
        # The seat's own view names its cards in the picker's labels.
        out.append(
            Post(
                "dm",
                {**base, "lines": question, "picker": picker, "view": news.after, "image": False},
            )
        )
    return out


def dm_text(game: GameRow, lang: str, lines: Sequence[str]) -> str:
    """The text of a DM: which game it is about, then its lines."""
    head = t("dm.private", lang, id=game.id, channel=f"<#{game.channel_id}>")
    return fit([head, *lines], "")


# ---------------------------------------------------------------------- the scheduler's voice


def stall_text(game: GameRow, seats: Sequence[int]) -> str:
    """The stalled-game notice: who was waited for, and where."""
    people = [f"<@{game.player_at(s).user_id}>" for s in seats if game.player_at(s).user_id]
    return t("stall.notice", game_lang(game), who=", ".join(people) or "?", link=jump(game))


def reminder_dm(
    game: GameRow, player: PlayerRow, adapter: GameAdapter, count: int, total: int
) -> str:
    """A reminder by DM, in the player's language."""
    lang = player_lang(player.locale, game)
    return t(
        "remind.dm",
        lang,
        game=adapter.title(lang),
        id=game.id,
        link=jump(game),
        count=count,
        total=total,
    )


def reminder_channel(game: GameRow, people: Sequence[str], count: int, total: int) -> str:
    """A reminder in the channel, for the people named."""
    return t(
        "remind.channel",
        game_lang(game),
        who=", ".join(people),
        link=jump(game),
        count=count,
        total=total,
    )


def dms_closed(game: GameRow, user_id: int) -> str:
    """Said once in the channel when a person's DMs are closed (nothing private in it)."""
    return t("dm.closed", game_lang(game), player=f"<@{user_id}>")
