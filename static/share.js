// Copy a link, hand it to the phone's share sheet, or print the page (the table cards); the
// buttons stay hidden where they cannot work.
"use strict";

behaviour((() => {
  function show(root) {
    root.querySelectorAll("[data-copy]").forEach((b) => { b.hidden = !navigator.clipboard; });
    root.querySelectorAll("[data-share]").forEach((b) => { b.hidden = !navigator.share; });
    root.querySelectorAll("[data-print]").forEach((b) => { b.hidden = !window.print; });
  }
  return {
    DOMContentLoaded: () => show(document),
    "htmx:load": (e) => show(e.detail.elt),
    click({ target }) {
      const copy = target.closest("[data-copy]"), sheet = target.closest("[data-share]");
      const link = (button) => document.getElementById(button.dataset.copy || button.dataset.share).value;
      if (copy) navigator.clipboard.writeText(link(copy)).then(() => copy.classList.add("done"));
      if (target.closest("[data-print]")) window.print();
      if (sheet) navigator.share({ title: sheet.dataset.title, [sheet.dataset.as || "url"]: link(sheet) }).catch(() => {});
    },
  };
})());
