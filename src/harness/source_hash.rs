// The source hash of a build, shared by `build.rs` (which `include!`s this file to stamp the
// binary) and `provenance` (which hashes a work tree to tell whether the binary was built
// from it). Plain functions only: this file is compiled in both places.

/// FNV-1a 64 over the sorted relative paths and contents of the source files under `root`
/// (every file under `src/`, `Cargo.toml`, `Cargo.lock` and `build.rs`), in hex.
pub fn source_hash(root: &std::path::Path) -> String {
    let mut files = vec![
        std::path::PathBuf::from("build.rs"),
        std::path::PathBuf::from("Cargo.toml"),
        std::path::PathBuf::from("Cargo.lock"),
    ];
    collect_files(root, std::path::Path::new("src"), &mut files);
    files.sort();
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for file in files {
        let bytes = std::fs::read(root.join(&file)).unwrap_or_default();
        let name = file.to_string_lossy().replace('\\', "/");
        for &byte in name.as_bytes().iter().chain([0u8].iter()).chain(&bytes) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// Every file under `root/dir`, as paths relative to `root`.
pub fn collect_files(
    root: &std::path::Path,
    dir: &std::path::Path,
    files: &mut Vec<std::path::PathBuf>,
) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return;
    };
    for entry in entries.flatten() {
        let path = dir.join(entry.file_name());
        if entry.path().is_dir() {
            collect_files(root, &path, files);
        } else {
            files.push(path);
        }
    }
}
