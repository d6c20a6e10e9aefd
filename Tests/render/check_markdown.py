#!/usr/bin/env python3
"""Renders tally's Markdown report with two real Markdown libraries and checks that titles and
units full of markup show as the characters they are: no live HTML, no link, no emphasis, and
every table row keeps its cells.

Python-Markdown (with its tables extension) and markdown-it-py (CommonMark with GFM tables)
stand for the renderers people use (GitHub's is CommonMark with the same tables).

    python3 Tests/render/check_markdown.py PATH/TO/tally
"""
import html
import os
import re
import subprocess
import sys
import tempfile

import markdown
import markdown_it

TITLES = [
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "a | b",
    "*bold* _it_ `code`",
    "# not a heading",
    "![i](x.png) ~~s~~ {b} & co",
    "back\\slash",
]
UNITS = "<b>km</b>"


def tally(binary, env, *arguments):
    return subprocess.run(
        [binary, *arguments], env=env, check=True, capture_output=True, text=True
    ).stdout


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, TALLY_DB=os.path.join(folder, "t.sqlite"), TZ="UTC",
                   TALLY_NOW="2024-02-01T00:00:00Z")
        for index, title in enumerate(TITLES):
            tally(binary, env, "project", "add", title, "--frequency", "monthly", "--units", UNITS)
            tally(binary, env, "item", "add", title, str(index + 1), "--at", "2024-01-05")
        text = tally(binary, env, "report", "--all", "--format", "markdown")
        renderers = {
            "Python-Markdown": lambda t: markdown.markdown(t, extensions=["tables"]),
            "markdown-it-py": lambda t: markdown_it.MarkdownIt("commonmark").enable("table").render(t),
        }
        failures = []
        for name, render in renderers.items():
            page = render(text)
            for tag in ("<img", "<a ", "<a>", "<b>", "<em>", "<code>", "<del>", "<s>"):
                if tag in page:
                    failures.append(f"{name}: live {tag} in the page")
            # The template's own bold: the totals row, once a table.
            strong = re.findall(r"<strong>(.*?)</strong>", page)
            if strong != ["Total"] * len(TITLES):
                failures.append(f"{name}: bold text other than the totals: {strong}")
            headings = [html.unescape(h) for h in re.findall(r"<h2>(.*?)</h2>", page)]
            for title in TITLES:
                if f"{title} ({UNITS})" not in headings:
                    failures.append(f"{name}: heading for {title!r} not shown as typed: {headings}")
            for row in re.findall(r"<tr>(.*?)</tr>", page, re.S):
                cells = len(re.findall(r"<t[dh][ >]", row))
                if cells != 6:
                    failures.append(f"{name}: a table row with {cells} cells: {row.strip()[:120]}")
        if failures:
            print("\n".join(failures))
            print(text)
            sys.exit(1)
        print(f"Markdown report: {len(TITLES)} hostile titles shown as typed by "
              + " and ".join(renderers))


if __name__ == "__main__":
    main()
