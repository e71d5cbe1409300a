"""A tiny deterministic AI player for the tests: `python3 tsumogiri_bot.py PLAYER_ID`. On its own
draw it discards the tile drawn; on anything else it answers none. Standard library only."""

import json
import sys

seat = int(sys.argv[-1])
for line in sys.stdin:
    last = json.loads(line)[-1]
    if last.get("type") == "tsumo" and last.get("actor") == seat:
        reply = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    else:
        reply = {"type": "none"}
    print(json.dumps(reply), flush=True)
