// Keep the screen on while the scorer's page is open (Screen Wake Lock) unless turned off;
// the phone drops the lock when the page is hidden, so it is asked for again on coming back.
"use strict";

behaviour((() => {
  const KEY = "spades-keep-awake";
  let button = null, wanted = true, lock = null, asking = false;
  const show = () => button.setAttribute("aria-pressed", String(wanted));
  async function acquire() {
    if (!button || !wanted || lock || asking || document.visibilityState !== "visible") return;
    asking = true;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch {
      wanted = false; // refused (battery saver, policy): shown as off; a tap asks again
    }
    asking = false;
    show();
  }
  return {
    DOMContentLoaded() {
      if (!("wakeLock" in navigator)) return;
      button = document.querySelector("button.wake");
      if (!button) return;
      try { wanted = localStorage.getItem(KEY) !== "off"; } catch { /* on by default */ }
      button.hidden = false;
      show();
      acquire();
    },
    click({ target }) {
      if (!button?.contains(target)) return;
      wanted = !wanted;
      try { localStorage.setItem(KEY, wanted ? "on" : "off"); } catch { /* this page only */ }
      show();
      if (wanted) acquire();
      else lock?.release();
    },
    visibilitychange: acquire,
  };
})());
