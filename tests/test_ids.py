"""The engine's one action-id grammar (``nastolka.engine.ids``) and its JavaScript twin (``web/ids.js``).

Both are checked against the golden id lists of every game (``tests/rl/golden_action_ids.json``): each id
parses, and formatting the parsed id gives back the same bytes. Records of the shapes used before the
grammar are upgraded by each game's ``legacy_ids`` (docs/decisions.md, "One action-id grammar").
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from toy_game import TOY

from nastolka.engine import MalformedId, Rng, all_games, format_id, get, is_well_formed, parse_id
from nastolka.engine.ids import split_id

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = json.loads((ROOT / "tests" / "rl" / "golden_action_ids.json").read_text(encoding="utf-8"))
GOLDEN_IDS = sorted({aid for game in GOLDEN.values() for ids in game.values() for aid in ids})

MALFORMED = ["", "Pass", "play:", "play:card", "play:card=", "play:=x", "play:card=x,", "play:card=x,card=y",
             "effect:clown:slot=2", "damage:discard,pos=3", "play:card=a b", "play card", ":card=x",
             "play:card=x=y", "9lives"]


def test_every_golden_id_parses_and_formats_back_byte_identical() -> None:
    assert len(GOLDEN_IDS) > 500
    for aid in GOLDEN_IDS:
        parsed = parse_id(aid)
        assert format_id(parsed.verb, parsed.params) == aid
        assert split_id(aid) == (parsed.verb, parsed.params)
        assert is_well_formed(aid)


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_ids_are_refused_with_a_reason(text: str) -> None:
    assert not is_well_formed(text)
    with pytest.raises(MalformedId, match="action id|twice"):
        parse_id(text)


def test_format_keeps_order_drops_none_and_writes_bools_as_digits() -> None:
    assert format_id("pass") == "pass"
    assert format_id("punch", target="doc", loot="purse", keep=None, car=2) == "punch:target=doc,loot=purse,car=2"
    assert format_id("x", [("b", 1), ("a", True)]) == "x:b=1,a=1"
    assert format_id("x", {"z": "A1"}, y=False) == "x:z=A1,y=0"
    parsed = parse_id("place:card=clown,row=A1,slot=3")
    assert parsed.verb == "place" and parsed["row"] == "A1" and parsed.number("slot") == 3
    assert parsed.get("face") is None and "card" in parsed and str(parsed) == "place:card=clown,row=A1,slot=3"


@pytest.mark.parametrize(("verb", "params"), [("Play", {}), ("play", {"Card": 1}), ("play", {"card": "a,b"}),
                                               ("play", {"card": "a:b"}), ("play", {"card": ""})])
def test_format_refuses_what_the_grammar_cannot_hold(verb: str, params: dict[str, object]) -> None:
    with pytest.raises(MalformedId):
        format_id(verb, params)


def test_format_refuses_a_key_given_twice() -> None:
    with pytest.raises(MalformedId, match="twice"):
        format_id("x", {"a": 1}, a=2)


LEGACY = [
    ("show_battle", "effect:skip", "skip"),
    ("show_battle", "effect:clown:slot=3", "effect:card=clown,slot=3"),
    ("show_battle", "effect:acrobat:slot=2,dir=ccw", "effect:card=acrobat,slot=2,dir=ccw"),
    ("show_battle", "effect:trainer", "effect:card=trainer"),
    ("talespin", "damage:discard,pos=3", "damage:do=discard,pos=3"),
    ("talespin", "damage:open,pos=0", "damage:do=open,pos=0"),
    ("talespin", "damage:hand", "damage:do=hand"),
    ("talespin", "damage:uncover", "damage:do=uncover"),
    ("talespin", "bounty:none", "bounty:card=none"),
    ("talespin", "cargo:none", "cargo:card=none"),
    ("colt_express", "pickpocket:take", "pickpocket:choice=take"),
    ("colt_express", "pickpocket:pass", "pickpocket:choice=pass"),
]


@pytest.mark.parametrize(("game_id", "old", "new"), LEGACY)
def test_legacy_ids_are_upgraded_to_todays_shape(game_id: str, old: str, new: str) -> None:
    game = get(game_id)
    assert game.upgrade_id(old) == new and is_well_formed(new)
    assert game.upgrade_id(new) == new  # today's ids pass through untouched


def test_the_toy_upgrades_its_bare_card_numbers() -> None:
    assert TOY.upgrade_id("play:3") == "play:card=3" and TOY.upgrade_id("discard:12") == "discard:card=12"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_id_a_game_offers_is_well_formed(game) -> None:  # type: ignore[no-untyped-def]
    for players in range(game.min_players, game.max_players + 1):
        rng = Rng(players)
        state = game.new(players, seed=players)
        while not state.is_over:
            for seat in state.to_act:
                bad = [a for a in state.legal_ids(seat) if not is_well_formed(a)]
                assert not bad, bad
            seat = state.to_act[0]
            legal = state.legal_ids(seat)
            state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])


def test_the_javascript_twin_agrees_on_every_golden_id_and_every_malformed_one() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "the JavaScript twin is tested with Node.js: apt-get install nodejs"
    script = """
import { parseId, formatId, isWellFormed } from "IDS_JS";
const input = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d);
  process.stdin.on("end", () => ok(s)); }));
const parsed = input.good.map((id) => { const p = parseId(id); return [p.verb, p.params, formatId(p.verb, p.params)]; });
const bad = input.bad.map((id) => isWellFormed(id));
console.log(JSON.stringify({ parsed, bad, fmt: formatId("punch", [["target", "doc"], ["keep", null], ["car", 2]]) }));
""".replace("IDS_JS", (ROOT / "nastolka" / "web" / "ids.js").as_uri())
    out = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(
        {"good": GOLDEN_IDS, "bad": MALFORMED}), capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(out.stdout)
    for aid, (verb, params, again) in zip(GOLDEN_IDS, result["parsed"], strict=True):
        py = parse_id(aid)
        assert (verb, params, again) == (py.verb, py.params, aid)
    assert result["bad"] == [False] * len(MALFORMED)
    assert result["fmt"] == "punch:target=doc,car=2"
