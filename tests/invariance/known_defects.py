"""The battery's checks that fail today, each because of a named defect.

One line per failing parametrised case, ``(entry, check): reason``. The
reason quotes the defect of issue 18 it comes from; ``"NEW: ..."`` marks a
defect the battery found that the issue does not list. Each case runs as
``xfail(strict=True)``: when a fix lands it XPASSes, and its line goes.
"""

_E_AURC_S_ORACLE_TAKES = (
    "NEW: e_aurc's oracle takes a sample of weight w as one step, so "
    "integer weights differ from repetitions (0.2045 vs 0.2065); the "
    "scorers and the HTML page inherit it"
)
_AUGMENTEDCONFUSIONMATRIXDISPLAY_ROUNDS_WEIGHTED_COUNTS_WHEN = (
    "NEW: AugmentedConfusionMatrixDisplay rounds weighted counts when "
    "np.allclose(counts, round(counts)) (absolute tolerance 1e-8): weights "
    "×1e-100 show an all-zero matrix, ×1e100 an invalid int64 cast"
)
_BOOTSTRAP_MEASURES_OF_NON_INTEGER = (
    "NEW: bootstrap_measures of non-integer tiny counts (×1e-100) fails "
    "inside numpy ('pvals must have at least 1 dimension') instead of the "
    "clear 'needs integer counts' error"
)
_RESAMPLING_FLOAT_COUNTS_2_63 = (
    "issue 18: Resampling: float counts ≥ 2**63 wrap and then ask for 67 GiB"
)
_REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE = (
    "NEW: RejectOptionClassifier(CV) with numpy StringDType y raises "
    "TypeError 'dtype argument must be a NumPy dtype' (the scorers built on"
    " it inherit it)"
)
_REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES = (
    "issue 18: RejectOptionClassifier(CV): uint8/int8 classes with a reject"
    " label outside their range wrap it (uint8 with -1 writes 255)"
)
_HTML_REPORT_REJECT_LABEL_PD = (
    "NEW: html_report(reject_label=pd.NA) raises TypeError 'boolean value "
    "of NA is ambiguous'"
)
_DASK_ALL_ZERO_WEIGHTS_SILENTLY = (
    "issue 18: Dask: all-zero weights silently give a zero matrix where numpy raises"
)
_ACCUMULATOR_AN_EMPTY_BATCH_WITH = (
    "issue 18: Accumulator: an empty batch with weights is accepted"
)
_CURVES_INF_CONFIDENCES_GIVE_NAN = (
    "issue 18: Curves: ±inf confidences give NaN thresholds and a last "
    "point that does not reject everything"
)
_INT64_CONFIDENCES_BEYOND_2_53 = (
    "NEW: int64 confidences beyond 2**53 are read as float64, so distinct "
    "confidences tie and the curve collapses (issue 18 invariant 6 names "
    "them; its defect list does not)"
)
_REPORTS_THE_PERMUTED_LABELS_WARNING = (
    "issue 18: Reports: the permuted-labels warning fires on noise (here "
    "'from 0.000 to 0.000' with weights over 16 decades)"
)
_REPORTS_HTML_REPORT_CHANGES_RCPARAMS = (
    "issue 18: Reports: html_report changes rcParams (svg.hashsalt) and in "
    "parallel pages differ"
)
_REPORTS_MATHTEXT_IN_A_LABEL = (
    "issue 18: Reports: mathtext in a label crashes the page; the Displays "
    "themselves parse labels and names as mathtext"
)
_REPORTS_MATHTEXT_IN_A_LABEL_ = (
    "issue 18: Reports: mathtext in a label crashes the page"
)

_SVC_OVO = (
    "issue 18: RejectOptionClassifier(CV): SVC(decision_function_shape='ovo') "
    "has its pairwise columns read as class scores (wrong classes with 3, "
    "IndexError with 4)"
)


KNOWN_DEFECTS: dict[tuple[str, str], str] = {
    ("e_aurc", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("get_scorer[risk-coverage names]", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("html_report", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("make_risk_coverage_scorer", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    (
        "AugmentedConfusionMatrixDisplay",
        "2-scale[1e-100]",
    ): _AUGMENTEDCONFUSIONMATRIXDISPLAY_ROUNDS_WEIGHTED_COUNTS_WHEN,
    ("bootstrap_measures", "2-scale[1e-100]"): _BOOTSTRAP_MEASURES_OF_NON_INTEGER,
    (
        "AugmentedConfusionMatrixDisplay",
        "2-scale[1e100]",
    ): _AUGMENTEDCONFUSIONMATRIXDISPLAY_ROUNDS_WEIGHTED_COUNTS_WHEN,
    ("bootstrap_measures", "2-scale[1e100]"): _RESAMPLING_FLOAT_COUNTS_2_63,
    (
        "RejectOptionClassifier",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "RejectOptionClassifierCV",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "get_scorer[information names]",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "get_scorer[risk-coverage names]",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "make_multi_measure_scorer",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "make_ni_scorer",
        "3-dtype[StringDType]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[uint8]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    (
        "RejectOptionClassifierCV",
        "3-estimator-dtype[uint8]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    ("html_report", "4-marker[pd.NA]"): _HTML_REPORT_REJECT_LABEL_PD,
    (
        "ConfusionAccumulator[dask]",
        "5-split[all weights zero]",
    ): _DASK_ALL_ZERO_WEIGHTS_SILENTLY,
    (
        "ConfusionAccumulator",
        "5-split[empty batch with weights]",
    ): _ACCUMULATOR_AN_EMPTY_BATCH_WITH,
    (
        "reject_curve_from_predictions",
        "6-curve-end[+-inf]",
    ): _CURVES_INF_CONFIDENCES_GIVE_NAN,
    ("risk_coverage_curve", "6-curve-end[+-inf]"): _CURVES_INF_CONFIDENCES_GIVE_NAN,
    (
        "RejectCurveDisplay",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "RejectOptionClassifierCV",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    ("reject_curve", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "html_report",
        "7-range[16 decades of weights]",
    ): _REPORTS_THE_PERMUTED_LABELS_WARNING,
    ("html_report[figures]", "9-threads"): _REPORTS_HTML_REPORT_CHANGES_RCPARAMS,
    (
        "AugmentedConfusionMatrixDisplay",
        "10-text[figure]",
    ): _REPORTS_MATHTEXT_IN_A_LABEL,
    ("EntropyTriangleDisplay", "10-text[figure]"): _REPORTS_MATHTEXT_IN_A_LABEL,
    ("InformationCoverageDisplay", "10-text[figure]"): _REPORTS_MATHTEXT_IN_A_LABEL,
    ("RejectCurveDisplay", "10-text[figure]"): _REPORTS_MATHTEXT_IN_A_LABEL,
    ("RiskCoverageDisplay", "10-text[figure]"): _REPORTS_MATHTEXT_IN_A_LABEL,
    ("html_report[figures]", "10-text[html]"): _REPORTS_MATHTEXT_IN_A_LABEL_,
    ("RejectOptionClassifier", "6-decisions[SVC ovo 3 classes]"): _SVC_OVO,
    ("RejectOptionClassifier", "6-decisions[SVC ovo 4 classes]"): _SVC_OVO,
}
