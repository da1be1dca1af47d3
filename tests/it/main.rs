//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), Kalah against its reference data beyond perft
//! (`kalah_reference`), the HTML report in a browser (`html`), the Gomocup brain over
//! pipes (`pbrain`), external Gomocup brains as match agents (`external`), the boards a user reads (`boards`), every hand-written list of games against the registry (`registry`),
//! the position sets against their README (`fixtures`), the edges a new user hit
//! (`edges`), and faults: broken files, kills, two writers, a full disk (`faults`), merge
//! and compare across builds and configurations (`faults_across`).

mod boards;
mod claims;
mod cli;
mod edges;
mod external;
mod faults;
mod faults_across;
mod fixtures;
mod gthd;
mod html;
mod kalah_reference;
mod pbrain;
mod registry;
mod studies;
mod tidy;

/// HEAD of the git checkout these tests were built in, or `None` when the source is not a
/// checkout of its own (a `git archive` or a downloaded ZIP): the tests that read git ask
/// this first, so that the suite passes on a source archive too.
fn checkout_head() -> Option<String> {
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let top = std::path::PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if top.canonicalize().ok()? != here.canonicalize().ok()? {
        return None;
    }
    git(&["rev-parse", "HEAD"])
}
