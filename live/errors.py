"""The live classes' errors: every refusal shown to a user is a :class:`LiveError`; every store call that cannot reach
its store raises :class:`ClassServerUnavailable` (a LiveError), whatever the store (SQLite or Redis) and the cause."""

from __future__ import annotations

from typing import Any

from metrics.messages import N_


class LiveError(Exception):
    """A refusal to show the user: ``str(error) == template.format(**fields)``, the template in English for the
    app to translate (every template is a class attribute ``template`` of a subclass)."""

    template = N_("Something went wrong with the live class.")

    def __init__(self, **fields: Any):
        self.fields = fields
        super().__init__(self.template.format(**fields))


class ClassServerUnavailable(LiveError):
    """The class server (the store) cannot be reached or used right now: nothing was changed, try again."""

    template = N_("The class server cannot be reached right now: nothing was changed. Try again in a moment.")


class StoreMisconfigured(ClassServerUnavailable):
    """``RML_LIVE_STORE`` names a store that cannot be used (unknown scheme, unwritable path...)."""

    template = (N_("Live classes cannot run on this server: its class store ({store}) cannot be used. "
                   "Ask whoever runs the app to check RML_LIVE_STORE."))


class StoreFileDeleted(ClassServerUnavailable):
    """The SQLite file was deleted (or replaced) while classes ran: their data is gone from the store; a new file is
    used, and each class is brought back from its teacher's screen (:meth:`live.classes.Classes.restore`)."""

    template = (N_("The class server's file was deleted while classes were running: a new file is used, and each class "
                   "is brought back by its teacher's screen while it is open."))
