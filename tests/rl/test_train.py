"""The training example in its short form (a few thousand steps): it runs, checkpoints, and saves a
policy that loads, equals the trained network and plays legal moves as a bot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch

from nastolka.engine import get
from nastolka.rl.policy import load_policy
from nastolka.rl.spec import make_spec
from nastolka.simulate import simulate

NASTOLKA = str(Path(sys.executable).parent / "nastolka")


def test_a_short_training_run_saves_a_policy_that_plays(tmp_path: Path) -> None:
    run = tmp_path / "run"
    proc = subprocess.run([NASTOLKA, "train", "show_battle", "-p", "2", "--opponents", "random,normal",
                           "--steps", "2048", "--envs", "2", "--n-steps", "128", "--checkpoint-every", "1024",
                           "--net", "32,32", "--out", str(run), "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    info = json.loads(proc.stdout)
    assert info["steps"] >= 2048 and info["opponents"] == ["random", "normal"]
    assert json.loads((run / "train.json").read_text()) == info
    checkpoints = sorted(p.name for p in (run / "checkpoints").iterdir())
    assert "model_00001024.zip" in checkpoints and "policy_00002048.npz" in checkpoints

    policy = load_policy(run / "policy.npz")
    assert (policy.game, policy.players) == ("show_battle", 2)
    assert [w.shape[0] for w in policy.weights][:2] == [32, 32]

    # the exported network is the trained one: same logits as the library's policy on real observations
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(run / "model.zip", device="cpu")
    game = get("show_battle")
    spec = make_spec(game, 2)
    state = game.new(2, seed=8)
    obs = np.stack([spec.observation(state, 0), spec.observation(state, 1)])
    with torch.no_grad():
        features = model.policy.extract_features(torch.as_tensor(obs), model.policy.pi_features_extractor)
        expected = model.policy.action_net(model.policy.mlp_extractor.forward_actor(features)).numpy()
    got = np.stack([policy.logits(row) for row in obs])
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)

    # … and it plays legal moves as a bot (an illegal move would be an error in the batch)
    batch = simulate("show_battle", 2, [f"policy:{run / 'policy.npz'}", "random"], 30, seed=2).summary()
    assert batch["finished"] == 30 and batch["errors"] == 0
