"""The rules the code is indexed by live in the repository (``docs/rules/<game>.md``) and stay the rules.

* every rule id cited anywhere in the package or the tests exists in its game's rules file (a typo or a
  renumbered spec is found here, not by a reader who greps in vain);
* every rule of a rules file (each ``## CE-n`` / ``## SB-n`` / ``## Rn.`` section) is cited by at least one
  test, so no rule goes untested by name;
* when the specification folder ``../shared/specs`` is beside the checkout, the repository's copies equal
  it: a spec change reaches the code through this failing test, and is then copied in on purpose.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
SHARED = ROOT.parent / "shared"

#: game folder → (its rules file, the specification folder's name for it, the id pattern of its rules)
GAMES = {
    "colt_express": ("colt_express.md", "colt_express", r"CE-\d+(?:\.\d+)*"),
    "show_battle": ("show_battle.md", "circus", r"SB-\d+(?:\.\d+)*"),
    "talespin": ("talespin.md", "talespin", r"R\d+(?:\.\d+)*"),
}
#: where citations are looked for, and the kinds of file that can cite
SCANNED = (ROOT / "nastolka", ROOT / "tests")
SUFFIXES = {".py", ".toml", ".md", ".js", ".json"}


def _defined(text: str, pattern: str) -> set[str]:
    """The ids a rules file defines: its section headings (``## CE-3``, ``## R4.``), the subsections
    written in bold at a line's start (``**R24.9 …**``, ``* **R3.5.1 …**``), and the numbered items of a
    section or subsection (item 6 of CE-2 is CE-2.6)."""
    head = re.compile(rf"^(?:#+\s+|\*\s+\*\*|\*\*)({pattern})\b")
    item = re.compile(r"^(\d+)\.\s")
    ids: set[str] = set()
    current: str | None = None
    for line in text.splitlines():
        found = head.match(line)
        if found:
            current = found.group(1).rstrip(".")
            ids.add(current)
            continue
        numbered = item.match(line)
        if numbered and current:
            ids.add(f"{current}.{numbered.group(1)}")
    return ids


def _citations(pattern: str, where: tuple[Path, ...]) -> dict[str, set[str]]:
    """id → the files (relative to the repository) that name it."""
    found: dict[str, set[str]] = {}
    rx = re.compile(rf"(?<![\w-])({pattern})(?![\w-])")
    for top in where:
        for path in top.rglob("*"):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            for rule in rx.findall(path.read_text(encoding="utf-8", errors="replace")):
                found.setdefault(rule.rstrip("."), set()).add(str(path))
    return found


def _rules(game: str) -> str:
    return (RULES / GAMES[game][0]).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_file_defines_its_sections(game: str) -> None:
    pattern = GAMES[game][2]
    sections = {i for i in _defined(_rules(game), pattern) if "." not in i}
    assert len(sections) >= 9, sections   # a parser that finds nothing would pass every check below


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_cited_rule_exists(game: str) -> None:
    pattern = GAMES[game][2]
    defined = _defined(_rules(game), pattern)
    unknown = {rule: sorted(files) for rule, files in _citations(pattern, SCANNED).items() if rule not in defined}
    assert not unknown, f"rule ids cited but not in docs/rules/{GAMES[game][0]}: {unknown}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_is_cited_by_a_test(game: str) -> None:
    pattern = GAMES[game][2]
    sections = {i for i in _defined(_rules(game), pattern) if "." not in i}
    cited = set(_citations(pattern, (ROOT / "tests",)))
    cited_sections = {c.split(".")[0] for c in cited}
    missing = sorted(sections - cited_sections, key=lambda s: [int(n) for n in re.findall(r"\d+", s)])
    assert not missing, f"rules no test names: {missing}"


def test_the_id_scan_sees_a_citation_and_a_missing_rule(tmp_path: Path) -> None:
    """The scan itself: it finds an id in a file and tells a defined id from an undefined one."""
    unknown = "CE-" + "99"   # written in two parts so this file does not cite it
    (tmp_path / "t.py").write_text(f"# CE-2.6 and {unknown}, not XCE-3\n", encoding="utf-8")
    cited = _citations(GAMES["colt_express"][2], (tmp_path,))
    assert set(cited) == {"CE-2.6", unknown}
    defined = _defined(_rules("colt_express"), GAMES["colt_express"][2])
    assert "CE-2.6" in defined and unknown not in defined


@pytest.mark.skipif(not (SHARED / "specs").is_dir(), reason="no ../shared/specs beside this checkout")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_equal_the_specification(game: str) -> None:
    name, spec_dir, _ = GAMES[game]
    spec = SHARED / "specs" / spec_dir / "RULES.md"
    assert (RULES / name).read_text(encoding="utf-8") == spec.read_text(encoding="utf-8"), (
        f"{spec} changed: copy it to docs/rules/{name} and bring the code and tests to it")


@pytest.mark.skipif(not (SHARED / "ARCHITECTURE.md").is_file(), reason="no ../shared beside this checkout")
def test_the_architecture_equals_the_shared_one() -> None:
    assert (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8") == \
        (SHARED / "ARCHITECTURE.md").read_text(encoding="utf-8")


#: Russian wording the localisation edited on purpose (issue 30, docs/words.md): every other field of the
#: specification's cards.toml is the game's data as it is
RU_EDITS = {("art_jinxed_compass", "name_ru"), ("pas_monkeys", "text_ru")}


@pytest.mark.skipif(not (SHARED / "specs" / "talespin").is_dir(), reason="no ../shared/specs beside this checkout")
def test_talespin_cards_equal_the_specification() -> None:
    import tomllib

    ours = tomllib.loads((ROOT / "nastolka" / "games" / "talespin" / "cards.toml").read_text(encoding="utf-8"))
    spec = tomllib.loads((SHARED / "specs" / "talespin" / "cards.toml").read_text(encoding="utf-8"))
    assert ours.keys() == spec.keys()
    for key in spec:
        if key != "cards":
            assert ours[key] == spec[key], key
    assert [c["id"] for c in ours["cards"]] == [c["id"] for c in spec["cards"]]
    for mine, theirs in zip(ours["cards"], spec["cards"], strict=True):
        fields = set(mine) | set(theirs)
        differ = {f for f in fields if mine.get(f) != theirs.get(f)}
        assert differ <= {f for card, f in RU_EDITS if card == theirs["id"]}, (theirs["id"], sorted(differ))
