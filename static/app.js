// What the page's scripts share; it runs first (web/assets.py has their order).
"use strict";

// A behaviour: an object whose methods are named for the events they answer. Each event has
// one listener, which hands it to them in the order the scripts run.
const behaviours = [];
const ON_WINDOW = ["load", "pageshow", "online"]; // the rest come to the document
function behaviour(methods) {
  for (const type of Object.keys(methods)) {
    if (behaviours.some((other) => type in other)) continue;
    (ON_WINDOW.includes(type) ? window : document)
      .addEventListener(type, (e) => behaviours.forEach((each) => each[type]?.(e)));
  }
  behaviours.push(methods);
}

// Words the server cannot say itself, in the page's language (<body data-*>).
const said = (name) => document.body.dataset[name] || "";
const formOf = (e) => (e.detail.elt instanceof HTMLFormElement ? e.detail.elt : null);
const parse = (html) => new DOMParser().parseFromString(html, "text/html");
const stored = (key, none) => { try { return JSON.parse(localStorage.getItem(key)) ?? none; } catch { return none; } };
const store = (key, value) => { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* page only */ } };
function notice(box, kind, role, text) {
  const note = box.insertBefore(document.createElement("p"), box.firstChild);
  note.className = `notice ${kind}`;
  note.setAttribute("role", role);
  note.textContent = text;
  return note;
}
// A form older than the session: the page, asked again, has a fresh CSRF token.
const freshToken = async () => parse(await (await fetch(location.href)).text())
  .querySelector("[name=csrf_token]").value;
