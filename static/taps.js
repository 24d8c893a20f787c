// Taps and scrolling: one tap per send, taps kept over a reload, the next tap brought into view.
"use strict";

behaviour((() => {
  const TAPS = "spades-taps";
  const buttons = (form, off) => form.querySelectorAll("[type=submit]").forEach((b) => { b.disabled = off; });
  return {
    // Off while the request is out; htmx ends each, answered or not, with afterRequest.
    "htmx:beforeRequest"(e) {
      const form = formOf(e);
      if (!form) return;
      form.querySelectorAll(".outcome").forEach((old) => old.remove());
      buttons(form, true);
    },
    "htmx:afterRequest": (e) => formOf(e) && buttons(formOf(e), false),
    // Without htmx a form posts as a page: one tap only, given back on coming back to it.
    submit({ target: form }) {
      const b = form.querySelector("[type=submit]:not([name])");
      if (b && !(window.htmx && form.hasAttribute("hx-post"))) setTimeout(() => { b.disabled = true; }, 0);
    },
    pageshow: () => document.querySelectorAll("form").forEach((f) => buttons(f, false)),
    // Taps kept while the game is unchanged. After a bid, the next row still to bid; after
    // the last bid, or a team's tricks (the other's are worked out), Save.
    change({ target: input }) {
      const form = input.closest(".hand-form"), row = input.closest(".hand-form fieldset");
      if (!form) return;
      const kept = [...form.querySelectorAll("[type=radio]:checked")].map((tap) => [tap.name, tap.value]);
      store(TAPS, { page: location.pathname, version: form.elements.version?.value, taps: kept });
      if (!row) return;
      const rows = [...form.querySelectorAll("fieldset:has([name^=bid_])")];
      // A team's blind bid, tapped on its own row, is both partners' bid.
      const covered = [...form.querySelectorAll("[data-covers]:has(:checked)")]
        .flatMap((r) => r.dataset.covers.split(" "));
      const unanswered = (r) => !r.querySelector(":checked") && !covered.includes(r.querySelector("input").name);
      const next = input.name.startsWith("bid_") && rows.slice(rows.indexOf(row) + 1).find(unanswered);
      (next || form.querySelector("button.save"))?.scrollIntoView({ block: "nearest" });
    },
    DOMContentLoaded() {
      const kept = stored(TAPS, null), form = document.querySelector(".hand-form");
      if (!form || kept?.page !== location.pathname || kept.version !== form.elements.version?.value) return;
      for (const [name, value] of kept.taps) {
        const input = form.querySelector(`[name="${name}"][value="${value}"]`);
        if (input) input.checked = true;
      }
    },
    // A sent form's error where the finger is, or the new totals at the top; polls stay put.
    "htmx:afterSettle"({ detail: { xhr, requestConfig } }) {
      if (!xhr || !requestConfig || requestConfig.verb === "get") return;
      const alert = document.querySelector("main [role=alert]");
      if (alert) alert.scrollIntoView({ block: "center" });
      else if (xhr.status === 200) scrollTo(0, 0);
    },
    // The first-dealer buttons name the players as typed (as the server does), else the seat.
    input({ target: box }) {
      const seat = box instanceof HTMLInputElement && /^player_([0-3])$/.exec(box.name);
      const label = seat && box.form?.querySelector(`.dealer span[data-seat="${seat[1]}"]`);
      if (!label) return;
      const name = document.createElement("bdi"); // a typed name's direction stays its own
      name.textContent = box.value.trim();
      label.replaceChildren(name.textContent ? name : box.placeholder);
    },
  };
})());
