//! What every bench file shares: criterion groups sized to keep a full `cargo bench` short.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use std::time::Duration;

/// A group of 10 samples, 0.5 s warm-up and 2 s measurement per benchmark.
pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}
