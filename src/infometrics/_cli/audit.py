"""``infometrics audit``: the meta-measure audit of the measures it is given."""

import inspect
import os
import pkgutil
import sys

from .._meta.audit import SIZES, meta_measure_audit
from .errors import UsageError

# The search-space options of meta_measure_audit.
SIZE_HELP = {
    "max_samples": "Feature 1, P1, P3: every binary matrix up to N samples",
    "max_split_samples": "Features 2, 3: every binary class split up to N",
    "n_random": "random 3- and 4-class cases, each",
    "max_samples_3class": "also every 3-class matrix up to N samples",
}


def add_audit_parser(commands):
    audit = commands.add_parser(
        "audit",
        help="which measure behaves as people expect? Hu, He & Yuan's "
        "meta-measures (and the P1, P3 axioms), checked by search",
    )
    audit.add_argument(
        "measures",
        nargs="*",
        metavar="MEASURE",
        help="an infometrics measure (ni2, ...), a scikit-learn metric "
        "(accuracy_score, f1_macro, ...) or module:function, a function f(C) -> "
        "float of an augmented confusion matrix where higher is better (negate "
        "a loss first) (default: every infometrics measure)",
    )
    defaults = inspect.signature(meta_measure_audit).parameters
    for name, text in SIZE_HELP.items():
        default = defaults[name].default
        audit.add_argument(
            "--" + name.replace("_", "-"),
            type=int,
            default=default,
            metavar="N",
            help=f"{text} (default {default}; at most {SIZES[name][1]} for a "
            "scikit-learn metric or function)",
        )
    audit.add_argument(
        "--skip-undefined",
        action="store_true",
        help="leave out the comparisons where a function returns nan (default: "
        "stop with an error)",
    )
    audit.set_defaults(run=run_audit)


def _resolve(text):
    """A measure name stays a name; ``module:function`` is imported."""
    if ":" not in text:
        return text
    # As ``python -m`` does: a module of the current folder is importable. The
    # console script's sys.path starts with its own bin folder instead.
    folder = os.getcwd()
    sys.path.insert(0, folder)
    try:
        function = pkgutil.resolve_name(text)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UsageError(
            f"{text!r}: cannot import it as module:function ({exc})"
        ) from None
    finally:
        sys.path.remove(folder)
    if not callable(function):
        raise UsageError(f"{text!r}: not a function")
    return function


def run_audit(args, out):
    sizes = {name: getattr(args, name) for name in SIZE_HELP}
    audit = meta_measure_audit(
        [_resolve(text) for text in args.measures] or None,
        **sizes,
        undefined="skip" if args.skip_undefined else "raise",
    )
    out.write(audit.to_text() + "\n")
