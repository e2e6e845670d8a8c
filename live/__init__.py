"""Live classes (shared state, no Streamlit): the store (live.store) and the class logic (live.classes)."""

from live.classes import (
    AlreadyAnswered,
    AnswersClosed,
    ClassClosed,
    Classes,
    ClassNotFound,
    Current,
    InvalidInput,
    Limits,
    NewClass,
    NotTeacher,
    OutOfRange,
    Results,
    TooManyAnswers,
    TooManyJoins,
    UnknownQuestion,
    UnknownStudent,
)
from live.errors import ClassServerUnavailable, LiveError, StoreFileDeleted, StoreMisconfigured
from live.store import STORE_ENV, RedisStore, SQLiteStore, open_store, store_from_environment

__all__ = ["STORE_ENV", "AlreadyAnswered", "AnswersClosed", "ClassClosed", "ClassNotFound", "ClassServerUnavailable",
           "Classes", "Current", "InvalidInput", "Limits", "LiveError", "NewClass", "NotTeacher", "OutOfRange",
           "RedisStore", "Results", "SQLiteStore", "StoreFileDeleted", "StoreMisconfigured", "TooManyAnswers",
           "TooManyJoins", "UnknownQuestion", "UnknownStudent", "open_store", "store_from_environment"]
