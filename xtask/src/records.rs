//! Reading the JSON lines `cutoff` writes (run folders' `records.jsonl`), for tasks that
//! check what `cutoff` produced. xtask depends on nothing of `src/`, so this reads the
//! records as JSON values rather than the library's types.

use serde_json::Value;
use std::path::Path;

/// The fields that hold wall and CPU times: they differ run to run, everything else must not.
const TIME_FIELDS: [&str; 4] = ["ns", "ns_repeats", "cpu_ns", "cpu_repeats"];

/// Every line of `path` as a JSON value.
pub fn load_records(path: &Path) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// `record` without its wall times.
pub fn without_times(mut record: Value) -> Value {
    if let Some(fields) = record.as_object_mut() {
        for field in TIME_FIELDS {
            fields.remove(field);
        }
    }
    record
}
