// The outbox: a save not sent stays on this phone with its one-time token (the server applies
// each once) and goes again, in order, when the phone is back online or the page is opened.
"use strict";

behaviour((() => {
  const OUTBOX = "spades-outbox", SEEN = "spades-seen";
  let flushing = false, pause = 3000;
  const items = () => stored(OUTBOX, []);
  const drop = (nonce) => store(OUTBOX, items().filter((item) => item.nonce !== nonce));
  // Tried again after a pause too: a server away sends no "online".
  function keep(e) {
    const form = formOf(e);
    if (!form) return;
    const all = items(), nonce = form.elements.nonce?.value;
    if (nonce && !all.some((item) => item.nonce === nonce)) {
      store(OUTBOX, [...all, { action: form.action, body: new URLSearchParams(e.detail.requestConfig.formData).toString(), nonce }]);
    }
    setTimeout(flush, pause);
  }
  async function flush() {
    if (flushing) return;
    flushing = true;
    let sent = 0, all, refusal = "";
    try {
      while ((all = items()).length) {
        const item = all[0], body = new URLSearchParams(item.body);
        const answer = await fetch(item.action, { method: "POST", body });
        if (answer.headers.get("X-Refusal") === "csrf" && !item.renewed) {
          body.set("csrf_token", await freshToken());
          store(OUTBOX, [{ ...item, body: body.toString(), renewed: true }, ...all.slice(1)]);
          continue;
        }
        if (answer.status === 429 || answer.status >= 500) throw new Error("try later");
        // The game's version after the send, noted before the save leaves the outbox: a page
        // of this game opened meanwhile, older than that, knows to catch up.
        const page = parse(await answer.text());
        const version = page.querySelector(".hand-form [name=version]")?.value;
        if (version) store(SEEN, { page: new URL(answer.url).pathname, version: +version });
        // Refused for good (another phone's save came first, a game over): said, never lost
        // unsaid, once the page shows what is saved now.
        if (!answer.ok) refusal = page.querySelector("main [role=alert]")?.textContent.trim() || said("refused");
        drop(item.nonce); // saved, saved before, or refused for good
        sent += 1;
      }
      pause = 3000;
    } catch {
      pause = Math.min(60000, pause * 2); // no connection or a busy server: ask less often
      setTimeout(flush, pause);
    }
    flushing = false;
    const seen = stored(SEEN, null), form = document.querySelector(".hand-form");
    const behind = seen?.page === location.pathname && +form?.elements.version?.value < seen.version;
    const caughtUp = (sent || behind) && window.htmx && document.querySelector("section.game")
      ? htmx.ajax("GET", location.pathname, { target: "section.game", swap: "outerHTML" })
      : Promise.resolve();
    if (refusal) {
      caughtUp.then(() => {
        const box = document.querySelector("section.game") || document.querySelector("main");
        notice(box, "outbox-refused", "alert", refusal).scrollIntoView({ block: "center" });
      });
    }
    form?.querySelector(".waiting")?.remove();
    if (form && items().length) notice(form, "waiting", "status", `${said("waiting")} (${items().length})`);
  }
  return {
    "htmx:afterRequest": (e) => formOf(e) && e.detail.successful && drop(formOf(e).elements.nonce?.value),
    "htmx:sendError": keep,
    "htmx:timeout": keep,
    online: flush,
    DOMContentLoaded: flush,
  };
})());
