"""The coordinator of `jsymex-ray run`: Ray actors that keep `jsymex worker` processes, and the
bridges between them and the explorer (`jsymex run --remote`).

The explorer connects once per remote worker. Each connection carries job lines one at a time
(`{"task":ID,"job":...}`); its bridge thread hands the line to its actor and writes the actor's
answer back. When the actor dies (its node went away, its process was killed) the bridge starts a
new actor and answers `{"task":ID,"lost":"..."}`; the explorer then sends the job again with
everything the new worker needs, so the job is run again and counted once.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import ray

PROTOCOL = 2


class WorkerProcess:
    """A `jsymex worker` process with the program loaded (the body of a Ray actor)."""

    def __init__(self, exe, args, cwd):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [exe, "worker", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.err,
            cwd=cwd if cwd and os.path.isdir(cwd) else None,
            text=True,
            bufsize=1,
        )
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError(self._ended())
        ready = json.loads(first)
        if not ready.get("ready") or ready.get("protocol") != PROTOCOL:
            raise RuntimeError(f"jsymex worker speaks another protocol: {first.strip()}")

    def _ended(self):
        code = self.proc.wait()
        self.err.seek(0)
        text = self.err.read().decode("utf-8", "replace").strip()
        return f"jsymex worker exited with code {code}: {text}"

    def pids(self):
        """The actor's process id and its jsymex worker's."""
        return os.getpid(), self.proc.pid

    def call(self, line):
        """Answers one job line."""
        if not line.endswith("\n"):
            line += "\n"
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise RuntimeError(self._ended()) from None
        out = self.proc.stdout.readline()
        if not out:
            raise RuntimeError(self._ended())
        return out

    def stop(self):
        """Ends the worker (end of its input) and returns its exit code."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        return self.proc.wait()


class Coordinator:
    """Actors, bridges and the explorer of one `jsymex-ray run`."""

    def __init__(self, exe, args, actors, kill_after=None, log=sys.stderr):
        self.exe = exe
        self.args = args
        self.n = actors
        self.kill_after = kill_after
        self.log = log
        self.cwd = os.getcwd()
        self.actor_class = ray.remote(num_cpus=1)(WorkerProcess)
        self.actors = [None] * actors
        self.pids = [None] * actors
        self.jobs = [0] * actors
        self.lost = 0
        self.killed = False
        self.lock = threading.Lock()

    def start_actor(self, slot):
        """Starts (or restarts) the actor of `slot` and waits until its worker is ready."""
        actor = self.actor_class.remote(self.exe, self.args, self.cwd)
        self.pids[slot] = ray.get(actor.pids.remote())
        self.actors[slot] = actor

    def bridge(self, conn, slot):
        """Serves one explorer connection with the actor of `slot`."""
        reader = conn.makefile("r", encoding="utf-8", newline="\n")
        writer = conn.makefile("w", encoding="utf-8", newline="\n")
        for line in reader:
            if not line.strip():
                continue
            task = json.loads(line).get("task", 0)
            self.jobs[slot] += 1
            if self.kill_after is not None and slot == 0 and not self.killed and self.jobs[slot] >= self.kill_after:
                # Fault injection (tests): the actor's process dies while the run goes on.
                self.killed = True
                pid = self.pids[slot][0]
                print(f"jsymex-ray: killing actor {slot} (process {pid}) at its job {self.jobs[slot]}", file=self.log)
                os.kill(pid, signal.SIGKILL)
                time.sleep(0.2)
            try:
                out = ray.get(self.actors[slot].call.remote(line))
            except ray.exceptions.RayError as e:
                why = (str(e).strip().splitlines() or ["actor died"])[0]
                with self.lock:
                    self.lost += 1
                print(f"jsymex-ray: actor {slot} lost ({why}); starting a new one", file=self.log)
                try:
                    self.start_actor(slot)
                except ray.exceptions.RayError as e2:
                    print(f"jsymex-ray: cannot start a new actor {slot}: {e2}", file=self.log)
                out = json.dumps({"task": task, "lost": why}) + "\n"
            writer.write(out)
            writer.flush()
        conn.close()

    def run(self):
        """Runs the exploration; returns the explorer's exit code."""
        for slot in range(self.n):
            self.start_actor(slot)
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.bind(("127.0.0.1", 0))
        server.listen(self.n)
        server.settimeout(0.5)
        port = server.getsockname()[1]
        cmd = [self.exe, "run", *self.args, "--remote", f"127.0.0.1:{port}", "--remote-workers", str(self.n)]
        explorer = subprocess.Popen(cmd)
        bridges = []
        while len(bridges) < self.n and explorer.poll() is None:
            try:
                conn, _ = server.accept()
            except socket.timeout:
                continue
            conn.settimeout(None)
            t = threading.Thread(target=self.bridge, args=(conn, len(bridges)), daemon=True)
            t.start()
            bridges.append(t)
        code = explorer.wait()
        for t in bridges:
            t.join(timeout=10)
        server.close()
        for a in self.actors:
            if a is not None:
                try:
                    ray.get(a.stop.remote(), timeout=10)
                except Exception:  # an actor that is gone needs no stop
                    pass
        print(
            f"jsymex-ray: {self.n} actors, jobs per actor {self.jobs}, actors lost {self.lost}",
            file=self.log,
        )
        return code
