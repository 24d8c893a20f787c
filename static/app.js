// Small comforts for the table; the app works the same without them.
"use strict";

// A second tap on "Save" while the first is on its way must not send the hand twice.
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[type=submit]:not([name])");
  if (button) {
    setTimeout(() => { button.disabled = true; }, 0);
  }
});
document.addEventListener("htmx:afterRequest", (event) => {
  event.target.querySelectorAll("button[type=submit][disabled]").forEach((b) => { b.disabled = false; });
});

// Copy a link, or hand it to the phone's share sheet; the buttons stay hidden where neither works.
function linkOf(button, attribute) {
  return document.getElementById(button.getAttribute(attribute));
}
function showShareButtons(root) {
  root.querySelectorAll("[data-copy]").forEach((b) => { b.hidden = !navigator.clipboard; });
  root.querySelectorAll("[data-share]").forEach((b) => { b.hidden = !navigator.share; });
}
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (copy) {
    navigator.clipboard.writeText(linkOf(copy, "data-copy").value).then(() => {
      copy.classList.add("done");
    });
  }
  const share = event.target.closest("[data-share]");
  if (share) {
    navigator.share({ title: share.dataset.title, url: linkOf(share, "data-share").value }).catch(() => {});
  }
});
document.addEventListener("DOMContentLoaded", () => showShareButtons(document));
document.addEventListener("htmx:load", (event) => showShareButtons(event.detail.elt));
