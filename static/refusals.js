// A refusal or a failed send is said where the scorer looks, the taps kept; Retry where a
// second try can mend it.
"use strict";

behaviour((() => {
  function show(form, text, retry) {
    const box = notice(form, "outcome", "alert", text + " ");
    if (retry) {
      const again = box.appendChild(document.createElement("button"));
      again.type = "button";
      again.className = "retry";
      again.textContent = said("retry");
      again.onclick = () => { box.remove(); form.requestSubmit(); };
    }
    box.scrollIntoView({ block: "center" });
  }
  const notSent = (e) => formOf(e) && show(formOf(e), said("notSent"), true);
  return {
    // A stale session's form takes a fresh token and goes once more by itself: its one-time
    // token keeps it to one write.
    async "htmx:responseError"(e) {
      const form = formOf(e), xhr = e.detail.xhr;
      if (!form) return;
      if (xhr.getResponseHeader("X-Refusal") === "csrf" && !form.dataset.renewed) {
        form.dataset.renewed = "1";
        try {
          form.elements.csrf_token.value = await freshToken();
          return form.requestSubmit();
        } catch { return notSent(e); }
      }
      const text = parse(xhr.responseText).querySelector(".confirm p")?.textContent.trim();
      show(form, text || said("refused"), xhr.status === 429 || xhr.status >= 500);
    },
    "htmx:sendError": notSent,
    "htmx:timeout": notSent,
  };
})());
