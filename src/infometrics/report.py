"""Reports: tables of measures (pandas) and a self-contained HTML page."""

from ._report.html import html_report
from ._report.per_class import per_class_report
from ._report.tables import compare, information_report

__all__ = ["compare", "html_report", "information_report", "per_class_report"]
