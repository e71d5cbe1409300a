"""A tiny deterministic AI player for the tests: `python3 tsumogiri_bot.py [--riichi] PLAYER_ID`.
On its own draw it discards the tile drawn (with --riichi it first declares riichi, once); on
anything else it answers none. Standard library only."""

import json
import sys

seat = int(sys.argv[-1])
riichi = "--riichi" in sys.argv
reached = False
last_own_draw = None
for line in sys.stdin:
    events = json.loads(line)
    for e in events:
        if e.get("type") == "tsumo" and e.get("actor") == seat:
            last_own_draw = e["pai"]
        if e.get("type") == "reach" and e.get("actor") == seat:
            reached = True
    last = events[-1]
    mine = last.get("actor") == seat
    if last.get("type") == "tsumo" and mine and riichi and not reached:
        reply = {"type": "reach", "actor": seat}
    elif last.get("type") in ("tsumo", "reach") and mine:
        reply = {"type": "dahai", "actor": seat, "pai": last_own_draw, "tsumogiri": True}
    else:
        reply = {"type": "none"}
    print(json.dumps(reply), flush=True)
