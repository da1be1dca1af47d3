//! The run-folder format: the only code that knows `manifest.json` and `records.jsonl`.
//!
//! A run folder holds one run's spec and provenance ([`Manifest`]), one line per finished
//! search ([`Record`], identified by [`SearchId`]) and, optionally, one line per minimal tree
//! of a position at a depth ([`MinimalRecord`]). `format` defines the typed contents,
//! `files` reads (strictly for finished runs, tolerantly for runs in progress) and writes
//! them, `spec` lists where two runs' specs differ, `lock` keeps a second process from
//! writing into a folder that one is writing into. `harness` writes run folders through
//! this module and `report` reads them through it; neither touches the files directly.
//! [`game_of`] reads the self-play game from a record's position id.
//! This module runs no search and renders no table.

mod files;
mod format;
mod lock;
mod position;
mod spec;
#[cfg(test)]
mod tests;

pub use files::{
    drop_torn_line, read_json, read_manifest, read_minimal, read_records, read_run,
    rewrite_minimal, rewrite_records, time_runs_by, truncate, write_atomically, write_json,
    write_lines, write_manifest, JsonlWriter, RecordWriter, RecordsFile, Run, MANIFEST, MINIMAL,
    RECORDS,
};
pub use format::{
    DepthResult, FixtureRef, Manifest, MinimalRecord, PlannedConfig, Record, Role, SearchId,
};
pub use lock::{lock_folder, FolderLock, LOCK};
pub use position::game_of;
pub use spec::{describe, differences, Difference, FieldKind};
