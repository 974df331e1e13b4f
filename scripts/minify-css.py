#!/usr/bin/env python3
"""Minifies the stylesheet Trunk inlines into index.html (rel="inline" copies it verbatim):
comments go, whitespace runs become one space, and the space around braces, semicolons and
commas goes. Nothing else is rewritten, so no selector or value changes meaning (a space
before ':' stays: `.a :focus` is not `.a:focus`). The first load carries the page's CSS, so
its comments and indentation were bytes every visitor downloaded (docs/performance.md).
Usage: scripts/minify-css.py dist
"""
import re
import sys


def minify(css: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s+", " ", css)
    css = re.sub(r"\s*([{};,])\s*", r"\1", css)
    css = css.replace(";}", "}")
    return css.strip()


def main() -> None:
    path = f"{sys.argv[1] if len(sys.argv) > 1 else 'dist'}/index.html"
    with open(path, encoding="utf-8") as f:
        html = f.read()
    styles = list(re.finditer(r"(<style[^>]*>)(.*?)(</style>)", html, flags=re.S))
    if not styles:
        sys.exit("minify-css: no inline <style> in index.html")
    for m in reversed(styles):
        html = html[: m.start(2)] + minify(m.group(2)) + html[m.end(2) :]
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


if __name__ == "__main__":
    main()
