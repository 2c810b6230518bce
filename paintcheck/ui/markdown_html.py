"""The small Markdown of docs/how-to-play.md as the HTML subset pygame_gui's text box draws.

The page is written for a reader of the file *and* shown in the window (How to play, F1): here its
markup becomes type, never symbols on the screen. Blocks: ``#`` / ``##`` / ``###`` headings, ``- ``
list items, numbered items (``1. ``) and paragraphs; the lines of one block are joined (the file
wraps them at 100 characters, the window at its own width). Inline: ``**bold**`` in bold;
``*emphasis*`` (``_emphasis_``), which the page uses for the words of a button (*New match*), in the
colour of a button's words (the shipped font has no italics); ```code``` in the colour of a file's
name; ``[words](address)`` as its words; ``\\*`` a plain star. No pygame here.
"""

from __future__ import annotations

import html
import re

HEADINGS = {"#": 6, "##": 5, "###": 4}  # a heading's level -> the text box's font size
_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
_ESCAPED = re.compile(r"\\([\\`*_\[\]()#!.+-])")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"!?\[([^\]]+)\]\([^)]*\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)")
_PLAIN_STAR = "\x00"  # an escaped star while the inline markup is read
EMPHASIS_COLOUR = "#ffe08a"  # a button's words
CODE_COLOUR = "#a8c8e0"  # a file, a command, a key


def blocks(text: str) -> list[tuple[str, str]]:
    """The page's blocks in order: (kind, words) with kind ``h1``…``h3``, ``item``, ``number``
    (its words start with the number), ``para``; a block's lines joined by spaces."""
    out: list[tuple[str, str]] = []
    kind: str | None = None
    lines: list[str] = []

    def close() -> None:
        nonlocal kind, lines
        if kind is not None:
            out.append((kind, " ".join(lines)))
        kind, lines = None, []

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("<!--") and line.endswith("-->"):
            continue
        if not line:
            close()
            continue
        mark, _, rest = line.partition(" ")
        if mark in HEADINGS and rest:
            close()
            out.append((f"h{len(mark)}", rest.strip()))
            continue
        if mark in ("-", "*", "+") and rest:
            close()
            kind, lines = "item", [rest.strip()]
            continue
        numbered = _NUMBERED.match(line)
        if numbered:
            close()
            kind, lines = "number", [f"{numbered.group(1)}. {numbered.group(2)}"]
            continue
        if kind is None:
            kind = "para"
        lines.append(line)
    close()
    return out


def inline(words: str) -> str:
    """One block's words as HTML: escaped, then bold, emphasis, code and links as type."""
    words = _ESCAPED.sub(lambda m: _PLAIN_STAR if m.group(1) == "*" else m.group(1), words)
    words = _LINK.sub(r"\1", words)
    codes: list[str] = []

    def keep_code(m: re.Match) -> str:  # code is read as it is written: no markup inside it
        codes.append(m.group(1))
        return f"\x01{len(codes) - 1}\x01"

    words = _CODE.sub(keep_code, words)
    words = html.escape(words, quote=False)
    words = _BOLD.sub(lambda m: f"<b>{m.group(1) or m.group(2)}</b>", words)
    words = _EMPHASIS.sub(lambda m: f"<font color='{EMPHASIS_COLOUR}'>{m.group(1) or m.group(2)}</font>",
                          words)
    def code(m: re.Match) -> str:
        return f"<font color='{CODE_COLOUR}'>{html.escape(codes[int(m.group(1))], quote=False)}</font>"

    words = re.sub(r"\x01(\d+)\x01", code, words)
    return words.replace(_PLAIN_STAR, "*")


def markdown_to_html(text: str) -> str:
    """The page as the text box's HTML: headings large and bold with a blank line before them, a
    list's items each on its line with a bullet, a blank line before a paragraph."""
    out: list[str] = []
    before = None  # the kind of the block before
    for kind, words in blocks(text):
        body = inline(words)
        if kind.startswith("h"):
            size = HEADINGS["#" * int(kind[1])]
            body = f"<font size={size}><b>{body}</b></font>"
        elif kind == "item":
            body = "• " + body
        heading = kind.startswith("h")
        blank = before is not None and (heading or (kind == "para" and not before.startswith("h")))
        out.append(("<br>" if blank else "") + body)
        before = kind
    return "<br>".join(out)


def visible_text(markup: str) -> str:
    """What the reader sees of ``markup`` (the tags gone, the entities read): for tests and checks."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup.replace("<br>", "\n")))
