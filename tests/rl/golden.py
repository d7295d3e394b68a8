"""Regenerate ``golden_action_ids.json`` (run ``python -m tests.rl.golden`` from the repository root).

Only ever run it to accept ids appended at the end; the test refuses any reordering.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nastolka.rl.spec import make_spec  # noqa: E402
from tests.rl.conftest import CASES  # noqa: E402


def main() -> None:
    data: dict[str, dict[str, list[str]]] = {}
    for game, n in CASES:
        data.setdefault(game.id, {})[str(n)] = make_spec(game, n).actions.ids[: make_spec(game, n).actions.known]
    path = Path(__file__).with_name("golden_action_ids.json")
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
