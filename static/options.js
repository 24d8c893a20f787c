// The new-game form's "Rules and options" line said again as the fields change, from the
// words and values the server put on the page (forms/played.py says it first); a rule set
// chosen is shown in the fields it fills (the server plays it as kept either way).
"use strict";

behaviour((() => {
  const LINE = ".what-is-played";
  const iso = (text) => Object.assign(document.createElement("bdi"), { textContent: text });
  const label = (select) => select.selectedOptions[0]?.textContent.trim();
  function say(form) {
    const line = form.querySelector(LINE), w = line.dataset, f = form.elements, parts = [];
    for (const [box, typed] of [[f.in_table, 1], [f.best_of], [f.rule_set, 1]]) {
      if (box?.value) parts.push(typed ? iso(label(box)) : label(box));
    }
    const alone = f.table.value !== "partners";
    const item = form.querySelector(`.preset-${alone ? f.table.value : f.preset.value}`);
    const preset = JSON.parse(item.dataset.fields);
    // Blank, or for partners only at a table without them, is the preset's value.
    const value = (name) => (f[name].value === "" || (alone && f[name].closest(".partners-only"))
      ? String(preset[name]) : f[name].value);
    const hands = +value("hands_limit"), more = Object.keys(preset).filter((name) =>
      !JSON.parse(w.named).includes(name) && value(name) !== String(preset[name])).length;
    parts.push(item.firstChild.textContent, w.toWin.replace(w.blank, value("target")));
    if (hands) parts.push((hands > 1 ? w.hands : w.hand).replace(w.blank, hands));
    if (more) parts.push((more > 1 ? w.moreRules : w.moreRule).replace(w.blank, more));
    // The dealer's button names them as typed (taps.js), else by their seat.
    const dealer = form.querySelector(".dealer :checked + span");
    const name = dealer.textContent.trim();
    const [before, after] = w.dealsFirst.split(w.blank);
    parts.push([before, dealer.firstChild?.nodeName === "BDI" ? iso(name) : name, after]);
    line.replaceChildren(...parts.flatMap((part, i) => [...(i ? [" · "] : []), ...[part].flat()]));
  }
  const follow = ({ target: { form } }) => form?.querySelector(LINE) && say(form);
  return {
    input: follow,
    change(e) {
      const set = e.target.name === "rule_set" && JSON.parse(e.target.selectedOptions[0].dataset.fields ?? "null");
      for (const [name, data] of Object.entries(set || {})) e.target.form.elements[name].value = data ?? "";
      follow(e);
    },
    // Come back to, the page may hold values typed before; else the server's line stands
    // (a refused value left out, as the game will).
    pageshow() {
      if (performance.getEntriesByType("navigation")[0]?.type !== "back_forward") return;
      document.querySelectorAll(LINE).forEach((line) => say(line.closest("form")));
    },
  };
})());
