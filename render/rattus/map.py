"""The project's own stylised map of 1347 Europe (and the North Africa strip), as data.

Every region is one or more polygons. Regions that are land neighbours share a border
(the same points, walked in opposite directions), so their shapes touch; regions that are not
neighbours never touch: a sea or the neutral Carpathian mountains lie between them. Sea
neighbours get an arrow. Each region also has anchors for its pieces: the name, the three
rat-token slots, the rows its cube pieces fill (room for six holders' pieces, all but Bulgaria,
which has room for five), the plague piece's own spot and the caravan's.

Coordinates are canvas pixels; x grows east, y south. Europe fills `EUROPE_H` rows; the North
Africa strip is drawn below it only in games that use it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

Point = tuple[float, float]
Path = tuple[Point, ...]

MAP_W = 860
EUROPE_H = 940
AFRICA_TOP = EUROPE_H
AFRICA_H = 280


def _rev(path: Path) -> Path:
    return tuple(reversed(path))


def _smooth(path: Path, rounds: int = 2) -> Path:
    """Chaikin's corner cutting on an open line; the end points stay, so a border smoothed
    for one region is exactly the border smoothed for its neighbour."""
    for _ in range(rounds):
        if len(path) < 3:
            return path
        out = [path[0]]
        for (x1, y1), (x2, y2) in itertools.pairwise(path):
            out.append((0.75 * x1 + 0.25 * x2, 0.75 * y1 + 0.25 * y2))
            out.append((0.25 * x1 + 0.75 * x2, 0.25 * y1 + 0.75 * y2))
        out[1:2] = []
        out[-1:] = []
        out.append(path[-1])
        path = tuple(out)
    return path


def _join(*parts: Path) -> Path:
    """A closed outline from border and coast pieces (each smoothed), without repeated points."""
    out: list[Point] = []
    for part in parts:
        for p in _smooth(part):
            if not out or out[-1] != p:
                out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)


def _island(*points: Point, rounds: int = 2) -> Path:
    """A closed, smoothed outline (Chaikin's corner cutting all round)."""
    ring: Path = points
    for _ in range(rounds):
        out: list[Point] = []
        for i, (x1, y1) in enumerate(ring):
            x2, y2 = ring[(i + 1) % len(ring)]
            out.append((0.75 * x1 + 0.25 * x2, 0.75 * y1 + 0.25 * y2))
            out.append((0.25 * x1 + 0.75 * x2, 0.25 * y1 + 0.75 * y2))
        ring = tuple(out)
    return ring


# ------------------------------------------------------------------ shared land borders
# Each border runs between two junctions; a region walks it forwards or backwards.
GER_SCA: Path = ((372, 244), (410, 246))
GER_POL: Path = ((519, 250), (526, 310), (530, 380), (534, 446))
GER_HUN: Path = ((534, 446), (539, 490), (534, 508))
GER_ITA: Path = ((534, 508), (470, 500), (404, 504))
GAL_GER: Path = ((404, 504), (384, 446), (378, 380), (364, 320), (352, 282))
GAL_ITA: Path = ((404, 504), (400, 546), (388, 582))
GAL_HIS: Path = ((196, 645), (240, 658), (290, 663))
ITA_HUN: Path = ((549, 532), (534, 508))
POL_HUN: Path = ((534, 446), (610, 452), (708, 454))
POL_RUS: Path = ((669, 240), (684, 290), (712, 336))
POL_TAR: Path = ((712, 336), (719, 400), (728, 446))
RUS_TAR: Path = ((712, 336), (784, 340), (MAP_W, 344))
SCA_RUS: Path = ((645, 0), (654, 60), (647, 116), (639, 156))
HUN_BUL: Path = ((570, 658), (636, 654), (712, 648))
BUL_TAR: Path = ((752, 648), (778, 652))
BUL_TUR: Path = ((790, 704), (770, 734), (752, 770), (740, 812))
# The Carpathians: neutral mountains between Hungaria and Tartaria, which are not neighbours.
CARP_N: Path = ((708, 454), (728, 446))  # Polonia's side
CARP_E: Path = ((728, 446), (745, 500), (756, 560), (752, 648))  # Tartaria's side
CARP_S: Path = ((752, 648), (712, 648))  # Bulgaria's side
CARP_W: Path = ((712, 648), (719, 560), (715, 500), (708, 454))  # Hungaria's side
# Africanus: the Levant joins Turcia to Aegyptus.
TUR_NA5: Path = ((MAP_W, EUROPE_H), (812, EUROPE_H))
B = AFRICA_TOP + AFRICA_H  # the bottom edge of the strip
NA_12: Path = ((176, 962), (182, 1040), (174, B))
NA_23: Path = ((342, 968), (338, 1050), (346, B))
NA_34: Path = ((512, 968), (506, 1052), (514, B))
NA_45: Path = ((684, 960), (680, 1050), (686, B))

BRITAIN: Path = (
    (206, 84), (250, 78), (270, 112), (264, 146), (298, 184), (316, 230), (322, 268),
    (306, 292), (318, 316), (284, 330), (238, 328), (202, 336), (160, 344), (174, 320),
    (204, 302), (188, 276), (204, 250), (180, 224), (164, 190), (184, 156), (170, 122),
)  # fmt: skip

SHAPES: dict[str, tuple[Path, ...]] = {
    "scandia": (
        _join(
            GER_SCA[:1],
            # Jutland's west coast, then Norway's coast up to the North Cape.
            ((366, 222), (362, 200), (374, 184), (364, 166), (346, 152), (334, 124), (340, 92)),
            ((360, 62), (392, 36), (432, 14), (474, 0)),
            SCA_RUS,
            # The Gulf of Finland, the Gulf of Bothnia and Sweden's Baltic coast.
            ((610, 162), (584, 146), (576, 100), (558, 82), (541, 108), (539, 156)),
            ((519, 196), (482, 222), (448, 232), (420, 234)),
            GER_SCA[1:],
        ),
    ),
    "russia": (
        _join(
            ((645, 0), (MAP_W, 0)),
            _rev(RUS_TAR),
            _rev(POL_RUS),
            ((654, 222), (658, 192), (639, 156)),
            _rev(SCA_RUS),
        ),
    ),
    "anglia": (
        _island(*BRITAIN),
        # Ireland.
        _island((94, 186), (128, 176), (144, 206), (138, 250), (104, 270), (76, 250), (78, 212)),
    ),
    "gallia": (
        _join(
            ((352, 282), (330, 330), (292, 362), (248, 372)),
            ((206, 370), (168, 380), (172, 406), (214, 420), (228, 462), (220, 530), (206, 605)),
            GAL_HIS,
            ((314, 643), (344, 620), (368, 602), (388, 582)),
            _rev(GAL_ITA),
            GAL_GER,
        ),
    ),
    "hispania": (
        _join(
            _rev(GAL_HIS),
            ((156, 649), (104, 645), (56, 652), (28, 678), (34, 730), (24, 795), (32, 851)),
            ((70, 891), (122, 909), (176, 913), (222, 893), (254, 857), (284, 813), (292, 761)),
            ((314, 723), (318, 681)),
        ),
    ),
    "germania": (
        _join(
            GER_SCA,
            ((440, 256), (476, 246)),
            GER_POL,
            GER_HUN,
            GER_ITA,
            GAL_GER,
            ((360, 262),),
        ),
    ),
    "polonia": (
        _join(
            ((519, 250), (554, 240), (593, 250), (632, 236), (669, 240)),
            POL_RUS,
            POL_TAR,
            _rev(CARP_N),
            _rev(POL_HUN),
            _rev(GER_POL),
        ),
    ),
    "italia": (
        _join(
            GAL_ITA,
            ((410, 618), (434, 661), (456, 705), (482, 750), (508, 795), (528, 837), (534, 880)),
            ((556, 891), (573, 864), (567, 837), (595, 819), (621, 810), (617, 790)),
            ((586, 775), (565, 739), (554, 694), (552, 638), (552, 582)),
            ITA_HUN,
            _rev(GER_ITA),
        ),
        # Sicily.
        _island((487, 909), (534, 902), (547, 922), (508, 936), (478, 927)),
    ),
    "hungaria": (
        _join(
            POL_HUN,
            _rev(CARP_W),
            _rev(HUN_BUL),
            ((574, 612), (562, 570)),
            ITA_HUN,
            _rev(GER_HUN),
        ),
    ),
    "bulgaria": (
        _join(
            HUN_BUL,
            _rev(CARP_S),
            BUL_TAR,
            ((784, 672), (786, 694)),
            BUL_TUR,
            ((730, 846), (712, 880), (690, 910), (664, 900), (670, 868), (650, 846), (630, 808)),
            ((612, 760), (594, 712), (578, 676)),
        ),
    ),
    "tartaria": (
        _join(
            RUS_TAR,
            ((MAP_W, 640), (838, 652), (818, 670), (800, 660), (778, 652)),
            _rev(BUL_TAR),
            _rev(CARP_E),
            _rev(POL_TAR),
        ),
    ),
    "turcia": (
        _join(
            _rev(BUL_TUR),
            ((812, 708), (838, 712), (MAP_W, 710)),
            TUR_NA5,
            ((808, 922), (788, 912), (764, 916), (744, 900), (738, 870), (742, 840)),
        ),
    ),
    "na1": (
        _join(
            ((20, 972), (64, 964), (120, 958)),
            NA_12,
            ((20, B),),
        ),
    ),
    "na2": (
        _join(
            ((176, 962), (236, 968), (296, 964), (342, 968)),
            NA_23,
            _rev(NA_12),
        ),
    ),
    "na3": (
        _join(
            ((342, 968), (390, 974), (430, 966), (462, 956), (484, 972), (512, 968)),
            NA_34,
            _rev(NA_23),
        ),
    ),
    "na4": (
        _join(
            ((512, 968), (554, 980), (608, 976), (649, 964), (684, 960)),
            NA_45,
            _rev(NA_34),
        ),
    ),
    "na5": (
        _join(
            ((684, 960), (732, 954), (780, 946)),
            _rev(TUR_NA5),
            ((MAP_W, B),),
            _rev(NA_45),
        ),
    ),
}

NEUTRAL: tuple[Path, ...] = (_join(CARP_N, CARP_E, CARP_S, CARP_W),)


# Land borders by the regions they separate (smoothed as the shapes are): their lines are
# drawn thinner than coasts, and the set says which neighbours the shapes already show.
BORDERS: dict[frozenset[str], Path] = {
    frozenset(pair): _smooth(path)
    for pair, path in (
        (("germania", "scandia"), GER_SCA),
        (("germania", "polonia"), GER_POL),
        (("germania", "hungaria"), GER_HUN),
        (("germania", "italia"), GER_ITA),
        (("gallia", "germania"), GAL_GER),
        (("gallia", "italia"), GAL_ITA),
        (("gallia", "hispania"), GAL_HIS),
        (("hungaria", "italia"), ITA_HUN),
        (("hungaria", "polonia"), POL_HUN),
        (("polonia", "russia"), POL_RUS),
        (("polonia", "tartaria"), POL_TAR),
        (("russia", "tartaria"), RUS_TAR),
        (("russia", "scandia"), SCA_RUS),
        (("bulgaria", "hungaria"), HUN_BUL),
        (("bulgaria", "tartaria"), BUL_TAR),
        (("bulgaria", "turcia"), BUL_TUR),
        (("na5", "turcia"), TUR_NA5),
        (("na1", "na2"), NA_12),
        (("na2", "na3"), NA_23),
        (("na3", "na4"), NA_34),
        (("na4", "na5"), NA_45),
    )
}
LAND_BORDERS: frozenset[frozenset[str]] = frozenset(BORDERS)
MOUNTAIN_EDGES: tuple[Path, ...] = tuple(_smooth(p) for p in (CARP_N, CARP_E, CARP_S, CARP_W))
PEAKS: tuple[Point, ...] = ((728, 476), (738, 516), (741, 558), (735, 605))

# Four land tones, so that touching regions never share one.
TONE: dict[str, int] = {
    "scandia": 0, "russia": 1, "anglia": 1, "gallia": 1, "hispania": 0, "germania": 2,
    "italia": 3, "polonia": 0, "hungaria": 1, "bulgaria": 2, "tartaria": 3, "turcia": 0,
    "na1": 2, "na2": 3, "na3": 1, "na4": 2, "na5": 3,
}  # fmt: skip


Row = tuple[float, float, float]  # (top, left, right) of a row of cube pieces


@dataclass(frozen=True, slots=True)
class Anchors:
    """Where a region's pieces go.

    Cube pieces (a seat's piece and its count) fill the rows in order, left to right, each
    taking its own width (a two-digit count is wider), at least `pitch` apart: a piece that
    does not fit in a row opens the next. The plague piece takes the first free row, else the
    free end of a row, else its own spot.
    """

    label: Point  # centre of the name
    rats: Point  # centre of the first of the three rat-token slots (the others follow east)
    rows: tuple[Row, ...]  # the rows of cube pieces, in the order seats fill them
    plague: Point  # centre of the plague piece when the rows leave it no room
    extra: Point  # centre of the caravan (Africanus)
    pitch: float = 70  # from one cube piece to the next in a row, at least


ROW_DY = 38  # from one row of cube pieces to the next


def _rows(left: float, top: float, width: float = 140, count: int = 3) -> tuple[Row, ...]:
    return tuple((top + k * ROW_DY, left, left + width) for k in range(count))


def _africa(cx: float) -> Anchors:
    """A North Africa region: all alike, around their centre line; the bottom band holds the
    plague (when the rows are full) and the caravan."""
    return Anchors(
        (cx, 1006), (cx - 32, 1040), _rows(cx - 70, 1064), (cx - 36, 1194), (cx + 56, 1200)
    )


ANCHORS: dict[str, Anchors] = {
    "scandia": Anchors(
        (470, 40),
        (438, 74),
        ((100, 380, 520), (138, 376, 516), (176, 376, 498)),
        (600, 64),
        (612, 124),
    ),
    "russia": Anchors((756, 86), (724, 120), _rows(686, 146), (790, 292), (724, 290)),
    "anglia": Anchors(
        # Scotland is narrow: the rat slots stand lower, where the island widens.
        (226, 148),
        (196, 180),
        ((204, 198, 306), (242, 202, 310), (280, 200, 308)),
        (110, 224),
        (112, 226),
        pitch=57,
    ),
    "gallia": Anchors((300, 412), (268, 446), _rows(232, 466), (292, 598), (238, 600)),
    "hispania": Anchors((170, 700), (138, 734), _rows(102, 754), (66, 806), (58, 756)),
    "germania": Anchors(
        (452, 282),
        (420, 316),
        ((336, 388, 524), (374, 388, 526), (412, 392, 528)),
        (474, 468),
        (420, 466),
    ),
    "polonia": Anchors(
        (606, 276),
        (574, 310),
        ((330, 538, 706), (368, 538, 706), (406, 540, 706)),
        (623, 421),
        (562, 424),
        pitch=58,
    ),
    "italia": Anchors(
        (470, 530),
        (438, 564),
        ((586, 412, 549), (624, 434, 549), (662, 454, 549), (700, 474, 552)),
        (560, 810),
        (540, 758),
        pitch=64,
    ),
    "hungaria": Anchors(
        (650, 470),
        (618, 504),
        ((530, 566, 712), (568, 575, 712), (606, 578, 710)),
        (566, 494),
        (568, 490),
    ),
    "bulgaria": Anchors(
        (686, 676),
        (654, 708),
        ((732, 620, 750), (770, 632, 740), (808, 652, 728)),
        (690, 862),
        (764, 682),
        pitch=57,
    ),
    "tartaria": Anchors(
        (796, 364),
        (764, 396),
        ((420, 736, 857), (458, 744, 857), (496, 752, 857), (534, 757, 857)),
        (806, 594),
        (806, 630),
        pitch=57,
    ),
    "turcia": Anchors(
        # The narrowest region: rows 36 apart, the plague's own spot on the south coast.
        (816, 734),
        (778, 770),
        ((788, 750, 858), (824, 746, 858), (860, 748, 858)),
        (826, 915),
        (838, 918),
        pitch=57,
    ),
    "na1": _africa(98),
    "na2": _africa(258),
    "na3": _africa(425),
    "na4": _africa(596),
    "na5": _africa(770),
}

# Sea links drawn as arrows: a control point bends each one away from the land it crosses.
ARROW_BENDS: dict[frozenset[str], Point] = {
    frozenset(("anglia", "gallia")): (256, 352),
    frozenset(("anglia", "scandia")): (330, 190),
    frozenset(("hispania", "italia")): (360, 705),
    frozenset(("hispania", "na1")): (130, 944),
    frozenset(("italia", "na3")): (470, 953),
}
# Where an arrow starts or ends in a region (on its coast facing the sea it crosses).
ARROW_ENDS: dict[tuple[str, str], Point] = {
    ("anglia", "gallia"): (250, 318),
    ("gallia", "anglia"): (262, 386),
    ("anglia", "scandia"): (296, 212),
    ("scandia", "anglia"): (350, 150),
    ("hispania", "italia"): (304, 734),
    ("italia", "hispania"): (420, 649),
    ("hispania", "na1"): (130, 898),
    ("na1", "hispania"): (118, 970),
    ("italia", "na3"): (502, 927),
    ("na3", "italia"): (442, 974),
}

# A compass rose in the northern sea.
COMPASS: Point = (70, 74)

# The palace box, in the Bay of Biscay.
PALACE_BOX = (12, 410, 156, 590)
