"""`jsymex-ray run [--actors N] [--address ADDR] [--jsymex PATH] JSYMEX-RUN-OPTIONS...`"""

import argparse
import os
import shutil
import sys

USAGE = """usage: jsymex-ray run [--actors N] [--address ADDR] [--jsymex PATH] [--kill-actor-after K] OPTIONS...

Runs `jsymex run OPTIONS...` with its concrete runs made by N Ray actors (default 2), each
keeping a `jsymex worker` with the program loaded. The results (paths, counts, coverage, JSONL,
--json, JUnit) are those of `jsymex run OPTIONS...` with one worker.

  --actors N            Ray actors (remote workers), one CPU each (default 2)
  --address ADDR        join this Ray cluster (e.g. ray://head:10001 or auto); default: start
                        a local Ray instance for the run
  --jsymex PATH         the jsymex binary (default: $JSYMEX, else `jsymex` on PATH); on a
                        cluster it must exist at this path on every node, with the classpath
  --kill-actor-after K  testing: kill actor 0's process before its K-th job (the job is run
                        again by a new actor)
"""


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    if argv[0] != "run":
        print(f"jsymex-ray: error: unknown command '{argv[0]}' (run)", file=sys.stderr)
        return 2
    ap = argparse.ArgumentParser(prog="jsymex-ray run", add_help=False)
    ap.add_argument("--actors", type=int, default=2)
    ap.add_argument("--address", default=None)
    ap.add_argument("--jsymex", default=os.environ.get("JSYMEX") or shutil.which("jsymex"))
    ap.add_argument("--kill-actor-after", type=int, default=None)
    ours, rest = ap.parse_known_args(argv[1:])
    if ours.actors < 1:
        print("jsymex-ray: error: --actors must be at least 1", file=sys.stderr)
        return 2
    if not ours.jsymex or not os.path.isfile(ours.jsymex):
        print(f"jsymex-ray: error: --jsymex: no jsymex binary at '{ours.jsymex}'", file=sys.stderr)
        return 2
    exe = os.path.abspath(ours.jsymex)
    if ours.address:
        # A cluster started with Ray's token authentication gives clients its token
        # (~/.ray/auth_token) only when they ask for it; `auto` asks, an explicit address does
        # not. Ray reads this when it is imported.
        token = os.path.expanduser("~/.ray/auth_token")
        if "RAY_AUTH_MODE" not in os.environ and (os.path.exists(token) or "RAY_AUTH_TOKEN" in os.environ):
            os.environ["RAY_AUTH_MODE"] = "token"
    import ray

    from .coordinator import Coordinator

    try:
        if ours.address:
            ray.init(address=ours.address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(
                num_cpus=max(os.cpu_count() or 1, ours.actors),
                include_dashboard=False,
                log_to_driver=False,
            )
    except (ConnectionError, RuntimeError, ValueError) as e:
        where = ours.address or "a local instance"
        print(f"jsymex-ray: error: --address: cannot start or join Ray at {where}: {e}", file=sys.stderr)
        return 2
    try:
        return Coordinator(exe, rest, ours.actors, ours.kill_actor_after).run()
    except ray.exceptions.RayError as e:
        first = (str(e).strip().splitlines() or ["?"])
        msg = next((line for line in first if "jsymex worker exited" in line), first[0])
        print(f"jsymex-ray: error: {msg}", file=sys.stderr)
        return 2
    finally:
        ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
