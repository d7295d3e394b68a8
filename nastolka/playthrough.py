"""Playthrough files: every step of a few seeded games written down, so any change of behaviour shows.

After OpenSpiel's playthrough files: for every game, every player count and every variant its options
declare, one game of seeded random moves is written as JSON lines in ``tests/playthroughs/``. Each step
line holds who must decide (``to_act``), every acting seat's legal ids, the seat and id chosen, every event
``apply`` returned (with the seats allowed to see it) and the change to the spectator view. The first line
holds the configuration and the first spectator view in full; the last one the result.

Random moves (from the engine's seeded :class:`~nastolka.engine.Rng`), not bots: a faster or smarter bot
must not change a playthrough, only the rules may. The spectator view is stored as a patch against the
previous step's (``[path, value]`` to set, ``[path]`` to remove) so a file stays a few tens of kilobytes;
:func:`apply_patch` rebuilds every view from them.

``python -m nastolka.playthrough --regenerate`` (``make playthroughs``) writes them all again; with
``--check`` (the default) it reports the first step where the rules now behave differently. The generic
test ``tests/test_playthroughs.py`` does the same check for every file. If a rules change is intended,
regenerate and say why in the commit (and in ``CHANGELOG.md`` with the rules version).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nastolka.engine import Game, Rng, all_games, get

FORMAT = "nastolka-playthrough/1"
#: where the files live, from the repository root
FOLDER = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"
#: the seed of every playthrough's game and of its random moves (one game per configuration)
SEED = 2026
#: a random game that has not ended after this many steps is a bug (no game here needs a tenth of it)
MAX_STEPS = 5_000

JsonPath = list[str | int]
Patch = list[list[Any]]


@dataclass(frozen=True)
class Config:
    """One playthrough: a game, a player count and the options that differ from the defaults."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = SEED

    @property
    def name(self) -> str:
        """The file's stem: ``colt_express_5p`` or ``colt_express_5p_expert`` or ``talespin_3p_cargo_to_win-7``."""
        parts = [f"{self.game}_{self.players}p"]
        for key, value in sorted(self.options.items()):
            parts.append(key if value is True else f"{key}-{value}")
        return "_".join(parts)


def configs(game: Game) -> list[Config]:
    """Every player count with the default options, and each variant once.

    A variant is one of :meth:`OptionSchema.variants` (a flipped ``bool``, each other choice), played at
    the middle one of the player counts it applies to.
    """
    counts = list(range(game.min_players, game.max_players + 1))
    out = [Config(game.id, n) for n in counts]
    for option, value in game.options.variants():
        applies = [n for n in counts if option.applies_to(n)]
        if applies:
            out.append(Config(game.id, applies[(len(applies) - 1) // 2], {option.name: value}))
    return out


def all_configs() -> list[Config]:
    return [c for g in all_games() for c in configs(g)]


# ----------------------------------------------------------------------------- view patches
def diff(old: Any, new: Any, path: JsonPath | None = None, out: Patch | None = None) -> Patch:
    """The smallest patch (by dict key and, for lists of equal length, by index) turning ``old`` into ``new``."""
    path = [] if path is None else path
    out = [] if out is None else out
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
            elif old[key] != value:
                diff(old[key], value, [*path, key], out)
        out.extend([[*path, key]] for key in old if key not in new)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and path:
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                diff(a, b, [*path, index], out)
    elif old != new or type(old) is not type(new):
        out.append([path, new])
    return out


def apply_patch(view: Any, patch: Patch) -> Any:
    """``view`` with ``patch`` (from :func:`diff`) applied; ``view`` itself is not changed."""
    result = json.loads(json.dumps(view))
    for entry in patch:
        path = entry[0]
        if not path:
            result = entry[1]
            continue
        parent = result
        for key in path[:-1]:
            parent = parent[key]
        if len(entry) == 1:
            del parent[path[-1]]
        else:
            parent[path[-1]] = entry[1]
    return result


# ----------------------------------------------------------------------------- writing and checking
def _json(value: Any) -> Any:
    """Tuples as lists, exactly as the file will hold them (so a line compares equal to itself read back)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def lines(config: Config) -> Iterator[dict[str, Any]]:
    """The playthrough of ``config``, line by line (the header, one line a step, the result)."""
    game = get(config.game)
    state = game.new(config.players, options=config.options, seed=config.seed)
    rng = Rng(config.seed)
    view = _json(state.view(None))
    yield {"format": FORMAT, "game": game.id, "rules_version": game.rules_version, "players": config.players,
           "options": _json(config.options), "seed": config.seed, "view": view}
    while not state.is_over:
        if state.step >= MAX_STEPS:
            raise RuntimeError(f"{config.name}: no end after {MAX_STEPS} random steps")
        to_act = list(state.to_act)
        legal = [state.legal_ids(s) for s in to_act]
        pick = rng.randbelow(len(to_act))
        seat, options = to_act[pick], legal[pick]
        aid = options[rng.randbelow(len(options))]
        events = state.apply(seat, aid)
        new_view = _json(state.view(None))
        yield {"step": state.step - 1, "to_act": to_act, "legal": legal, "seat": seat, "action": aid,
               "events": [_event(e) for e in events], "view": _json(diff(view, new_view))}
        view = new_view
    yield {"result": _json(state.result().to_json()), "steps": state.step}


def _event(event: Any) -> dict[str, Any]:
    data = event.to_json()
    if event.seats is not None:
        data["seats"] = list(event.seats)
    return dict(data)


def path_of(config: Config, folder: Path = FOLDER) -> Path:
    return folder / f"{config.name}.jsonl"


def write(config: Config, folder: Path = FOLDER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = path_of(config, folder)
    text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines(config))
    path.write_text(text, encoding="utf-8")
    return path


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def config_of(path: Path) -> Config:
    """The configuration a file was written for (from its header line)."""
    with path.open(encoding="utf-8") as handle:
        head = json.loads(handle.readline())
    if head.get("format") != FORMAT:
        raise ValueError(f"{path.name}: not a playthrough file (format {head.get('format')!r})")
    return Config(head["game"], head["players"], dict(head["options"]), head["seed"])


def first_difference(path: Path) -> str | None:
    """Where the rules now differ from the file (``None``: every step is as written)."""
    stored = read(path)
    config = config_of(path)
    count = 0
    for count, line in enumerate(lines(config), start=1):
        if count > len(stored):
            return f"{path.name}: the game goes on past the file's last line ({len(stored)} lines)"
        old = stored[count - 1]
        if line != old:
            keys = sorted(k for k in set(line) | set(old) if line.get(k) != old.get(k))
            where = f"step {old['step']}" if "step" in old else f"line {count}"
            shown = "; ".join(f"{k}: file {json.dumps(old.get(k), ensure_ascii=False)[:200]} "
                              f"!= now {json.dumps(line.get(k), ensure_ascii=False)[:200]}" for k in keys)
            return f"{path.name}, {where} differs — {shown}"
    if count < len(stored):
        return f"{path.name}: the game now ends after {count} lines, the file has {len(stored)}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nastolka.playthrough", description=__doc__.split("\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="write every playthrough file again")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where the files are (tests/playthroughs)")
    args = parser.parse_args(argv)
    wanted = {c.name: c for c in all_configs()}
    if args.regenerate:
        for stale in args.folder.glob("*.jsonl"):
            if stale.stem not in wanted:
                stale.unlink()
                print(f"removed {stale.name} (no such configuration any more)")
        for config in wanted.values():
            path = write(config, args.folder)
            print(f"wrote {path.name} ({path.stat().st_size // 1024} KB)")
        return 0
    problems = [f"{name}.jsonl is missing" for name in wanted if not (args.folder / f"{name}.jsonl").is_file()]
    for path in sorted(args.folder.glob("*.jsonl")):
        if path.stem not in wanted:
            problems.append(f"{path.name} belongs to no configuration")
        else:
            problem = first_difference(path)
            if problem:
                problems.append(problem)
    for problem in problems:
        print(problem)
    print(f"{len(wanted)} playthroughs, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
