"""``python -m nastolka.rl.vocab [GAME ...] [--games N]``: build or extend the frozen vocabularies.

Append-only: ids already in a file keep their index; newly seen ids are added at the end. Run it after a
game adds actions, and commit the file.
"""

from __future__ import annotations

import argparse

from nastolka.engine import all_games, get
from nastolka.rl.spaces import build_vocab, vocab_path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m nastolka.rl.vocab", description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", dest="count", type=int, default=300, help="random games per setting")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    games = [get(g) for g in args.games] if args.games else all_games()
    for game in games:
        data = build_vocab(game, games=args.count, seed=args.seed)
        sizes = ", ".join(f"{n}p: {len(d['ids'])} ids" for n, d in data["players"].items())
        print(f"{game.id}: {sizes} -> {vocab_path(game)}")


if __name__ == "__main__":
    main()
