// Random-play speed harness for the truizlop/ColtExpress TypeScript rules engine (src/game, no UI).
// Each decision: uniform among legalActions(s), applied with applyAction(s, a, false) — the engine's own
// "mutating transition for simulations" path (validation skipped, as its doc comment allows for actions
// produced by legalActions). No glue needed: every seat's decisions (incl. 2p team-variant card choice,
// cover, pickpocket event, roundEnd 'continue') come through legalActions/applyAction.
import { createGame, legalActions, applyAction, assertInvariants } from './engine/src/game/engine';
import { seeded } from './engine/src/game/random';

const players = Number(process.argv[2] ?? 4);
const seconds = Number(process.argv[3] ?? 5);
const warm = Number(process.argv[4] ?? 1);
const validate = process.argv[5] === 'validate';

function playout(seed: number): { actions: number; rounds: number; finished: boolean } {
  const s = createGame({ players, seed });
  const r = seeded(seed ^ 0x5eed);
  let actions = 0;
  while (s.phase !== 'finished') {
    const a = legalActions(s);
    applyAction(s, a[Math.floor(r() * a.length)], validate);
    actions++;
    if (actions > 100000) throw new Error('game did not finish');
  }
  return { actions, rounds: s.round + 1, finished: true };
}

// correctness sanity: 200 games with invariants checked after every action
if (process.argv[6] === 'check') {
  let maxRound = 0, minRound = 99, acts = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const s = createGame({ players, seed });
    const r = seeded(seed ^ 0x5eed);
    assertInvariants(s);
    while (s.phase !== 'finished') {
      const a = legalActions(s);
      applyAction(s, a[Math.floor(r() * a.length)], true);
      assertInvariants(s);
      acts++;
    }
    maxRound = Math.max(maxRound, s.round + 1); minRound = Math.min(minRound, s.round + 1);
    if (!s.winners.length || s.scores.length !== players) throw new Error('bad end');
  }
  console.log(JSON.stringify({ check: 'ok', players, games: 200, rounds: [minRound, maxRound], mean_actions: acts / 200 }));
  process.exit(0);
}

function run(sec: number, seed0: number) {
  let games = 0, actions = 0, rounds = 0;
  const t0 = process.hrtime.bigint(), c0 = process.cpuUsage();
  for (;;) {
    const g = playout(seed0 + games);
    games++; actions += g.actions; rounds += g.rounds;
    if ((games & 7) === 0) {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      if (wall >= sec) break;
    }
  }
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0), cpu = (c.user + c.system) / 1e6;
  return { games, wall, cpu, actions, rounds };
}
run(warm, 1_000_000); // warm-up (JIT), different seeds
const m = run(seconds, 0);
console.log(JSON.stringify({
  engine: 'ts', players, validate, games: m.games, wall_s: +m.wall.toFixed(3), cpu_s: +m.cpu.toFixed(3),
  games_per_wall_s: +(m.games / m.wall).toFixed(1), games_per_cpu_s: +(m.games / m.cpu).toFixed(1),
  mean_actions: +(m.actions / m.games).toFixed(1), mean_rounds: +(m.rounds / m.games).toFixed(2),
}));
