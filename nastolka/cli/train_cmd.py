"""``nastolka train``: train a policy with MaskablePPO against our bots (the ``[train]`` extra)."""

from __future__ import annotations

import typer

from .common import CliError, console, load_game, parse_options, print_json, split_names


def train_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `nastolka games`)"),
    players: int = typer.Option(2, "--players", "-p", help="number of seats"),
    opponents: str = typer.Option("random", "--opponents",
                                  help="bot names the learner plays against, one per parallel env, cycled"),
    steps: int = typer.Option(200_000, "--steps", min=1, help="learner decisions to train for"),
    out: str = typer.Option(..., "--out", help="run folder: checkpoints/, model.zip, policy.npz, train.json"),
    seed: int = typer.Option(0, "--seed"),
    envs: int = typer.Option(4, "--envs", min=1, help="parallel environments (in one process)"),
    net: str = typer.Option("128,128", "--net", help="hidden layer sizes of the policy and value networks"),
    checkpoint_every: int = typer.Option(50_000, "--checkpoint-every", min=1, help="steps between checkpoints"),
    n_steps: int = typer.Option(256, "--n-steps", min=8, help="steps per environment between updates"),
    threads: int = typer.Option(1, "--threads", min=1, help="PyTorch CPU threads"),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE game option (repeatable)"),
    json_out: bool = typer.Option(False, "--json", help="print train.json at the end"),
) -> None:
    """Train a policy (sb3-contrib MaskablePPO); seat it with `--bots policy:OUT/policy.npz`."""
    try:
        from nastolka.rl.train import TrainConfig, parse_net, train
    except ImportError as exc:
        raise CliError(f"training needs the [train] extra: pip install 'nastolka[train]' ({exc})") from None
    game = load_game(game_id)
    opts = parse_options(game, option)
    try:
        layers = parse_net(net)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    config = TrainConfig(game=game.id, players=players, options=opts, opponents=split_names(opponents, "opponents"),
                         steps=steps, seed=seed, envs=envs, net=layers, checkpoint_every=checkpoint_every,
                         n_steps=n_steps, batch_size=min(256, n_steps * envs), threads=threads)
    info = train(config, out, log=(lambda _m: None) if json_out else console.print)
    if json_out:
        print_json(info)
    else:
        console.print(f"{info['steps']} steps in {info['seconds']} s ({info['steps_per_second']} steps/s); "
                      f"policy: {out}/policy.npz")


def register(app: typer.Typer) -> None:
    app.command("train")(train_cmd)
