// How the tab says it is your move: title, favicon and an optional beep (the sound button's choice).
import { t } from "../i18n.js";

// the tab says when it is your move (title and favicon), also while the person looks at another tab
export function setAttention(yourMove, gameTitle) {
  document.title = yourMove ? `● ${t("your_turn")} — ${gameTitle} · nastolka` : `${gameTitle ? `${gameTitle} · ` : ""}nastolka`;
  const icon = document.getElementById("favicon");
  if (icon) icon.setAttribute("href", yourMove ? "/favicon-turn.svg" : "/favicon.svg");
}

export function beep() {
  if (localStorage.getItem("nastolka.sound") !== "on") return;
  try {
    const ac = new AudioContext();
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ac.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.35);
    osc.connect(gain).connect(ac.destination);
    osc.start();
    osc.stop(ac.currentTime + 0.35);
  } catch { /* no audio here */ }
}
