"""``infometrics audit``: the meta-measure audit of the measures it is given."""

import importlib
import os
import sys


def add_audit_parser(commands):
    """Register the ``audit`` subcommand on the subparsers of ``infometrics``."""
    audit = commands.add_parser(
        "audit",
        help="which measure behaves as people expect? check Hu, He & Yuan's "
        "meta-measures (and the P1, P3 axioms) by search, print the table and "
        "the counterexamples",
    )
    audit.add_argument(
        "measures",
        nargs="*",
        metavar="MEASURE",
        help="a measure name of infometrics (ni2, neg_false_info_ratio, ...), a "
        "scikit-learn metric (accuracy_score, balanced_accuracy, f1_macro, "
        "matthews_corrcoef, cohen_kappa, ...) or a module:function path to a "
        "function f(C) -> float of an augmented confusion matrix where higher "
        "is better (negate a loss first) (default: every infometrics measure)",
    )
    for option, default, text in (
        ("--max-samples", 20, "Feature 1, P1, P3: every binary matrix up to N samples"),
        ("--max-split-samples", 200, "Features 2, 3: every binary class split up to N"),
        ("--n-random", 200, "random 3- and 4-class cases, each"),
        ("--max-samples-3class", 7, "also every 3-class matrix up to N samples"),
    ):
        audit.add_argument(
            option,
            type=int,
            default=default,
            metavar="N",
            help=f"{text}, for infometrics measures (default {default})",
        )
    for option, default in (
        ("--max-samples-loop", 5),
        ("--max-split-samples-loop", 16),
        ("--n-random-loop", 8),
        ("--max-samples-3class-loop", 5),
    ):
        audit.add_argument(
            option,
            type=int,
            default=default,
            metavar="N",
            help="the same for scikit-learn metrics and functions, called once "
            f"per matrix (default {default})",
        )
    audit.add_argument(
        "--skip-undefined",
        action="store_true",
        help="leave out the comparisons where a function returns nan (default: "
        "stop with an error naming the matrix)",
    )
    return audit


def _resolve(text, usage_error):
    """A measure name stays a name; ``module:function`` is imported."""
    if ":" not in text:
        return text
    module_name, _, function_name = text.partition(":")
    if not module_name or not function_name:
        raise usage_error(f"{text!r}: write a function path as module:function")
    # As ``python -m`` does: a module of the current folder is importable. The
    # console script's sys.path starts with its own bin folder instead.
    folder = os.getcwd()
    sys.path.insert(0, folder)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise usage_error(f"{text!r}: cannot import {module_name!r} ({exc})") from None
    finally:
        sys.path.remove(folder)
    function = module
    for part in function_name.split("."):
        function = getattr(function, part, None)
    if not callable(function):
        raise usage_error(f"{text!r}: {module_name} has no function {function_name}")
    return function


def run_audit(args, out, usage_error):
    """Run the audit the arguments ask for and print its table and witnesses."""
    from .._meta.audit import meta_measure_audit

    measures = [_resolve(text, usage_error) for text in args.measures] or None
    audit = meta_measure_audit(
        measures,
        max_samples=args.max_samples,
        max_split_samples=args.max_split_samples,
        n_random=args.n_random,
        max_samples_3class=args.max_samples_3class,
        max_samples_loop=args.max_samples_loop,
        max_split_samples_loop=args.max_split_samples_loop,
        n_random_loop=args.n_random_loop,
        max_samples_3class_loop=args.max_samples_3class_loop,
        undefined="skip" if args.skip_undefined else "raise",
    )
    out.write(audit.to_text() + "\n")
