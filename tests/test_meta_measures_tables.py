"""Every ranking letter Hu, He & Yuan print in Tables 5, 6, 7, 9 and 10.

B.-G. Hu, R. He and X.-T. Yuan, "Information-theoretic measures for objective
evaluation of classifications", Acta Automatica Sinica 38(7), 2012. Under
every model's values each table prints one letter per measure ("A" = ranked
best among the table's models; "S" = singular, no letter) and, first, the
model's intuitive rank.

Recomputed from exact values, the paper follows one of two rules on the values
rounded to the printed digits, column by column: dense ranking (equal rounded
values share a letter, the next value takes the next letter) or competition
ranking (the next value skips the letters of the tie). Each column is tested
with the rule it follows; the nine that follow neither rule at any rounding
are listed with the values that show it, as the paper's own inconsistencies.
No rule is invented to fit them.
"""

import numpy as np
import pytest

import infometrics as im

# Table 4's matrices: rows [TN, FP, RN], [FN, TP, RP]; C1 = 90, C2 = 10.
TABLE_4 = {
    "M1": [[90, 0, 0], [1, 9, 0]],
    "M2": [[89, 1, 0], [0, 10, 0]],
    "M3": [[90, 0, 0], [0, 9, 1]],
    "M4": [[89, 0, 1], [0, 10, 0]],
}
# Table 8's matrices: three classes, C1 = 80, C2 = 15, C3 = 5, last column rejected.
TABLE_8 = {
    "M7": [[80, 0, 0, 0], [0, 15, 0, 0], [1, 0, 4, 0]],
    "M8": [[80, 0, 0, 0], [0, 15, 0, 0], [0, 1, 4, 0]],
    "M9": [[80, 0, 0, 0], [0, 15, 0, 0], [0, 0, 4, 1]],
    "M10": [[80, 0, 0, 0], [1, 14, 0, 0], [0, 0, 5, 0]],
    "M11": [[80, 0, 0, 0], [0, 14, 1, 0], [0, 0, 5, 0]],
    "M12": [[80, 0, 0, 0], [0, 14, 0, 1], [0, 0, 5, 0]],
    "M13": [[79, 1, 0, 0], [0, 15, 0, 0], [0, 0, 5, 0]],
    "M14": [[79, 0, 1, 0], [0, 15, 0, 0], [0, 0, 5, 0]],
    "M15": [[79, 0, 0, 1], [0, 15, 0, 0], [0, 0, 5, 0]],
}
MI_AND_CROSS_ENTROPY = [f"ni{k}" for k in (*range(1, 10), 21, 22, 23, 24)]
DIVERGENCE = [f"ni{k}" for k in range(10, 21)]

# One line per model: the intuitive rank, then one letter per measure.
PRINTED = {
    "Table 5": """
        M1 C D D B D D D D D D A A A A
        M2 B C C D C C C C C C A A A A
        M3 B A B A A A A A A A D B C B
        M4 A A A C B B B B B A C B B B""",
    "Table 6": """
        M1 C A A B A B A A B A B A
        M2 B A A A A A A A A A A A
        M3 B A D D D D D A S D S S
        M4 A A A C C C C A S C S S""",
    "Table 9": """
        M7  F F F C G G G F H E D C C C
        M8  F E E B D D D D D D D C C C
        M9  C A D A A A A A A A G G I G
        M10 E F F F I I I H H G A A A A
        M11 E D C E E E E D C E B C C C
        M12 B A B D B B B B B A F G G G
        M13 D E E I H H H G G F A A A A
        M14 D D C H F F F E F E D C C C
        M15 A A A G C C C C E A E G G G""",
    "Table 10": """
        M7  F A A D C E D A D D E D
        M8  F A E E D F E A F F F F
        M9  C A E H G I H A S H S S
        M10 E A C A A A A A B A C A
        M11 E A E D D D D A E E F E
        M12 B A E G F H G A S H S S
        M13 D A C A A A A A A A A A
        M14 D A C C C C C A C C D C
        M15 A A A F E G F A S G S S""",
}
# (matrices, measures, printed digits) of each table.
TABLES = {
    "Table 5": (TABLE_4, MI_AND_CROSS_ENTROPY, 3),
    "Table 6": (TABLE_4, DIVERGENCE, 4),
    "Table 9": (TABLE_8, MI_AND_CROSS_ENTROPY, 3),
    "Table 10": (TABLE_8, DIVERGENCE, 4),
}

# The columns ranked by competition; the others (but the inconsistent ones)
# are dense. Where no two rounded values tie, both rules give the same letters.
COMPETITION = {
    "Table 5": ["ni1", "ni9", "ni21"],
    "Table 6": ["ni11", "ni13", "ni15", "ni18"],
    "Table 9": ["ni22", "ni23", "ni24"],
    "Table 10": ["ni14", "ni20"],
}

# The nine columns that follow neither rule: our values rounded to the printed
# digits (in the order M7 ... M15; None where the table prints "S") and what
# in the printed letters breaks both rules.
INCONSISTENT = {
    ("Table 9", "ni1"): (
        [0.912, 0.939, 1.0, 0.912, 0.956, 1.0, 0.939, 0.956, 1.0],
        "after the three-way tie at A the next value gets D (competition), the "
        "next ones E and F (dense; competition would give F and H)",
    ),
    ("Table 9", "ni9"): (
        [0.957, 0.958, 1.0, 0.938, 0.956, 1.0, 0.939, 0.956, 1.0],
        "M7 (0.957) shares E with M11 and M14 (0.956): different printed "
        "values, one letter",
    ),
    ("Table 9", "ni21"): (
        [0.998, 0.998, 0.982, 0.999, 0.998, 0.983, 0.999, 0.998, 0.984],
        "M11 and M14 both print 0.998 yet get B and D, and M14's exact value "
        "(0.99846) is the larger (M11: 0.99799)",
    ),
    ("Table 10", "ni11"): (
        [0.9998, 0.9996, 0.9996, 0.9997, 0.9996, 0.9996, 0.9997, 0.9997, 0.9998],
        "three values, letters A, C, E: the tie of three at 0.9997 skips one "
        "letter (competition would skip two: F)",
    ),
    ("Table 10", "ni12"): (
        [0.9982, 0.9979, 0.984, 0.9994, 0.9982, 0.9852, 0.9994, 0.9986, 0.9856],
        "the tie at A skips B (competition), the tie at D (0.9982) skips "
        "nothing: 0.9979 gets E (dense)",
    ),
    ("Table 10", "ni13"): (
        [0.9996, 0.9995, 0.9924, 0.9999, 0.9995, 0.9927, 0.9999, 0.9996, 0.9928],
        "the tie at A skips B (competition), the ties at C and D skip nothing "
        "(dense): 0.9928 gets E",
    ),
    ("Table 10", "ni15"): (
        [0.9994, 0.9993, 0.9895, 0.9998, 0.9994, 0.9899, 0.9998, 0.9995, 0.99],
        "the tie at A skips B (competition), the tie at D (0.9994) skips "
        "nothing: 0.9993 gets E (dense)",
    ),
    ("Table 10", "ni18"): (
        [0.9992, 0.999, 0.9893, 0.9997, 0.9991, 0.9898, 0.9997, 0.9993, 0.99],
        "M9 (0.9893) and M12 (0.9898) share H: different printed values, one letter",
    ),
    ("Table 10", "ni19"): (
        [0.9953, 0.9942, None, 0.9984, 0.995, None, 0.9985, 0.9961, None],
        "no two values tie, yet the letters skip B (M10, 0.9984, gets C) and "
        "M8 (0.9942) and M11 (0.9950) share F",
    ),
}


def _printed(table):
    """``models, intuition, {measure: letters}`` of a printed table."""
    rows = [line.split() for line in PRINTED[table].strip().splitlines()]
    _, measures, _ = TABLES[table]
    letters = {name: [row[2 + k] for row in rows] for k, name in enumerate(measures)}
    return [row[0] for row in rows], [row[1] for row in rows], letters


def _values(table):
    """Our values of every measure on the table's models (nan where singular)."""
    matrices, measures, _ = TABLES[table]
    stack = np.array(list(matrices.values()), dtype=float)
    values = im.all_measures(stack, replace_undefined_by=np.nan)
    return {name: np.asarray(values[name], dtype=float) for name in measures}


def dense(values, digits):
    """Dense ranking letters of the values rounded to ``digits`` ("S" for nan)."""
    rounded = values if digits is None else np.round(values, digits)
    distinct = sorted(set(rounded[~np.isnan(rounded)]), reverse=True)
    return ["S" if np.isnan(v) else "ABCDEFGHI"[distinct.index(v)] for v in rounded]


def competition(values, digits):
    """Competition ranking letters: 1 + the number of strictly larger values."""
    rounded = values if digits is None else np.round(values, digits)
    defined = rounded[~np.isnan(rounded)]
    return [
        "S" if np.isnan(v) else "ABCDEFGHI"[int((defined > v).sum())] for v in rounded
    ]


def test_the_rules_on_a_tie():
    values = np.array([0.9, 0.9, 0.8, np.nan, 0.7])
    assert dense(values, 3) == ["A", "A", "B", "S", "C"]
    assert competition(values, 3) == ["A", "A", "C", "S", "D"]


def _columns(rule):
    for table, (_, measures, _) in TABLES.items():
        for name in measures:
            if (table, name) in INCONSISTENT:
                continue
            if (name in COMPETITION[table]) == (rule is competition):
                yield table, name


@pytest.mark.parametrize(("table", "measure"), list(_columns(dense)))
def test_dense_ranking_columns(table, measure):
    """Hu, He & Yuan, Tables 5, 6, 9, 10: dense ranking of the printed digits."""
    digits = TABLES[table][2]
    letters = _printed(table)[2][measure]
    assert dense(_values(table)[measure], digits) == letters


@pytest.mark.parametrize(("table", "measure"), list(_columns(competition)))
def test_competition_ranking_columns(table, measure):
    """Hu, He & Yuan, Tables 5, 6, 9, 10: competition ranking of the printed digits."""
    digits = TABLES[table][2]
    values = _values(table)[measure]
    letters = _printed(table)[2][measure]
    assert competition(values, digits) == letters
    # Each listed column has a tie that tells the two rules apart.
    assert dense(values, digits) != letters


def test_every_column_is_tested_once():
    """48 columns of Tables 5, 6, 9, 10: 39 follow a rule, 9 are listed."""
    ruled = [*_columns(dense), *_columns(competition)]
    assert len(ruled) == len(set(ruled)) == 39
    assert len(INCONSISTENT) == 9
    total = sum(len(measures) for _, measures, _ in TABLES.values())
    assert total == len(ruled) + len(INCONSISTENT) == 48


@pytest.mark.parametrize(("table", "measure"), list(INCONSISTENT))
def test_the_paper_s_own_inconsistencies(table, measure):
    """Hu, He & Yuan, Tables 9, 10: letters no ranking of the values gives."""
    rounded, _reason = INCONSISTENT[table, measure]
    digits = TABLES[table][2]
    values = _values(table)[measure]
    ours = [None if np.isnan(v) else float(v) for v in np.round(values, digits)]
    assert ours == rounded
    letters = _printed(table)[2][measure]
    for rounding in (2, 3, 4, 5, 6, None):
        assert dense(values, rounding) != letters
        assert competition(values, rounding) != letters


def test_table_9_ni21_contradicts_its_printed_values():
    """Hu, He & Yuan, Table 9, NI21: equal printed values, letters B and D."""
    values = dict(zip(TABLE_8, _values("Table 9")["ni21"], strict=True))
    letters = dict(zip(TABLE_8, _printed("Table 9")[2]["ni21"], strict=True))
    assert round(values["M11"], 3) == round(values["M14"], 3) == 0.998
    assert (letters["M11"], letters["M14"]) == ("B", "D")
    assert values["M14"] > values["M11"]


def test_singular_entries_are_our_undefined_values():
    """Hu, He & Yuan, Tables 6, 10: "S" where the divergence is infinite."""
    for table in ("Table 6", "Table 10"):
        values = _values(table)
        for name, letters in _printed(table)[2].items():
            assert [letter == "S" for letter in letters] == list(
                np.isnan(values[name])
            ), (table, name)


# Hu, He & Yuan, Table 7: NI2 across the cross-over (binary, n = 100), on the
# a-set (C1 = 94) and the b-set (C1 = 95): matrices, printed NI2, letter.
TABLE_7 = {
    "a": {
        "M1a": ([[94, 0, 0], [1, 5, 0]], 0.756, "D"),
        "M2a": ([[93, 1, 0], [0, 6, 0]], 0.874, "C"),
        "M3a": ([[94, 0, 0], [0, 5, 1]], 0.876, "B"),
        "M4a": ([[93, 0, 1], [0, 6, 0]], 0.997, "A"),
    },
    "b": {
        "M1b": ([[95, 0, 0], [1, 4, 0]], 0.720, "D"),
        "M2b": ([[94, 1, 0], [0, 5, 0]], 0.864, "B"),
        "M3b": ([[95, 0, 0], [0, 4, 1]], 0.849, "C"),
        "M4b": ([[94, 0, 1], [0, 5, 0]], 0.997, "A"),
    },
}


@pytest.mark.parametrize("models", ["a", "b"])
def test_table_7_ni2_letters(models):
    """Hu, He & Yuan, Table 7: NI2's values and letters, each set ranked apart."""
    rows = TABLE_7[models].values()
    values = im.ni([matrix for matrix, _, _ in rows], "ni2")
    assert np.round(values, 3).tolist() == [printed for _, printed, _ in rows]
    letters = [letter for _, _, letter in rows]
    assert dense(values, 3) == competition(values, 3) == letters


def test_table_7_swaps_m2_and_m3_across_the_cross_over():
    """Hu, He & Yuan, Table 7 and Theorem A2: the swap is at C1 / n = 0.942."""
    letters = {
        name: letter
        for rows in TABLE_7.values()
        for name, (_, _, letter) in rows.items()
    }
    assert letters["M2a"] > letters["M3a"]  # a-set: M3 (a rejection) ranked higher
    assert letters["M2b"] < letters["M3b"]  # b-set: M2 (an error) ranked higher
    assert 0.94 < im.meta.ni2_crossover_ratio(100) < 0.95


# --- the intuitive ranks -------------------------------------------------------


def _best_and_worst(values, models):
    best = {models[i] for i in np.flatnonzero(values == np.nanmax(values))}
    worst = {models[i] for i in np.flatnonzero(values == np.nanmin(values))}
    return best, worst


def test_table_5_only_ni2_orders_m1_to_m4_as_intuition():
    """Hu, He & Yuan, Table 5: intuition ranks M4 first, M1 last, M2 and M3 between."""
    _, intuition, _ = _printed("Table 5")
    assert intuition == ["C", "B", "B", "A"]
    values = {**_values("Table 5"), **_values("Table 6")}
    agree = [
        name
        for name, (m1, m2, m3, m4) in values.items()
        if m4 > max(m2, m3) and min(m2, m3) > m1
    ]
    assert agree == ["ni2"]


def _picks_the_intuitive_best_and_worst():
    """The measures whose one best and worst models of Tables 9-10 are intuition's."""
    models, intuition, _ = _printed("Table 9")
    assert intuition == _printed("Table 10")[1]
    best = {m for m, rank in zip(models, intuition, strict=True) if rank == "A"}
    worst = {m for m, rank in zip(models, intuition, strict=True) if rank == "F"}
    assert (best, worst) == ({"M15"}, {"M7", "M8"})
    values = {**_values("Table 9"), **_values("Table 10")}
    picks = []
    for name, column in values.items():
        their_best, their_worst = _best_and_worst(column, models)
        if their_best == best and their_worst <= worst:
            picks.append(name)
    return picks


def test_tables_9_and_10_only_ni2_picks_the_intuitive_best_and_worst():
    """Hu, He & Yuan, Tables 9, 10: of the 24 measures only NI2 ranks M15 best
    and one of M7, M8 worst, as the intuitive ranks do."""
    assert _picks_the_intuitive_best_and_worst() == ["ni2"]


def test_the_audit_s_feature_3_picks_the_same_measure():
    """Hu, He & Yuan, Feature 3 (Theorem A1, binary): the audit's judgement
    selects the one measure the intuitive ranks of Tables 9-10 select."""
    audit = im.meta.meta_measure_audit(
        [f"ni{k}" for k in range(1, 25)],
        max_samples=3,
        max_split_samples=60,
        n_random=0,
        max_samples_3class=0,
    )
    feature_3 = [label for label in audit.table.columns if "Feature 3" in label]
    consistent = audit.table[feature_3].fillna(False).all(axis=1)
    assert list(audit.table.index[consistent]) == _picks_the_intuitive_best_and_worst()
