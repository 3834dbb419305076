"""The two kinds of failure the program tells apart.

A `UserError` is something the person can fix (a bad date, an unknown town, a
file that is not an assessor list); it is shown in plain words and the command
line exits with status 2. An `OperationFailed` is a sound request that could
not be carried out (a damaged archive, a full disk); exit status 1. Anything
else is a bug: it is logged with its traceback.
"""


class UserError(Exception):
    """Bad input, told to the user in one plain sentence."""


class OperationFailed(Exception):
    """A well-formed request that could not be completed; nothing was changed."""


class RecordChanged(UserError):
    """A save refused because another desk saved the same record after this one read
    it: the message says who and when, and asks to reload (nothing was written)."""
