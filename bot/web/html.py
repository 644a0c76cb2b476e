"""The web pages as HTML: every text escaped, no inline script or style, no third-party asset.

The texts are the bot's own (the same Fluent catalogues as on Discord), written with Discord's
markdown; `markdown` keeps what a page can show of it (bold, italics, code) and turns command
mentions into plain command names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape

from bot.i18n import LANGUAGES, t
from bot.web.tables import Group, Table

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?![\s*])(.+?)(?<![\s*])[*_](?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_COMMAND = re.compile(r"&lt;/([\w -]+):\d+&gt;")
_MENTION = re.compile(r"&lt;[@#][!&]?\d+&gt;")
_STAMP = re.compile(r"&lt;t:(\d+)(?::\w)?&gt;")


def markdown(text: str) -> str:
    """A line of the bot's (Discord markdown) as HTML."""
    out = escape(text, quote=False)
    out = _COMMAND.sub(r"<code>/\1</code>", out)
    out = _MENTION.sub("@…", out)
    out = _STAMP.sub(lambda m: _time(float(m[1])), out)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    return _ITALIC.sub(r"<em>\1</em>", out)


def _time(at: float) -> str:
    """A moment, readable without script (UTC); the page's script shows it in the reader's
    own time zone."""
    when = datetime.fromtimestamp(at, UTC)
    return (
        f'<time datetime="{when.isoformat(timespec="seconds").replace("+00:00", "Z")}">'
        f"{when:%Y-%m-%d %H:%M} UTC</time>"
    )


@dataclass(frozen=True, slots=True)
class Links:
    """Where a page's parts are (all under the page's own signed address)."""

    page: str  # the page itself
    public: str  # the public page (a seat page links to it)
    static: str  # the folder of app.js and app.css
    lang: str = "en"  # the pictures' language (their words are drawn in it)

    def board(self, digest: str, part: str) -> str:
        return f"{self.public}/board/{digest}/{part}.png?lang={self.lang}"

    def private(self, digest: str) -> str:
        return f"{self.page}/private/{digest}.png?lang={self.lang}"

    def after(self, number: int) -> str:
        return f"{self.public}/after/{number}"

    def events(self) -> str:
        return f"{self.page}/events"


def document(title: str, body: str, lang: str, links: Links, *, events: str = "") -> str:
    """A whole page: `body` inside the document with its script and style."""
    live = f' data-events="{escape(events)}"' if events else ""
    return (
        "<!doctype html>\n"
        f'<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{escape(links.static)}/app.css">\n'
        f'<script src="{escape(links.static)}/app.js" defer></script>\n'
        f"</head>\n<body{live}>\n{body}\n</body>\n</html>\n"
    )


def languages(lang: str, here: str) -> str:
    """Links to the same page in each language."""
    items = [
        f'<a href="{escape(here)}?lang={code}" hreflang="{code}"'
        + (' aria-current="true"' if code == lang else "")
        + f">{escape(t('web.language', code))}</a>"
        for code in LANGUAGES
    ]
    return f'<nav class="languages">{" · ".join(items)}</nav>'


def page(table: Table, links: Links, inner: str, digest: str) -> str:
    """A reader's whole page of a game around `inner` (its `fragment`), which the page's
    script replaces as the game changes."""
    main = f'<main id="table" data-digest="{escape(digest)}">\n{inner}</main>'
    body = main + "\n<footer>" + languages(table.lang, links.page) + "</footer>"
    events = f"{links.events()}?lang={table.lang}&d={digest}"
    return document(table.title, body, table.lang, links, events=events)


def fragment(
    table: Table, links: Links, parts: Sequence[tuple[str, str]], board_digest: str
) -> str:
    """What changes on a page when the game does (the inside of its <main>); `parts`: the
    board's pictures (part, alt), drawn from the public page's view (`board_digest`)."""
    lang = table.lang
    out = [f"<header>\n<h1>{escape(table.title)}</h1>\n"]
    out.append(f'<p class="headline" role="status">{markdown(table.headline)}</p>\n')
    if table.since is not None:
        since = escape(t("web.since", lang, when="\x00"), quote=False)
        since = since.replace("\x00", _time(table.since))
        out.append(f'<p class="since">{since}</p>\n')
    if table.seat is not None:
        out.append(
            f'<p class="seat">{escape(t("web.seat_page", lang, name=table.names[table.seat]))}'
            f' <a href="{escape(links.public)}">{escape(t("web.public_link", lang))}</a></p>\n'
        )
    out.append("</header>\n")
    if table.seat is not None:
        # What the seat came for first: on a phone, before the board's two pictures.
        out.append(_private(table, links))
    if parts:
        out.append('<section class="board">\n')
        for part, alt in parts:
            out.append(
                f'<img src="{escape(links.board(board_digest, part))}" alt="{escape(alt)}"'
                f' class="part-{escape(part)}" decoding="async">\n'
            )
        out.append("</section>\n")
    if table.ranking:
        out.append(_section("ranking", t("web.ranking", lang), _lines(table.ranking)))
    if table.players:
        items = "".join(
            f"<li>{escape(name)}"
            + (f' <span class="note">{escape(note)}</span>' if note else "")
            + "</li>"
            for name, note in table.players
        )
        summary = _lines(table.summary) if table.summary else ""
        out.append(_section("players", t("web.players", lang), f"<ol>{items}</ol>{summary}"))
    out.append(_story(table, links))
    return "".join(out)


def _section(kind: str, title: str, inner: str) -> str:
    return f'<section class="{kind}">\n<h2>{escape(title)}</h2>\n{inner}\n</section>\n'


def _lines(lines: Sequence[str]) -> str:
    return '<ul class="lines">' + "".join(f"<li>{markdown(x)}</li>" for x in lines) + "</ul>"


def _private(table: Table, links: Links) -> str:
    lang = table.lang
    inner = f'<img src="{escape(links.private(table.digest))}" alt="" class="private-image">'
    inner += _lines(table.private) if table.private else f"<p>{escape(t('web.nothing', lang))}</p>"
    return _section("private", t("web.private", lang), inner)


def _story(table: Table, links: Links) -> str:
    lang = table.lang
    if not table.story:
        return _section("story", t("web.story", lang), f"<p>{escape(t('web.no_story', lang))}</p>")
    items = []
    for group in reversed(table.story):
        items.append(_group(table, group, links))
    inner = f'<ol class="groups" reversed>{"".join(items)}</ol>'
    return _section("story", t("web.story", lang), inner)


def _group(table: Table, group: Group, links: Links) -> str:
    lang = table.lang
    who = (
        table.names[group.seat]
        if group.seat is not None and 0 <= group.seat < len(table.names)
        else t("web.setup", lang)
    )
    head = escape(who) + (" · " + _time(group.at) if group.at is not None else "")
    body = "".join(f"<p>{markdown(x)}</p>" for x in group.lines)
    more = ""
    if table.seat is None:
        more = (
            f'<a class="after" href="{escape(links.after(group.number))}">'
            f"{escape(t('web.board_after', lang))}</a>"
        )
    return f'<li id="g{group.number}"><h3>{head}</h3>{body}{more}</li>'


def earlier_page(
    table: Table,
    group: Group,
    count: int,
    links: Links,
    parts: Sequence[tuple[str, str]],
) -> str:
    """The board after one group of the story, with that group's lines and its neighbours."""
    lang = table.lang
    base = links.after(group.number)
    images = "".join(
        f'<img src="{escape(base)}/{escape(part)}.png?lang={lang}" alt="{escape(alt)}"'
        f' class="part-{escape(part)}" decoding="async">'
        for part, alt in parts
    )
    nav = []
    if group.number > 1:
        nav.append(
            f'<a rel="prev" href="{escape(links.after(group.number - 1))}">'
            f"{escape(t('web.previous', lang))}</a>"
        )
    nav.append(f'<a href="{escape(links.public)}">{escape(t("web.now", lang))}</a>')
    if group.number < count:
        nav.append(
            f'<a rel="next" href="{escape(links.after(group.number + 1))}">'
            f"{escape(t('web.next', lang))}</a>"
        )
    heading = t("web.after_title", lang, number=group.number, count=count)
    body = (
        f"<main>\n<header><h1>{escape(table.title)}</h1><p>{escape(heading)}</p>"
        f'<nav class="turns">{" · ".join(nav)}</nav></header>\n'
        f'<section class="board">{images}</section>\n'
        f'<ol class="groups">{_group(table, group, links)}</ol>\n</main>'
        f"<footer>{languages(lang, base)}</footer>"
    )
    return document(f"{table.title} · {heading}", body, lang, links)


def refused(lang: str, links: Links) -> str:
    """The page of a link that is forged, expired or revoked."""
    body = (
        f"<main><h1>{escape(t('web.refused_title', lang))}</h1>"
        f"<p>{escape(t('web.refused', lang))}</p></main>"
    )
    return document(t("web.refused_title", lang), body, lang, links)
