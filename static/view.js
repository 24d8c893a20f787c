// The view link tells the truth: when it last heard from the server, "reconnecting…" (asking
// less and less often) while it cannot, and that a replaced link will never answer again.
// A tournament's wall of several pages turns them on the clock (tournaments/services/wall.py
// counts the same turns), so that its poll's part stays unchanged. Only on the pages that
// follow a game or a tournament by themselves.
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
  // Show the page of the wall the clock has come round to: each table and row says its own.
  function turnPages() {
    const wall = document.querySelector(".wall[data-pages]"), count = +wall?.dataset.pages;
    if (!(count > 1)) return;
    const shown = Math.floor(Date.now() / 1000 / +wall.dataset.pageSeconds) % count + 1;
    for (const item of wall.querySelectorAll("[data-page]")) item.classList.toggle("off-page", +item.dataset.page !== shown);
    const line = wall.querySelector(".wall-page");
    line.textContent = line.dataset.words.replace("%s", shown);
  }
  return {
    // A copy kept on the phone (offline.js has noted it) was not "Updated at" now.
    DOMContentLoaded() {
      const copy = document.querySelector(".offline-since");
      status(copy ? said("reconnecting") : updatedNow(), !!copy);
      turnPages();
      setInterval(turnPages, 1000);
    },
    "htmx:afterSwap": turnPages,
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
