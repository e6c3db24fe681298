"""The scorers' part of scikit-learn's metadata-routing contract.

``set_score_request`` and the metadata requests, with scikit-learn's public
``MetadataRequest``: with routing off, ``set_score_request`` raises as
scikit-learn's own scorers do, so a request is never silently ignored.
"""

from sklearn import get_config
from sklearn.utils.metadata_routing import MetadataRequest, get_routing_for_object


class _ScoreRequestMixin:
    """Metadata routing and the rest of scikit-learn's scorer protocol.

    Mirrors scikit-learn's own scorers (``_BaseScorer``): ``set_score_request``
    exists only while metadata routing is enabled (with routing off a request
    could not be honoured, so it raises instead of being silently ignored),
    and with routing off ``sample_weight`` reaches the scorer whenever it is
    given, as it reaches scikit-learn's scorers whose metric accepts it.
    """

    _request = None

    # -- metadata routing, with scikit-learn's public MetadataRequest ----------

    def set_score_request(self, *, sample_weight: bool | str | None = None):
        """Request ``sample_weight``; only while metadata routing is enabled.

        Parameters
        ----------
        sample_weight : bool, str or None, default=None
            ``True`` to receive ``sample_weight``, ``False`` to ignore it, a
            string to receive it under another name.

        Returns
        -------
        self : object
            The scorer.

        Raises
        ------
        RuntimeError
            When metadata routing is off (``sklearn.set_config(
            enable_metadata_routing=True)`` turns it on), as scikit-learn's
            scorers do: without routing the request could not be honoured.
        """
        if not get_config().get("enable_metadata_routing", False):
            raise RuntimeError(
                "This method is only available when metadata routing is enabled. "
                "You can enable it using "
                "sklearn.set_config(enable_metadata_routing=True). With routing "
                "off, a sample_weight given to the scorer (or to fit() of a "
                "search) always reaches it."
            )
        request = MetadataRequest(owner=self)
        request.score.add_request(param="sample_weight", alias=sample_weight)
        self._request = request
        return self

    def _get_metadata_request(self):
        # What scikit-learn's ``_MetadataRequester`` provides: the request of
        # this object itself, read by routers and by ``_CurveScorer``.
        if self._request is None:
            request = MetadataRequest(owner=self)
            request.score.add_request(param="sample_weight", alias=None)
            return request
        # A copy, as scikit-learn gives: a router may not change this scorer.
        return get_routing_for_object(self._request)

    def get_metadata_routing(self):
        """The metadata this scorer requests (``sample_weight`` once requested).

        Returns
        -------
        request : MetadataRequest
        """
        return self._get_metadata_request()

    def _accept_sample_weight(self):
        # Read by scikit-learn's searches when routing is off: sample_weight
        # given to fit() then reaches this scorer.
        return True

    def _get_pos_label(self):
        # scikit-learn's scorer contract: the measures are symmetric in the
        # classes, so no positive label is needed (scikit-learn then takes
        # ``classes_[1]`` for binary responses).
        return None

    def _routing_repr(self):
        return repr(self)
