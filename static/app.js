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
