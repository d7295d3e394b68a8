// The socket's pure parts (nastolka/web/table/socket.js) and the move clock (table/clock.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { helloMessage, nextRetry, reconnectDelay, RETRY_FIRST, RETRY_MAX, SERVICE_RESTART } from "../../nastolka/web/table/socket.js";
import { clockLabel, clockText, tickClock } from "../../nastolka/web/table/clock.js";

test("hello asks for deltas and in-state acks in the page's language; token and invite only when held", () => {
  assert.deepEqual(helloMessage("ru", null, null), { type: "hello", delta: true, ack_in_state: true, lang: "ru" });
  assert.deepEqual(helloMessage("en", "tok", "sec"),
    { type: "hello", delta: true, ack_in_state: true, lang: "en", token: "tok", invite: "sec" });
});

test("reconnects back off by doubling up to the ceiling", () => {
  const waits = [RETRY_FIRST];
  for (let i = 0; i < 6; i++) waits.push(nextRetry(waits[waits.length - 1]));
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 8000, 8000]);
  assert.equal(RETRY_MAX, 8000);
});

test("a server restart (1012) is rejoined within 0.1-0.5 s, whatever the back-off; other closes wait it out", () => {
  assert.equal(SERVICE_RESTART, 1012);
  assert.equal(reconnectDelay(1012, 8000, () => 0), 100);
  assert.equal(reconnectDelay(1012, 8000, () => 0.999), 499.6);
  assert.equal(reconnectDelay(1006, 4000, () => 0), 4000);
  assert.equal(reconnectDelay(1000, 500, () => 0.5), 500);
});

test("the clock reads m:ss, rounding up, never below zero", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(0.2), "0:01");
  assert.equal(clockText(65), "1:05");
  assert.equal(clockText(-3), "0:00");
  assert.equal(clockText(86400), "24:00:00");   // a turn-based day
  assert.equal(clockText(3725), "1:02:05");
});

test("after the move's time the bank runs down, then the stand-in plays", () => {
  const m = { clock_left: 1, seat_clocks: [{ seat: 0, running: true, clock_left: 1, bank_left: 2 }],
              table: { status: "playing" } };
  assert.equal(clockLabel(m, "stand-in"), "0:01 + 0:02");
  tickClock(m);
  assert.equal(clockLabel(m, "stand-in"), "0:00 + 0:02");
  tickClock(m);
  tickClock(m);
  assert.equal(m.seat_clocks[0].bank_left, 0);
  assert.equal(clockLabel(m, "stand-in"), "0:00 — stand-in");
  assert.equal(clockLabel({ clock_left: 30 }, "x"), "0:30");   // no seat clocks: the move's time alone
});

test("the clock counts down only on a playing table that has one", () => {
  const m = { clock_left: 1, table: { status: "playing" } };
  assert.equal(tickClock(m), true);
  assert.equal(m.clock_left, 0);
  assert.equal(tickClock(m), true);
  assert.equal(m.clock_left, 0);
  assert.equal(tickClock({ clock_left: null, table: { status: "playing" } }), false);
  const over = { clock_left: 5, table: { status: "over" } };
  assert.equal(tickClock(over), false);
  assert.equal(over.clock_left, 5);
  assert.equal(tickClock(null), false);
});
