"""A throwaway PostgreSQL cluster for the server tests: `initdb` into a temporary
folder, `pg_ctl start` listening on a Unix socket only (no TCP port, nothing reachable
from outside the machine), stopped and deleted at the end of the run.

Found on PATH or in Debian's /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to
run as root, so as root (CI's container) the cluster runs as the `postgres` account
Debian's package makes. Tests that need the server skip when none can be started —
unless CONCOM_TEST_POSTGRES=require (set by .ci/run), when that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

REQUIRE = "CONCOM_TEST_POSTGRES"
SUPERUSER = "postgres"  # the cluster's own first role (initdb -U)


def _bin_dir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return debian[-1].parent if debian else None


def _as_cluster_owner() -> list[str]:
    """The prefix that runs a command as the account owning the cluster."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"]
    return []


@dataclass
class Cluster:
    folder: Path
    socket_dir: Path
    port: int
    bin_dir: Path

    def url(self, database: str = "postgres", user: str = SUPERUSER) -> str:
        """A libpq address of one database of this cluster, over its socket."""
        return f"postgresql://{user}@/{database}?host={self.socket_dir}&port={self.port}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL as the superuser (making test databases and roles)."""
        done = subprocess.run(
            [self.bin_dir / "psql" if (self.bin_dir / "psql").exists() else "psql",
             "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-h", str(self.socket_dir),
             "-p", str(self.port), "-U", SUPERUSER, "-d", database, "-c", sql],
            capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout

    def stop(self) -> None:
        subprocess.run([*_as_cluster_owner(), str(self.bin_dir / "pg_ctl"), "stop", "-D",
                        str(self.folder / "data"), "-m", "immediate", "-s"],
                       capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster(port: int = 54329) -> Cluster:
    """Start a fresh cluster; raises RuntimeError saying why it could not."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    owner = _as_cluster_owner()
    folder = Path(tempfile.mkdtemp(prefix="concom-pg-"))
    folder.chmod(0o755)
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir()
    if owner:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    steps = [
        [*owner, str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER,
         "--auth=trust", "--encoding=UTF8", "--locale=C", "-N"],
        [*owner, str(bin_dir / "pg_ctl"), "start", "-D", str(data), "-w", "-s",
         "-l", str(folder / "server.log"),
         "-o", f"-c listen_addresses='' -k {sockets} -p {port} -c fsync=off "
               "-c max_connections=200"],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = folder / "server.log"
            detail = done.stderr.strip() or (log.read_text() if log.exists() else "")
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"could not start a test PostgreSQL: {detail[-800:]}")
    return Cluster(folder, sockets, port, bin_dir)


def required() -> bool:
    return os.environ.get(REQUIRE, "") == "require"
