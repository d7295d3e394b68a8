// TaleSpin art, drawn as code (our own drawings): each pilot's plane seen from above in their colour with
// the pilot's letter on the wing (colour is never the only signal), and the cargo crate — closed while
// packed, open with its goods once delivered. Every picture is an <svg role="img"> named in the page's
// language by board.js. Drawing only: no state, no events.

import { svg as s, picture as pic } from "/kit.js";
const INK = "#1f2933";

// a seaplane from above: fuselage, wings with the pilot's letter, tail, propeller
export function plane(colour, letter, label) {
  return pic("0 0 32 32", label, "ts-plane-art", [
    s("path", { d: "M16 2 Q19 4 19 10 V24 L16 30 L13 24 V10 Q13 4 16 2 Z", fill: colour, stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M1 11 Q16 8 31 11 V16 Q16 14 1 16 Z", fill: colour, stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M9 26 H23 V29 H9 Z", fill: colour, stroke: INK, "stroke-width": .7 }),
    s("path", { d: "M11 2 H21", stroke: INK, "stroke-width": 1.4, "stroke-linecap": "round" }),
    s("circle", { cx: 16, cy: 7, r: 1.8, fill: "#cfe8ff", stroke: INK, "stroke-width": .5 }),
    s("text", { x: 7.5, y: 15.3, "text-anchor": "middle", "font-size": 7.5, "font-weight": 800, fill: "#fff", "font-family": "system-ui, sans-serif" }, letter),
    s("text", { x: 24.5, y: 15.3, "text-anchor": "middle", "font-size": 7.5, "font-weight": 800, fill: "#fff", "font-family": "system-ui, sans-serif" }, letter),
  ]);
}

// a cargo crate: nailed shut while packed; open, its lid aside and goods showing, once delivered
export function crate(open, label) {
  const box = [
    s("rect", { x: 3, y: 10, width: 26, height: 18, rx: 1.5, fill: "#b9813f", stroke: INK, "stroke-width": .9 }),
    s("path", { d: "M3 16 H29 M3 22 H29 M3 10 L29 28", stroke: "#7a4f22", "stroke-width": 1.1 }),
  ];
  if (!open) {
    return pic("0 0 32 32", label, "ts-crate", [box, s("rect", { x: 2, y: 6, width: 28, height: 5, rx: 1, fill: "#c89250", stroke: INK, "stroke-width": .9 }),
      s("path", { d: "M8 8.5 h.1 M24 8.5 h.1", stroke: INK, "stroke-width": 1.6, "stroke-linecap": "round" })]);
  }
  return pic("0 0 32 32", label, "ts-crate open", [
    s("circle", { cx: 10, cy: 9, r: 4, fill: "#f4c430", stroke: INK, "stroke-width": .6 }),
    s("path", { d: "M15 11 L19 3 L23 11 Z", fill: "#2f9e5b", stroke: INK, "stroke-width": .6 }),
    s("rect", { x: 21, y: 5, width: 7, height: 6, fill: "#c0392b", stroke: INK, "stroke-width": .6 }),
    box, s("rect", { x: 22, y: 1, width: 9, height: 4, rx: 1, fill: "#c89250", stroke: INK, "stroke-width": .8, transform: "rotate(25 26 3)" }),
  ]);
}
