// «Шоу-Битва» art, drawn as code (our own drawings): each of the twelve performers as a figure with their
// own prop, a shape for every troupe colour (so colour is never the only signal), the untouchable token as
// a gold token, and the bunting over the circus ring. Every picture is an <svg role="img"> named in the
// page's language by board.js. Drawing only: no state, no events.

import { svg as s, picture as pic } from "/kit.js";
const INK = "#2b1d12";
const SKIN = "#efc9a2";

const line = (d, stroke = INK, w = 1.4) => s("path", { d, stroke, "stroke-width": w, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" });
const ball = (cx, cy, r, fill) => s("circle", { cx, cy, r, fill, stroke: INK, "stroke-width": .5 });

// a standing performer: body in the troupe's colour; `arms` are drawn by the prop
function body(c, { head = [16, 12], face = SKIN, arms = "M9 21 L5 26 M23 21 L27 26" } = {}) {
  const [hx, hy] = head;
  return [
    line("M13 31 L12 38 M19 31 L20 38", INK, 2.2),
    s("path", { d: `M10 32 Q10 19 16 18 Q22 19 22 32 Z`, fill: c, stroke: INK, "stroke-width": .8 }),
    line(arms, c, 2.4),
    s("circle", { cx: hx, cy: hy, r: 4.6, fill: face, stroke: INK, "stroke-width": .7 }),
  ];
}

// the twelve performers: a silhouette and one prop each
const PERFORMERS = {
  clown: (c) => [body(c), ball(16, 12.8, 1.4, "#e0302a"), s("path", { d: "M11.5 8.5 L16 0.8 L20.5 8.5 Z", fill: "#f4d35e", stroke: INK, "stroke-width": .6 }),
    ball(16, 1.2, 1.3, "#e0302a"), ball(16, 24, 1.1, "#fff"), ball(16, 28, 1.1, "#fff")],
  magician: (c) => [body(c, { arms: "M9 21 L6 27 M23 21 L28 15" }), s("rect", { x: 12, y: 1.5, width: 8, height: 6.5, fill: INK }),
    s("rect", { x: 9.5, y: 7.5, width: 13, height: 1.6, rx: .8, fill: INK }), line("M28 15 L31 10", INK, 1.6), s("path", { d: "M30 7 l1 2 2 .3 -1.5 1.4 .4 2 -1.9 -1 -1.9 1 .4 -2 -1.5 -1.4 2 -.3 Z", fill: "#f4d35e" })],
  juggler: (c) => [body(c, { arms: "M9 21 L5 15 M23 21 L27 15" }), ball(5, 11, 2, "#e0302a"), ball(16, 3, 2, "#2e9bd8"), ball(27, 11, 2, "#f4c430")],
  mime: () => [body("#f3f3f3", { face: "#fff" }), line("M10.5 22 H21.5 M10.2 26 H21.8 M10.5 30 H21.5", INK, 1.2),
    s("ellipse", { cx: 15, cy: 7.8, rx: 5.5, ry: 1.8, fill: INK }), line("M14 13.5 H18", "#c0392b", 1)],
  acrobat: (c) => [line("M13 31 L9 38 M19 31 L23 38", INK, 2.2), s("path", { d: "M10.5 32 Q11 19 16 18 Q21 19 21.5 32 Z", fill: c, stroke: INK, "stroke-width": .8 }),
    line("M10 20 L5 8 M22 20 L27 8", c, 2.4), s("circle", { cx: 16, cy: 12, r: 4.6, fill: SKIN, stroke: INK, "stroke-width": .7 }), ball(5, 7, 1.4, SKIN), ball(27, 7, 1.4, SKIN)],
  tightrope: (c) => [body(c, { arms: "M9 21 L4 21 M23 21 L28 21" }), line("M0 18 Q16 23 32 18", "#7a5a3a", 1.2), line("M1 38.5 H31", "#7a5a3a", 1.2),
    s("path", { d: "M11 8 Q16 2 21 8 Z", fill: "#f4d35e", stroke: INK, "stroke-width": .5 })],
  fakir: (c) => [body(c, { arms: "M9 21 L12 25 M23 21 L20 25" }), s("path", { d: "M10.5 10 Q16 1 21.5 10 Z", fill: "#fff", stroke: INK, "stroke-width": .6 }),
    ball(16, 5, 1.1, "#c0392b"), s("path", { d: "M25 38 Q23 32 27 27 Q28 31 30 32 Q31 36 29 38 Z", fill: "#ff8a1e", stroke: "#b3261e", "stroke-width": .6 })],
  trainer: (c) => [body(c, { arms: "M9 21 L5 26 M23 21 L27 16" }), line("M27 16 Q31 8 24 3", INK, .9),
    s("ellipse", { cx: 16, cy: 7.6, rx: 6, ry: 1.5, fill: "#8a5a1c" }), s("rect", { x: 12.5, y: 3, width: 7, height: 4.6, fill: "#8a5a1c" }),
    s("circle", { cx: 5, cy: 33, r: 4.5, fill: "#d9a441", stroke: "#8a5a1c", "stroke-width": 1.5 })],
  knives: (c) => [body(c, { arms: "M9 21 L5 26 M23 21 L27 17" }),
    ...[[27, 4], [31, 9], [23, 2]].map(([x, y]) => s("path", { d: `M${x} ${y} l1.2 6 -1.2 1.2 -1.2 -1.2 Z`, fill: "#cfd6dd", stroke: INK, "stroke-width": .5 }))],
  aerialists: (c) => [line("M6 1 V6 M26 1 V6 M5 6 H27", "#7a5a3a", 1.2), line("M13 6 L9 10 M19 6 L23 10", c, 2.2),
    s("path", { d: "M10 13 Q10 26 16 27 Q22 26 22 13 Z", fill: c, stroke: INK, "stroke-width": .8 }), s("circle", { cx: 16, cy: 31.5, r: 4.6, fill: SKIN, stroke: INK, "stroke-width": .7 }),
    line("M13 13 L12 8 M19 13 L20 8", INK, 2)],
  cannonball: (c) => [s("path", { d: "M3 36 L24 18 L29 24 L9 38 Z", fill: "#4a4f57", stroke: INK, "stroke-width": .8 }), ball(9, 36, 3.2, "#7a5a3a"),
    s("circle", { cx: 26, cy: 10, r: 4.6, fill: SKIN, stroke: INK, "stroke-width": .7 }), s("path", { d: "M21.4 9.5 Q26 3 30.6 9.5 Z", fill: c, stroke: INK, "stroke-width": .6 }),
    line("M14 6 h4 M12 11 h5 M15 15 h4", "#e08a00", 1.1)],
  strongman: (c) => [body(c, { arms: "M9 21 L6 10 M23 21 L26 10" }), line("M2 9 H30", INK, 1.8), ball(3, 9, 3.2, INK), ball(29, 9, 3.2, INK),
    line("M13 15.5 Q16 17.5 19 15.5", INK, .9)],
};

export function performer(id, colour, label) {
  const draw = PERFORMERS[id];
  return draw ? pic("0 0 32 40", label, "sb-figure", draw(colour)) : null;
}

// one shape per troupe colour: circle, square, triangle, diamond, star
const SHAPES = {
  red: (c) => s("circle", { cx: 8, cy: 8, r: 6, fill: c }),
  blue: (c) => s("rect", { x: 2.5, y: 2.5, width: 11, height: 11, rx: 1, fill: c }),
  green: (c) => s("polygon", { points: "8,1.5 14.5,14 1.5,14", fill: c }),
  yellow: (c) => s("polygon", { points: "8,1 15,8 8,15 1,8", fill: c }),
  purple: (c) => s("polygon", { points: "8,1 10,6 15,6 11,9.5 12.5,15 8,11.8 3.5,15 5,9.5 1,6 6,6", fill: c }),
};

export function troupeMark(colourName, colour, label) {
  const draw = SHAPES[colourName] || SHAPES.red;
  return pic("0 0 16 16", label, "sb-mark", [s("g", { stroke: "#fff", "stroke-width": 1.2 }, draw(colour))]);
}

// the untouchable token: a gold token with a raised palm (nobody may touch this card)
export function token(label, cls = "sb-token-art") {
  return pic("0 0 24 24", label, cls, [
    s("circle", { cx: 12, cy: 12, r: 11, fill: "#e9b82f", stroke: "#8a5a00", "stroke-width": 1.2 }),
    s("circle", { cx: 12, cy: 12, r: 8.2, fill: "none", stroke: "#fff3c0", "stroke-width": .9, "stroke-dasharray": "1.6 1.2" }),
    s("path", { d: "M8.5 17 V10 a1 1 0 0 1 2 0 V7 a1 1 0 0 1 2 0 V7.5 a1 1 0 0 1 2 0 V9.5 a1 1 0 0 1 2 0 V14 Q16.5 18 12.5 18 H10 Q8.5 18 8.5 17 Z",
      fill: "#fff8dd", stroke: "#8a5a00", "stroke-width": .8 }),
  ]);
}

// the bunting hung over the ring
export function bunting(label) {
  const flags = [];
  const colours = ["#c0392b", "#f4c430", "#2e6fd8", "#2f9e5b", "#8e4fc7"];
  for (let i = 0; i < 20; i++) {
    flags.push(s("polygon", { points: `${i * 20 + 2},${4 + (i % 2)} ${i * 20 + 18},${4 + ((i + 1) % 2)} ${i * 20 + 10},18`, fill: colours[i % colours.length] }));
  }
  return pic("0 0 400 20", label, "sb-bunting", [line("M0 4 Q100 7 200 4 Q300 7 400 4", "#7a5a3a", 1), flags], { preserveAspectRatio: "none" });
}
