"""Every number of the source papers (rounded as published; half-unit tolerance)."""

import numpy as np
import pytest
from designed_matrices import (
    HU_HE_YUAN_MATRICES,
    HU_WANG_TABLE_3_MATRICES,
    HU_WANG_TABLE_4_MATRICES,
)

import infometrics as im

HALF_UNIT_3 = 0.0005 + 1e-12
HALF_UNIT_4 = 0.00005 + 1e-12

# Hu & Wang (2008), Table 3: binary with rejects, rows [TP, FN, U1], [FP, TN, U2].
HU_WANG_TABLE_3 = {
    name: (HU_WANG_TABLE_3_MATRICES[name], *values)
    for name, values in {
        "M1": (1.000, 0.000, 1.000),
        "M2": (0.900, 0.000, 0.000),
        "M3": (0.900, 0.000, 0.574),
        "M4": (0.880, 0.000, 0.534),
        "M5": (0.933, 0.110, 0.586),
        "M6": (0.933, 0.110, 0.534),
        "M7": (0.990, 0.000, 0.831),
        "M8": (0.990, 0.000, 0.897),
        "M9": (1.000, 0.010, 1.000),
        "M10": (1.000, 0.020, 1.000),
    }.items()
}

# Hu & Wang (2008), Table 4: three classes, last column = reject.
HU_WANG_TABLE_4 = {
    name: (HU_WANG_TABLE_4_MATRICES[name], *values)
    for name, values in {
        "M11": (0.15, 0.00, 1.000),
        "M12": (0.95, 0.00, 0.887),
        "M13": (0.95, 0.00, 0.753),
        "M14": (0.95, 0.00, 0.677),
        "M15": (0.95, 0.00, 0.811),
        "M16": (0.95, 0.00, 0.693),
        "M17": (0.98, 0.00, 0.909),
        "M18": (1.00, 0.02, 0.977),
        "M19": (0.78, 0.00, 0.735),
        "M20": (0.68, 0.00, 0.746),
    }.items()
}

# Hu, He & Yuan, Tables 4-5: rows [TN, FP, RN], [FN, TP, RP]; groups 1 and 3.
HU_HE_YUAN_NAMES = [f"ni{k}" for k in (*range(1, 10), 21, 22, 23, 24)]
HU_HE_YUAN_TABLES_4_5 = {
    "M1": (
        HU_HE_YUAN_MATRICES["M1"],
        [
            0.831,
            0.831,
            0.893,
            0.862,
            0.860,
            0.861,
            0.755,
            0.831,
            0.893,
            0.998,
            0.998,
            0.998,
            0.998,
        ],
    ),
    "M2": (
        HU_HE_YUAN_MATRICES["M2"],
        [
            0.897,
            0.897,
            0.841,
            0.869,
            0.868,
            0.869,
            0.767,
            0.841,
            0.897,
            0.998,
            0.998,
            0.998,
            0.998,
        ],
    ),
    "M3": (
        HU_HE_YUAN_MATRICES["M3"],
        [
            1.000,
            0.929,
            0.909,
            0.955,
            0.952,
            0.953,
            0.909,
            0.909,
            1.000,
            0.969,
            0.000,
            0.484,
            0.000,
        ],
    ),
    "M4": (
        HU_HE_YUAN_MATRICES["M4"],
        [
            1.000,
            0.997,
            0.855,
            0.928,
            0.922,
            0.925,
            0.855,
            0.855,
            1.000,
            0.970,
            0.000,
            0.485,
            0.000,
        ],
    ),
    "M5": (HU_HE_YUAN_MATRICES["M5"], [0.000] * 9 + [0.374, 0.548, 0.461, 0.495]),
    "M6": (
        HU_HE_YUAN_MATRICES["M6"],
        [0.731] * 6 + [0.576, 0.731, 0.731] + [1.000] * 4,
    ),
}

# Hu, He & Yuan, Table 6: divergence group, model M5, 4 decimals.
HU_HE_YUAN_TABLE_6_M5 = dict(
    zip(
        [f"ni{k}" for k in range(10, 21)],
        [
            0.7827,
            0.6473,
            0.6189,
            0.8540,
            0.6002,
            0.8129,
            0.4966,
            0.2775,
            0.7550,
            0.0455,
            0.7406,
        ],
        strict=True,
    )
)


@pytest.mark.parametrize("model", HU_WANG_TABLE_3)
def test_hu_wang_table_3(model):
    matrix, accepted_accuracy, reject_rate, ni_e = HU_WANG_TABLE_3[model]
    assert im.ni(matrix, "ni1") == pytest.approx(ni_e, abs=HALF_UNIT_3)
    # Table 3 lists the positive class first.
    conventional = im.conventional_measures(
        matrix, pos_label=0, replace_undefined_by=np.nan
    )
    assert conventional["accepted_accuracy"] == pytest.approx(
        accepted_accuracy, abs=HALF_UNIT_3
    )
    assert conventional["reject_rate"] == pytest.approx(reject_rate, abs=HALF_UNIT_3)


@pytest.mark.parametrize("model", HU_WANG_TABLE_4)
def test_hu_wang_table_4(model):
    matrix, accepted_accuracy, reject_rate, ni_e = HU_WANG_TABLE_4[model]
    assert im.ni(matrix, "ni1") == pytest.approx(ni_e, abs=HALF_UNIT_3)
    conventional = im.conventional_measures(matrix)
    # Table 4 prints two decimals.
    assert conventional["accepted_accuracy"] == pytest.approx(
        accepted_accuracy, abs=0.005 + 1e-12
    )
    assert conventional["reject_rate"] == pytest.approx(reject_rate, abs=0.005)


def test_hu_wang_ni_is_not_monotonic_in_the_diagonal():
    """Hu & Wang, Table 4: M19 is more accurate than M20 yet scores lower."""
    m19, m20 = HU_WANG_TABLE_4["M19"][0], HU_WANG_TABLE_4["M20"][0]
    assert (
        im.conventional_measures(m19)["accuracy"]
        > im.conventional_measures(m20)["accuracy"]
    )
    assert im.ni(m19, "ni1") < im.ni(m20, "ni1")


@pytest.mark.parametrize("model", HU_HE_YUAN_TABLES_4_5)
def test_hu_he_yuan_tables_4_and_5(model):
    matrix, published = HU_HE_YUAN_TABLES_4_5[model]
    values = im.all_measures(matrix, replace_undefined_by=-1.0)
    for name, expected in zip(HU_HE_YUAN_NAMES, published, strict=True):
        assert values[name] == pytest.approx(expected, abs=HALF_UNIT_3), name


def test_hu_he_yuan_table_6_divergences_of_m5():
    values = im.all_measures(HU_HE_YUAN_TABLES_4_5["M5"][0])
    for name, expected in HU_HE_YUAN_TABLE_6_M5.items():
        assert values[name] == pytest.approx(expected, abs=HALF_UNIT_4), name


def test_hu_he_yuan_table_6_singular_pattern_of_m3():
    """M3 (one small-class sample rejected): "S" for NI17, NI19, NI20 only."""
    values = im.all_measures(
        HU_HE_YUAN_TABLES_4_5["M3"][0], replace_undefined_by=np.nan
    )
    singular = {name for name in HU_HE_YUAN_TABLE_6_M5 if np.isnan(values[name])}
    assert singular == {"ni17", "ni19", "ni20"}


def test_hu_he_yuan_only_ni2_ranks_m1_to_m4_intuitively():
    """Feature 3 of the meta-measures: M4 best, M1 worst, M2 and M3 between."""
    matrices = [HU_HE_YUAN_TABLES_4_5[m][0] for m in ("M1", "M2", "M3", "M4")]
    stack = np.array(matrices)
    values = im.all_measures(stack, replace_undefined_by=np.nan)

    def intuitive(scores):
        # Ties (e.g. NI1 = 1 for both M3 and M4) are ties, not float noise.
        m1, m2, m3, m4 = np.round(scores, 9)
        return m4 > max(m2, m3) and min(m2, m3) > m1

    assert intuitive(values["ni2"])
    others = [name for name in values if name != "ni2" and intuitive(values[name])]
    assert others == []


def test_valverde_pelaez_triangle_of_a():
    """Valverde-Albacete & Peláez-Moreno (read off the figure, +-0.02)."""
    point = im.entropy_triangle([[15, 0, 5], [0, 15, 5], [0, 0, 20]])
    assert point.delta_h == pytest.approx(0.03, abs=0.02)
    assert point.mutual_info == pytest.approx(0.60, abs=0.02)
    assert point.variation_info == pytest.approx(0.37, abs=0.02)
    assert point.x.delta_h == pytest.approx(0.0, abs=0.02)
    assert point.x.mutual_info == pytest.approx(0.6, abs=0.02)
    assert point.x.variation_info == pytest.approx(0.4, abs=0.02)


def test_valverde_pelaez_majority_classifier():
    point = im.entropy_triangle([[0, 0, 5], [0, 0, 5], [0, 0, 50]])
    assert (point.y.delta_h, point.y.mutual_info, point.y.variation_info) == (
        1.0,
        0.0,
        0.0,
    )
    assert point.mutual_info == 0.0


def test_valverde_pelaez_ranking_at_equal_accuracy():
    a = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]
    b = [[16, 2, 2], [2, 16, 2], [1, 1, 18]]
    c = [[1, 0, 4], [0, 1, 4], [1, 1, 48]]
    accuracies = [np.trace(m) / np.sum(m) for m in (a, b, c)]
    assert accuracies == pytest.approx([accuracies[0]] * 3)
    points = im.entropy_triangle(np.array([a, b, c]))
    assert points.mutual_info[0] > points.mutual_info[1] > points.mutual_info[2]
