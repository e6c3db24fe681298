"""Command line: the ``infometrics`` console script, callable in process.

``infometrics report | plot | demo | audit`` on the shell is :func:`main`
here, so a script or a notebook can run the same command without a
subprocess (``infometrics --help`` lists the subcommands and their options).
"""

from ._cli.main import main as _console_main

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run the ``infometrics`` command line with the given arguments.

    Parameters
    ----------
    argv : list of str, default=None
        The arguments after the program name, as on the shell
        (``["report", "labels.csv", "--format", "csv"]``); ``None`` reads
        ``sys.argv[1:]``.

    Returns
    -------
    status : int
        0 on success; 2 when the input or an option is wrong, after one line
        ``infometrics: error: ...`` on stderr (never a traceback).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from infometrics.cli import main
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "labels.csv"
    >>> _ = path.write_text("y_true,y_pred\\ncat,cat\\ndog,dog\\ncat,dog\\ndog,-1\\n")
    >>> status = main(["report", str(path), "--format", "csv", "--per-class"])
    ... # doctest: +ELLIPSIS
    class,precision,recall,f1,...
    cat,1.0,0.5,0.6666666666666666,...
    >>> status
    0
    """
    return _console_main(argv)
