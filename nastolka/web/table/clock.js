// The move clock: the seconds left, counted down on the page between the server's states, then the seat's
// time bank; at 0:00 with the bank spent the page says the stand-in plays (the server's next state shows it).
// `clockText`, `tickClock` and `clockLabel` are pure (tests/web/socket.test.mjs).

// m:ss under an hour, h:mm:ss beyond (a turn-based move may last days: "72:00:00")
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const ss = String(s % 60).padStart(2, "0");
  if (s < 3600) return `${Math.floor(s / 60)}:${ss}`;
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${ss}`;
}

// the clock of the first seat whose clock runs (the server's `seat_clocks`), or null
export function runningClock(msg) {
  return ((msg && msg.seat_clocks) || []).find((c) => c.running) || null;
}

// one second off the clock of a playing table's state — off the move's time, then off the bank; false when
// there is no clock running
export function tickClock(msg) {
  if (!(msg && msg.clock_left !== undefined && msg.clock_left !== null && msg.table.status === "playing")) return false;
  const seat = runningClock(msg);
  if (msg.clock_left > 0) msg.clock_left = Math.max(0, msg.clock_left - 1);
  else if (seat && seat.bank_left > 0) seat.bank_left = Math.max(0, seat.bank_left - 1);
  if (seat) seat.clock_left = msg.clock_left;
  return true;
}

// what the clock shows: "0:42", "0:00 + 9:15" (the bank), or with both spent "0:00 — <standIn>"
export function clockLabel(msg, standIn) {
  const seat = runningClock(msg);
  const bank = seat ? seat.bank_left : 0;
  if (msg.clock_left > 0) return bank > 0 ? `${clockText(msg.clock_left)} + ${clockText(bank)}` : clockText(msg.clock_left);
  return bank > 0 ? `0:00 + ${clockText(bank)}` : `0:00 — ${standIn}`;
}

// counts `state.msg`'s clock down once a second on the drawn page; returns the timer to clear
export function startClock(state, standIn) {
  return setInterval(() => {
    if (!tickClock(state.msg)) return;
    const el = document.getElementById("clock-text");
    if (el) el.textContent = clockLabel(state.msg, standIn);
    const box = document.getElementById("clock");
    const seat = runningClock(state.msg);
    if (box) box.classList.toggle("low", state.msg.clock_left <= 10 && !(seat && seat.bank_left > 10));
  }, 1000);
}
