// The time answers' loader (src/time.rs): asks the page's core (window.memcalcCore, defined by
// index.html's first script: the core worker, crates/memcalc-worker, or the same wasm on the
// page's thread where no worker starts) for the time answer of a query. The answer is worked
// out off the page's thread, so a keystroke's frame never waits on it (issue 36; issue 39 ran it
// in a task of its own after the edit's frame). One query at a time: while one is being worked
// out, only the newest query waits, and the ones it replaced answer null, which the page never
// reads (it drops answers to an older query). Failures resolve to null, never a rejection,
// which index.html's first script reads as a frame's CORS failure.
let busy = false;
let waiting = null;

function next() {
  if (busy || !waiting) return;
  const { query, done } = waiting;
  waiting = null;
  busy = true;
  const core = window.memcalcCore;
  Promise.resolve(core ? core("time_answer", query) : null)
    .catch(() => null)
    .then((text) => {
      busy = false;
      done(text);
      next();
    });
}

export function time_answer(query) {
  return new Promise((done) => {
    if (waiting) waiting.done(null);
    waiting = { query, done };
    next();
  });
}
