// The offline shell (/sw.js) keeps a copy of each game page, shown with a note when offline.
"use strict";

behaviour((() => {
  const sw = navigator.serviceWorker;
  const tell = (news) => sw?.ready.then((r) => r.active?.postMessage(news));
  let part;
  return {
    load: () => sw?.register("/sw.js").catch(() => {}),
    // Any answer ends the note; a newer part of a game page goes into the phone's copy of
    // its page: the one a write's answer names (a saved edit goes back to its game), else
    // the one asked for, or this one.
    "htmx:afterRequest"({ detail: { xhr, requestConfig } }) {
      if (xhr?.status) document.querySelector(".offline-since")?.remove();
      if (xhr?.status !== 200 || xhr.responseText === part) return;
      part = xhr.responseText;
      const page = xhr.getResponseHeader("HX-Replace-Url") || (requestConfig?.verb === "get" ? xhr.responseURL : location.href);
      tell({ url: new URL(page, location.href).href, part });
    },
    // A page no shell served (workerStart 0, even if one claimed it since) is kept now; a
    // kept copy says since when.
    DOMContentLoaded() {
      const nav = performance.getEntriesByType("navigation")[0];
      if (!sw?.controller || !nav?.workerStart) tell({ url: location.href });
      const kept = nav?.serverTiming?.find((t) => t.name === "offline");
      if (!kept || !document.querySelector("section.game")) return;
      const time = new Date(+kept.description).toLocaleTimeString(document.documentElement.lang, { timeStyle: "short" });
      const text = said(document.querySelector("section.view") ? "offlineView" : "offlineGame");
      notice(document.querySelector("main"), "offline-since", "status", text.replace("%s", time));
    },
  };
})());
