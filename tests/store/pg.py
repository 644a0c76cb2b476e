"""A throwaway PostgreSQL server for the tests.

`initdb` in a temporary folder, then the server on a free port of 127.0.0.1, started and
stopped by mirakuru (which waits for the port and kills the process group). PostgreSQL refuses
to run as root, so when the tests run as root both run as the unprivileged `postgres` account
(setpriv), in a folder that account owns. Every test gets a database of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import port_for
from mirakuru import TCPExecutor

HOST = "127.0.0.1"
USER = "postgres"


def find_bindir() -> Path | None:
    """The folder of initdb and postgres: on PATH, else Debian's /usr/lib/postgresql/N/bin
    (the newest version); None when there is no PostgreSQL server here."""
    on_path = shutil.which("initdb")
    if on_path:
        folder = Path(on_path).resolve().parent
        if (folder / "postgres").exists():
            return folder
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="rattus-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self.port = 0
        self._executor: TCPExecutor | None = None
        self._names = itertools.count(1)
        self._run_as: list[str] = []
        if os.geteuid() == 0:
            try:
                account = pwd.getpwnam(USER)
            except KeyError:
                raise RuntimeError(
                    "the tests run as root and PostgreSQL refuses to: there is no"
                    f" {USER!r} account to run it as (the postgresql package creates one)"
                ) from None
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._run_as = [
                "setpriv",
                f"--reuid={account.pw_uid}",
                f"--regid={account.pw_gid}",
                "--clear-groups",
                "--",
            ]

    def _env(self) -> dict[str, str]:
        return {**os.environ, "LC_ALL": "C", "LANG": "C", "HOME": str(self.root)}

    def start(self) -> None:
        """initdb, then start the server and wait until it accepts connections."""
        done = subprocess.run(
            [
                *self._run_as,
                str(self.bindir / "initdb"),
                "--pgdata",
                str(self.data),
                "--username",
                USER,
                "--auth=trust",  # only 127.0.0.1 and a socket in our own folder
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
                "--no-instructions",
            ],
            cwd=self.root,
            env=self._env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed:\n{done.stdout}\n{done.stderr}")
        self.port = port_for.select_random()
        log = self.log.open("ab")
        self._executor = TCPExecutor(
            [
                *self._run_as,
                str(self.bindir / "postgres"),
                "-D",
                str(self.data),
                "-p",
                str(self.port),
                "-h",
                HOST,
                "-k",
                str(self.root),
                # A test database need not survive a power cut: faster commits.
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
            ],
            host=HOST,
            port=self.port,
            timeout=120,
            stop_signal=signal.SIGINT,  # PostgreSQL's "fast" shutdown
            cwd=str(self.root),
            envvars={"LC_ALL": "C", "LANG": "C"},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            self._executor.start()
        except Exception as exc:
            raise RuntimeError(f"PostgreSQL did not start:\n{self.log_tail()}") from exc
        finally:
            log.close()

    def stop(self) -> None:
        """Stop the server and delete its folder."""
        if self._executor is not None:
            with contextlib.suppress(Exception):
                self._executor.stop()
            self._executor = None
        shutil.rmtree(self.root, ignore_errors=True)

    def log_tail(self, lines: int = 30) -> str:
        """The end of the server's log."""
        try:
            return "\n".join(self.log.read_text("utf-8", "replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def url(self, database: str = "postgres") -> str:
        """A DATABASE_URL for one database of this server."""
        return f"postgresql://{USER}@{HOST}:{self.port}/{database}"

    async def admin(self) -> asyncpg.Connection:
        """A connection to the maintenance database (retried while the server starts up)."""
        for _ in range(100):
            try:
                return await asyncpg.connect(self.url())
            except asyncpg.CannotConnectNowError:
                await asyncio.sleep(0.1)
        return await asyncpg.connect(self.url())

    @contextlib.asynccontextmanager
    async def database(self) -> AsyncIterator[str]:
        """A new empty database (from template0) for one test; dropped afterwards."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        conn = await self.admin()
        try:
            # FILE_COPY: half the time of the default WAL_LOG for a small template.
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
        finally:
            await conn.close()
        try:
            yield self.url(name)
        finally:
            conn = await self.admin()
            try:
                # FORCE: a connection a failed test left open does not keep the database.
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await conn.close()
