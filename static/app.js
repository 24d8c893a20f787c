// Small comforts for the table; the app works the same without them.
"use strict";

// A second tap on Save while the first is on its way must not send the hand twice.
document.addEventListener("submit", (e) => {
  const button = e.target.querySelector("button[type=submit]:not([name])");
  if (button) setTimeout(() => { button.disabled = true; }, 0);
});
document.addEventListener("htmx:afterRequest", (e) => {
  e.target.querySelectorAll("button[type=submit][disabled]").forEach((b) => { b.disabled = false; });
});

// After a form is sent: its error where the finger is, or the new totals at the top; and a
// redirected answer (a saved edit) puts its address in the bar, as without script.
document.addEventListener("htmx:afterSettle", (e) => {
  const { xhr, requestConfig: sent } = e.detail;
  if (!xhr || !sent || sent.verb === "get") return; // the view link's polling stays put
  const alert = document.querySelector("main [role=alert]");
  const answered = new URL(xhr.responseURL, location.href);
  const moved = answered.pathname !== new URL(sent.path, location.href).pathname;
  if (alert) alert.scrollIntoView({ block: "center" });
  else if (moved) scrollTo(0, 0);
  if (moved && answered.origin === location.origin && answered.pathname !== location.pathname) {
    history.replaceState(history.state, "", answered.pathname + answered.search);
  }
});

// Copy a link, or hand it to the phone's share sheet; the buttons stay hidden where neither works.
const linkOf = (button, attribute) => document.getElementById(button.getAttribute(attribute));
function showShareButtons(root) {
  root.querySelectorAll("[data-copy]").forEach((b) => { b.hidden = !navigator.clipboard; });
  root.querySelectorAll("[data-share]").forEach((b) => { b.hidden = !navigator.share; });
}
document.addEventListener("click", (e) => {
  const copy = e.target.closest("[data-copy]");
  if (copy) navigator.clipboard.writeText(linkOf(copy, "data-copy").value).then(() => copy.classList.add("done"));
  const share = e.target.closest("[data-share]");
  if (share) navigator.share({ title: share.dataset.title, url: linkOf(share, "data-share").value }).catch(() => {});
});
document.addEventListener("htmx:load", (e) => showShareButtons(e.detail.elt));

// Keep the screen on while the scorer's page is open (Screen Wake Lock) unless turned off;
// the phone drops the lock when the page is hidden, so it is asked for again on coming back.
function keepAwake(button) {
  const key = "spades-keep-awake";
  let wanted = true, lock = null, asking = false;
  try { wanted = localStorage.getItem(key) !== "off"; } catch { /* on by default */ }
  const show = () => button.setAttribute("aria-pressed", String(wanted));
  async function acquire() {
    if (!wanted || lock || asking || document.visibilityState !== "visible") return;
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
  button.addEventListener("click", () => {
    wanted = !wanted;
    try { localStorage.setItem(key, wanted ? "on" : "off"); } catch { /* this page only */ }
    show();
    if (wanted) acquire();
    else if (lock) lock.release();
  });
  document.addEventListener("visibilitychange", acquire);
  button.hidden = false;
  show();
  acquire();
}

document.addEventListener("DOMContentLoaded", () => {
  showShareButtons(document);
  const button = document.querySelector("button.wake");
  if (button && "wakeLock" in navigator) keepAwake(button);
});
