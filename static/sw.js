// The offline shell: the app's files and the pinned htmx kept on the phone, and the last copy
// of every game page opened, so that a table that loses the network keeps its score.
// Pages go to the network first: a kept copy is shown only when the network cannot answer;
// the files (static/, htmx) are this release's own, kept as it was installed.
"use strict";

// Filled in by web/offline.py when it serves this script: the release (a hash of this script,
// the static files and the htmx address), the static files, the pinned htmx file. A new
// release is a new script, which the phone installs in place of this one.
const SHELL = { release: "unreleased", files: [], htmx: null };

const PREFIX = "spades-";
const FILES = `${PREFIX}files-${SHELL.release}`;
const PAGES = `${PREFIX}pages-${SHELL.release}`;
// The pages kept: home, each game's scorer page and its view link (not their sub-pages).
const KEPT = /^\/(?:[gv]\/[A-Za-z0-9_-]+)?$/;
// A kept copy says when it was kept (ms), in a header the page reads in its navigation timing.
const keptAt = (response) => Number(/^offline;desc="(\d+)"/.exec(response.headers.get("Server-Timing"))?.[1] || 0);
const MATCH_PAGES = { cacheName: PAGES, ignoreVary: true };

// Asked as the page asks (crossorigin="anonymous"), so that the page's own integrity check
// passes on the kept answer; the hash is checked here too, before anything is kept.
// The address may be a path on this site (HTMX_URL): compared whole, as the page asks for it.
const HTMX = SHELL.htmx && new URL(SHELL.htmx.url, location.href).href;
const htmxRequest = () => new Request(HTMX, {
  mode: "cors", credentials: "omit", integrity: SHELL.htmx.integrity,
});

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // Each address names its file's bytes (?v=): what the page brought is taken from the HTTP cache.
    const files = SHELL.files.map((path) => new Request(path));
    await (await caches.open(FILES)).addAll(SHELL.htmx ? [...files, htmxRequest()] : files);
    await self.skipWaiting();
  })());
});

// The new release's caches replace the old ones: the games' copies are carried over (they
// are the phone's last word on each game), everything else of the old releases is deleted.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const pages = await caches.open(PAGES);
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === FILES || name === PAGES) continue;
      if (name.startsWith(`${PREFIX}pages-`)) {
        const old = await caches.open(name);
        for (const key of await old.keys()) {
          const copy = await old.match(key);
          const kept = await pages.match(key);
          if (copy && (!kept || keptAt(kept) < keptAt(copy))) await pages.put(key, copy);
        }
      }
      await caches.delete(name);
    }
    await self.clients.claim();
    await tell({ activated: SHELL.release });
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // a write goes out or fails as ever: the outbox keeps it
  const url = new URL(request.url);
  if (HTMX && url.href === HTMX) {
    event.respondWith(keptFirst(request));
  } else if (url.origin !== location.origin) {
    return;
  } else if (request.mode === "navigate" && KEPT.test(url.pathname)) {
    event.respondWith(page(event, url.pathname));
  } else if (SHELL.files.includes(url.pathname + url.search)) {
    event.respondWith(keptFirst(request));
  }
});

// The files of this release, as kept when it was installed: the pinned htmx file never changes
// (its hash is in the page), and a changed static file is a new release, so a new worker.
async function keptFirst(request) {
  return (await caches.match(request, { cacheName: FILES, ignoreVary: true })) || fetch(request);
}

// A page from the network whenever it answers, kept for later; the kept copy when it cannot.
// A link that is gone (replaced, or no game) takes its copy with it.
async function page(event, path) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const kept = await caches.match(path, MATCH_PAGES);
    if (kept) return kept;
    throw error;
  }
  if (response.status === 200 && response.type === "basic") {
    event.waitUntil(keep(path, response.clone()));
  } else if (response.status === 404 || response.status === 410) {
    event.waitUntil(caches.open(PAGES).then((pages) => pages.delete(path)));
  }
  return response;
}

async function keep(path, response) {
  await store(path, await response.text(), response.headers);
}

async function store(path, body, headers) {
  const kept = new Headers(headers);
  kept.set("Server-Timing", `offline;desc="${Date.now()}"`);
  await (await caches.open(PAGES)).put(path, new Response(body, { headers: kept }));
  await tell({ kept: path });
}

// Each change to what the phone keeps is told to its pages, which may wait for it.
async function tell(news) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(news);
}

// What the pages say (static/offline.js): each newer part htmx brings into a game page goes into
// that page's copy, so the copy has the last known score and the form of the next hand.
// A page no worker was in charge of when it loaded (the first visit, a page that came while
// this worker was being installed, a reload that bypassed it) says its address alone: it is
// kept if it is not yet. The page asks, not this worker at its activation, because a page
// still loading then is in no list of clients.
self.addEventListener("message", (event) => {
  const { url, part } = event.data || {};
  const path = typeof url === "string" && url.startsWith(`${location.origin}/`) && new URL(url).pathname;
  if (!path || !KEPT.test(path)) return;
  if (typeof part === "string") event.waitUntil(inTurn(() => keepPart(path, part)));
  else if (part === undefined) event.waitUntil(inTurn(() => keepIfMissing(path)));
});

// One change to the kept pages at a time, in the order the pages asked: two parts that come
// together (a hand's bids, then its tricks) must not both start from the same older copy, and
// a copy fetched whole must not land after a newer part.
let queue = Promise.resolve();
function inTurn(task) {
  queue = queue.then(task, task);
  return queue;
}

async function keepIfMissing(path) {
  if (await caches.match(path, MATCH_PAGES)) return;
  try {
    const response = await fetch(path);
    if (response.status === 200 && response.type === "basic" && !response.redirected) await keep(path, response);
  } catch {
    // offline: nothing to keep yet
  }
}

async function keepPart(path, part) {
  const kept = await caches.match(path, MATCH_PAGES);
  if (!kept) return keepIfMissing(path);
  const page = splice(await kept.text(), part);
  if (page) await store(path, page, kept.headers);
}

// The part htmx swaps is the page's <section class="game…"> whole: the newer one takes the
// older one's place (sections may nest inside it; names are escaped, so no tag is in a name).
// The part's own <title>, last (a chart's are inside the section), gives its words to the
// page's, first: the one in its head.
const PART = '<section class="game';
const TITLE = /(<title\b[^>]*>)[^<]*(<\/title>)/;
const PART_TITLE = /<title\b[^>]*>([^<]*)<\/title>\s*$/;
function splice(kept, part) {
  const title = part.match(PART_TITLE);
  const page = title ? kept.replace(TITLE, (_, open, close) => open + title[1] + close) : kept;
  const fresh = part.replace(PART_TITLE, "").trim();
  const start = page.indexOf(PART);
  if (start < 0 || !fresh.startsWith(PART)) return null;
  const tags = /<(\/?)section\b/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(page); tag; tag = tags.exec(page)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return page.slice(0, start) + fresh + page.slice(page.indexOf(">", tag.index) + 1);
  }
  return null;
}
