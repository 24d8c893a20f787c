// The view link tells the truth: when it last heard from the server, "reconnecting…" (asking
// less and less often) while it cannot, and that a replaced link will never answer again.
// Only on the view links' pages.
"use strict";

behaviour((() => {
  let failures = 0, nextTry = 0, stopped = false;
  const isPoll = (elt) => elt instanceof Element && elt.matches("section.view");
  function status(text, trouble) {
    const line = document.querySelector(".poll-status");
    line.textContent = text;
    line.classList.toggle("trouble", trouble);
  }
  const updatedNow = () => said("updated").replace(
    "%s", new Date().toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }),
  );
  return {
    // A copy kept on the phone (offline.js has noted it) was not "Updated at" now.
    DOMContentLoaded() {
      const copy = document.querySelector(".offline-since");
      status(copy ? said("reconnecting") : updatedNow(), !!copy);
    },
    "htmx:beforeRequest"(e) {
      if (isPoll(e.detail.elt) && (stopped || Date.now() < nextTry)) e.preventDefault();
    },
    online() { nextTry = 0; }, // back on the network: ask at once
    // A new scoreboard replaces the old one, whose own events then reach nobody: an answer is
    // noted before its swap, a failure (nothing swapped) after the request.
    "htmx:beforeSwap"({ detail: { elt, xhr } }) {
      if (!isPoll(elt) || xhr.status >= 400) return;
      failures = 0;
      nextTry = 0;
      status(updatedNow(), false);
    },
    "htmx:afterRequest"({ detail: { elt, xhr } }) {
      if (!isPoll(elt) || !elt.isConnected) return;
      if (xhr.status === 404 || xhr.status === 410) {
        stopped = true;
        status(said("replaced"), true);
      } else if (xhr.status === 0 || xhr.status >= 400) {
        failures += 1;
        nextTry = Date.now() + Math.min(60000, 3000 * 2 ** failures);
        status(said("reconnecting"), true);
      }
    },
  };
})());
