#!/usr/bin/env python3
"""Prints the values tests/library/rule_options.rs holds for its built frame, as the Python
package `mahjong` 2.1.0 scores the hand under each preset's options (red fives, ippatsu, ura).

    /tmp/venv/bin/python tools/rule_option_values.py

The hand: East (dealer) 123m 234m 4p0p6p 789s 5s, riichi after its first turn, ron on 5s within
the go-around (ippatsu); the dora indicator 8p (dora 9p: none in the hand); the ura indicator 4s
(two ura) where the case has one.
"""
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

PRESETS = {
    "m-league, tenhou, mahjong-soul": dict(aka=True, ippatsu=True, ura=True),
    "ema, wrc, rmu": dict(aka=False, ippatsu=True, ura=True),
    "jpml": dict(aka=False, ippatsu=False, ura=False),
}

for name, o in PRESETS.items():
    for with_ura in (False, True):
        tiles = TilesConverter.string_to_136_array(man="123234", pin="406", sou="78955", has_aka_dora=True)
        win = TilesConverter.string_to_136_array(sou="5")[0]
        win = next(t for t in tiles if t // 4 == win // 4)
        dora = TilesConverter.string_to_136_array(pin="8")
        if with_ura and o["ura"]:
            dora += TilesConverter.string_to_136_array(sou="4")
        cfg = HandConfig(
            is_riichi=True,
            is_ippatsu=o["ippatsu"],
            player_wind=EAST,
            round_wind=EAST,
            options=OptionalRules(has_open_tanyao=True, has_aka_dora=o["aka"]),
        )
        r = HandCalculator().estimate_hand_value(tiles, win, dora_indicators=dora, config=cfg)
        print(f"{name:32} ura {'4s' if with_ura else '--'}: {r.han} han {r.fu} fu, {r.cost['main']}")
