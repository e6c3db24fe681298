"""The papers' designed matrices, which the audit probes (rows true classes, last
column rejections; the tests keep their own copy, with the published values)."""

DESIGNED = {
    2: [
        # Hu, He & Yuan (2012), Table 4, M1-M6, the large class first: one error
        # on the small class, one on the large class, one rejection on the
        # small class, one on the large class, the minimum of the mutual-
        # information group (Theorem 3), matching marginals (Theorems 4, 5).
        [[90, 0, 0], [1, 9, 0]],
        [[89, 1, 0], [0, 10, 0]],
        [[90, 0, 0], [0, 9, 1]],
        [[89, 0, 1], [0, 10, 0]],
        [[57, 38, 0], [3, 2, 0]],
        [[89, 1, 0], [1, 9, 0]],
        # Hu & Wang (2008), Table 3, M1-M10.
        [[90, 0, 0], [0, 10, 0]],
        [[90, 0, 0], [10, 0, 0]],
        [[80, 10, 0], [0, 10, 0]],
        [[78, 12, 0], [0, 10, 0]],
        [[74, 6, 10], [0, 9, 1]],
        [[78, 6, 6], [0, 5, 5]],
        [[90, 0, 0], [1, 9, 0]],
        [[89, 1, 0], [0, 10, 0]],
        [[90, 0, 0], [0, 9, 1]],
        [[88, 0, 2], [0, 10, 0]],
    ],
    # Hu & Wang (2008), Table 4, M11-M20.
    3: [
        [[0, 0, 80, 0], [0, 15, 0, 0], [5, 0, 0, 0]],
        [[75, 0, 5, 0], [0, 15, 0, 0], [0, 0, 5, 0]],
        [[80, 0, 0, 0], [0, 15, 0, 0], [1, 4, 0, 0]],
        [[80, 0, 0, 0], [0, 15, 0, 0], [4, 1, 0, 0]],
        [[80, 0, 0, 0], [1, 10, 4, 0], [0, 0, 5, 0]],
        [[80, 0, 0, 0], [4, 10, 1, 0], [0, 0, 5, 0]],
        [[79, 0, 1, 0], [0, 14, 1, 0], [0, 0, 5, 0]],
        [[79, 0, 0, 1], [0, 14, 0, 1], [0, 0, 5, 0]],
        [[50, 0, 0, 0], [0, 24, 16, 0], [0, 6, 4, 0]],
        [[50, 0, 0, 0], [0, 14, 26, 0], [0, 6, 4, 0]],
    ],
}
