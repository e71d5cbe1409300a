#!/usr/bin/env python3
"""Makes tests/fixtures/scoring_oracle.json: random hands scored by the Python package `mahjong`
2.1.0 (MIT), an evaluator independent of ours, for the differential test in tests/library/scoring_wins.rs.

    pip install mahjong==2.1.0
    python3 tools/make_scoring_fixture.py [COUNT] > tests/fixtures/scoring_oracle.json

Seeded, so the same COUNT gives the same file. Tiles are written as kinds 0..33 (1m..9m, 1p..9p,
1s..9s, E S W N, white green red); a red five is a separate flag per tile. The rules are M League's
as far as the package has them: open tanyao, red fives, double yakuman, kazoe yakuman, no kiriage.
"""
import json
import random
import sys

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

RED_IDS = {16, 52, 88}  # the first copy of each five is the red one
WINDS = [EAST, SOUTH, WEST, NORTH]
RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True, kiriage=False)


class Wall:
    """The 136 tiles, so no hand holds a fifth copy; `red` says whether red fives may be taken."""

    def __init__(self, rng):
        self.rng = rng
        self.left = {k: [k * 4 + i for i in range(4)] for k in range(34)}
        for ids in self.left.values():
            rng.shuffle(ids)

    def can(self, kind, n=1):
        return len(self.left[kind]) >= n

    def take(self, kind):
        return self.left[kind].pop()


def random_set(rng, wall, honours=True):
    """A run or a triplet (kinds), or None when the wall cannot give it."""
    for _ in range(20):
        if rng.random() < 0.5:
            suit = rng.randrange(3)
            start = suit * 9 + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
            if all(wall.can(k) for k in kinds):
                return ("run", kinds)
        else:
            k = rng.randrange(34 if honours else 27)
            if wall.can(k, 3):
                return ("triplet", [k, k, k])
    return None


# Sets that make the rarer yaku likely: (kind, kinds) choices for a flavour.
def flavoured_set(rng, wall, flavour, suit):
    options = []
    if flavour == "runs":  # pinfu, iipeikou, sanshoku, ittsu
        n = rng.randrange(7)
        options = [("run", [s * 9 + n + i for i in range(3)]) for s in range(3)]
        options += [("run", [suit * 9 + st + i for i in range(3)]) for st in (0, 3, 6)]
    elif flavour == "outside":  # chanta, junchan, honroutou
        options = [("run", [s * 9 + st + i for i in range(3)]) for s in range(3) for st in (0, 6)]
        options += [("triplet", [k] * 3) for k in [0, 8, 9, 17, 18, 26] + list(range(27, 34))]
    elif flavour == "honours":  # dragons, winds, shousangen, daisangen, suushii, tsuuiisou
        options = [("triplet", [k] * 3) for k in range(27, 34)]
        options += [("run", [suit * 9 + st + i for i in range(3)]) for st in range(7)]
    elif flavour == "green":
        options = [("run", [19, 20, 21])] + [("triplet", [k] * 3) for k in (19, 20, 21, 23, 25, 32)]
    elif flavour == "triplets":  # toitoi, sanankou, suuankou, sanshoku doukou
        n = rng.randrange(9)
        options = [("triplet", [s * 9 + n] * 3) for s in range(3)] + [("triplet", [rng.randrange(34)] * 3)]
    for _ in range(20):
        kind, kinds = rng.choice(options)
        if all(wall.can(k, kinds.count(k)) for k in set(kinds)):
            return kind, kinds
    return None


def nine_gates(rng, wall):
    suit = rng.randrange(3)
    counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    counts[rng.randrange(9)] += 1
    ids = [wall.take(suit * 9 + i) for i, c in enumerate(counts) for _ in range(c)]
    return ids, [], rng.choice(ids)


def standard_hand(rng, wall, flavour):
    """Four sets and a pair; some sets called. Returns (concealed ids, melds, win id) or None."""
    honours = flavour != "no_honours"
    suit = rng.randrange(3)
    sets = []
    for _ in range(4):
        s = None
        if flavour in ("runs", "outside", "honours", "green", "triplets"):
            s = flavoured_set(rng, wall, flavour, suit)
        elif flavour == "one_suit":
            for _ in range(20):
                if rng.random() < 0.5:
                    st = suit * 9 + rng.randrange(7)
                    if all(wall.can(k) for k in (st, st + 1, st + 2)):
                        s = ("run", [st, st + 1, st + 2])
                        break
                else:
                    k = suit * 9 + rng.randrange(9) if rng.random() < 0.8 else 27 + rng.randrange(7)
                    if wall.can(k, 3):
                        s = ("triplet", [k, k, k])
                        break
        else:
            s = random_set(rng, wall, honours)
        if s is None:
            return None
        kind, kinds = s
        ids = [wall.take(k) for k in kinds]
        sets.append((kind, kinds, ids))
    pairs = {
        "one_suit": [suit * 9 + i for i in range(9)],
        "runs": list(range(27)),
        "outside": [0, 8, 9, 17, 18, 26] + list(range(27, 34)),
        "honours": list(range(27, 34)),
        "green": [19, 20, 21, 23, 25, 32],
    }.get(flavour, list(range(34)))
    pk = None
    for _ in range(20):
        k = rng.choice(pairs)
        if wall.can(k, 2):
            pk = k
            break
    if pk is None:
        return None
    pair = [wall.take(pk), wall.take(pk)]
    melds = []
    concealed = list(pair)
    n_called = 0 if flavour == "runs" and rng.random() < 0.7 else rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    for i, (kind, kinds, ids) in enumerate(sets):
        called = i < n_called
        kan = kind == "triplet" and wall.can(kinds[0]) and rng.random() < 0.25
        if kan:
            ids = ids + [wall.take(kinds[0])]
        if called or kan:
            if kind == "run":
                melds.append({"type": "chi", "ids": ids, "opened": True})
            elif kan:
                melds.append({"type": "kan", "ids": ids, "opened": called})
            else:
                melds.append({"type": "pon", "ids": ids, "opened": True})
        else:
            concealed.extend(ids)
    win = rng.choice(concealed)
    return concealed, melds, win


def seven_pairs(rng, wall):
    kinds = rng.sample(range(34), 7)
    ids = []
    for k in kinds:
        if not wall.can(k, 2):
            return None
        ids += [wall.take(k), wall.take(k)]
    return ids, [], rng.choice(ids)


def thirteen_orphans(rng, wall):
    kinds = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    ids = [wall.take(k) for k in kinds]
    extra = rng.choice(kinds)
    ids.append(wall.take(extra))
    return ids, [], rng.choice(ids)


def noise(rng, wall):
    """Fourteen random tiles: mostly not a winning hand."""
    ids = []
    while len(ids) < 14:
        k = rng.randrange(34)
        if wall.can(k):
            ids.append(wall.take(k))
    return ids, [], rng.choice(ids)


def case(rng):
    wall = Wall(rng)
    r = rng.random()
    if r < 0.06:
        made = seven_pairs(rng, wall)
    elif r < 0.08:
        made = thirteen_orphans(rng, wall)
    elif r < 0.11:
        made = noise(rng, wall)
    elif r < 0.12:
        made = nine_gates(rng, wall)
    else:
        flavours = ["any", "any", "any", "one_suit", "no_honours", "runs", "runs", "outside", "outside",
                    "honours", "green", "triplets"]
        made = standard_hand(rng, wall, rng.choice(flavours))
    if made is None:
        return None
    concealed, melds, win = made
    is_open = any(m["opened"] for m in melds)
    has_kan = any(m["type"] == "kan" for m in melds)
    tsumo = rng.random() < 0.45
    riichi = not is_open and rng.random() < 0.45
    double = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.2
    rinshan = tsumo and has_kan and rng.random() < 0.3
    chankan = not tsumo and rng.random() < 0.04
    haitei = tsumo and not rinshan and rng.random() < 0.06
    houtei = not tsumo and not chankan and rng.random() < 0.06
    first = not melds and tsumo and rng.random() < 0.03
    player_wind = rng.choice(WINDS)
    tenhou = first and player_wind == EAST
    chiihou = first and player_wind != EAST
    if tenhou or chiihou:
        riichi = double = ippatsu = haitei = False
    round_wind = rng.choice([EAST, EAST, SOUTH, WEST])
    dora = [rng.randrange(136) for _ in range(1 + sum(1 for m in melds if m["type"] == "kan"))]
    ura = [rng.randrange(136) for _ in dora] if riichi else []
    honba = rng.choice([0, 0, 0, 1, 2, 5])
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=riichi and not double, is_daburu_riichi=double, is_ippatsu=ippatsu,
        is_rinshan=rinshan, is_chankan=chankan, is_haitei=haitei, is_houtei=houtei,
        is_tenhou=tenhou, is_chiihou=chiihou, player_wind=player_wind, round_wind=round_wind,
        tsumi_number=honba, options=RULES)
    py_melds = []
    for m in melds:
        t = Meld.CHI if m["type"] == "chi" else Meld.PON if m["type"] == "pon" else Meld.KAN
        py_melds.append(Meld(meld_type=t, tiles=sorted(m["ids"]), opened=m["opened"]))
    all_ids = concealed + [i for m in melds for i in m["ids"]]
    res = HandCalculator.estimate_hand_value(
        all_ids, win, melds=py_melds, dora_indicators=dora, config=config, ura_dora_indicators=ura)
    kind = lambda i: i // 4
    out = {
        "concealed": [kind(i) for i in concealed],
        "concealed_red": sum(1 for i in concealed if i in RED_IDS),
        "melds": [{"type": m["type"], "opened": m["opened"], "kinds": [kind(i) for i in m["ids"]],
                   "red": sum(1 for i in m["ids"] if i in RED_IDS)} for m in melds],
        "win": kind(win), "win_red": win in RED_IDS,
        "tsumo": tsumo, "riichi": riichi and not double, "double_riichi": double, "ippatsu": ippatsu,
        "rinshan": rinshan, "chankan": chankan, "haitei": haitei, "houtei": houtei,
        "tenhou": tenhou, "chiihou": chiihou,
        "seat_wind": player_wind - EAST, "round_wind": round_wind - EAST,
        "dora_indicators": [kind(i) for i in dora], "ura_indicators": [kind(i) for i in ura],
        "honba": honba,
    }
    if res.error:
        out["error"] = res.error
    else:
        c = res.cost
        out.update({
            "han": res.han, "fu": res.fu, "yaku": sorted(str(y) for y in res.yaku),
            "main": c["main"] + c["main_bonus"], "additional": c["additional"] + c["additional_bonus"],
            "level": c["yaku_level"],
        })
    return out


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(20261121)
    cases = []
    while len(cases) < count:
        c = case(rng)
        if c is not None:
            cases.append(c)
    json.dump(cases, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
