#!/usr/bin/env python3
"""Post-build: the app's JavaScript and wasm are requested after the first answer is painted.

Trunk injects a module script that imports the app's JS glue (which then fetches the wasm), a
modulepreload of the glue and a preload of the wasm: all requested while the HTML loads, ahead
of the first answer of a link or an embed, which the small first-answer wasm writes
(crates/memcalc-first, index.html's first script). This drops the preloads (and those of the
glue's snippets) and makes the module script wait for `window.memcalcFirst` (settled once that
answer is painted, at once on the plain page, whose answer is in the HTML) before it imports the
glue. A failed import stays an
unhandled rejection, which index.html's first script reads as a sandboxed frame's CORS failure.
Usage: scripts/first-load.py [dist]
"""
import os
import re
import sys

dist = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "dist")
path = f"{dist}/index.html"
html = open(path, encoding="utf-8").read()
loader = re.search(
    r"<script type=\"module\">\s*import init, \* as bindings from '(?P<js>[^']+)';\s*"
    r"const wasm = await init\(\{ module_or_path: '(?P<wasm>[^']+)' \}\);(?P<rest>.*?)</script>",
    html,
    flags=re.S,
)
if not loader:
    sys.exit(f"first-load: no Trunk loader found in {path} (did Trunk's injected script change?)")
js, wasm = loader["js"], loader["wasm"]
rest = loader["rest"].strip()
script = f"""<script type="module">
(window.memcalcFirst || Promise.resolve()).then(() => import('{js}')).then(async (bindings) => {{
const init = bindings.default;
const wasm = await init({{ module_or_path: '{wasm}' }});
{rest}
}});
</script>"""
html = html[: loader.start()] + script + html[loader.end() :]
# The glue's wasm-bindgen snippets (src/time.rs's loader) are imported by the glue, so they too
# wait for the first answer.
preloads = re.compile(
    r"\s*<link rel=\"(?:modulepreload|preload)\" href=\"(?:" + re.escape(js) + "|" + re.escape(wasm)
    + r"|\./snippets/[^\"]+\.js)\"[^>]*>"
)
html, dropped = preloads.subn("", html)
open(path, "w", encoding="utf-8").write(html)
print(f"first-load: the app ({js}, {wasm}) requested after the first answer; {dropped} preload(s) dropped")
