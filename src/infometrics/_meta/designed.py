"""The designed matrices of the source papers, on which the meta-measure audit
probes every measure (the tests read the published values from their own copy)."""

# Hu, He & Yuan, Table 4: rows [TN, FP, RN] and [FN, TP, RP] (the large negative
# class first; last column = reject). M1-M4 and M6: C1 = 90, C2 = 10; M5: 95, 5.
# M1: one error on the small class; M2: one error on the large class; M3: one
# rejection on the small class; M4: one rejection on the large class; M5: the
# minimum of the mutual-information group (Theorem 3); M6: matching marginals,
# the maximum of the divergence and cross-entropy groups (Theorems 4, 5).
HU_HE_YUAN_MATRICES = {
    "M1": [[90, 0, 0], [1, 9, 0]],
    "M2": [[89, 1, 0], [0, 10, 0]],
    "M3": [[90, 0, 0], [0, 9, 1]],
    "M4": [[89, 0, 1], [0, 10, 0]],
    "M5": [[57, 38, 0], [3, 2, 0]],
    "M6": [[89, 1, 0], [1, 9, 0]],
}

# Hu & Wang (2008), Table 3: binary, rows [TP, FN, U1], [FP, TN, U2].
HU_WANG_TABLE_3_MATRICES = {
    "M1": [[90, 0, 0], [0, 10, 0]],
    "M2": [[90, 0, 0], [10, 0, 0]],
    "M3": [[80, 10, 0], [0, 10, 0]],
    "M4": [[78, 12, 0], [0, 10, 0]],
    "M5": [[74, 6, 10], [0, 9, 1]],
    "M6": [[78, 6, 6], [0, 5, 5]],
    "M7": [[90, 0, 0], [1, 9, 0]],
    "M8": [[89, 1, 0], [0, 10, 0]],
    "M9": [[90, 0, 0], [0, 9, 1]],
    "M10": [[88, 0, 2], [0, 10, 0]],
}

# Hu & Wang (2008), Table 4: three classes, last column = reject.
HU_WANG_TABLE_4_MATRICES = {
    "M11": [[0, 0, 80, 0], [0, 15, 0, 0], [5, 0, 0, 0]],
    "M12": [[75, 0, 5, 0], [0, 15, 0, 0], [0, 0, 5, 0]],
    "M13": [[80, 0, 0, 0], [0, 15, 0, 0], [1, 4, 0, 0]],
    "M14": [[80, 0, 0, 0], [0, 15, 0, 0], [4, 1, 0, 0]],
    "M15": [[80, 0, 0, 0], [1, 10, 4, 0], [0, 0, 5, 0]],
    "M16": [[80, 0, 0, 0], [4, 10, 1, 0], [0, 0, 5, 0]],
    "M17": [[79, 0, 1, 0], [0, 14, 1, 0], [0, 0, 5, 0]],
    "M18": [[79, 0, 0, 1], [0, 14, 0, 1], [0, 0, 5, 0]],
    "M19": [[50, 0, 0, 0], [0, 24, 16, 0], [0, 6, 4, 0]],
    "M20": [[50, 0, 0, 0], [0, 14, 26, 0], [0, 6, 4, 0]],
}


# Every designed matrix, by number of classes.
DESIGNED = {
    2: [*HU_HE_YUAN_MATRICES.values(), *HU_WANG_TABLE_3_MATRICES.values()],
    3: list(HU_WANG_TABLE_4_MATRICES.values()),
}
