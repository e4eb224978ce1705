//! Rule tests for the Nintendo TCG.
