// A blank house rule keeps the preset's value: each blank field shows that value as its
// placeholder, and shows the new preset's as soon as another is chosen (the server wrote the
// first preset's, and every preset's values on its line of the list). Only on the
// new-tournament form.
"use strict";

behaviour((() => {
  function show(form, preset) {
    const line = form.querySelector(`.preset-${CSS.escape(preset)}`);
    for (const [name, value] of Object.entries(JSON.parse(line?.dataset.placeholders ?? "{}"))) {
      const field = form.elements[name];
      if (field) field.placeholder = value;
    }
  }
  return {
    change({ target }) {
      if (target.name === "preset" && target.form) show(target.form, target.value);
    },
    // Come back to (or reloaded), the page may hold another preset than the server wrote for.
    pageshow() {
      for (const preset of document.querySelectorAll('select[name="preset"]')) show(preset.form, preset.value);
    },
  };
})());
