// memcalc.widget's front end (issue 43): an anywidget module (https://anywidget.dev, the
// `render({ model, el })` of its Anywidget Front-End Module spec) that shows the calculator's
// embed mode inside a notebook, offline.
//
// The page (index.html, its scripts, the core, app and log wasms: the release build's dist/) is
// shipped in the wheel (memcalc/page/) and handed to this module by the kernel as the model's
// binary `_page` value ({path: bytes}), so nothing is fetched from any server: the notebook
// front ends this module runs in (JupyterLab, Notebook 7, VS Code, Colab) all carry a widget's
// binary values over the kernel's comm, while none of them serves a package's files at a
// common address. Each file becomes a blob: URL of the notebook's own origin, its
// references to the others ("./name", as the build writes them with public_url "./")
// rewritten to those URLs, and the rewritten index.html is the frame's address. A blob: page
// carries no query (a blob URL's query is not part of its address, and the page's history may
// change only its fragment), so the query rides in the fragment, which the page reads at a
// blob: address (src/location.rs).
//
// Two-way: the frame posts {type: "memcalc:query", query} whenever its calculation changes
// (src/embed_bridge.rs; docs/embedding.md "The query messages"), which sets the model's
// `query`; a `query` set from Python is posted to the frame as {type: "memcalc:set-query",
// query}. The frame's height follows its {type: "memcalc:height", height} messages.

const QUERY = "memcalc:query";
const SET_QUERY = "memcalc:set-query";
const HEIGHT = "memcalc:height";

/** A binary value as the front end hands it over (DataView in ipywidgets 8). */
function bytesOf(v) {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  if (typeof v === "string") return new TextEncoder().encode(v);
  throw new TypeError("memcalc widget: a page file is not bytes");
}

const TYPES = {
  html: "text/html",
  js: "text/javascript",
  mjs: "text/javascript",
  wasm: "application/wasm",
  css: "text/css",
  json: "application/json",
  md: "text/markdown",
};
const typeOf = (path) => TYPES[path.split(".").pop()] || "application/octet-stream";
const isText = (path) => /\.(html|m?js|css)$/.test(path);

/**
 * The page's address: each file a blob: URL, text files' "./path" references to the others
 * rewritten, files referred to made before the files referring to them. Returns
 * {index, urls}; `urls` are revoked by `release`.
 */
export function buildPage(files) {
  const paths = Object.keys(files);
  if (!paths.includes("index.html")) throw new Error("memcalc widget: the page has no index.html");
  const texts = {};
  for (const p of paths) if (isText(p)) texts[p] = new TextDecoder().decode(bytesOf(files[p]));
  const urls = {};
  const making = new Set();
  const make = (p) => {
    if (urls[p]) return urls[p];
    let body = files[p];
    if (p in texts) {
      if (making.has(p)) throw new Error(`memcalc widget: ${p} refers to itself through others`);
      making.add(p);
      let text = texts[p];
      // A quoted "./path" (an import, a fetch, a worker, an attribute), but not an object's
      // key: wasm-bindgen's glue names a snippet's imports by its path (`"./snippets/…": m`),
      // the name the app's wasm imports them under.
      for (const q of paths) {
        if (q === p || q === "index.html" || !text.includes("./" + q)) continue;
        const escaped = q.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
        const ref = new RegExp("([\"'])\\./" + escaped + "\\1(?!\\s*:)", "g");
        text = text.replace(ref, (_, quote) => quote + make(q) + quote);
      }
      if (p === "index.html") text = adaptIndex(text);
      making.delete(p);
      body = text;
    } else {
      body = bytesOf(body);
    }
    urls[p] = URL.createObjectURL(new Blob([body], { type: typeOf(p) }));
    return urls[p];
  };
  for (const p of paths) make(p);
  return { index: urls["index.html"], urls };
}

/**
 * index.html for a blob: frame: its first script reads the query from the fragment, as the app
 * does at a blob: address; its Content-Security-Policy goes (its script hashes are of the
 * scripts before their references were rewritten; the frame lives under the notebook's own
 * policy, which a blob: document inherits); and the "Open the full calculator" link hides:
 * offline, there is no full page to open.
 */
export function adaptIndex(html) {
  return html
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, "")
    .split("location.search")
    .join('location.hash.replace(/^#/, "?")')
    .replace("</head>", "<style>[data-testid=open-full]{display:none}</style></head>");
}

/** Revokes the page's blob: URLs. */
export function release(page) {
  for (const u of Object.values(page.urls)) URL.revokeObjectURL(u);
}

/** The query without a leading "?" or "#". */
const bare = (q) => String(q || "").replace(/^[?#]/, "");

/** The frame's query: the model's, in embed mode. */
export function frameQuery(query) {
  const q = bare(query);
  return /(^|&)embed=/.test(q) ? q : q === "" ? "embed=1" : q + "&embed=1";
}

function render({ model, el }) {
  const page = buildPage(model.get("_page"));
  const frame = document.createElement("iframe");
  frame.title = "Memory calculator";
  frame.className = "memcalc-widget";
  frame.style.width = "100%";
  frame.style.border = "0";
  frame.style.height = (model.get("height") || 900) + "px";
  frame.setAttribute("allow", "clipboard-write");
  frame.setAttribute("data-testid", "memcalc-widget");
  // The query the frame last reported: the model echoing it back is not posted again. Until
  // the frame's first report its app is not listening: a query set meanwhile is posted then.
  let reported = null;
  let ready = false;
  const loaded = bare(model.get("query"));
  frame.src = page.index + "#" + frameQuery(loaded);
  const onMessage = (e) => {
    if (e.source !== frame.contentWindow || !e.data) return;
    if (e.data.type === HEIGHT && typeof e.data.height === "number") {
      frame.style.height = Math.max(100, Math.ceil(e.data.height)) + "px";
    } else if (e.data.type === QUERY && typeof e.data.query === "string") {
      if (!ready) {
        ready = true;
        if (bare(model.get("query")) !== loaded) return onQuery();
      }
      reported = e.data.query;
      if (model.get("query") !== reported) {
        model.set("query", reported);
        model.save_changes();
      }
    }
  };
  const onQuery = () => {
    const q = model.get("query");
    if (!ready || q === reported || !frame.contentWindow) return;
    frame.contentWindow.postMessage({ type: SET_QUERY, query: bare(q) }, "*");
  };
  window.addEventListener("message", onMessage);
  model.on("change:query", onQuery);
  el.appendChild(frame);
  return () => {
    window.removeEventListener("message", onMessage);
    model.off("change:query", onQuery);
    release(page);
  };
}

export default { render };
