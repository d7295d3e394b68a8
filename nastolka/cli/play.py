"""``nastolka play``: a plain line-based game in the terminal (numbered choices), people and bots.

Each human sees only their own view and the events visible to them. In hotseat play (several humans at
one terminal) the screen is cleared and the next player must press Enter before their hand is shown, so
one player's private view is never left on screen for the next.
"""

from __future__ import annotations

from pathlib import Path

import typer

from nastolka.bots import make_bot
from nastolka.engine import Event, GameState, record_of, visible
from nastolka.engine.words import seat_names

from .common import console, fresh_seed, load_game, parse_options, split_names
from .lang import LANG_HELP, resolve_lang, word

HUMAN = "human"


class LineHuman:
    """A person at the terminal choosing by number; ``q`` quits, ``s`` saves the record."""

    name = HUMAN

    def __init__(self, lang: str, save_to: Path | None, names: list[str]) -> None:
        self.lang = lang
        self.save_to = save_to
        self.names = names

    def choose(self, state: GameState, seat: int) -> str:
        lang = self.lang
        console.print(state.render(seat, lang, self.names), markup=False, highlight=False)
        actions = state.legal_actions(seat, self.names)
        console.print("")
        console.print(word("your_move", lang, name=self.names[seat]), style="bold", markup=False)
        for number, action in enumerate(actions, 1):
            console.print(f"  {number:>3}. {action.label(lang)}", markup=False, highlight=False)
        while True:
            answer = console.input(word("ask", lang)).strip().lower()
            if answer == "q":
                raise typer.Exit(0)
            if answer == "s":
                target = self.save_to or Path(f"{state.game.id}-{state.origin.seed}.json")
                record_of(state).save(target)
                console.print(word("saved", lang, path=target), markup=False)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1].id
            console.print(word("pick_range", lang, n=len(actions)))


def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    seats: str = typer.Option("human,random", "--seats", "-s",
                              help="one entry per seat: human or a bot name (random, heuristic, …)"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    seed: int | None = typer.Option(None, "--seed", help="seed for the game (default: a fresh one)"),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    save: Path | None = typer.Option(None, "--save", help="write the record here when the game ends"),
) -> None:
    """Play a game in the terminal with numbered choices."""
    lang = resolve_lang(lang)
    game = load_game(game_id)
    opts = parse_options(game, option)
    names = split_names(seats, "seats")
    shown = seat_names(names, lang, human=HUMAN)
    seed = fresh_seed() if seed is None else seed
    agents = [LineHuman(lang, save, shown) if name == HUMAN else make_bot(game, name, seed + i)
              for i, name in enumerate(names)]
    state = game.new(len(names), opts, seed=seed)
    for agent in agents:
        check = getattr(agent, "check_table", None)  # a trained policy refuses a table it does not fit
        if check is not None:
            check(len(names), dict(state.origin.options))
    humans = [i for i, name in enumerate(names) if name == HUMAN]
    last_human: int | None = None
    console.print(f"[bold]{game.name(lang)}[/bold] — {word('seed', lang, seed=seed)}")
    while not state.is_over:
        seat = state.to_act[0]
        if seat in humans and len(humans) > 1 and last_human is not None and last_human != seat:
            console.clear()
            console.input(word("pass_to", lang, name=shown[seat]))
        if seat in humans:
            last_human = seat
        aid = agents[seat].choose(state, seat)
        events = state.apply(seat, aid)
        _show_events(state, events, seat, humans, lang, shown)
    console.print(state.render(humans[0] if len(humans) == 1 else None, lang, shown), markup=False,
                  highlight=False)
    _show_result(state, lang, shown)
    if save:
        record_of(state, seats=names).save(save)
        console.print(word("record_saved", lang, path=save), markup=False)


def _show_result(state: GameState, lang: str, names: list[str]) -> None:
    """The result in the game's words (what each player scored and why), or the bare scores for a game
    whose text module does not explain them."""
    lines = state.result_lines(state.view(None), lang, names)
    if lines:
        console.print(f"[bold]{word('result', lang)}:[/bold]")
        for line in lines:
            console.print(f"  {line}", markup=False, highlight=False)
        return
    result = state.result()
    console.print(f"[bold]{word('result', lang)}:[/bold] {word('scores', lang)} " + ", ".join(
        f"{names[s]}: {result.scores[s]:g}" for s in range(state.players)))
    console.print(word("winners", lang, names=", ".join(names[w] for w in result.winners)), markup=False)


def _show_events(state: GameState, events: list[Event], actor: int, humans: list[int], lang: str,
                 names: list[str]) -> None:
    """Print what happened as the humans may see it (public events only when several humans share)."""
    viewer: int | None = humans[0] if len(humans) == 1 else None
    for event in visible(events, viewer):
        console.print(f"  · {state.event_text(event, lang, names)}", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("play")(play)
