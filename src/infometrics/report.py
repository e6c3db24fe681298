"""Reports: tables of measures (pandas) and a self-contained HTML page."""

from ._report.html import html_report, html_report_from_estimator
from ._report.per_class import per_class_report
from ._report.tables import compare, information_report

__all__ = [
    "compare",
    "html_report",
    "html_report_from_estimator",
    "information_report",
    "per_class_report",
]
