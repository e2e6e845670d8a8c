"""Live classes (shared state, no Streamlit): the store (live.store) and the class logic (live.classes)."""

from live.classes import (
    AlreadyAnswered,
    AnswersClosed,
    Classes,
    ClassNotFound,
    Current,
    InvalidInput,
    Limits,
    LiveError,
    NewClass,
    NotTeacher,
    Results,
    TooManyAnswers,
    TooManyJoins,
    UnknownQuestion,
    UnknownStudent,
)
from live.store import STORE_ENV, RedisStore, SQLiteStore, open_store, store_from_environment

__all__ = ["AlreadyAnswered", "AnswersClosed", "Classes", "ClassNotFound", "Current", "InvalidInput", "Limits",
           "LiveError", "NewClass", "NotTeacher", "Results", "TooManyAnswers", "TooManyJoins", "UnknownQuestion",
           "UnknownStudent", "STORE_ENV", "RedisStore", "SQLiteStore", "open_store", "store_from_environment"]
