// The core's answers' loader (src/time.rs): asks the page's core (window.memcalcCore, defined by
// index.html's first script: the core worker, crates/memcalc-worker, or the same wasm on the
// page's thread where no worker starts) for the time answer, or the planner's answer, of a
// query. They are worked out off the page's thread, so a keystroke's frame never waits on them
// (issue 36; issue 39 ran them in a task of its own after the edit's frame). One query at a time
// per kind of answer: while one is being worked out, only the newest query waits, and the ones
// it replaced answer null, which the page never reads (it drops answers to an older query).
// The planner's search takes the core ~130 ms over every device in the release wasm (a big
// search longer; issue 41, docs/performance.md), so it is asked only once the query has stood
// still for a moment, and it runs in a worker of its own (index.html's first script sends
// "plan_answer" to a second core worker): a time answer never waits behind a plan. The rows'
// launch settings ("launch_rows") are asked only when a row's "Launch" fold opens. Failures
// resolve to null, never a rejection, which index.html's first script reads as a frame's CORS
// failure.
const PLAN_PAUSE_MS = 300;
const lanes = {};

function next(run) {
  const lane = lanes[run];
  if (lane.busy || !lane.waiting) return;
  const { query, done } = lane.waiting;
  lane.waiting = null;
  lane.busy = true;
  const core = window.memcalcCore;
  Promise.resolve(core ? core(run, query) : null)
    .catch(() => null)
    .then((text) => {
      lane.busy = false;
      done(text);
      next(run);
    });
}

function ask(run, query, pause) {
  const lane = (lanes[run] = lanes[run] || { busy: false, waiting: null, timer: 0 });
  return new Promise((done) => {
    if (lane.waiting) lane.waiting.done(null);
    lane.waiting = { query, done };
    if (!pause) return next(run);
    clearTimeout(lane.timer);
    lane.timer = setTimeout(() => next(run), pause);
  });
}

export function time_answer(query) {
  return ask("time_answer", query, 0);
}

export function plan_answer(query) {
  return ask("plan_answer", query, PLAN_PAUSE_MS);
}

export function launch_rows(query) {
  return ask("launch_rows", query, 0);
}
