//! Faults, run as a user meets them: malformed and truncated position files and records, a
//! run killed with SIGKILL and resumed, two processes on one `--out`, a full disk (stdout
//! into /dev/full, a file-size limit under a run). Every one ends in one line on stderr and
//! exit code 2, and a resume loses nothing: its records equal an uninterrupted run's, times
//! aside. (`merge` and `compare` across builds and configurations: `faults_across`.)

use crate::cli::{cutoff, text, Temp};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// Checks that `out` failed with exit code 2 and one line on stderr holding each of
/// `expected`.
pub(crate) fn one_line_error(out: &Output, what: &str, expected: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{what}: not one line:\n{stderr}");
    for want in expected {
        assert!(stderr.contains(want), "{what}: `{want}` not in {stderr}");
    }
}

/// `cutoff` with `args`, as owned strings.
pub(crate) fn run(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cutoff(&args)
}

/// The arguments of a small Kalah ablation into `out`: 3 positions, 2 depths, add-one
/// (60 searches, well under a second).
pub(crate) fn small_run(out: &Path) -> Vec<String> {
    let args = "ablate --game kalah --set opening --plan add-one --depths 1..2 --positions 3 \
                -j 1 -q --out";
    let mut args: Vec<String> = args.split_whitespace().map(String::from).collect();
    args.push(text(out).to_string());
    args
}

/// A run's records with the times left out (they differ run to run), one JSON value a line
/// in file order.
pub(crate) fn records_without_times(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("records.jsonl")).unwrap();
    text.lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            let object = value.as_object_mut().unwrap();
            for time in ["ns", "cpu_ns", "ns_repeats", "cpu_repeats"] {
                object.remove(time);
            }
            value
        })
        .collect()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Position files broken in every way a file gets broken, for every command that reads
/// one (`ablate --set`, `minimal --set`, `match --openings`): one line naming the file and
/// what is wrong in it (its line and column, its position and move), exit 2, and nothing
/// written. `bench --positions` reads a folder of bench files: a truncated one is the same.
#[test]
fn broken_position_files_are_one_line_errors_naming_the_file() {
    let temp = Temp::new("positions");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let set = std::fs::read_to_string(root.join("fixtures/kalah/opening.json")).unwrap();
    let path = |name: &str| temp.0.join(name);
    std::fs::write(path("truncated.json"), &set[..900]).unwrap();
    std::fs::write(path("garbage.json"), "positions: none\n").unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&set).unwrap();
    value["positions"][1]["moves"][1] = "9".into();
    std::fs::write(path("illegal.json"), value.to_string()).unwrap();
    value["positions"] = serde_json::json!([]);
    std::fs::write(path("empty.json"), value.to_string()).unwrap();
    let mingmang = std::fs::read(root.join("fixtures/mingmang/opening.json")).unwrap();
    std::fs::write(path("mingmang.json"), mingmang).unwrap();
    let faults: [(&str, &[&str]); 6] = [
        (
            "truncated.json",
            &["not a valid position set", "EOF", "line 9"],
        ),
        (
            "garbage.json",
            &["not a valid position set", "line 1 column 1"],
        ),
        ("illegal.json", &["position g01-m02: move 2 `9`"]),
        ("empty.json", &["no positions"]),
        ("mingmang.json", &["is for game `mingmang`, not kalah"]),
        ("missing.json", &["No such file"]),
    ];
    for (name, expected) in faults {
        let file = text(&temp.0.join(name)).to_string();
        let out = temp.0.join(format!("out-{name}"));
        let commands: [Vec<&str>; 3] = [
            vec![
                "ablate", "-g", "kalah", "--plan", "add-one", "--depths", "1",
            ],
            vec!["minimal", "-g", "kalah", "--depth", "1"],
            vec![
                "match",
                "-g",
                "kalah",
                "--seed",
                "1",
                "--agents",
                "random,random",
            ],
        ];
        for command in commands {
            let option = if command[0] == "match" {
                "--openings"
            } else {
                "--set"
            };
            let mut args: Vec<&str> = command.clone();
            args.extend([option, file.as_str(), "--out", text(&out)]);
            if command[0] == "minimal" {
                args.truncate(args.len() - 2);
            }
            let what = format!("{} with {name}", command[0]);
            let mut expected = expected.to_vec();
            expected.push(&file);
            one_line_error(&cutoff(&args), &what, &expected);
            assert!(!out.exists(), "{what}: {} was written", out.display());
        }
    }
    // Options typed with the game must be the set's, in minimal as in ablate and match.
    let args = [
        "minimal",
        "-g",
        "kalah:4,3",
        "--depth",
        "1",
        "--set",
        "opening",
    ];
    let expected = ["holds positions of kalah:6,4,standard, not kalah:4,3,standard"];
    one_line_error(&cutoff(&args), "minimal kalah:4,3", &expected);
    let args = ["minimal", "-g", "kalah", "--depth", "1", "--set", "opening"];
    let many = cutoff(&[&args[..], &["--positions", "100000"]].concat());
    one_line_error(
        &many,
        "minimal --positions 100000",
        &["--positions 100000", "holds 1..="],
    );
    let bench = temp.0.join("bench");
    std::fs::create_dir(&bench).unwrap();
    for entry in std::fs::read_dir(root.join("fixtures/bench")).unwrap() {
        let entry = entry.unwrap().path();
        std::fs::copy(&entry, bench.join(entry.file_name().unwrap())).unwrap();
    }
    for entry in std::fs::read_dir(&bench).unwrap() {
        let file = entry.unwrap().path();
        let bytes = std::fs::read(&file).unwrap();
        std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    }
    let out = cutoff(&["bench", "--positions", text(&bench)]);
    one_line_error(
        &out,
        "bench --positions",
        &[text(&bench), "EOF while parsing"],
    );
}

/// A torn last line of `records.jsonl` (a write cut off) is dropped by the resume, which
/// says so and runs that search again; a garbage line in the middle is an error naming the
/// file and the line, for the resume, `report` and `merge`, and the file is left as it was;
/// a torn `minimal.jsonl` is dropped by `minimal --run`, which says so.
#[test]
fn torn_and_garbage_record_lines_are_redone_or_named() {
    let temp = Temp::new("records");
    let whole = temp.0.join("whole");
    assert_eq!(run(&small_run(&whole)).status.code(), Some(0));
    let records = std::fs::read_to_string(whole.join("records.jsonl")).unwrap();
    let kept: Vec<&str> = records.lines().take(10).collect();
    let partial = |name: &str, tail: &str| -> PathBuf {
        let dir = temp.0.join(name);
        std::fs::create_dir(&dir).unwrap();
        std::fs::copy(whole.join("manifest.json"), dir.join("manifest.json")).unwrap();
        std::fs::write(dir.join("records.jsonl"), kept.join("\n") + "\n" + tail).unwrap();
        dir
    };
    let torn = partial("torn", &records.lines().nth(10).unwrap()[..40]);
    let out = run(&small_run(&torn));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("ends in a torn line"), "{stderr}");
    assert!(
        stderr.contains("it is dropped and that search runs again"),
        "{stderr}"
    );
    assert_eq!(records_without_times(&torn), records_without_times(&whole));

    let garbage = partial("garbage", "");
    let path = garbage.join("records.jsonl");
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines[4] = "{\"position\": \"g01-m01\", garbage".into();
    let bytes = lines.join("\n") + "\n";
    std::fs::write(&path, &bytes).unwrap();
    let at = format!("{} line 5: not a record", path.display());
    one_line_error(&run(&small_run(&garbage)), "resume", &[&at]);
    one_line_error(&cutoff(&["report", text(&garbage)]), "report", &[&at]);
    let merged = temp.0.join("merged");
    let merge = cutoff(&["merge", "--out", text(&merged), text(&garbage)]);
    one_line_error(&merge, "merge", &[&at]);
    assert_eq!(std::fs::read(&path).unwrap(), bytes.as_bytes(), "rewritten");
    assert!(!merged.exists());
    // minimal.jsonl torn: `minimal --run` drops the line, says so and computes it again.
    let minimal = |dir: &Path| cutoff(&["minimal", "--run", text(dir), "-q"]);
    assert_eq!(minimal(&whole).status.code(), Some(0));
    let trees = std::fs::read_to_string(whole.join("minimal.jsonl")).unwrap();
    std::fs::write(whole.join("minimal.jsonl"), &trees[..trees.len() - 10]).unwrap();
    let again = minimal(&whole);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("minimal.jsonl ended in a torn line"),
        "{stderr}"
    );
    let fixed = std::fs::read_to_string(whole.join("minimal.jsonl")).unwrap();
    assert_eq!(fixed, trees);
    // --repair of a folder that is not there says so (it takes no lock there).
    let none = temp.0.join("none");
    let repair = cutoff(&["report", text(&none), "--repair"]);
    one_line_error(&repair, "report --repair of no folder", &[text(&none)]);
    assert!(!String::from_utf8_lossy(&repair.stderr).contains(".lock"));
}

/// The arguments of a Kalah ablation of about a second and a half of one CPU (200 searches
/// at depth 10), for killing while it runs.
fn kill_run(out: &Path) -> Vec<String> {
    let mut args = small_run(out);
    let at = |flag: &str| args.iter().position(|a| a == flag).unwrap() + 1;
    let (depths, positions) = (at("--depths"), at("--positions"));
    args[depths] = "10".into();
    args[positions] = "20".into();
    args
}

/// A child process, killed when dropped (a failed assertion leaves no run behind).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn(args: &[String]) -> Running {
    let child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    Running(child)
}

/// Waits until `ready` holds, failing if `child` ends first.
fn wait_for(child: &mut Running, what: &str, ready: impl Fn() -> bool) {
    while !ready() {
        let status = child.0.try_wait().unwrap();
        assert!(status.is_none(), "the run ended ({status:?}) before {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// SIGKILL leaves what it leaves (records, perhaps a torn line, a stale `.lock`); the same
/// command resumes and ends with the records of an uninterrupted run.
#[test]
fn a_run_killed_mid_write_resumes_to_the_records_of_an_uninterrupted_run() {
    let temp = Temp::new("sigkill");
    let (killed, whole) = (temp.0.join("killed"), temp.0.join("whole"));
    let mut child = spawn(&kill_run(&killed));
    let records = killed.join("records.jsonl");
    wait_for(&mut child, "its first record", || lines(&records) >= 1);
    child.0.kill().unwrap();
    let status = child.0.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGKILL), "{status:?}");
    assert!(
        killed.join(".lock").exists(),
        "a killed run leaves its lock file"
    );
    let resumed = run(&kill_run(&killed));
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(0), "{stderr}");
    assert!(
        !killed.join(".lock").exists(),
        "the resume removes the lock file"
    );
    assert_eq!(run(&kill_run(&whole)).status.code(), Some(0));
    assert_eq!(
        records_without_times(&killed),
        records_without_times(&whole)
    );
}

/// A second process on a folder another is writing into is refused at once, in one line
/// naming the folder and the holder's pid: `ablate`, `minimal --run` and `report --repair`.
#[test]
fn a_second_process_on_one_out_is_refused_naming_the_holder() {
    let temp = Temp::new("two");
    let dir = temp.0.join("run");
    let mut args = kill_run(&dir);
    let at = args.iter().position(|a| a == "--depths").unwrap() + 1;
    args[at] = "13".into();
    let mut first = spawn(&args);
    let lock = dir.join(".lock");
    let pid = format!("pid {}", first.0.id());
    let records = dir.join("records.jsonl");
    let holds = || std::fs::read_to_string(&lock).is_ok_and(|t| t.contains(&pid));
    wait_for(&mut first, "its lock and first record", || {
        holds() && lines(&records) >= 1
    });
    let expected = [text(&dir), "is in use by another cutoff", &pid];
    one_line_error(&run(&args), "a second ablate", &expected);
    let minimal = cutoff(&["minimal", "--run", text(&dir), "-q"]);
    one_line_error(&minimal, "minimal --run", &expected);
    let repair = cutoff(&["report", text(&dir), "--repair"]);
    one_line_error(&repair, "report --repair", &expected);
    let status = first.0.try_wait().unwrap();
    assert!(status.is_none(), "the first run ended ({status:?})");
}

/// Output into a full disk: stdout redirected to /dev/full is a one-line error (exit 2), not
/// a panic; a run whose records file cannot grow (a file-size limit: the kernel refuses
/// the write as on a full disk) stops with one line saying the records are kept, and the
/// same command, with room again, ends with the records of an uninterrupted run.
#[test]
fn a_full_disk_is_a_one_line_error_and_the_run_resumes() {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["perft", "--game", "kalah", "--depth", "2"])
        .stdout(full)
        .output()
        .unwrap();
    one_line_error(&out, "perft > /dev/full", &["No space left on device"]);

    let temp = Temp::new("full");
    let (limited, whole) = (temp.0.join("limited"), temp.0.join("whole"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_cutoff"));
    command
        .args(small_run(&limited))
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the child only calls async-signal-safe functions:
    // signal(2) (a write past the limit then fails with EFBIG instead of killing the
    // process) and setrlimit(2).
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 8000,
                rlim_max: 8000,
            };
            match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let out = command.output().unwrap();
    let records = limited.join("records.jsonl");
    let expected = [
        text(&records),
        "File too large",
        "the same command resumes the run",
    ];
    one_line_error(&out, "ablate past the file-size limit", &expected);
    assert!(lines(&records) > 0, "no record was kept");
    let resumed = run(&small_run(&limited));
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(0), "{stderr}");
    assert_eq!(run(&small_run(&whole)).status.code(), Some(0));
    assert_eq!(
        records_without_times(&limited),
        records_without_times(&whole)
    );
}
