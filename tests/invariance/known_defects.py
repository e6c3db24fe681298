"""The battery's checks that fail today, each because of a named defect.

One line per failing parametrised case, ``(entry, check): reason``. The
reason quotes the defect of issue 18 it comes from; ``"NEW: ..."`` marks a
defect the battery found that the issue does not list. Each case runs as
``xfail(strict=True)``: when a fix lands it XPASSes, and its line goes.
"""

_SELECTIVE_MEASURES_WITH_WEIGHTS_COVERAGE = (
    "issue 18: Selective measures with weights: coverage_at_risk / "
    "selective_risk_at_coverage pick the wrong group when a tie group lands"
    " exactly on the requested value (weights rescaled by their maximum)"
)
_E_AURC_S_ORACLE_TAKES = (
    "NEW: e_aurc's oracle takes a sample of weight w as one step, so "
    "integer weights differ from repetitions (0.2045 vs 0.2065); the "
    "scorers and the HTML page inherit it"
)
_CURVES_THE_SWEEP_LOSES_PRECISION = (
    "issue 18: Curves: the sweep loses precision when weights span more than 8 decades"
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
_CURVES_RATES_OFF_BY_ROUNDING = (
    "issue 18: Curves: rates off by rounding (the everything-rejected "
    "point's error rate is 1.4e-16, not 0, with weights ×1e100)"
)
_REJECTOPTIONCLASSIFIER_CV_WITH_NUMPY_STRINGDTYPE = (
    "NEW: RejectOptionClassifier(CV) with numpy StringDType y raises "
    "TypeError 'dtype argument must be a NumPy dtype' (the scorers built on"
    " it inherit it)"
)
_BOOL_LABELS_REFUSED_BY_THE = (
    "NEW: bool labels refused by the paired/bootstrap label path: 'y_true "
    "contains labels that are not in labels=[0, 1]: [True, False]'"
)
_REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS = (
    "issue 18: RejectOptionClassifier(CV): boolean y predicts ints and "
    "score() raises (the scorers built on it inherit it)"
)
_REJECTOPTIONCLASSIFIER_CV_WITH_256_UINT8 = (
    "issue 18: RejectOptionClassifier(CV): with 256 uint8 classes every "
    "rejection is scored as class 255"
)
_REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES = (
    "issue 18: RejectOptionClassifier(CV): uint8/int8 classes with a reject"
    " label outside their range wrap it (uint8 with -1 writes 255)"
)
_ACCUMULATOR_REJECT_LABEL_NP_NAN = (
    "issue 18: Accumulator: reject_label=np.nan accumulators cannot be "
    "merged (pd.NA alike)"
)
_RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT = (
    "issue 18: Resampling: bootstrap_measures_score(reject_label=np.nan, "
    "sample_weight=...) raises (pd.NA: TypeError 'boolean value of NA is "
    "ambiguous')"
)
_HTML_REPORT_REJECT_LABEL_PD = (
    "NEW: html_report(reject_label=pd.NA) raises TypeError 'boolean value "
    "of NA is ambiguous'"
)
_CLI_REJECT_LABEL_NAN_FAILS = "issue 18: CLI: --reject-label nan fails on string labels"
_ACCUMULATOR_INT64_LABELS_2_53 = (
    "issue 18: Accumulator: int64 labels ≥ 2**53 merged with a float batch "
    "collapse labels and lose samples"
)
_ACCUMULATOR_UINT64_2_63_MERGED = (
    "issue 18: Accumulator: uint64 ≥ 2**63 merged with int64 collapse "
    "labels and lose samples"
)
_DASK_ALL_ZERO_WEIGHTS_SILENTLY = (
    "issue 18: Dask: all-zero weights silently give a zero matrix where numpy raises"
)
_DASK_A_PARTITION_WITH_ALL = (
    "issue 18: Dask: a partition with all-zero weights fails for "
    "categorical/Arrow labels (plain str labels too)"
)
_ACCUMULATOR_AN_EMPTY_BATCH_WITH = (
    "issue 18: Accumulator: an empty batch with weights is accepted"
)
_DASK_REJECT_CURVE_THRESHOLDS_K = (
    "issue 18: Dask: reject_curve(thresholds=k) loses the point that rejects nothing"
)
_DASK_UNKNOWN_CHUNK_Y_TRUE = (
    "issue 18: Dask: unknown-chunk y_true with numpy y_pred raises TypeError"
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
_CURVES_RATES_REACH_1_0000000000000036 = (
    "issue 18: Curves: rates reach 1.0000000000000036 or −1.3e-6 (here "
    "1.0000000000000002)"
)
_REPORTS_THE_PERMUTED_LABELS_WARNING = (
    "issue 18: Reports: the permuted-labels warning fires on noise (here "
    "'from 0.000 to 0.000' with weights over 16 decades)"
)
_RESAMPLING_INTERVALS_SILENTLY_DROP_INF = (
    "issue 18: Resampling: intervals silently drop inf resamples (xi)"
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
_CSV_OUTPUT_DOES_NOT_NEUTRALISE = (
    "issue 18: CSV output does not neutralise formula-like cells (=, +, -, @)"
)

_CLI_NA_NAMES = "issue 18: CLI: the class names NA/None/null are read as missing"
_TABLES_WITH_NAMES = (
    "issue 18: Tables with names: a confusion matrix given as a labelled "
    "DataFrame, or as a CSV with a header and an index column, is read by "
    "position (columns in another order than the rows give wrong numbers)"
)
_HTML_SELECTIVE_TIES = (
    "issue 18: Selective measures with weights: the HTML selective table "
    "inherits the tie-group defect of selective_risk_at_coverage / "
    "coverage_at_risk"
)
_PERMUTED_NOTE_FLOAT_MAXIMUM = (
    "issue 18: Reports: the permuted-labels note is lost at the float maximum"
)
_PERMUTED_WARNING_ON_NOISE = (
    "issue 18: Reports: the permuted-labels warning fires on noise (a random "
    "10-class classifier)"
)
_SVC_OVO = (
    "issue 18: RejectOptionClassifier(CV): SVC(decision_function_shape='ovo') "
    "has its pairwise columns read as class scores (wrong classes with 3, "
    "IndexError with 4)"
)
_CV_ACCURACY_REJECTS = (
    "issue 18: RejectOptionClassifierCV(scoring='accuracy') warns that "
    "rejecting nothing is best, then sets a threshold that rejects test samples"
)
_CLI_MESSAGES = (
    "issue 18: CLI: errors that lack the file prefix; Python advice in "
    "command-line messages"
)

_CLI_PLOT_MATHTEXT = (
    "issue 18: Reports: mathtext in a label crashes the page; 'infometrics "
    "plot --name' too, and its error message is empty (the first line of "
    "matplotlib's)"
)

KNOWN_DEFECTS: dict[tuple[str, str], str] = {
    ("coverage_at_risk", "1-repetition"): _SELECTIVE_MEASURES_WITH_WEIGHTS_COVERAGE,
    ("e_aurc", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("get_scorer[risk-coverage names]", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("html_report", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    ("make_risk_coverage_scorer", "1-repetition"): _E_AURC_S_ORACLE_TAKES,
    (
        "selective_risk_at_coverage",
        "1-repetition",
    ): _SELECTIVE_MEASURES_WITH_WEIGHTS_COVERAGE,
    (
        "coverage_at_risk",
        "1-tie-on-request[weighted]",
    ): _SELECTIVE_MEASURES_WITH_WEIGHTS_COVERAGE,
    (
        "selective_risk_at_coverage",
        "1-tie-on-request[weighted]",
    ): _SELECTIVE_MEASURES_WITH_WEIGHTS_COVERAGE,
    (
        "confidence_binned_counts",
        "2-direct[16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
    ("reject_curve[dask]", "2-direct[16 decades]"): _CURVES_THE_SWEEP_LOSES_PRECISION,
    (
        "RejectCurveDisplay",
        "2-direct[measures 16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
    (
        "confidence_binned_counts",
        "2-direct[measures 16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
    (
        "reject_curve",
        "2-direct[measures 16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
    (
        "reject_curve[dask]",
        "2-direct[measures 16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
    (
        "reject_curve_from_predictions",
        "2-direct[measures 16 decades]",
    ): _CURVES_THE_SWEEP_LOSES_PRECISION,
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
    ("confidence_binned_counts", "2-scale[1e100]"): _CURVES_RATES_OFF_BY_ROUNDING,
    ("reject_curve[dask]", "2-scale[1e100]"): _CURVES_RATES_OFF_BY_ROUNDING,
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
    ("bootstrap_measures_score", "3-dtype[bool]"): _BOOL_LABELS_REFUSED_BY_THE,
    (
        "bootstrap_measures_score[interval]",
        "3-dtype[bool]",
    ): _BOOL_LABELS_REFUSED_BY_THE,
    (
        "get_scorer[information names]",
        "3-dtype[bool]",
    ): _REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS,
    (
        "make_multi_measure_scorer",
        "3-dtype[bool]",
    ): _REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS,
    ("make_ni_scorer", "3-dtype[bool]"): _REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS,
    ("paired_comparison", "3-dtype[bool]"): _BOOL_LABELS_REFUSED_BY_THE,
    ("reject_curve_from_predictions", "3-dtype[bool]"): _BOOL_LABELS_REFUSED_BY_THE,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[256 uint8 classes]",
    ): _REJECTOPTIONCLASSIFIER_CV_WITH_256_UINT8,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[bool]",
    ): _REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS,
    (
        "RejectOptionClassifierCV",
        "3-estimator-dtype[bool]",
    ): _REJECTOPTIONCLASSIFIER_CV_BOOLEAN_Y_PREDICTS,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[uint8]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    (
        "RejectOptionClassifierCV",
        "3-estimator-dtype[uint8]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    ("ConfusionAccumulator", "4-marker[nan]"): _ACCUMULATOR_REJECT_LABEL_NP_NAN,
    (
        "bootstrap_measures_score",
        "4-marker[nan]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    (
        "bootstrap_measures_score[interval]",
        "4-marker[nan]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    ("ConfusionAccumulator", "4-marker[pd.NA]"): _ACCUMULATOR_REJECT_LABEL_NP_NAN,
    (
        "bootstrap_measures_score",
        "4-marker[pd.NA]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    (
        "bootstrap_measures_score[interval]",
        "4-marker[pd.NA]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    ("html_report", "4-marker[pd.NA]"): _HTML_REPORT_REJECT_LABEL_PD,
    ("ConfusionAccumulator", "4-marker[str+nan]"): _ACCUMULATOR_REJECT_LABEL_NP_NAN,
    (
        "bootstrap_measures_score",
        "4-marker[str+nan]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    (
        "bootstrap_measures_score[interval]",
        "4-marker[str+nan]",
    ): _RESAMPLING_BOOTSTRAP_MEASURES_SCORE_REJECT,
    ("cli report csv", "4-marker[str+nan]"): _CLI_REJECT_LABEL_NAN_FAILS,
    ("cli report json per-class", "4-marker[str+nan]"): _CLI_REJECT_LABEL_NAN_FAILS,
    ("labels above 2**53 and floats", "5-split[+]"): _ACCUMULATOR_INT64_LABELS_2_53,
    ("labels above 2**63 and int64", "5-split[+]"): _ACCUMULATOR_UINT64_2_63_MERGED,
    (
        "ConfusionAccumulator[dask]",
        "5-split[all weights zero]",
    ): _DASK_ALL_ZERO_WEIGHTS_SILENTLY,
    (
        "augmented_confusion_matrix[dask]",
        "5-split[all weights zero]",
    ): _DASK_ALL_ZERO_WEIGHTS_SILENTLY,
    (
        "zero-weight part (categorical)",
        "5-split[dask partitions]",
    ): _DASK_A_PARTITION_WITH_ALL,
    ("zero-weight part (str)", "5-split[dask partitions]"): _DASK_A_PARTITION_WITH_ALL,
    (
        "zero-weight part (string[pyarrow])",
        "5-split[dask partitions]",
    ): _DASK_A_PARTITION_WITH_ALL,
    (
        "ConfusionAccumulator",
        "5-split[empty batch with weights]",
    ): _ACCUMULATOR_AN_EMPTY_BATCH_WITH,
    ("labels above 2**53 and floats", "5-split[merge]"): _ACCUMULATOR_INT64_LABELS_2_53,
    ("labels above 2**63 and int64", "5-split[merge]"): _ACCUMULATOR_UINT64_2_63_MERGED,
    ("labels above 2**53 and floats", "5-split[sum]"): _ACCUMULATOR_INT64_LABELS_2_53,
    ("labels above 2**63 and int64", "5-split[sum]"): _ACCUMULATOR_UINT64_2_63_MERGED,
    ("reject_curve[dask]", "5-split[thresholds=2]"): _DASK_REJECT_CURVE_THRESHOLDS_K,
    ("reject_curve[dask]", "5-split[thresholds=5]"): _DASK_REJECT_CURVE_THRESHOLDS_K,
    (
        "augmented_confusion_matrix[dask]",
        "5-split[unknown chunk sizes, numpy y_pred]",
    ): _DASK_UNKNOWN_CHUNK_Y_TRUE,
    (
        "labels above 2**53 and floats",
        "5-split[update]",
    ): _ACCUMULATOR_INT64_LABELS_2_53,
    (
        "labels above 2**63 and int64",
        "5-split[update]",
    ): _ACCUMULATOR_UINT64_2_63_MERGED,
    (
        "reject_curve_from_predictions",
        "6-curve-end[+-inf]",
    ): _CURVES_INF_CONFIDENCES_GIVE_NAN,
    ("risk_coverage_curve", "6-curve-end[+-inf]"): _CURVES_INF_CONFIDENCES_GIVE_NAN,
    (
        "risk_coverage_curve",
        "6-curve-end[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "RejectCurveDisplay",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "RejectOptionClassifierCV",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "RiskCoverageDisplay",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    ("augrc", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    ("aurc", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "coverage_at_risk",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    ("e_aurc", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    ("html_report", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    ("reject_curve", "6-transform[int64 beyond 2**53]"): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "reject_curve_from_predictions",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "risk_coverage_curve",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "selective_risk_at_coverage",
        "6-transform[int64 beyond 2**53]",
    ): _INT64_CONFIDENCES_BEYOND_2_53,
    (
        "RejectCurveDisplay",
        "7-range[16 decades of weights]",
    ): _CURVES_RATES_REACH_1_0000000000000036,
    (
        "html_report",
        "7-range[16 decades of weights]",
    ): _REPORTS_THE_PERMUTED_LABELS_WARNING,
    (
        "reject_curve",
        "7-range[16 decades of weights]",
    ): _CURVES_RATES_REACH_1_0000000000000036,
    (
        "RejectCurveDisplay",
        "7-range[weights x 1e100]",
    ): _CURVES_RATES_REACH_1_0000000000000036,
    (
        "reject_curve",
        "7-range[weights x 1e100]",
    ): _CURVES_RATES_REACH_1_0000000000000036,
    (
        "reject_curve_from_predictions",
        "7-range[weights x 1e100]",
    ): _CURVES_RATES_REACH_1_0000000000000036,
    (
        "bootstrap_measures",
        "8-resampling[xi +inf]",
    ): _RESAMPLING_INTERVALS_SILENTLY_DROP_INF,
    (
        "bootstrap_measures_score",
        "8-resampling[xi +inf]",
    ): _RESAMPLING_INTERVALS_SILENTLY_DROP_INF,
    (
        "paired_comparison",
        "8-resampling[xi +inf]",
    ): _RESAMPLING_INTERVALS_SILENTLY_DROP_INF,
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
    ("cli report csv", "10-text[per-class csv]"): _CSV_OUTPUT_DOES_NOT_NEUTRALISE,
    ("cli report csv", "3-dtype[NA names]"): _CLI_NA_NAMES,
    ("cli report json per-class", "3-dtype[NA names]"): _CLI_NA_NAMES,
    ("all_measures_score", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    ("conventional_measures_score", "3-labelled-matrix[columns reordered]"): (
        _TABLES_WITH_NAMES
    ),
    ("information_report", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    ("per_class_report", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    ("html_report", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    ("compare", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    (
        "conventional_measures",
        "3-labelled-matrix[columns reordered]",
    ): _TABLES_WITH_NAMES,
    ("cli report csv", "3-labelled-matrix[columns reordered]"): _TABLES_WITH_NAMES,
    ("html_report", "1-tie-on-request[weighted]"): _HTML_SELECTIVE_TIES,
    (
        "compare",
        "2-scale[permuted note at float maximum]",
    ): _PERMUTED_NOTE_FLOAT_MAXIMUM,
    ("compare", "7-range[random 10-class: no permuted warning]"): (
        _PERMUTED_WARNING_ON_NOISE
    ),
    ("information_report", "7-range[random 10-class: no permuted warning]"): (
        _PERMUTED_WARNING_ON_NOISE
    ),
    ("RejectOptionClassifier", "6-decisions[SVC ovo 3 classes]"): _SVC_OVO,
    ("RejectOptionClassifier", "6-decisions[SVC ovo 4 classes]"): _SVC_OVO,
    ("RejectOptionClassifierCV", "6-decisions[accuracy]"): _CV_ACCURACY_REJECTS,
    ("cli report csv", "10-text[missing prediction]"): _CLI_MESSAGES,
    ("cli report csv", "10-text[reject label in y_true]"): _CLI_MESSAGES,
    ("cli report csv", "10-text[continuous prediction]"): _CLI_MESSAGES,
    ("cli plot", "10-text[hostile name]"): _CLI_PLOT_MATHTEXT,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[int8, reject -200]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    (
        "RejectOptionClassifier",
        "3-estimator-dtype[uint8, reject 300]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    (
        "RejectOptionClassifierCV",
        "3-estimator-dtype[int8, reject -200]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
    (
        "RejectOptionClassifierCV",
        "3-estimator-dtype[uint8, reject 300]",
    ): _REJECTOPTIONCLASSIFIER_CV_UINT8_INT8_CLASSES,
}
