"""A reference AI player of the `mjai` package (Mortal's libriichi inside) as a command bot:
`python mjai_bot.py riichi|rulebase PLAYER_ID`. Batches on standard input, one reply per line on
standard output; an event impossible from its seat makes it print `Exception:` on standard error
(the tests fail on any such line).

mjai 0.2.1's helper `fmt_calls` (used by the bots to describe the calls on the table) assigns into
a str when a kakan follows a pon of the same tile, which raises for every batch after any kakan of
the game; it is replaced here by the same function with that one line fixed. libriichi, the part
that checks every event, is untouched."""

import sys

import mjai.bot.base
import mjai.bot.tools
from mjai.bot.riichibot import RiichiBot
from mjai.bot.rulebase import RulebaseBot


def fmt_calls(events, player_id):
    calls = []
    kakan_calls = []
    for ev in events:
        call = mjai.bot.tools.fmt_call(ev, player_id)
        if ev["type"] == "kakan":
            kakan_calls.append(call)
        elif ev["type"] in ["chi", "pon", "daiminkan", "ankan"]:
            calls.append(call)
    for kakan_call in kakan_calls:
        tile = kakan_call[2:4]
        for i, call in enumerate(calls):
            if call[2:4] == tile and call[1] == "p":
                calls[i] = kakan_call[:4] + call[4] + kakan_call[5:]
                break
    return "".join(calls)


mjai.bot.base.fmt_calls = fmt_calls
mjai.bot.tools.fmt_calls = fmt_calls

kind, seat = sys.argv[1], int(sys.argv[-1])
bot = {"riichi": RiichiBot, "rulebase": RulebaseBot}[kind](player_id=seat)
bot.start()
