"""Command line: ``infometrics demo``."""

import argparse
import sys


def build_parser():
    """The argument parser of the ``infometrics`` command."""
    parser = argparse.ArgumentParser(
        prog="infometrics",
        description="Information-theoretic evaluation of classifiers that may abstain.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser(
        "demo", help="evaluate an abstaining classifier on scikit-learn's digits data"
    )
    demo.add_argument(
        "--threshold",
        type=float,
        default=0.9,
        help="reject below this confidence (default 0.9)",
    )
    return parser


def main(argv=None):
    """Entry point of the ``infometrics`` console script."""
    args = build_parser().parse_args(argv)
    if args.command == "demo":
        from ._demo import run_demo

        run_demo(stream=sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
