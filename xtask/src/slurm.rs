//! `cargo xtask slurm-test [--if-possible]`: `deploy/slurm` against a real Slurm on this
//! machine. Installs Debian's `slurmctld slurmd slurm-client munge` when they are missing,
//! starts a private one-node cluster under `target/slurm-test/` (munged with its own key and
//! socket, slurmctld, slurmd, a generated `slurm.conf`), submits a small sharded Kalah
//! ablation with `deploy/slurm/submit.sh` (an array job with `--shard auto`, then the merge
//! job with `--dependency=afterok`), and checks that every shard recorded the shard Slurm
//! gave it and that the merged records equal an unsharded run's, times excluded.
//!
//! It stops exactly the daemons it started, by PID after checking `/proc/PID/comm`, also when
//! a step fails; it never touches a system-wide Slurm or munge. It needs root (slurmd
//! launches jobs as their user); with `--if-possible` a machine without root or apt-get is
//! a skip with a message, not an error.

use super::records::{load_records, without_times};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Debian's packages of a one-node cluster.
const PACKAGES: [&str; 4] = ["slurmctld", "slurmd", "slurm-client", "munge"];
/// The programs the test runs, all from those packages.
const PROGRAMS: [&str; 8] = [
    "munged",
    "mungekey",
    "slurmctld",
    "slurmd",
    "sbatch",
    "sinfo",
    "scontrol",
    "squeue",
];
/// The shards of the test's array job.
const SHARDS: usize = 4;
/// The ablation: every CAMMP technique added to alpha-beta, 3 positions, depths 1 to 4.
const ABLATION: [&str; 10] = [
    "--game",
    "kalah",
    "--set",
    "opening",
    "--plan",
    "add-one",
    "--depths",
    "1..4",
    "--positions",
    "3",
];

/// Why the test did not pass: a check failed (exit 1) or something could not run (exit 2).
enum Failure {
    Check(String),
    Error(String),
}

type Result<T> = std::result::Result<T, Failure>;

fn error(message: impl Into<String>) -> Failure {
    Failure::Error(message.into())
}

pub fn slurm_test(args: &[String]) -> ExitCode {
    let if_possible = match args {
        [] => false,
        [flag] if flag == "--if-possible" => true,
        _ => {
            eprintln!("error: usage: cargo xtask slurm-test [--if-possible]");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    if let Err(reason) = can_run() {
        if if_possible {
            println!("slurm-test skipped: {reason}");
            return ExitCode::SUCCESS;
        }
        eprintln!("error: slurm-test cannot run: {reason}");
        return ExitCode::from(2);
    }
    let outcome = install().and_then(|()| test(&super::root()));
    let seconds = start.elapsed().as_secs_f64();
    match outcome {
        Ok(searches) => {
            println!("slurm-test passed in {seconds:.1} s: {searches} searches merged from {SHARDS} Slurm array tasks equal the unsharded run's");
            ExitCode::SUCCESS
        }
        Err(Failure::Check(message)) => {
            eprintln!("slurm-test FAILED after {seconds:.1} s: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Error(message)) => {
            eprintln!("error: slurm-test after {seconds:.1} s: {message}");
            ExitCode::from(2)
        }
    }
}

/// Root is needed to launch jobs; apt-get only when something is missing.
fn can_run() -> std::result::Result<(), String> {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let root = status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().next())
        == Some("0");
    if !root {
        return Err("it needs root (slurmd launches the jobs)".into());
    }
    if !missing().is_empty() && !on_path("apt-get") {
        return Err(format!(
            "{} missing and no apt-get to install {}",
            missing().join(", "),
            PACKAGES.join(" ")
        ));
    }
    Ok(())
}

fn missing() -> Vec<&'static str> {
    PROGRAMS.into_iter().filter(|p| !on_path(p)).collect()
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

fn install() -> Result<()> {
    if missing().is_empty() {
        return Ok(());
    }
    println!(
        "installing {} (missing: {})",
        PACKAGES.join(" "),
        missing().join(", ")
    );
    run(crate::setup::apt_get().arg("update").arg("-q"))?;
    run(crate::setup::apt_get()
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(PACKAGES))?;
    match missing().as_slice() {
        [] => Ok(()),
        still => Err(error(format!(
            "still missing after apt-get: {}",
            still.join(", ")
        ))),
    }
}

/// The whole test in a fresh scratch folder; the number of searches compared.
fn test(root: &Path) -> Result<usize> {
    let scratch = super::target_dir().join("slurm-test");
    if scratch.exists() {
        fs::remove_dir_all(&scratch)
            .map_err(|e| error(format!("clearing {}: {e}", scratch.display())))?;
    }
    let cutoff = build_cutoff(root)?;
    let mut daemons = Daemons::default();
    let conf = start_cluster(&scratch, &mut daemons)?;
    let run_dir = scratch.join("run");
    let (array, merge) = submit(root, &conf, &cutoff, &run_dir)?;
    wait_for(&conf, &merge, Duration::from_secs(600))?;
    check_jobs(&conf, &array, &merge, &run_dir)?;
    check_shards(&run_dir)?;
    let unsharded = scratch.join("unsharded");
    run(Command::new(&cutoff)
        .arg("ablate")
        .args(ABLATION)
        .args(["--quiet", "--out"])
        .arg(&unsharded)
        .stdout(Stdio::null()))?;
    let searches = same_records(&run_dir.join("merged"), &unsharded)?;
    drop(daemons);
    Ok(searches)
}

fn build_cutoff(root: &Path) -> Result<PathBuf> {
    run(super::cargo()
        .args(["build", "--release", "--quiet", "--bin", "cutoff"])
        .current_dir(root))?;
    Ok(super::target_dir().join("release/cutoff"))
}

/// The daemons this test started, stopped in reverse order when dropped (also on failure).
#[derive(Default)]
struct Daemons(Vec<(&'static str, Child)>);

impl Daemons {
    /// Starts `program` in the foreground with its output in `log`.
    fn start(&mut self, program: &'static str, args: &[&str], log: &Path) -> Result<()> {
        let log_file =
            fs::File::create(log).map_err(|e| error(format!("{}: {e}", log.display())))?;
        let err_file = log_file.try_clone().map_err(|e| error(e.to_string()))?;
        let child = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(log_file)
            .stderr(err_file)
            .spawn()
            .map_err(|e| error(format!("starting {program}: {e}")))?;
        println!("started {program} (pid {})", child.id());
        self.0.push((program, child));
        Ok(())
    }
}

impl Drop for Daemons {
    fn drop(&mut self) {
        while let Some((program, mut child)) = self.0.pop() {
            stop(program, &mut child);
        }
    }
}

/// Stops our child `program` by its PID: SIGTERM if `/proc/PID/comm` still names it, then
/// up to 10 s for it to exit, then SIGKILL.
fn stop(program: &str, child: &mut Child) {
    let pid = child.id();
    let comm = fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    if comm.trim() != program {
        println!("{program} (pid {pid}) already exited");
        let _ = child.wait();
        return;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            println!("stopped {program} (pid {pid})");
            return;
        }
        sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    println!("killed {program} (pid {pid}) after 10 s");
}

/// munged, slurmctld and slurmd under `scratch`; the path of `slurm.conf` once the node is
/// idle.
fn start_cluster(scratch: &Path, daemons: &mut Daemons) -> Result<PathBuf> {
    let munge = scratch.join("munge");
    let slurm = scratch.join("slurm");
    for dir in [&munge, &slurm.join("state"), &slurm.join("spool")] {
        fs::create_dir_all(dir).map_err(|e| error(format!("{}: {e}", dir.display())))?;
    }
    // Other users may submit: the socket's folder is searchable by all.
    run(Command::new("chmod").arg("0711").arg(&munge))?;
    let key = munge.join("munge.key");
    run(Command::new("mungekey")
        .arg("--create")
        .arg(format!("--keyfile={}", key.display())))?;
    let socket = munge.join("munge.socket");
    let arg = |name: &str, path: &Path| format!("--{name}={}", path.display());
    let munged_args = [
        "-F".to_string(),
        "--force".into(),
        "--origin=127.0.0.1".into(),
        arg("key-file", &key),
        arg("socket", &socket),
        arg("log-file", &munge.join("munged.log")),
        arg("pid-file", &munge.join("munged.pid")),
        arg("seed-file", &munge.join("munged.seed")),
    ];
    let munged_args: Vec<&str> = munged_args.iter().map(String::as_str).collect();
    daemons.start("munged", &munged_args, &munge.join("munged.out"))?;
    wait_until("munged's socket", Duration::from_secs(10), || {
        Ok(socket.exists())
    })?;
    let host = output(Command::new("hostname").arg("-s"))?
        .trim()
        .to_string();
    let layout = node_layout(&output(Command::new("slurmd").arg("-C"))?)?;
    let conf = slurm.join("slurm.conf");
    let node = Node {
        host: host.clone(),
        layout,
        memory_mb: real_memory_mb()?,
        ports: (free_port()?, free_port()?),
    };
    let text = slurm_conf(&node, &slurm, &socket);
    fs::write(&conf, text).map_err(|e| error(format!("{}: {e}", conf.display())))?;
    let conf_text = conf.display().to_string();
    daemons.start(
        "slurmctld",
        &["-D", "-c", "-i", "-f", &conf_text],
        &slurm.join("slurmctld.out"),
    )?;
    daemons.start(
        "slurmd",
        &["-D", "-N", &host, "-f", &conf_text],
        &slurm.join("slurmd.out"),
    )?;
    wait_until("the node to be idle", Duration::from_secs(30), || {
        let state = output(
            Command::new("sinfo")
                .args(["-h", "-o", "%T"])
                .env("SLURM_CONF", &conf),
        );
        Ok(state.is_ok_and(|s| s.trim() == "idle"))
    })?;
    Ok(conf)
}

/// The CPU layout from `slurmd -C`'s first line (`CPUs=2 Boards=1 ...`), without the node's
/// name and memory.
fn node_layout(slurmd_c: &str) -> Result<String> {
    let line = slurmd_c
        .lines()
        .find(|l| l.starts_with("NodeName="))
        .ok_or_else(|| {
            error(format!(
                "no NodeName= line in `slurmd -C`'s output: {slurmd_c}"
            ))
        })?;
    Ok(line
        .split_whitespace()
        .filter(|w| !w.starts_with("NodeName=") && !w.starts_with("RealMemory="))
        .collect::<Vec<_>>()
        .join(" "))
}

/// 90% of the available memory in MB: claiming more than the machine has drains the node.
fn real_memory_mb() -> Result<u64> {
    let meminfo =
        fs::read_to_string("/proc/meminfo").map_err(|e| error(format!("/proc/meminfo: {e}")))?;
    let kb = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .ok_or_else(|| error("no MemAvailable in /proc/meminfo"))?;
    Ok(kb / 1024 * 9 / 10)
}

/// A port nobody listens on now (the system picks it), so neither a system-wide Slurm nor
/// a second test at the same time is disturbed.
fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|e| error(format!("finding a free port: {e}")))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| error(e.to_string()))
}

/// The one node: its name, CPU layout, memory and the daemons' ports.
struct Node {
    host: String,
    layout: String,
    memory_mb: u64,
    /// slurmctld's and slurmd's.
    ports: (u16, u16),
}

/// A minimal one-node `slurm.conf` with state, spool and logs under `dir`.
fn slurm_conf(node: &Node, dir: &Path, socket: &Path) -> String {
    let Node {
        host,
        layout,
        memory_mb,
        ports,
    } = node;
    let dir = dir.display();
    format!(
        "# Generated by `cargo xtask slurm-test`: a private one-node cluster.
ClusterName=cutoff-test
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
AuthType=auth/munge
AuthInfo=socket={socket}
SlurmUser=root
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
MailProg=/bin/true
MinJobAge=600
# Array tasks start at once rather than in batches 3 s apart.
SchedulerParameters=batch_sched_delay=0
# A merge job whose array failed is cancelled rather than pending forever.
DependencyParameters=kill_invalid_depend
NodeName={host} NodeAddr=127.0.0.1 {layout} RealMemory={memory_mb}
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
",
        ctld_port = ports.0,
        d_port = ports.1,
        socket = socket.display(),
    )
}

/// `deploy/slurm/submit.sh`: the array and the merge job's ids.
fn submit(root: &Path, conf: &Path, cutoff: &Path, run_dir: &Path) -> Result<(String, String)> {
    let printed = output(
        Command::new("bash")
            .arg(root.join("deploy/slurm/submit.sh"))
            .arg(SHARDS.to_string())
            .arg(run_dir)
            .args(ABLATION)
            .env("SLURM_CONF", conf)
            .env("CUTOFF", cutoff),
    )?;
    print!("{printed}");
    let id_after = |words: &str| {
        printed
            .split_once(words)
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .map(|id| id.trim_matches(|c: char| !c.is_ascii_digit()).to_string())
            .ok_or_else(|| error(format!("no `{words}` id in submit.sh's output: {printed}")))
    };
    Ok((id_after("array job ")?, id_after("merge job ")?))
}

/// Every `JobState=` of `scontrol show job ID` (one per array task).
fn job_states(conf: &Path, id: &str) -> Result<Vec<String>> {
    let shown = output(
        Command::new("scontrol")
            .args(["show", "job", id])
            .env("SLURM_CONF", conf),
    )?;
    Ok(shown
        .split_whitespace()
        .filter_map(|w| w.strip_prefix("JobState="))
        .map(str::to_string)
        .collect())
}

fn wait_for(conf: &Path, job: &str, limit: Duration) -> Result<()> {
    const RUNNING: [&str; 5] = [
        "PENDING",
        "CONFIGURING",
        "RUNNING",
        "COMPLETING",
        "SUSPENDED",
    ];
    wait_until(&format!("job {job} to end"), limit, || {
        let states = job_states(conf, job)?;
        Ok(!states.is_empty() && states.iter().all(|s| !RUNNING.contains(&s.as_str())))
    })
}

/// Every array task and the merge job completed; otherwise the failure with their logs.
fn check_jobs(conf: &Path, array: &str, merge: &str, run_dir: &Path) -> Result<()> {
    let (tasks, merged) = (job_states(conf, array)?, job_states(conf, merge)?);
    let done = |states: &[String]| states.iter().all(|s| s == "COMPLETED");
    if tasks.len() == SHARDS && done(&tasks) && done(&merged) {
        println!("array job {array}: {SHARDS} tasks COMPLETED; merge job {merge}: COMPLETED");
        return Ok(());
    }
    let mut logs = String::new();
    for entry in fs::read_dir(run_dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "out") {
            let text = fs::read_to_string(&path).unwrap_or_default();
            logs += &format!("\n--- {}\n{text}", path.display());
        }
    }
    Err(Failure::Check(format!(
        "array job {array} tasks {tasks:?}, merge job {merge} {merged:?}{logs}"
    )))
}

/// Shard folder `shard-k` (Slurm's task id k, from 0) recorded shard `k+1/SHARDS`.
fn check_shards(run_dir: &Path) -> Result<()> {
    for k in 0..SHARDS {
        let path = run_dir.join(format!("shard-{k}/manifest.json"));
        let text =
            fs::read_to_string(&path).map_err(|e| error(format!("{}: {e}", path.display())))?;
        let manifest: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| error(format!("{}: {e}", path.display())))?;
        let want = format!("{}/{SHARDS}", k + 1);
        if manifest["shard"] != want.as_str() {
            return Err(Failure::Check(format!(
                "{} records shard {}, not {want}",
                path.display(),
                manifest["shard"]
            )));
        }
    }
    Ok(())
}

/// The two run folders hold the same searches with the same results, times excluded; the
/// number of searches.
fn same_records(merged: &Path, unsharded: &Path) -> Result<usize> {
    let read = |dir: &Path| -> Result<Vec<String>> {
        let mut lines: Vec<String> = load_records(&dir.join("records.jsonl"))
            .map_err(error)?
            .into_iter()
            .map(|r| without_times(r).to_string())
            .collect();
        lines.sort();
        Ok(lines)
    };
    let (a, b) = (read(merged)?, read(unsharded)?);
    if a.is_empty() || a != b {
        let only_merged = a.iter().filter(|l| !b.contains(l)).count();
        let only_unsharded = b.iter().filter(|l| !a.contains(l)).count();
        return Err(Failure::Check(format!(
            "merged records ({}) differ from the unsharded run's ({}): {only_merged} only merged, {only_unsharded} only unsharded",
            a.len(),
            b.len()
        )));
    }
    println!(
        "merged records equal the unsharded run's: {} searches, times excluded",
        a.len()
    );
    Ok(a.len())
}

/// Polls `ready` every 100 ms until it is true or `limit` passes.
fn wait_until(what: &str, limit: Duration, mut ready: impl FnMut() -> Result<bool>) -> Result<()> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if ready()? {
            return Ok(());
        }
        sleep(Duration::from_millis(100));
    }
    Err(error(format!(
        "timed out after {} s waiting for {what}",
        limit.as_secs()
    )))
}

/// Runs `command`; an error when it cannot start or exits non-zero.
fn run(command: &mut Command) -> Result<()> {
    let status = command
        .status()
        .map_err(|e| error(format!("running {:?}: {e}", command.get_program())))?;
    if !status.success() {
        return Err(error(format!("{command:?} failed: {status}")));
    }
    Ok(())
}

/// Runs `command` and returns its stdout; an error with its stderr when it fails.
fn output(command: &mut Command) -> Result<String> {
    let out = command
        .output()
        .map_err(|e| error(format!("running {:?}: {e}", command.get_program())))?;
    if !out.status.success() {
        return Err(error(format!(
            "{command:?} failed: {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A private one-node cluster for other tasks (`cargo xtask mutants --slurm`): the same
/// daemons as the test's under `scratch`, stopped when this is dropped.
pub struct Cluster {
    _daemons: Daemons,
    /// Its `slurm.conf`, for the clients' `SLURM_CONF`.
    pub conf: PathBuf,
}

impl Cluster {
    /// Installs what is missing and starts the cluster in a fresh `scratch`; needs root.
    pub fn start(scratch: &Path) -> std::result::Result<Cluster, String> {
        can_run()?;
        let started = install().and_then(|()| {
            if scratch.exists() {
                fs::remove_dir_all(scratch)
                    .map_err(|e| error(format!("clearing {}: {e}", scratch.display())))?;
            }
            let mut daemons = Daemons::default();
            let conf = start_cluster(scratch, &mut daemons)?;
            Ok(Cluster {
                _daemons: daemons,
                conf,
            })
        });
        started.map_err(|failure| match failure {
            Failure::Check(message) | Failure::Error(message) => message,
        })
    }
}

/// Waits until every task of job `id` ended (at most `limit`), asking every 10 s: a long
/// job is not polled as often as the test's short ones.
pub fn wait_for_job(conf: &Path, id: &str, limit: Duration) -> std::result::Result<(), String> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        let states = job_states(conf, id).map_err(|failure| match failure {
            Failure::Check(message) | Failure::Error(message) => message,
        })?;
        let running = [
            "PENDING",
            "CONFIGURING",
            "RUNNING",
            "COMPLETING",
            "SUSPENDED",
        ];
        if !states.is_empty() && states.iter().all(|s| !running.contains(&s.as_str())) {
            return Ok(());
        }
        sleep(Duration::from_secs(10));
    }
    Err(format!(
        "job {id} still not done after {} s",
        limit.as_secs()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_layout_drops_name_and_memory() {
        let printed = "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=7937\nUpTime=0-01:02:03\n";
        let layout = node_layout(printed).ok().unwrap();
        assert_eq!(
            layout,
            "CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1"
        );
        let node = Node {
            host: "vm".into(),
            layout,
            memory_mb: 1000,
            ports: (1, 2),
        };
        let conf = slurm_conf(&node, Path::new("/s"), Path::new("/m/sock"));
        assert!(conf.contains("NodeName=vm NodeAddr=127.0.0.1 CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=1000\n"));
        assert!(conf.contains("AuthInfo=socket=/m/sock\n"));
    }
}
