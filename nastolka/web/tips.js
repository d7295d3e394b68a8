// Rules tips: any element with data-tip shows its text in one floating box, on hover (desktop, after a
// short pause) or on a long press (touch). Installed once for the whole page by event delegation.
import { h } from "./dom.js";

let box = null;
let timer = null;
let pressTimer = null;
let current = null;

function ensureBox() {
  if (!box) {
    box = h("div", { id: "tip", role: "tooltip", hidden: true });
    document.body.append(box);
  }
  return box;
}

function show(el) {
  const b = ensureBox();
  const title = el.getAttribute("data-tip-title") || "";
  const text = el.getAttribute("data-tip") || "";
  if (!title && !text) return;
  b.replaceChildren(title ? h("strong", {}, title) : "", text ? h("div", {}, text) : "");
  b.hidden = false;
  const r = el.getBoundingClientRect();
  const w = Math.min(320, document.documentElement.clientWidth - 16);
  b.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - w - 8));
  b.style.left = `${left}px`;
  b.style.top = `${r.bottom + window.scrollY + 6}px`;
  current = el;
}

export function hideTip() {
  clearTimeout(timer);
  if (box) box.hidden = true;
  current = null;
}

// after a redraw: a tip whose element left the page goes too
export function dropDetachedTip() {
  if (current && !current.isConnected) hideTip();
}

export function installTips() {
  new MutationObserver(dropDetachedTip).observe(document.getElementById("app") || document.body, { childList: true, subtree: true });
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = e.target.closest && e.target.closest("[data-tip]");
    if (el === current) return;
    clearTimeout(timer);
    if (!el) { hideTip(); return; }
    timer = setTimeout(() => show(el), 250);
  });
  document.addEventListener("pointerdown", (e) => {
    const el = e.target.closest && e.target.closest("[data-tip]");
    clearTimeout(pressTimer);
    if (e.pointerType === "mouse") { hideTip(); return; }
    if (!el) { hideTip(); return; }
    pressTimer = setTimeout(() => show(el), 450);
  });
  for (const ev of ["pointerup", "pointercancel", "scroll"]) {
    document.addEventListener(ev, () => clearTimeout(pressTimer), { passive: true });
  }
  // a long press must not also open the context menu or select text
  document.addEventListener("contextmenu", (e) => {
    if (e.target.closest && e.target.closest("[data-tip]")) e.preventDefault();
  });
}
