// Serves a built dist/ folder on 127.0.0.1 with correct MIME types (application/wasm matters:
// browsers refuse streaming compilation otherwise), optionally under a sub-path.
// Usage: node scripts/serve-dist.mjs [dir=dist] [port=4173] [prefix=/] [examples dir]
// With an examples dir, /examples/… is served from it (the sample host pages of docs/embedding.md).
// SERVE_NO_CORS=1 leaves out Access-Control-Allow-Origin, as a host that forgot it would: a
// sandboxed frame of the calculator then cannot load its files (tests/e2e/embed.spec.ts).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const [dir = "dist", port = "4173", prefix = "/", examples] = process.argv.slice(2);
const distRoot = resolve(dir);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".md": "text/markdown; charset=utf-8",
};
const cors = process.env.SERVE_NO_CORS !== "1";

createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  let path = decodeURIComponent(url.pathname);
  if (!path.startsWith(prefix)) {
    res.writeHead(404).end("not under " + prefix);
    return;
  }
  path = path.slice(prefix.length);
  let root = distRoot;
  if (examples && path.startsWith("examples/")) {
    root = resolve(examples);
    path = path.slice("examples/".length);
  }
  if (path === "" || path.endsWith("/")) path += "index.html";
  const file = normalize(join(root, path));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    // Public static files: any origin may load them, including a sandboxed frame (whose origin
    // is "null") that embeds the calculator (docs/embedding.md).
    const headers = { "content-type": types[extname(file)] ?? "application/octet-stream" };
    if (cors) headers["access-control-allow-origin"] = "*";
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404).end("not found");
  }
}).listen(Number(port), "127.0.0.1", () => {
  console.log(`serving ${distRoot} at http://127.0.0.1:${port}${prefix}`);
});
