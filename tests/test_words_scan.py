"""No engine words in front of a player: random games of every game, player count and variant, read in both
languages — every action label, event text, rendered view, option help and result — scanned for ids,
``key=value``, snake_case, seat numbers, Python reprs, rule ids, bot class names and Latin words in
Russian text. The scan must find nothing.

The players carry display names (as a client passes them), so a number or an id in any text is a bug.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nastolka.engine import Rng, all_games, visible
from nastolka.engine.words import record_names, seat_names

#: (game, players, options): every player count, and the variants that change the words
VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    *[("colt_express", n, {}) for n in range(2, 7)],
    *[("colt_express", n, {"expert": True}) for n in range(3, 7)],
    ("show_battle", 1, {"automa_level": "debut"}), ("show_battle", 1, {"automa_level": "legend"}),
    ("show_battle", 2, {}), ("show_battle", 2, {"jury_sympathy": True}), ("show_battle", 3, {}),
    ("show_battle", 4, {}),
    *[("talespin", n, {}) for n in range(1, 5)],
    ("talespin", 2, {"cargo_to_win": 7}), ("talespin", 3, {"beginner": True}),
]

PEOPLE = {"ru": {0: "Аня", 2: "Вика", 4: "Гоша"}, "en": {0: "Anya", 2: "Vika", 4: "Gosha"}}
KINDS = ["human", "normal", "human", "hard", "human", "easy"]

COMMON = [
    (re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b"), "snake_case"),
    (re.compile(r"\w+=\w"), "key=value"),
    (re.compile(r"\b(?:seat|Seat|SEAT)\s*\d|\bPlayer\s*#?\d|\bИгрок\s*#?\d|(?<!\d, )(?<!\()(?<!на )(?<!│ )\b[Мм]есто\s*#?\d(?!\))|#\d"), "seat number"),
    (re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\[\d|\[\]|\{'|'\w+'|\(\)"), "Python repr"),
    (re.compile(r"\b(?:CE|SB|R)-?\d+(?:\.\d+)?\b"), "rule id"),
    (re.compile(r"\b(?:heuristic|ismcts|IsmctsBot|HeuristicBot)\b", re.I), "bot class name"),
    (re.compile(r"\b(?:schemin|stealin)\b(?!')|\bexpert_keep\b|·\s*main\b|\bstep:\s*end\b"), "internal phase"),
]
LATIN_IN_RUSSIAN = re.compile(r"[A-Za-z]{2,}")


def _names(players: int, lang: str) -> list[str]:
    return seat_names(KINDS[:players], lang, PEOPLE[lang])


def _texts(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[str, str, str]]:  # noqa: C901
    """(lang, where, text) for every string a person could read in one random game."""
    game = next(g for g in all_games() if g.id == game_id)
    names = {lang: _names(players, lang) for lang in ("ru", "en")}
    for lang in ("ru", "en"):
        for option in game.options.options:
            yield lang, f"option {option.name}", option.help_ru if lang == "ru" else option.help_en
            for value in option.choices:
                if option.kind == "choice":
                    yield lang, f"choice {option.name}", game.choice_label(option.name, value, lang)
    state = game.new(players, options, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        seat = state.to_act[0]
        for lang in ("ru", "en"):
            for action in state.legal_actions(seat, names[lang]):
                yield lang, f"label {action.id}", action.label(lang)
            if step % 9 == 0:
                for viewer in (seat, None):
                    yield lang, f"view of {viewer}", state.render(viewer, lang, names[lang])
        legal = state.legal_ids(seat)
        events = state.apply(seat, legal[rng.randbelow(len(legal))])
        for lang in ("ru", "en"):
            for event in events:
                yield lang, f"event {event.kind}", state.event_text(event, lang, names[lang])
            for event in visible(events, None):
                yield lang, f"public event {event.kind}", state.event_text(event, lang, names[lang])
        step += 1
    for lang in ("ru", "en"):
        for viewer in (*range(players), None):
            yield lang, f"final view of {viewer}", state.render(viewer, lang, names[lang])
        for line in state.result_lines(state.view(None), lang, names[lang]):
            yield lang, "result", line
        words = game.words
        if words is not None:
            for title, text in words.rules_texts(lang):
                yield lang, f"rules text of {title}", text


def problems(lang: str, text: str) -> list[str]:
    found = [f"{what}: {m.group(0)!r}" for pattern, what in COMMON for m in [pattern.search(text)] if m]
    if lang == "ru":
        m = LATIN_IN_RUSSIAN.search(text)
        if m:
            found.append(f"Latin in Russian: {m.group(0)!r}")
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), VARIANTS,
                         ids=[f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'base'}" for g, n, o in VARIANTS])
def test_no_engine_words_in_any_text(game_id: str, players: int, options: dict[str, Any]) -> None:
    bad: list[str] = []
    scanned = 0
    for seed in (1, 2):
        for lang, where, text in _texts(game_id, players, options, seed):
            scanned += 1
            assert text.strip(), f"{game_id} {lang} {where}: empty text"
            for problem in problems(lang, text):
                bad.append(f"{lang} {where}: {problem} in {text[:160]!r}")
    assert scanned > 500
    assert not bad, f"{len(bad)} of {scanned} strings: " + "\n".join(sorted(set(bad))[:40])


def test_the_scan_can_fail() -> None:
    """Each pattern catches the kind of line the issue found in real games."""
    for lang, line in [("en", "seat 0 (red) places Clown"), ("en", "Player #1 kept a card"),
                       ("ru", "Место 0 летит в 10"), ("en", "discard_cargo: seat=2, side=0"),
                       ("en", "Game over: winners [1] (cargo)"), ("ru", "Закус выигрывает: attacker"),
                       ("en", "Phase: schemin"), ("en", "cargo needed to win (R18.1)"), ("ru", "Бот: heuristic")]:
        assert problems(lang, line), line
    assert not problems("ru", "Аня выкладывает Жонглёра: ряд 1, позиция 3")
    assert not problems("en", "Phase 1: Schemin'")


@pytest.mark.parametrize("game_id", ["colt_express", "show_battle", "talespin"])
def test_decision_help_and_browser_words_speak_words(game_id: str) -> None:
    """The one-line help under "Your move" (decisions.toml) and the browser board's own words
    (web/words.toml) are read by players too: no rule ids (the help once said "Two players (CE-10)"),
    ids or Latin words in Russian."""
    import tomllib

    from nastolka.engine import get

    folder = Path(get(game_id).folder)
    bad: list[str] = []
    for path in (folder / "decisions.toml", folder / "web" / "words.toml"):
        if not path.is_file():
            continue
        for key, entry in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for lang in ("ru", "en"):
                text = entry.get(lang, "") if isinstance(entry, dict) else ""
                bad += [f"{path.name} {key} {lang}: {p} in {text[:160]!r}" for p in problems(lang, text)]
    assert not bad, "\n".join(bad)


#: the clients and game text modules that must take every word from words.toml (tui/i18n.py and
#: engine/words.py implement the lookup and may choose a language)
NO_SWITCH = ("nastolka/tui/boards", "nastolka/tui/start.py", "nastolka/tui/game_screen.py", "nastolka/cli",
             *(f"nastolka/games/{g}/{m}.py" for g in ("colt_express", "show_battle", "talespin")
               for m in ("text", "tui")),
             "nastolka/games/talespin/data.py", "nastolka/games/talespin/state.py")
INLINE_SWITCH = re.compile(r"""\bif ru\b|\bru else\b|lang\s*==\s*["']ru["']|["']ru["']\s*==\s*lang""")


def test_no_inline_language_switch() -> None:
    """Words come from words.toml, never from an ``if ru else`` in a client or a text module."""
    root = Path(__file__).resolve().parent.parent
    found = []
    for place in NO_SWITCH:
        path = root / place
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if INLINE_SWITCH.search(line):
                    found.append(f"{file.relative_to(root)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_switch_scan_can_fail() -> None:
    for line in ('x = "a" if ru else "b"', 'if lang == "ru":', "return ru if lang == 'ru' else en"):
        assert INLINE_SWITCH.search(line), line
    assert not INLINE_SWITCH.search('text = pick(lang, en, ru)')


# ---------------------------------------------------------------------------- what the other clients print
#: (game, seats of `nastolka play`): a person against bots, so the transcript shows a hand, labels and events
CLI_TABLES = [("colt_express", "human,normal,random"), ("show_battle", "human,random"),
              ("talespin", "human,random,random")]


def _run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
             stdin: str = "") -> str:
    import io
    import sys

    from nastolka.cli.main import main

    monkeypatch.setattr(sys, "argv", ["nastolka", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        main()
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr()
    out, err = capsys.readouterr()
    assert not err.strip(), err
    return out


def _scan_lines(lang: str, where: str, text: str, skip: tuple[str, ...] = ()) -> list[str]:
    bad = []
    for line in text.splitlines():
        if line.strip() and not any(s in line for s in skip):
            bad += [f"{lang} {where}: {p} in {line.strip()[:160]!r}" for p in problems(lang, line)]
    return bad


def _record(game_id: str, seats: list[str], steps: int | None = None) -> Any:
    """A record of a random game with the seats a table writes: people's names and ``bot:<level>``."""
    from nastolka.engine import get, record_of

    game = get(game_id)
    state = game.new(len(seats), {}, seed=7)
    rng = Rng(7)
    while not state.is_over and (steps is None or state.step < steps):
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    return record_of(state, seats=seats)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("game_id", "seats"), CLI_TABLES, ids=[g for g, _ in CLI_TABLES])
def test_the_line_based_cli_names_every_player(game_id: str, seats: str, lang: str,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`nastolka play` (the person always takes the first choice): the transcript names the person
    «Игрок 1» and the bots by distinct names, and shows no engine words."""
    out = _run_cli(capsys, monkeypatch, "play", game_id, "--seats", seats, "--seed", "5", "--lang", lang,
                   stdin="1\n" * 20000)
    bots = seat_names(seats.split(","), lang)
    assert bots[0] in out and all(name in out for name in bots[1:]), bots
    # a person nobody named is «Игрок 1» (seats counted from 1, docs/decisions.md): that default, and
    # only it, may carry a number; the prompt names the keys q and s
    out = out.replace(bots[0], PEOPLE[lang][0])
    bad = _scan_lines(lang, "play", out, skip=("(q ",))
    assert not bad, "\n".join(sorted(set(bad))[:40])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game_id", ["colt_express", "show_battle", "talespin"])
def test_hint_and_replay_output_name_the_players(game_id: str, lang: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`nastolka hint` and `nastolka replay` name the seats as the table did (a person's name, distinct
    bot names), not «Игрок N» or seat numbers, and print labels and results in words."""
    person = PEOPLE[lang][0]
    seats = [person, "bot:normal", "bot:hard"][:3 if game_id != "show_battle" else 2]
    partial = _record(game_id, seats, steps=12)
    path = tmp_path / "partial.json"
    partial.save(path)
    decider = _record(game_id, seats, steps=12)
    seat = decider.players and __import__("nastolka.engine", fromlist=["replay"]).replay(
        decider, verify_result=False).to_act[0]
    hint = _run_cli(capsys, monkeypatch, "hint", str(path), "--seat", str(seat), "--iterations", "30",
                    "--lang", lang)
    names = seat_names(["human", "normal", "hard"][:len(seats)], lang, {0: person})
    assert names[seat] in hint, hint
    bad = _scan_lines(lang, "hint", hint)
    finished = tmp_path / "finished.json"
    _record(game_id, seats).save(finished)
    replay = _run_cli(capsys, monkeypatch, "replay", str(finished), "--lang", lang, "--seat", "all")
    assert all(name in replay for name in names), replay[:400]
    bad += _scan_lines(lang, "replay", replay)
    assert not bad, "\n".join(sorted(set(bad))[:40])


@pytest.mark.parametrize("game_id", ["colt_express", "show_battle", "talespin"])
def test_server_replay_frames_name_the_players(game_id: str) -> None:
    """The browser's replay (nastolka/server/replays.py) puts the table's names into labels and events."""
    from nastolka.server.replays import frames_of

    seats = [PEOPLE["ru"][0], "bot:normal", "bot:hard"][:3 if game_id != "show_battle" else 2]
    frames = frames_of(_record(game_id, seats).to_json())
    bad: list[str] = []
    for frame in frames[1:]:
        for lang in ("ru", "en"):
            texts = [frame["action"][lang], *(e[f"text_{lang}"] for e in frame["events"])]
            for text in texts:
                bad += [f"{lang}: {p} in {text[:160]!r}" for p in problems(lang, text)]
    assert not bad, "\n".join(sorted(set(bad))[:40])
    everything = " ".join(e["text_ru"] for f in frames for e in f["events"]) + " ".join(
        f["action"]["ru"] for f in frames[1:])
    assert all(name in everything for name in record_names(seats, len(seats), "ru")), everything[:300]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("game_id", "players", "options"), [("colt_express", 3, {"expert": True}),
                                                             ("show_battle", 2, {"jury_sympathy": True}),
                                                             ("talespin", 2, {"cargo_to_win": 7})])
def test_the_arena_report_speaks_words(game_id: str, players: int, options: dict[str, Any], lang: str,
                                       tmp_path: Path) -> None:
    """`nastolka arena --report`: bots by distinct names, seats from 1, bandits and characters by name,
    options in words — in the report's language."""
    import html

    from nastolka.arena import run_arena
    from nastolka.arena_report import write_report

    arena = run_arena(game_id, players, ["random", "heuristic", "random"][:players], players, seed=3,
                      options=options)
    text = write_report(arena, tmp_path / "report.html", lang).read_text(encoding="utf-8")
    text = re.sub(r"<style>.*?</style>|<img[^>]*>", "", text, flags=re.S)
    body = html.unescape(re.sub(r"<[^>]+>", "\n", text))
    for name in seat_names(["random", "heuristic", "random"][:players], lang):
        assert name in body, name
    bad = _scan_lines(lang, "report", body)
    assert not bad, "\n".join(sorted(set(bad))[:40])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("command", "game_id", "players", "bots"), [
    ("simulate", "colt_express", 3, "normal,random,easy"), ("arena", "colt_express", 3, "normal,random,random"),
    ("simulate", "talespin", 2, "random"), ("arena", "show_battle", 2, "normal,random")])
def test_simulate_and_arena_tables_speak_words(command: str, game_id: str, players: int, bots: str, lang: str,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`nastolka simulate` and `nastolka arena` print their tables in the chosen language: the game by its
    name, seats counted from 1, bots by distinct names, bandits and characters by name, no ids."""
    out = _run_cli(capsys, monkeypatch, command, game_id, "-p", str(players), "--bots", bots, "-n",
                   str(players), "--seed", "4", "--lang", lang)
    names = seat_names(bots.split(",") * (players if "," not in bots else 1), lang)
    flat = " ".join(out.split())
    for name in names:  # a narrow table may break a name over lines: compare words in order
        assert all(word in flat for word in name.split()), (name, out)
    game = next(g for g in all_games() if g.id == game_id)
    assert game.name(lang) in flat, out
    bad = _scan_lines(lang, command, out)
    assert not bad, "\n".join(sorted(set(bad))[:40])
