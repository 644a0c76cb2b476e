// The game page's only script: times in the reader's own time zone, and live updates.
// The server sends the inside of <main> whenever what this reader sees changes
// (server-sent events); the page swaps it in place, without a reload.
"use strict";

function localTimes(root) {
  const lang = document.documentElement.lang || "en";
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  for (const node of root.querySelectorAll("time[datetime]")) {
    const when = new Date(node.getAttribute("datetime"));
    if (!isNaN(when)) {
      node.textContent = format.format(when);
      node.title = when.toISOString();
    }
  }
}

function listen(url) {
  const main = document.getElementById("table");
  if (!main || !window.EventSource) {
    return;
  }
  const source = new EventSource(url);
  source.addEventListener("page", (event) => {
    const update = JSON.parse(event.data);
    const parsed = new DOMParser().parseFromString(
      "<main>" + update.html + "</main>", "text/html");
    const fresh = parsed.querySelector("main");
    main.replaceChildren(...fresh.childNodes);
    main.dataset.digest = update.digest;
    localTimes(main);
    document.dispatchEvent(new CustomEvent("table-updated", { detail: update.digest }));
  });
  source.addEventListener("gone", () => {
    // The link no longer works (the seat changed hands, the game ended, it expired):
    // a reload shows why.
    source.close();
    window.location.reload();
  });
}

// A seat with nothing to picture privately gets no picture (the server answers 404).
document.addEventListener("error", (event) => {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.classList.contains("private-image")) {
    target.hidden = true;
  }
}, true);

document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  const url = document.body.dataset.events;
  if (url) {
    listen(url);
  }
});
