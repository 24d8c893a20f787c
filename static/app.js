// Small comforts for the table; the app works the same without them.
"use strict";

// Words for what the server cannot say itself, in the page's language (<body data-*>).
const said = (name) => document.body.dataset[name] || "";
const isForm = (elt) => elt instanceof HTMLFormElement;
const buttons = (form, off) => form.querySelectorAll("[type=submit]").forEach((b) => { b.disabled = off; });

// Save is off while its request is out: htmx fires afterRequest after every ending (an answer,
// a refusal, no connection, a timeout).
document.addEventListener("htmx:beforeRequest", (e) => {
  if (!isForm(e.detail.elt)) return;
  e.detail.elt.querySelectorAll(".outcome").forEach((old) => old.remove());
  buttons(e.detail.elt, true);
});
document.addEventListener("htmx:afterRequest", (e) => { if (isForm(e.detail.elt)) buttons(e.detail.elt, false); });
// Without htmx a form posts as a page: one tap only, given back on coming back to it.
document.addEventListener("submit", (e) => {
  const b = e.target.querySelector("[type=submit]:not([name])");
  if (b && !(window.htmx && e.target.hasAttribute("hx-post"))) setTimeout(() => { b.disabled = true; }, 0);
});
addEventListener("pageshow", () => document.querySelectorAll("form").forEach((f) => buttons(f, false)));

// A refusal or a failed send is said where the scorer looks, the taps kept; Retry where a
// second try can mend it.
function showOutcome(form, text, retry) {
  const box = document.createElement("p");
  box.className = "notice outcome";
  box.setAttribute("role", "alert");
  box.textContent = text + " ";
  if (retry) {
    const again = box.appendChild(document.createElement("button"));
    again.type = "button";
    again.className = "retry";
    again.textContent = said("retry");
    again.onclick = () => { box.remove(); form.requestSubmit(); };
  }
  form.prepend(box);
  box.scrollIntoView({ block: "center" });
}
const parse = (html) => new DOMParser().parseFromString(html, "text/html");
// A form older than the session takes a fresh token from the page and goes once more by
// itself: its one-time token keeps it to one write.
async function renew(form) {
  form.dataset.renewed = "1";
  try {
    const page = parse(await (await fetch(location.href)).text());
    form.elements.csrf_token.value = page.querySelector("[name=csrf_token]").value;
    form.requestSubmit();
  } catch { showOutcome(form, said("notSent"), true); }
}
document.addEventListener("htmx:responseError", (e) => {
  const form = e.detail.elt, xhr = e.detail.xhr;
  if (!isForm(form)) return;
  if (xhr.getResponseHeader("X-Refusal") === "csrf" && !form.dataset.renewed) return renew(form);
  const text = parse(xhr.responseText).querySelector(".confirm p")?.textContent.trim();
  showOutcome(form, text || said("refused"), xhr.status === 429 || xhr.status >= 500);
});
for (const failure of ["htmx:sendError", "htmx:timeout"]) {
  document.addEventListener(failure, (e) => {
    if (!isForm(e.detail.elt)) return;
    keep(e.detail.elt);
    showOutcome(e.detail.elt, said("notSent"), true);
    setTimeout(flush, pause); // a server away, not the phone: no "online" will come
  });
}

// The outbox: a save not sent stays on this phone with its one-time token (the server applies
// each once) and goes again, in order, when the phone is back online or the page is opened;
// the page says it waits.
const OUTBOX = "spades-outbox", SEEN = "spades-seen";
const stored = (key, none) => { try { return JSON.parse(localStorage.getItem(key)) ?? none; } catch { return none; } };
const store = (key, value) => { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* kept by the page only */ } };
const drop = (nonce) => store(OUTBOX, stored(OUTBOX, []).filter((item) => item.nonce !== nonce));
function keep(form) {
  const items = stored(OUTBOX, []), nonce = form.elements.nonce?.value;
  if (!nonce || items.some((item) => item.nonce === nonce)) return;
  items.push({ action: form.action, body: new URLSearchParams(new FormData(form)).toString(), nonce });
  store(OUTBOX, items);
}
let flushing = false, pause = 3000;
async function flush() {
  if (flushing) return;
  flushing = true;
  let sent = 0, items;
  try {
    while ((items = stored(OUTBOX, [])).length) {
      const item = items[0];
      const answer = await fetch(item.action, {
        method: "POST", body: item.body, headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      if (answer.headers.get("X-Refusal") === "csrf" && !item.renewed) { // a session gone stale
        const fresh = parse(await (await fetch(location.href)).text()).querySelector("[name=csrf_token]");
        const body = new URLSearchParams(item.body);
        body.set("csrf_token", fresh.value);
        store(OUTBOX, [{ ...item, body: body.toString(), renewed: true }, ...items.slice(1)]);
        continue;
      }
      if (answer.status === 429 || answer.status >= 500) throw new Error("try later");
      // The game's version after the send, noted before the save leaves the outbox: a page
      // of this game opened meanwhile, older than that, knows to catch up.
      const version = parse(await answer.text()).querySelector(".hand-form [name=version]")?.value;
      if (version) store(SEEN, { page: new URL(answer.url).pathname, version: +version });
      drop(item.nonce); // saved, saved before, or refused for good (a 409 shows what is saved)
      sent += 1;
    }
    pause = 3000;
  } catch {
    pause = Math.min(60000, pause * 2); // no connection or a busy server: ask again, less often
    setTimeout(flush, pause);
  }
  flushing = false;
  if (sent || behind()) refresh();
  showWaiting();
}
const refresh = () => window.htmx && document.querySelector("section.game")
  && htmx.ajax("GET", location.pathname, { target: "section.game", swap: "outerHTML" });
function behind() {
  const seen = stored(SEEN, null), mine = document.querySelector(".hand-form [name=version]");
  return seen?.page === location.pathname && mine && +mine.value < seen.version;
}
function showWaiting() {
  const form = document.querySelector(".hand-form"), waiting = stored(OUTBOX, []).length;
  form?.querySelector(".waiting")?.remove();
  if (!form || !waiting) return;
  const note = document.createElement("p");
  note.className = "notice waiting";
  note.setAttribute("role", "status");
  note.textContent = `${said("waiting")} (${waiting})`;
  form.prepend(note);
}
document.addEventListener("htmx:afterRequest", (e) => {
  if (isForm(e.detail.elt) && e.detail.successful) drop(e.detail.elt.elements.nonce?.value);
});
addEventListener("online", flush);

// Taps not yet saved survive a reload, for as long as the game has not changed since.
const TAPS = "spades-taps";
document.addEventListener("change", (e) => {
  const form = e.target.closest(".hand-form");
  if (!form) return;
  const taps = [...form.querySelectorAll("[type=radio]:checked")].map((input) => [input.name, input.value]);
  store(TAPS, { page: location.pathname, version: form.elements.version?.value, taps });
});
function restoreTaps() {
  const kept = stored(TAPS, null), form = document.querySelector(".hand-form");
  if (!form || kept?.page !== location.pathname || kept.version !== form.elements.version?.value) return;
  for (const [name, value] of kept.taps) {
    const input = form.querySelector(`[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  }
}

// The next thing to tap comes into view by itself: after a bid, the next row still to bid;
// after the last bid, or a team's tricks (the other team's are worked out), Save.
document.addEventListener("change", (e) => {
  const row = e.target.closest(".hand-form fieldset");
  if (!row) return;
  const rows = [...row.form.querySelectorAll("fieldset:has([name^=bid_])")];
  const next = e.target.name.startsWith("bid_")
    && rows.slice(rows.indexOf(row) + 1).find((r) => !r.querySelector(":checked"));
  (next || row.form.querySelector("button.save"))?.scrollIntoView({ block: "nearest" });
});

// The page a part belongs to: the one a write's answer names (HX-Replace-Url: a saved edit
// goes back to its game, htmx puts that in the bar), else the one asked for, or this one.
function pageOf(xhr, sent) {
  const named = xhr.getResponseHeader("HX-Replace-Url");
  if (named) return new URL(named, location.href);
  return new URL(sent?.verb === "get" ? xhr.responseURL : location.href, location.href);
}

// After a form is sent: its error where the finger is, or the new totals at the top.
document.addEventListener("htmx:afterSettle", (e) => {
  const { xhr, requestConfig: sent } = e.detail;
  if (!xhr || !sent || sent.verb === "get") return; // the view link's polling stays put
  const alert = document.querySelector("main [role=alert]");
  if (alert) alert.scrollIntoView({ block: "center" });
  else if (xhr.status === 200) scrollTo(0, 0);
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
  if (share) navigator.share({ title: share.dataset.title, [share.dataset.as || "url"]: linkOf(share, "data-share").value }).catch(() => {});
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
  restoreTaps();
  flush();
  const button = document.querySelector("button.wake");
  if (button && "wakeLock" in navigator) keepAwake(button);
});

// The first-dealer buttons name the players as they are typed (as the server does after a
// refused form); a box left blank gives back the seat's name.
document.addEventListener("input", (e) => {
  const box = e.target;
  const seat = box instanceof HTMLInputElement && /^player_([0-3])$/.exec(box.name);
  const label = seat && box.form && box.form.querySelector(`.dealer span[data-seat="${seat[1]}"]`);
  if (!label) return;
  const name = box.value.trim();
  if (!name) {
    label.textContent = box.placeholder;
    return;
  }
  const isolated = document.createElement("bdi"); // a typed name's direction stays its own
  isolated.textContent = name;
  label.replaceChildren(isolated);
});

// The offline shell (/sw.js) keeps a copy of each game page, shown with a note when offline.
{
  const sw = navigator.serviceWorker;
  const tell = (news) => sw?.ready.then((r) => r.active?.postMessage(news));
  addEventListener("load", () => sw?.register("/sw.js").catch(() => {}));
  if (!sw?.controller) tell({ url: location.href }); // no shell in charge: it keeps a copy
  // Any answer ends the note; a newer part of a game page goes into the phone's copy.
  let part;
  document.addEventListener("htmx:afterRequest", (e) => {
    const xhr = e.detail.xhr;
    if (xhr?.status) document.querySelector(".offline-since")?.remove();
    if (xhr?.status !== 200 || xhr.responseText === part) return;
    part = xhr.responseText;
    tell({ url: pageOf(xhr, e.detail.requestConfig).href, part });
  });
  const kept = performance.getEntriesByType("navigation")[0]?.serverTiming?.find((t) => t.name === "offline");
  const view = document.querySelector("section.view");
  if (kept && document.querySelector("section.game")) {
    const note = document.createElement("p");
    note.className = "notice offline-since";
    note.setAttribute("role", "status");
    const time = new Date(+kept.description).toLocaleTimeString(document.documentElement.lang, { timeStyle: "short" });
    note.textContent = said(view ? "offlineView" : "offlineGame").replace("%s", time);
    document.querySelector("main").prepend(note);
    // This copy was not "Updated at" now (view.js).
    if (view) addEventListener("DOMContentLoaded", () => setTimeout(() => {
      const status = document.querySelector(".poll-status");
      status.textContent = said("reconnecting");
      status.classList.add("trouble");
    }));
  }
}
