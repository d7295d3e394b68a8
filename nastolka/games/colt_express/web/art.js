// Colt Express art, drawn as code (our own drawings, no images of the published game): the landscape, the
// locomotive, cars and caboose, the bandits as figures (colour + hat shape + letter, so colour is never the
// only signal), the Marshal, loot, action icons, the bullet and the turn symbols. Every picture is an
// <svg role="img"> with an accessible name in the page's language, passed in by board.js from the words.
// Drawing only: no state, no events, so the board drawn from any view is the same picture.

import { svg as s, picture as pic } from "/kit.js";

const INK = "#2b1d12";
const SKIN = "#e9bf94";

// each bandit's hat: a different silhouette, so two bandits of similar colour still differ in shape
const HATS = {
  doc: () => [s("rect", { x: 8, y: 1, width: 8, height: 7, rx: 1, fill: INK }), s("rect", { x: 5, y: 7.5, width: 14, height: 1.8, rx: .9, fill: INK })],
  belle: () => [s("ellipse", { cx: 12, cy: 7.5, rx: 9, ry: 2, fill: "#6d2352" }), s("path", { d: "M8 7.5 Q12 2 16 7.5 Z", fill: "#6d2352" }),
    s("path", { d: "M15 5 q5 -5 6 -3 q-3 1 -5 4 Z", fill: "#f4d35e" })],
  django: () => [s("path", { d: "M7 8 L9 3 H15 L17 8 Z", fill: INK }), s("rect", { x: 3, y: 7.4, width: 18, height: 1.6, rx: .8, fill: INK })],
  tuco: () => [s("ellipse", { cx: 12, cy: 8, rx: 11.5, ry: 2.2, fill: "#8a5a1c" }), s("path", { d: "M8.5 8 Q12 -1 15.5 8 Z", fill: "#8a5a1c" }),
    s("path", { d: "M9 6 H15", stroke: "#e6c07a", "stroke-width": 1 })],
  cheyenne: () => [s("path", { d: "M7.5 8.5 Q12 4 16.5 8.5 Z", fill: INK }), s("path", { d: "M15 7 L18 0.5 L19 1 L16.5 7.5 Z", fill: "#f0e6d0", stroke: "#7a3b12", "stroke-width": .5 })],
  ghost: () => [s("path", { d: "M6.5 14 Q6 3 12 3 Q18 3 17.5 14 Z", fill: "#dfe3e8", stroke: "#5c6470", "stroke-width": .8 })],
};

// a bandit as a standing figure in their colour, with their hat and a letter on the chest
export function bandit(id, colour, letter, label, cls = "ce-figure") {
  const hat = (HATS[id] || HATS.django)();
  return pic("0 0 24 32", label, cls, [
    s("rect", { x: 8, y: 26, width: 3, height: 6, rx: 1, fill: INK }), s("rect", { x: 13, y: 26, width: 3, height: 6, rx: 1, fill: INK }),
    s("path", { d: "M5 28 Q5 16 12 15 Q19 16 19 28 Z", fill: colour, stroke: INK, "stroke-width": .8 }),
    s("circle", { cx: 12, cy: 10.5, r: 4, fill: SKIN, stroke: INK, "stroke-width": .6 }),
    s("path", { d: "M8.2 11.5 H15.8 L12 15.5 Z", fill: colour, stroke: INK, "stroke-width": .5 }),
    hat,
    s("text", { x: 12, y: 25.8, "text-anchor": "middle", "font-size": letter.length > 1 ? 7 : 9.5, "font-weight": 800,
      fill: "#fff", stroke: INK, "stroke-width": .35, "font-family": "system-ui, sans-serif" }, letter),
  ]);
}

// the Marshal: dark coat, wide hat and the gold star — the star is his shape
export function marshal(label, cls = "ce-figure marshal") {
  return pic("0 0 24 32", label, cls, [
    s("rect", { x: 8, y: 26, width: 3, height: 6, rx: 1, fill: INK }), s("rect", { x: 13, y: 26, width: 3, height: 6, rx: 1, fill: INK }),
    s("path", { d: "M4.5 28 Q5 16 12 15 Q19 16 19.5 28 Z", fill: "#3d4a5c", stroke: INK, "stroke-width": .8 }),
    s("circle", { cx: 12, cy: 10.5, r: 4, fill: SKIN, stroke: INK, "stroke-width": .6 }),
    s("path", { d: "M9.5 12.6 Q12 11.6 14.5 12.6", stroke: INK, "stroke-width": 1, fill: "none" }),
    s("ellipse", { cx: 12, cy: 7.3, rx: 10, ry: 1.8, fill: "#c9a15c", stroke: INK, "stroke-width": .5 }),
    s("path", { d: "M8 7.3 Q8 1.5 12 2 Q16 1.5 16 7.3 Z", fill: "#c9a15c", stroke: INK, "stroke-width": .5 }),
    star(12, 21, 3.6, "#ffcd3c"),
  ]);
}

function star(cx, cy, r, fill) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + i * Math.PI / 5;
    const rr = i % 2 ? r * .45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return s("polygon", { points: pts.join(" "), fill, stroke: INK, "stroke-width": .5 });
}

// loot: a purse with its value ("?" when this seat may not know it), a cut jewel, an iron-bound strongbox
export function purse(text, label) {
  return pic("0 0 20 22", label, "ce-loot purse", [
    s("path", { d: "M6 6 Q2 12 3 17 Q4 21 10 21 Q16 21 17 17 Q18 12 14 6 Z", fill: "#a0692f", stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M6 6 L4.5 2.5 L8 4 L10 1.5 L12 4 L15.5 2.5 L14 6 Z", fill: "#b97b3a", stroke: INK, "stroke-width": .6 }),
    s("path", { d: "M5.5 6.5 H14.5", stroke: "#f0d28a", "stroke-width": 1.2 }),
    s("text", { x: 10, y: 16.5, "text-anchor": "middle", "font-size": text.length > 2 ? 6 : 8, "font-weight": 700, fill: "#fff7e0",
      "font-family": "system-ui, sans-serif" }, text),
  ]);
}

export function jewel(label) {
  return pic("0 0 20 18", label, "ce-loot jewel", [
    s("polygon", { points: "4,6 7,2 13,2 16,6 10,16", fill: "#3aa0e0", stroke: "#0d3b5e", "stroke-width": .8 }),
    s("path", { d: "M4 6 H16 M7 2 L8.5 6 L10 16 L11.5 6 L13 2", stroke: "#0d3b5e", "stroke-width": .5, fill: "none" }),
    s("polygon", { points: "7.5,2.6 9,5.4 6,5.4", fill: "#d8f1ff" }),
  ]);
}

export function strongbox(label) {
  return pic("0 0 22 18", label, "ce-loot box", [
    s("rect", { x: 2, y: 4, width: 18, height: 12, rx: 1.5, fill: "#5a4632", stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M2 8 H20", stroke: "#d6a419", "stroke-width": 1.4 }),
    s("path", { d: "M6 4 V16 M16 4 V16", stroke: "#d6a419", "stroke-width": 1.2 }),
    s("rect", { x: 9, y: 7, width: 4, height: 5, rx: .8, fill: "#f2c94c", stroke: INK, "stroke-width": .5 }),
    s("circle", { cx: 11, cy: 9.3, r: .8, fill: INK }),
  ]);
}

// one icon per action card, drawn in the bandit's colour
const ACTIONS = {
  move: (c) => [s("path", { d: "M3 12 H21 M7 8 L3 12 L7 16 M17 8 L21 12 L17 16", stroke: c, "stroke-width": 2.4, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" })],
  floor: (c) => [s("path", { d: "M7 2 V22 M17 2 V22 M7 6 H17 M7 11 H17 M7 16 H17 M7 21 H17", stroke: c, "stroke-width": 2.2, fill: "none", "stroke-linecap": "round" })],
  fire: (c) => [s("path", { d: "M2 7 H18 V11 H11 L10 13 H8 L8.5 11 H7 L5 20 H1 L3 11 H2 Z", fill: c, stroke: INK, "stroke-width": .6 }),
    s("circle", { cx: 12.5, cy: 9, r: .9, fill: "#fff" }), s("path", { d: "M19.5 9 H23 M19.5 6 L22.5 4 M19.5 12 L22.5 14", stroke: "#e08a00", "stroke-width": 1.3, "stroke-linecap": "round" })],
  punch: (c) => [s("path", { d: "M5 8 Q5 5 8 5 H16 Q20 5 20 9 V14 Q20 19 15 19 H10 Q5 19 5 15 Z", fill: c, stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M9 5 V10 M12.5 5 V10 M16 5 V10 M5 11 H12", stroke: INK, "stroke-width": .8, fill: "none" }),
    s("path", { d: "M1 9 H3 M0.5 13 H3 M1 17 H3.5", stroke: "#e08a00", "stroke-width": 1.3, "stroke-linecap": "round" })],
  marshal: () => [star(12, 12.5, 10, "#ffcd3c"), s("circle", { cx: 12, cy: 12.5, r: 2.2, fill: "#c98a00" })],
  rob: (c) => [s("path", { d: "M7 10 Q3 15 4.5 19 Q6 22 12 22 Q18 22 19.5 19 Q21 15 17 10 Z", fill: "#a0692f", stroke: INK, "stroke-width": .8 }),
    s("text", { x: 12, y: 19.5, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff7e0", "font-family": "system-ui, sans-serif" }, "$"),
    s("path", { d: "M12 1 V8 M8.5 5 L12 8.5 L15.5 5", stroke: c, "stroke-width": 2.2, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" })],
};

export function action(kind, colour, label) {
  const draw = ACTIONS[kind];
  return draw ? pic("0 0 24 24", label, "ce-icon", draw(colour)) : null;
}

export function bullet(colour, label) {
  return pic("0 0 24 24", label, "ce-icon", [
    s("path", { d: "M3 8.5 H14 Q21 8.5 22 12 Q21 15.5 14 15.5 H3 Z", fill: "#c9a15c", stroke: INK, "stroke-width": .8 }),
    s("rect", { x: 3, y: 8.5, width: 6, height: 7, fill: colour, stroke: INK, "stroke-width": .8 }),
    s("path", { d: "M9 8.5 V15.5", stroke: INK, "stroke-width": .6 }),
  ]);
}

// the turn symbols of a round card: standard (one card), tunnel (a card under an arch), speeding-up (two
// cards), switching (the order turns back)
const TURNS = {
  N: () => [card(8, 3)],
  T: () => [s("path", { d: "M1 16 V8 Q12 -3 23 8 V16 H18 V10 Q12 4 6 10 V16 Z", fill: "#5b4a3a", stroke: INK, "stroke-width": .6 }),
    s("rect", { x: 9, y: 9, width: 6, height: 7, rx: 1, fill: "#3a3a3a", stroke: "#ddd", "stroke-width": .6 })],
  D: () => [card(5, 3), card(11, 4.5)],
  R: () => [card(8, 3), s("path", { d: "M2 6 Q2 2 6 2 M22 10 Q22 14 18 14", stroke: "#b3261e", "stroke-width": 1.6, fill: "none" }),
    s("path", { d: "M5 0 L7.5 2 L5 4 M19 12 L16.5 14 L19 16", stroke: "#b3261e", "stroke-width": 1.4, fill: "none", "stroke-linejoin": "round" })],
};

function card(x, y) {
  return s("rect", { x, y, width: 8, height: 11, rx: 1.2, fill: "#fffdf8", stroke: INK, "stroke-width": .9 });
}

export function turn(kind, label, cls) {
  const draw = TURNS[kind] || TURNS.N;
  return pic("0 0 24 16", label, cls, draw());
}

// the cars: the body fills its box (windows and planks stretch), the wheels keep their shape below
export function carBody(kind, label) {
  const windows = [];
  if (kind === "loco") {
    return pic("0 0 100 60", label, "ce-body", [
      s("rect", { x: 62, y: 4, width: 36, height: 52, rx: 3, fill: "#3f4650", stroke: INK, "stroke-width": 1 }),
      s("rect", { x: 70, y: 10, width: 20, height: 16, rx: 2, fill: "#f4d98b", stroke: INK, "stroke-width": 1 }),
      s("rect", { x: 6, y: 18, width: 58, height: 36, rx: 10, fill: "#2d333b", stroke: INK, "stroke-width": 1 }),
      s("path", { d: "M20 18 V54 M36 18 V54 M52 18 V54", stroke: "#b08d3c", "stroke-width": 2 }),
      s("rect", { x: 12, y: 2, width: 10, height: 16, fill: "#1f2328", stroke: INK, "stroke-width": 1 }),
      s("path", { d: "M0 58 L8 42 H12 V58 Z", fill: "#b3261e", stroke: INK, "stroke-width": 1 }),
      s("circle", { cx: 6, cy: 32, r: 4, fill: "#ffe27a", stroke: INK, "stroke-width": 1 }),
    ], { preserveAspectRatio: "none" });
  }
  const caboose = kind === "caboose";
  for (let i = 0; i < 3; i++) {
    windows.push(s("rect", { x: 12 + i * 28, y: 10, width: 18, height: 18, rx: 3, fill: "#f4e3b5", stroke: INK, "stroke-width": 1.2 }));
  }
  return pic("0 0 100 60", label, "ce-body", [
    s("rect", { x: 1, y: 1, width: 98, height: 58, rx: 3, fill: caboose ? "#9c3a26" : "#b07a3e", stroke: INK, "stroke-width": 1.2 }),
    s("path", { d: "M1 36 H99 M1 44 H99 M1 52 H99", stroke: caboose ? "#7a2a1a" : "#8a5a2b", "stroke-width": 1 }),
    windows,
    caboose ? s("path", { d: "M92 20 V58 M96 20 V58 M90 30 H99", stroke: "#e8d2a0", "stroke-width": 1.6 }) : null,
  ], { preserveAspectRatio: "none" });
}

export function wheels(label) {
  const w = (cx) => [s("circle", { cx, cy: 5, r: 4.2, fill: "#2b2b2b", stroke: "#777", "stroke-width": 1 }), s("circle", { cx, cy: 5, r: 1.2, fill: "#aaa" })];
  return pic("0 0 60 10", label, "ce-wheels", [w(8), w(18), w(42), w(52)], { preserveAspectRatio: "xMidYMid meet" });
}

// the prairie behind the train: sky, a sun, mesas, cacti, and the rails
export function landscape(label) {
  const cactus = (x, k) => s("path", { d: `M${x} 82 V${62 - k} M${x} ${72 - k} h-5 v-6 M${x} ${68 - k} h5 v-8`, stroke: "#3e7b3a", "stroke-width": 3.2, fill: "none", "stroke-linecap": "round" });
  return pic("0 0 400 100", label, "ce-landscape", [
    s("rect", { x: 0, y: 0, width: 400, height: 100, fill: "#f6c98a" }),
    s("rect", { x: 0, y: 40, width: 400, height: 30, fill: "#f9dcab" }),
    s("circle", { cx: 330, cy: 26, r: 13, fill: "#fff2c4" }),
    s("path", { d: "M0 70 L20 46 H70 L84 70 Z M150 70 L170 38 H215 L232 70 Z M300 70 L315 52 H365 L380 70 Z", fill: "#d28a55" }),
    s("path", { d: "M0 70 H400 V100 H0 Z", fill: "#e2b77c" }),
    cactus(110, 0), cactus(262, 8), cactus(392, 2),
    s("path", { d: "M0 96 H400", stroke: "#6b4f2a", "stroke-width": 2.5 }),
  ], { preserveAspectRatio: "xMidYMax slice" });
}
