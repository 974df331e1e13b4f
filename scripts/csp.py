#!/usr/bin/env python3
"""Post-build: give dist/index.html a Content-Security-Policy that allows the app and nothing else.

Trunk writes an inline module script that loads the hashed wasm, and inlines the stylesheet; their
text changes with every build, so their SHA-256 is computed here and allowed by hash instead of
'unsafe-inline'.
Usage: scripts/csp.py [dist]
"""
import base64
import hashlib
import os
import re
import sys

# As a Trunk hook it edits the staging folder, which Trunk then moves to dist.
dist = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
path = f"{dist}/index.html"
html = open(path, encoding="utf-8").read()
html = re.sub(r'\s*<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)


def hashes_of(tag):
    found = []
    for body in re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", html, flags=re.S):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        found.append(f"'sha256-{digest}'")
    return found


hashes = hashes_of("script")
# The stylesheet is inlined (index.html, rel="inline"): no request blocks the first paint.
styles = hashes_of("style")
policy = "; ".join([
    "default-src 'none'",
    f"script-src 'self' 'wasm-unsafe-eval' {' '.join(hashes)}".strip(),
    f"style-src 'self' {' '.join(styles)}".strip(),
    "img-src 'self' data:",
    # The time wasm (memcalc-time-<hash>.wasm) is fetched from the page's own origin, and
    # compiled under 'wasm-unsafe-eval' like the app's and the first-answer wasm.
    "connect-src 'self'",
    "base-uri 'self'",
    "form-action 'none'",
])
meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}" />'
html = html.replace("<head>", "<head>\n    " + meta, 1)
open(path, "w", encoding="utf-8").write(html)
print(f"csp: {len(hashes)} inline script(s) and {len(styles)} style(s) allowed by hash in {path}")
