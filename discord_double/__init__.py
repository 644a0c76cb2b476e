"""A local Discord double ("fake Discord") that the real, unmodified discord.py talks to.

``DiscordDouble`` is an aiohttp server on 127.0.0.1 (OS-assigned port) serving
Discord's REST API under ``/api/v10/...`` and a websocket gateway at ``/ws/``.
It records everything the bot does and lets tests act as users::

    async with DiscordDouble() as d:                    # starts; stops on exit
        guild = d.add_guild("Test server")              # owner d.owner, @everyone, bot role
        channel = d.add_channel(guild, "rattus")        # text channel
        thread = d.add_thread(channel, "game 2")        # public thread (type 11)
        alice = d.add_user("alice", locale="en-US")     # joins every existing guild
        bob = d.add_user("bob", dms_open=False)         # DMs to bob answer 403 / 50007

        d.configure_discord_py()        # Route.BASE + DEFAULT_GATEWAY; undone by stop()
        # ... start your discord.Client / commands.Bot with any token ...
        await d.wait_for_ready()        # READY + GUILD_CREATE sent and commands synced

        r = await d.slash(alice, channel, "game new", players=3)  # path + options by name
        await r.wait_done()             # final visible answer (deferrals filled in)
        r.ephemeral, r.content, r.embeds, r.files, r.messages, r.message
        await r.wait_public()           # a public follow-up of a private answer, once posted
        r2 = await d.click(alice, r.message, "join")     # or label="Join"
        r3 = await d.select(alice, r.message, "pick", ["north"])
        r4 = await d.submit_modal(alice, r2, {"name": "x"})   # r2 answered with a modal
        choices = await d.autocomplete(alice, channel, "rattus place", "region", typed="ga")
        d.channel_messages(channel)     # public messages in order (visible_to=alice adds hers)
        d.dms(alice)                    # what the bot sent alice by DM
        await d.post(alice, channel, "hi")               # a user message (MESSAGE_CREATE)
        await d.wait_for(lambda: len(d.dms(alice)) == 1, timeout=5)
        await d.wait_for_message(channel, lambda m: "wins" in m.text)
        d.assert_clean()                # no unknown routes hit, no internal errors

Records: ``DoubleMessage`` (id, channel_id, author, content, embeds, components,
attachments with ``filename``/``data`` bytes, flags, ``ephemeral_for``, ``edits``,
``deleted``, ``order``; ``text``: what a person reads, the content, embed text and every
text display in order; ``media``: the attachments its galleries, thumbnails and files
show; ``interactive``: its buttons and selects at any depth), ``InteractionRecord``
(payload sent, ``responses`` in order, ``ack_type``, ``original``, ``followups``,
``choices``, ``modal``, latencies),
``d.requests`` / ``d.unknown_requests`` (unknown routes answer 404 like Discord),
``d.sessions`` (gateway sessions). Waits never sleep blindly: they wake on each
recorded change and raise ``DoubleTimeoutError`` with a summary of the state.

Restarting the bot: close the client, start a new one, then
``await d.wait_for_ready(min_sessions=n + 1)``; old messages and buttons still work.
``await d.drop_gateway()`` cuts the websocket so discord.py RESUMEs.

Another process: ``python -m discord_double --port N`` prints the addresses; the bot
calls ``configure_discord_py(api_base)``; scenarios use the ``/_double/`` API
(``--rate-limits on|off``, ``--rate-limit-scale``, ``--shards`` set the options below;
``discord_double.control`` lists its actions).

Refusals, as Discord's (400, code 50035 "Invalid Form Body", errors keyed by field path):
every request body (JSON, or the ``payload_json`` of a multipart one) and its query
parameters are checked against the request schema of the matching operation in Discord's
own OpenAPI specification (``discord_double/spec/``, checked by ``discord_double.schema``),
then against the documented limits the schema leaves out (``discord_double.validation``:
content 2,000 characters, 5 action rows, a select alone in its row, unique custom ids,
6,000 characters of embeds, 10 files, link/custom-id rules of buttons...). A refused
request changes nothing.

Components V2 (flag ``IS_COMPONENTS_V2``, ``1 << 15``, as discord.py's ``LayoutView``
sends it) work on message create and edit, interaction responses and follow-ups: the tree
is stored as sent (ids numbered) and returned as Discord does (``attachment://name`` media
unfurled to the attachment), and ``click``/``select``/``submit_modal`` reach components in
containers, sections and rows. Refused as on Discord: ``content``, ``embeds``, ``poll`` or
``sticker_ids`` with the flag, removing the flag from a message, V2 components without it,
an ``attachment://`` reference to a file the message lacks, more than 40 components in all
or 4,000 characters of text displays.

Injected failures (``discord_double.faults`` has route constants: ``MESSAGE_CREATE``,
``MESSAGE_EDIT``, ``INTERACTION_CALLBACK``, ``FOLLOWUP``, ``WEBHOOK_MESSAGE_EDIT``
(``@original`` too), ``DM_OPEN``; ``{name}`` or ``*`` is one path segment, a final
``**`` the rest)::

    rule = d.inject_fault(faults.MESSAGE_CREATE, 502, times=2)   # next 2 fail
    d.inject_fault("PATCH /channels/{id}/messages/{id}", 503, times=None)  # until cleared
    d.inject_fault(faults.FOLLOWUP, 429, retry_after=0.05)        # Discord's 429, with Via
    d.inject_fault(faults.MESSAGE_CREATE, 429, via=False)         # "Cloudflare ban"
    d.inject_fault(faults.MESSAGE_CREATE, 429, global_=True)      # global 429
    d.inject_fault(faults.DM_OPEN, None, latency=0.2)             # slow, succeeds
    d.inject_fault(faults.MESSAGE_CREATE, drop=True)              # no answer at all
    d.inject_fault(faults.MESSAGE_CREATE, 502, processed=True)    # done, answer lost
    rule.clear(); d.clear_faults(); d.faults; d.injected_failures  # InjectedFailure list

What discord.py 2.7 does (tests/double/test_faults.py): REST retries 500, 502, 504
and 524, waiting 1, 3, 5, 7, 9 s, and raises ``DiscordServerError`` after the fifth
try, but raises a 503 at once; interaction callbacks and webhooks (its webhook
adapter) retry every 5xx the same way, 503 included. A 429 with ``Via`` waits
``retry_after`` and retries (a global one holds every request); without ``Via`` it
raises ``HTTPException`` (status 429). A dropped connection raises
``aiohttp.ServerDisconnectedError``, not an ``HTTPException`` (aiohttp itself retries
GET/PUT/DELETE once). A retried send keeps its nonce, so a lost answer
(``processed=True``) creates no duplicate.

Rate limits, on by default at ``rate_limit_scale=0.02`` (a 5 s window lasts 100 ms):
the whole bot suite exhausts no bucket and gets no 429 at that scale, and runs no
slower, so every test exercises discord.py's header handling and any 429 is caught.
``DiscordDouble(rate_limits=False)`` or ``DISCORD_DOUBLE_RATE_LIMITS=off`` turn them
off; ``rate_limit_scale=1`` (or ``DISCORD_DOUBLE_RATE_LIMIT_SCALE=1``) is Discord's
real pace, for benchmarks. Buckets (``ratelimits.DEFAULT_BUCKETS``, per channel,
or per interaction token for webhooks): message create 5/5 s, edit 5/5 s, delete
3/1 s, reactions 1/0.25 s, DM open 5/5 s (assumed), interaction follow-ups 5/2 s,
edits/deletes of their messages 5/2 s; other routes have no bucket (no headers),
like Discord's. Global: 50 requests/s per token, interaction callbacks and webhooks
exempt. Answers carry ``X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket`` and
``Via``; a 429 also ``X-RateLimit-Scope`` (``user``/``global``), ``X-RateLimit-Global``,
``Retry-After`` and ``{"message", "retry_after", "global"}``::

    assert d.rate_limited == []             # RateLimitHit list: every 429 the limiter gave
    d.configure_rate_limits(False)          # or (True, scale=1.0, global_limit=5, buckets=...)
    d.rate_limits.clock = my_clock          # windows on a test's own monotonic clock

Request classes (``RequestRecord.category``; records also carry ``route``, ``bucket``,
``fault``, ``rate_limit``, ``at``): ``interaction`` = ``/interactions/...`` and
``/webhooks/...`` (callbacks, follow-ups, ``@original``); ``channel`` = any route under
``/channels/{id}`` of a guild channel or thread (messages, edits, reactions, typing,
pins, threads, fetch); ``dm`` = ``POST /users/@me/channels`` and anything under
``/channels/{id}`` of a DM channel; ``setup`` = ``/gateway*``, ``/users/@me``,
``/oauth2/...``, ``/applications/...`` (application info, command sync); ``other`` =
the rest (guilds, members, ``/users/{id}``, unknown routes)::

    mark = d.request_mark(); ...; d.request_counts(mark)   # {"interaction": 1, ...}

Clock, tokens, nonces: ``DiscordDouble(clock=time.time)`` is the double's wall clock;
``d.advance_clock(900)`` moves it. Interaction tokens expire ``interaction_token_ttl``
(15 min) after the interaction: follow-ups and ``@original`` edits then answer 401
``{"code": 50027, "message": "Invalid Webhook Token"}`` (``r.token_expired``). A message
sent with ``nonce`` and ``enforce_nonce`` (discord.py sends both on every ``send``)
returns the message the bot already sent with that nonce in the last 5 minutes (404 if
it was deleted) instead of a duplicate; ``GET /channels/{id}/messages`` pages with
``limit``/``before``/``after``/``around`` and shows attachments.

Sharding: ``DiscordDouble(shards=2)`` makes ``GET /gateway/bot`` recommend 2 shards;
each session's ``shard`` comes from IDENTIFY (invalid: close 4010). A guild's events
(its READY entry, GUILD_CREATE, messages, interactions...) go only to sessions whose
shard is ``(guild_id >> 22) % shard_count``; DMs to shard 0::

    guild = d.add_guild("far", shard=(1, 4))       # an id on shard 1 of 4
    await d.wait_for_ready(shards=[0, 1], shard_count=2)   # one AutoShardedClient or several
    d.shard_sessions()[1]; d.shard_of(guild, 4); await d.drop_gateway(shard=1)

(an ``AutoShardedClient`` waits 5 s between shards unless ``before_identify_hook`` is
overridden.)

Forged interactions, sent without the double's checks (fuzz tests); the answer or the
silence is recorded as for any interaction (``r.forged``)::

    r = await d.forge_click(alice, message, f"n:{2**70}")   # custom id on no message
    r = await d.forge_slash(alice, channel, "add", [{"name": "a", "type": 3, "value": "x"}])
    junk = d.upload(channel, "x.json", b"\x00\xff")        # a value -> resolved for you
    r = await d.forge_slash(mallory, channel, "load", [{"name": "file", "type": 11,
                            "value": junk}])               # mallory is in no guild
    r = await d.forge_interaction(alice, channel, 3, {...}, message=m, overrides={...})
    answered = await r.wait_settled()   # acked, or Discord's ack deadline passed

``forge_click`` also puts the component on the payload's copy of the message, because
discord.py drops custom ids that are not on the interaction's message
(``add_to_message=False`` to test that).
"""

from discord_double.discordpy import configure_discord_py
from discord_double.faults import FaultRule, InjectedFailure
from discord_double.gateway import GatewaySession
from discord_double.interactions import InteractionRecord, InteractionResponse
from discord_double.models import (
    DiscordHTTPError,
    DoubleAttachment,
    DoubleChannel,
    DoubleError,
    DoubleGuild,
    DoubleMember,
    DoubleMessage,
    DoubleRole,
    DoubleTimeoutError,
    DoubleUser,
    MessageRevision,
    RequestRecord,
)
from discord_double.ratelimits import BucketRule, RateLimiter, RateLimitHit
from discord_double.server import DiscordDouble

__all__ = [
    "BucketRule",
    "DiscordDouble",
    "DiscordHTTPError",
    "DoubleAttachment",
    "DoubleChannel",
    "DoubleError",
    "DoubleGuild",
    "DoubleMember",
    "DoubleMessage",
    "DoubleRole",
    "DoubleTimeoutError",
    "DoubleUser",
    "FaultRule",
    "GatewaySession",
    "InjectedFailure",
    "InteractionRecord",
    "InteractionResponse",
    "MessageRevision",
    "RateLimitHit",
    "RateLimiter",
    "RequestRecord",
    "configure_discord_py",
]
