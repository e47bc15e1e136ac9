// doc.js: a chapter of the repository (README.md, doc/*.md) rendered as a
// page: doc.html?doc/laboratory.md#a-heading. The markdown is the file
// itself, fetched from the repository beside web/ (scripts/web.sh serve
// serves it all) and rendered by marked (web/vendor/marked/, MIT), so the
// page never holds a copy of the text. Headings get GitHub's anchors, so
// that the links between the chapters, and #anchors in the address,
// scroll as on GitHub; links to other chapters open here too, and
// pictures and code files are the repository's own.

import { marked } from "./vendor/marked/marked.esm.js";

const article = document.getElementById("doc");

// chapterPath is the chapter asked for, a path from the repository's
// root: README.md or a markdown file under doc/ (or a folder of it);
// anything else is refused.
export function chapterPath(query) {
  const path = decodeURIComponent(query.replace(/^\?/, ""));
  return /^(README\.md|doc\/([A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_.-]+\.md)$/.test(path) && !path.includes("..") ? path : "";
}

// slug is GitHub's anchor of a heading's text: lower case, spaces as
// hyphens, and every character but letters, digits, hyphens and
// underscores left out.
export function slug(text) {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

// chapterLink is where a link of the chapter at path goes: another
// chapter opens in this page, an anchor stays, anything else of the
// repository is its file, and an address elsewhere is as written.
export function chapterLink(href, path, base) {
  if (href.startsWith("#") || /^[a-z]+:/i.test(href)) return href;
  const url = new URL(href, new URL(path, base));
  const root = new URL(".", base).href;
  if (!url.href.startsWith(root)) return href;
  const rel = url.pathname.slice(new URL(root).pathname.length);
  if (chapterPath(rel)) return `doc.html?${rel}${url.hash}`;
  return url.href;
}

async function show() {
  const path = chapterPath(location.search);
  const repo = new URL("../", location.href).href; // the repository's root, beside web/
  if (!path) {
    article.textContent = "No such chapter: doc.html?README.md or doc.html?doc/NAME.md.";
    return;
  }
  const source = document.getElementById("doc-source");
  const raw = document.createElement("a");
  raw.href = new URL(path, repo).href;
  raw.textContent = path;
  source.append("rendered from ", raw);
  const response = await fetch(new URL(path, repo));
  if (!response.ok) {
    article.textContent = `${path}: ${response.status} ${response.statusText}.`;
    return;
  }
  article.innerHTML = marked.parse(await response.text(), { gfm: true });
  const seen = new Map();
  for (const h of article.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    let id = slug(h.textContent);
    const n = seen.get(id) || 0;
    seen.set(id, n + 1);
    if (n > 0) id += `-${n}`;
    h.id = id;
  }
  for (const a of article.querySelectorAll("a[href]")) a.setAttribute("href", chapterLink(a.getAttribute("href"), path, repo));
  for (const img of article.querySelectorAll("img[src]")) img.src = chapterLink(img.getAttribute("src"), path, repo);
  for (const table of article.querySelectorAll("table")) {
    const box = document.createElement("div");
    box.className = "doc-table";
    table.replaceWith(box);
    box.append(table);
  }
  document.title = `${article.querySelector("h1")?.textContent || path} (umax)`;
  // The pictures first: they move the headings below them as they load.
  await Promise.all([...article.querySelectorAll("img")].map((img) => img.complete ? null
    : new Promise((resolve) => { img.addEventListener("load", resolve); img.addEventListener("error", resolve); })));
  scrollToHash();
  document.body.dataset.ready = "true";
}

// scrollToHash scrolls to the heading the address names, once rendered
// (the browser looked for it before it existed), and when it changes.
function scrollToHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id) document.getElementById(id)?.scrollIntoView({ block: "start" });
}
window.addEventListener("hashchange", scrollToHash);

show().catch((err) => { article.textContent = `Not rendered: ${err.message}`; });
