"""jsymex-ray: jsymex explorations whose concrete runs are made by Ray actors.

`jsymex-ray run` takes the options of `jsymex run`. It starts one Ray actor per worker, each
keeping a `jsymex worker` process with the program loaded, and an explorer (`jsymex run
--remote`) that connects to this coordinator. The explorer stays the one sequence (it orders,
solves and writes every report); the actors solve and run the tasks it queues ahead, and it
uses a run only when it is the very run it would have made. So the paths, counts, coverage,
JSONL and JUnit are those of a run with one worker.
"""

__all__ = ["coordinator"]
