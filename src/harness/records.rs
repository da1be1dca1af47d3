//! The files of a run folder: `manifest.json` (provenance and the run's spec) and
//! `records.jsonl` (one line per position x configuration x depth). `report` reads only these.

use super::measure::DepthResult;
use serde::{Deserialize, Serialize};

/// One line of `records.jsonl`: a root search of one position with one configuration to one
/// depth (with iterative deepening, the counters sum the iterations up to that depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The fixture position's id.
    pub position: String,
    /// The configuration, as written in the run's spec (canonical form).
    pub config: String,
    /// The result, counters flattened (`n_nodes`, `n_qnodes`, ...), time in `ns`.
    #[serde(flatten)]
    pub result: DepthResult,
}
