// The one-line embed (docs/embedding.md):
//   <script src="https://YOUR-HOST/memcalc/embed.js" data-query="v=1&preset=lj-melt&lock=particles"></script>
// puts the calculator's sandboxed frame where the script tag is and keeps it as tall as its
// content, so host pages need not paste the frame and the height listener by hand.
(function () {
  var me = document.currentScript;
  if (!me || !me.parentNode) return;
  var base = me.src.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  var q = (me.getAttribute("data-query") || "v=1").replace(/^\?/, "");
  if (!/(^|&)embed=/.test(q)) q += "&embed=1";
  var f = document.createElement("iframe");
  f.src = base + "?" + q;
  f.title = me.getAttribute("data-title") || "Memory calculator";
  // An opaque origin: the frame cannot read, script or navigate this page.
  f.setAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-downloads");
  f.setAttribute("allow", "clipboard-write");
  f.setAttribute("loading", "lazy");
  f.className = me.getAttribute("data-class") || "memcalc";
  f.style.width = "100%";
  f.style.border = "0";
  f.style.display = "block";
  f.style.height = (Number(me.getAttribute("data-height")) || 900) + "px";
  me.parentNode.insertBefore(f, me.nextSibling);
  addEventListener("message", function (e) {
    if (e.source !== f.contentWindow || !e.data || e.data.type !== "memcalc:height") return;
    var h = Number(e.data.height);
    if (h > 0 && h < 20000) f.style.height = Math.ceil(h) + "px";
  });
})();
