// The view link tells the truth: when it last heard from the server, "reconnecting…" (asking
// less and less often) while it cannot, and that a replaced link will never answer again.
"use strict";

const poll = { failures: 0, nextTry: 0, stopped: false };
const isPoll = (elt) => elt instanceof Element && elt.matches("section.view");
function pollStatus(text, trouble) {
  const status = document.querySelector(".poll-status");
  status.textContent = text;
  status.classList.toggle("trouble", trouble);
}
const updatedNow = () => document.body.dataset.updated.replace(
  "%s", new Date().toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }),
);
document.addEventListener("htmx:beforeRequest", (e) => {
  if (isPoll(e.detail.elt) && (poll.stopped || Date.now() < poll.nextTry)) e.preventDefault();
});
addEventListener("online", () => { poll.nextTry = 0; }); // back on the network: ask at once
// A new scoreboard replaces the old one, whose own events then reach nobody: an answer is
// noted before its swap, a failure (nothing swapped) after the request.
document.addEventListener("htmx:beforeSwap", (e) => {
  if (!isPoll(e.detail.elt) || e.detail.xhr.status >= 400) return;
  poll.failures = 0;
  poll.nextTry = 0;
  pollStatus(updatedNow(), false);
});
document.addEventListener("htmx:afterRequest", (e) => {
  if (!isPoll(e.detail.elt) || !e.detail.elt.isConnected) return;
  const status = e.detail.xhr.status;
  if (status === 404 || status === 410) {
    poll.stopped = true;
    pollStatus(document.body.dataset.replaced, true);
  } else if (status === 0 || status >= 400) {
    poll.failures += 1;
    poll.nextTry = Date.now() + Math.min(60000, 3000 * 2 ** poll.failures);
    pollStatus(document.body.dataset.reconnecting, true);
  }
});
document.addEventListener("DOMContentLoaded", () => pollStatus(updatedNow(), false));
