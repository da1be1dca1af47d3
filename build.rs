//! Build script: records the compiler's version (`$RUSTC --version`) in
//! `CUTOFF_RUSTC_VERSION` and a hash of the source the binary is built from (every file under
//! `src/`, `Cargo.toml`, `Cargo.lock` and this script) in `CUTOFF_SOURCE_HASH`, for run
//! manifests: two binaries with the same source hash search alike. It also lists the
//! committed position sets, bench files and expected signature (`fixtures/**/*.json` but the
//! test-only reference data) in `$OUT_DIR/embedded_fixtures.rs`, so that the binary finds
//! them from any folder and when installed. It does nothing else.

use std::path::Path;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(&rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CUTOFF_RUSTC_VERSION={version}");
    println!(
        "cargo:rustc-env=CUTOFF_SOURCE_HASH={}",
        source_hash(Path::new("."))
    );
    embed_fixtures();
    for watched in ["build.rs", "src", "Cargo.toml", "Cargo.lock", "fixtures"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    println!("cargo:rerun-if-env-changed=RUSTC");
}

include!("src/harness/source_hash.rs");

fn embed_fixtures() {
    let mut files = Vec::new();
    collect_files(Path::new("."), Path::new("fixtures"), &mut files);
    let reference = Path::new("fixtures/reference");
    files.retain(|f| f.extension().is_some_and(|e| e == "json") && !f.starts_with(reference));
    files.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut out =
        String::from("/// The committed fixture files, by path from the repository root.\n");
    out += "pub const EMBEDDED: &[(&str, &[u8])] = &[\n";
    for file in files {
        let name = file.to_string_lossy().replace('\\', "/");
        let absolute = Path::new(&root).join(&file);
        out += &format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            absolute.display().to_string()
        );
    }
    out += "];\n";
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("embedded_fixtures.rs"), out).expect("OUT_DIR is writable");
}
