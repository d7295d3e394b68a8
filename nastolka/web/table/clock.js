// The move clock: the seconds left, counted down on the page between the server's states.
// `clockText` and `tickClock` are pure (tests/web/clock.test.mjs).

export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// one second off the clock of a playing table's state; false when there is no clock running
export function tickClock(msg) {
  if (!(msg && msg.clock_left !== undefined && msg.clock_left !== null && msg.table.status === "playing")) return false;
  msg.clock_left = Math.max(0, msg.clock_left - 1);
  return true;
}

// counts `state.msg`'s clock down once a second on the drawn page; returns the timer to clear
export function startClock(state) {
  return setInterval(() => {
    if (!tickClock(state.msg)) return;
    const el = document.getElementById("clock-text");
    if (el) el.textContent = clockText(state.msg.clock_left);
    const box = document.getElementById("clock");
    if (box) box.classList.toggle("low", state.msg.clock_left <= 10);
  }, 1000);
}
