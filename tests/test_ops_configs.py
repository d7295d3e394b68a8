"""The operator's files in docs/ops/ are checked by the tools that know them: nginx's configuration with
``nginx -t`` (with a throw-away certificate in place of the real one), the systemd units with
``systemd-analyze verify`` (with this checkout's ``nastolka`` in place of /opt/nastolka's). Both tools
are required, never skipped: ``apt-get install nginx systemd`` when they are missing."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

OPS = Path(__file__).resolve().parents[1] / "docs" / "ops"


def need(tool: str) -> str:
    path = shutil.which(tool) or (f"/usr/sbin/{tool}" if Path(f"/usr/sbin/{tool}").exists() else None)
    if path is None:
        pytest.fail(f"{tool} is missing: apt-get install -y {'nginx' if tool == 'nginx' else 'systemd'}")
    return path


def test_nginx_accepts_the_example(tmp_path: Path) -> None:
    nginx = need("nginx")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    site = (OPS / "nginx-nastolka.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/nastolka.example.org/fullchain.pem", str(tmp_path / "cert.pem"))
    site = site.replace("/etc/letsencrypt/live/nastolka.example.org/privkey.pem", str(tmp_path / "key.pem"))
    site = site.replace("/var/log/nginx/", f"{tmp_path}/")
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  include {tmp_path}/site.conf;\n}}\n")
    out = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
                          "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "syntax is ok" in out.stderr and "test is successful" in out.stderr


def test_systemd_verifies_the_units(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    here = str(Path(sys.executable).with_name("nastolka"))
    units = []
    for unit in sorted(OPS.glob("*.service")) + sorted(OPS.glob("*.timer")):
        text = unit.read_text().replace("/opt/nastolka/.venv/bin/nastolka", here)
        (tmp_path / unit.name).write_text(text)
        units.append(str(tmp_path / unit.name.replace("@.service", "@8001.service")))
    assert len(units) == 4
    out = subprocess.run([analyze, "verify", "--man=no", *units], capture_output=True, text=True)
    assert out.returncode == 0 and not out.stderr.strip() and not out.stdout.strip(), out.stdout + out.stderr
