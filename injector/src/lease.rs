//! The per-GPU sampler lease across processes and containers: an exclusive,
//! non-blocking `flock` on `<dir>/<GPU UUID>.lock`, taken, kept and released only on
//! the collector thread (the application's threads never touch a file). The kernel
//! releases a `flock` when its process dies, so a crash never leaves a stale lease,
//! and a lock file left behind by a dead process is just a file.
//!
//! The directory (`GPU_OTEL_PC_LEASE_DIR`) must be one every process that may sample
//! the same GPUs sees as the same directory: by default a directory under `/tmp`,
//! which every process of one container shares; across containers, a node-wide
//! directory mounted into each of them (a `hostPath` in Kubernetes). It is created,
//! world-writable and sticky like `/tmp` (so other users' processes can lock too), only
//! where it is the default; a configured directory must exist, since creating a
//! missing mount point would coordinate inside one container while looking node-wide.
//! Without a usable directory, or for a GPU whose lock cannot be opened, coordination is
//! absent: the process samples as before, and a failed session's step-down is the last
//! line of defence (logged once).
//!
//! A lease is released with `LOCK_UN`, not only by closing its file: a `flock` belongs to
//! the open file description, which a `fork()` child (a PyTorch DataLoader worker) shares,
//! and a child's copy would otherwise keep the lock after the parent let go. The child
//! also closes its copies at once (the injector's fork handler closes [`held_fds`]), so a
//! parent killed while holding frees the GPU even while its children live on.
//!
//! [`Keeper`] puts the files under the pure policy of [`crate::sampling::lease`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};

use crate::sampling::lease::{LeaseConfig, LeaseCounters, LeasePolicy, Step};

/// The default lease directory: shared by every process of one container.
pub const DEFAULT_DIR: &str = "/tmp/gpu-otel-pc-lease";

/// Where the leases live, as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseDirSetting {
    /// [`DEFAULT_DIR`], created if missing.
    Default,
    /// A directory the user named (`GPU_OTEL_PC_LEASE_DIR`); it must exist.
    Path(PathBuf),
    /// `GPU_OTEL_PC_LEASE_DIR=off`: no coordination.
    Off,
}

/// Why there is no coordination through a lease directory.
#[derive(Debug, thiserror::Error)]
pub enum LeaseDirError {
    /// Turned off by the user.
    #[error("GPU_OTEL_PC_LEASE_DIR=off")]
    Off,
    /// The configured directory does not exist.
    #[error(
        "the lease directory {0} does not exist (a node-wide directory must be mounted there)"
    )]
    Missing(PathBuf),
    /// It exists but is not a directory.
    #[error("{0} is not a directory")]
    NotADirectory(PathBuf),
    /// The default directory could not be made.
    #[error("cannot create the lease directory {path}: {source}")]
    Create {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// A usable lease directory.
#[derive(Debug, Clone)]
pub struct LeaseDir {
    path: PathBuf,
}

/// File descriptors of the leases held now (-1: a free slot), for a `fork()` child to
/// close: atomics only, so the child handler stays async-signal-safe.
static HELD_FDS: [AtomicI32; 64] = [const { AtomicI32::new(-1) }; 64];

/// The file descriptors of the leases this process holds (-1: none in that slot).
pub(crate) fn held_fds() -> &'static [AtomicI32] {
    &HELD_FDS
}

/// One GPU's lease, held while this value lives.
#[derive(Debug)]
pub struct Lease {
    file: File,
}

impl Lease {
    fn new(file: File) -> Self {
        let fd = file.as_raw_fd();
        // More leases than slots (64 GPUs) only lose the fork-child clean-up of the rest.
        let _ = HELD_FDS.iter().any(|s| {
            s.compare_exchange(-1, fd, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        });
        Lease { file }
    }

    /// Its file descriptor.
    #[cfg(test)]
    pub(crate) fn raw_fd(&self) -> i32 {
        self.file.as_raw_fd()
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        // Unlocks the description a forked child may share, then forgets the fd before
        // the file closes it (a later file may get the same number).
        let _ = self.file.unlock();
        let fd = self.file.as_raw_fd();
        for s in &HELD_FDS {
            let _ = s.compare_exchange(fd, -1, Ordering::AcqRel, Ordering::Relaxed);
        }
    }
}

impl LeaseDir {
    /// The directory `setting` names, made if it is the default.
    pub fn open(setting: &LeaseDirSetting) -> Result<LeaseDir, LeaseDirError> {
        let path = match setting {
            LeaseDirSetting::Off => return Err(LeaseDirError::Off),
            LeaseDirSetting::Default => {
                let path = PathBuf::from(DEFAULT_DIR);
                if !path.exists() {
                    make_shared_dir(&path)?;
                }
                path
            }
            LeaseDirSetting::Path(p) => {
                if !p.exists() {
                    return Err(LeaseDirError::Missing(p.clone()));
                }
                p.clone()
            }
        };
        if !path.is_dir() {
            return Err(LeaseDirError::NotADirectory(path));
        }
        Ok(LeaseDir { path })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The lock file of `gpu` (its UUID; anything but letters, digits, `-`, `.` and
    /// `_` becomes `_`).
    pub fn file_of(&self, gpu: &str) -> PathBuf {
        let name: String = gpu
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.path.join(format!("{name}.lock"))
    }

    /// Tries to take `gpu`'s lease without waiting: `Ok(None)` when another process
    /// holds it, `Err` when its lock cannot be opened or locked at all (no
    /// coordination for that GPU).
    pub fn try_take(&self, gpu: &str) -> io::Result<Option<Lease>> {
        let path = self.file_of(gpu);
        let file = match OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o666)
            .open(&path)
        {
            Ok(f) => {
                // Another user's process must be able to open it too, whatever our
                // umask made of the mode (only the owner may change it: best effort).
                let _ = f.set_permissions(std::fs::Permissions::from_mode(0o666));
                f
            }
            // A lock file another user made without write access for us: a lock
            // needs no write access.
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => File::open(&path)?,
            Err(e) => return Err(e),
        };
        match file.try_lock() {
            Ok(()) => Ok(Some(Lease::new(file))),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }
}

/// Makes the default directory, world-writable and sticky, as `/tmp` is.
fn make_shared_dir(path: &Path) -> Result<(), LeaseDirError> {
    let made = std::fs::create_dir_all(path)
        .and_then(|()| std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o1777)));
    match made {
        Ok(()) => Ok(()),
        // Another process made it first.
        Err(_) if path.is_dir() => Ok(()),
        Err(source) => Err(LeaseDirError::Create {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// The leases of one process: the policy over the lock files of the GPUs it samples.
/// Lives on the collector thread.
#[derive(Debug)]
pub struct Keeper {
    dir: Option<LeaseDir>,
    policy: LeasePolicy,
    held: BTreeMap<String, Lease>,
    /// GPUs whose lock could not be opened: sampled without coordination.
    uncoordinated: BTreeSet<String>,
    /// Lines for the log, taken by [`Keeper::take_log`].
    log: Vec<String>,
    warned_busy: bool,
}

/// What one tick of the [`Keeper`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    /// The process may serialize now.
    pub permit: bool,
    /// The counters.
    pub counters: LeaseCounters,
}

impl Keeper {
    /// A keeper over `dir` (none: no coordination, `why` logged once).
    pub fn new(dir: Result<LeaseDir, LeaseDirError>, cfg: LeaseConfig) -> Self {
        let mut log = Vec::new();
        let dir = match dir {
            Ok(d) => Some(d),
            Err(LeaseDirError::Off) => None,
            Err(e) => {
                log.push(format!(
                    "PC sampler lease: {e}; serialized PC sampling runs without coordination with other processes on its GPUs (a second sampler on a GPU makes one session fail, which is then detected and stepped down)"
                ));
                None
            }
        };
        Keeper {
            dir,
            policy: LeasePolicy::new(cfg),
            held: BTreeMap::new(),
            uncoordinated: BTreeSet::new(),
            log,
            warned_busy: false,
        }
    }

    /// Whether processes are coordinated through a lease directory.
    pub fn coordinated(&self) -> bool {
        self.dir.is_some()
    }

    /// The policy's state.
    pub fn policy(&self) -> &LeasePolicy {
        &self.policy
    }

    /// GPUs whose lease is held now.
    pub fn held(&self) -> impl Iterator<Item = &str> {
        self.held.keys().map(String::as_str)
    }

    /// Log lines made since the last call.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// One period of the collector: `gpus` are the GPUs the process has PC-sampling
    /// contexts on (UUIDs), `wanted` whether it wants to serialize, `serializing`
    /// whether its runtime still serializes or may. `jitter_ns` is a random draw below
    /// the retry period. Takes or releases lock files as the policy says.
    pub fn tick(
        &mut self,
        now: u64,
        gpus: &[String],
        wanted: bool,
        serializing: bool,
        jitter_ns: u64,
    ) -> Grant {
        let Some(dir) = self.dir.clone() else {
            return Grant {
                permit: wanted,
                counters: self.policy.counters(),
            };
        };
        let wanted = wanted && !gpus.is_empty();
        let needed: Vec<&String> = gpus
            .iter()
            .filter(|g| !self.uncoordinated.contains(*g))
            .collect();
        let covered = needed.iter().all(|g| self.held.contains_key(*g));
        match self.policy.tick(now, wanted, serializing, covered) {
            Step::Wait => {}
            Step::Release => {
                self.held.clear();
                self.policy.released(now);
            }
            Step::Try => {
                let taken = self.take_all(&dir, &needed);
                self.policy.tried(now, taken, jitter_ns);
            }
        }
        Grant {
            permit: self.policy.permit(),
            counters: self.policy.counters(),
        }
    }

    /// Takes the leases of `needed` not held yet: all of them, or (when one is busy)
    /// gives back those this call took. A GPU whose lock cannot be used at all is left
    /// uncoordinated (logged once) and does not block the others.
    fn take_all(&mut self, dir: &LeaseDir, needed: &[&String]) -> bool {
        let mut taken = Vec::new();
        for gpu in needed {
            if self.held.contains_key(*gpu) {
                continue;
            }
            match dir.try_take(gpu) {
                Ok(Some(lease)) => taken.push(((*gpu).clone(), lease)),
                Ok(None) => {
                    if !self.warned_busy {
                        self.warned_busy = true;
                        self.log.push(format!(
                            "another process holds the PC sampler lease of {gpu} ({}); this process runs tier off (gpu.pc_sampling.tier.reason=waiting_for_gpu_sampler) until it gets its turn",
                            dir.file_of(gpu).display()
                        ));
                    }
                    // Dropping `taken` gives back what this try took.
                    return false;
                }
                Err(e) => {
                    self.log.push(format!(
                        "PC sampler lease of {gpu}: cannot lock {} ({e}); that GPU is sampled without coordination",
                        dir.file_of(gpu).display()
                    ));
                    self.uncoordinated.insert((*gpu).clone());
                }
            }
        }
        self.held.extend(taken);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    fn fast() -> LeaseConfig {
        LeaseConfig {
            hold_ns: 1_000 * MS,
            rest_ns: 200 * MS,
            retry_ns: 50 * MS,
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gpu-otel-lease-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn one_lease_per_gpu_and_a_second_open_of_it_is_refused_until_the_first_is_dropped() {
        let dir = LeaseDir::open(&LeaseDirSetting::Path(temp_dir("one"))).unwrap();
        let a = dir.try_take("GPU-1").unwrap().expect("free");
        assert!(dir.try_take("GPU-1").unwrap().is_none(), "held");
        assert!(dir.try_take("GPU-2").unwrap().is_some(), "another GPU");
        drop(a);
        assert!(dir.try_take("GPU-1").unwrap().is_some());
    }

    #[test]
    fn a_lock_file_left_behind_is_not_a_lease() {
        let d = temp_dir("stale");
        std::fs::write(d.join("GPU-1.lock"), b"left by a dead process").unwrap();
        let dir = LeaseDir::open(&LeaseDirSetting::Path(d)).unwrap();
        assert!(dir.try_take("GPU-1").unwrap().is_some());
    }

    #[test]
    fn a_gpu_name_is_a_safe_file_name() {
        let dir = LeaseDir::open(&LeaseDirSetting::Path(temp_dir("names"))).unwrap();
        assert_eq!(
            dir.file_of("MIG-1b2c/../x y").file_name().unwrap(),
            "MIG-1b2c_.._x_y.lock"
        );
    }

    #[test]
    fn a_missing_configured_directory_means_no_coordination_and_says_so() {
        let missing = temp_dir("missing").join("not-mounted");
        let dir = LeaseDir::open(&LeaseDirSetting::Path(missing.clone()));
        assert!(matches!(&dir, Err(LeaseDirError::Missing(p)) if *p == missing));
        assert!(!missing.exists(), "a configured directory is never made");
        let mut k = Keeper::new(dir, fast());
        assert!(!k.coordinated());
        let log = k.take_log();
        assert!(
            log.len() == 1 && log[0].contains("does not exist"),
            "{log:?}"
        );
        // Sampling goes on as before: permitted whenever wanted.
        assert!(k.tick(0, &["GPU-1".into()], true, false, 0).permit);
    }

    #[test]
    fn a_directory_that_cannot_be_made_or_is_a_file_means_no_coordination() {
        let d = temp_dir("file");
        let file = d.join("plain");
        std::fs::write(&file, b"").unwrap();
        assert!(matches!(
            LeaseDir::open(&LeaseDirSetting::Path(file.clone())),
            Err(LeaseDirError::NotADirectory(_))
        ));
        // Under a regular file nothing can be made, not even by root.
        let under = file.join("leases");
        let err = make_shared_dir(&under).unwrap_err();
        assert!(matches!(err, LeaseDirError::Create { .. }));
    }

    #[test]
    fn a_gpu_whose_lock_cannot_be_opened_is_sampled_uncoordinated_and_the_others_still_lock() {
        let d = temp_dir("unopenable");
        // A directory where the lock file should be: opening it fails.
        std::fs::create_dir_all(d.join("GPU-bad.lock")).unwrap();
        let mut k = Keeper::new(LeaseDir::open(&LeaseDirSetting::Path(d.clone())), fast());
        let gpus = vec!["GPU-bad".to_string(), "GPU-good".to_string()];
        assert!(k.tick(0, &gpus, true, false, 0).permit);
        assert_eq!(k.held().collect::<Vec<_>>(), vec!["GPU-good"]);
        assert!(k.take_log()[0].contains("GPU-bad"));
        // The coordinated one really is held.
        let other = LeaseDir::open(&LeaseDirSetting::Path(d)).unwrap();
        assert!(other.try_take("GPU-good").unwrap().is_none());
    }

    #[test]
    fn two_keepers_on_one_gpu_take_turns_and_never_hold_at_once() {
        let d = temp_dir("turns");
        let open = || LeaseDir::open(&LeaseDirSetting::Path(d.clone()));
        let mut a = Keeper::new(open(), fast());
        let mut b = Keeper::new(open(), fast());
        let gpus = vec!["GPU-1".to_string()];
        let (mut a_ser, mut b_ser) = (false, false);
        let mut turns = Vec::new();
        for t in 0..200u64 {
            let now = t * 20 * MS;
            let ga = a.tick(now, &gpus, true, a_ser, 0);
            let gb = b.tick(now, &gpus, true, b_ser, 0);
            // The runtime follows the permission at its next launch.
            a_ser = ga.permit;
            b_ser = gb.permit;
            assert!(!(ga.permit && gb.permit), "both permitted at {now}");
            let who = if ga.permit {
                "a"
            } else if gb.permit {
                "b"
            } else {
                ""
            };
            if !who.is_empty() && turns.last() != Some(&who) {
                turns.push(who);
            }
        }
        assert!(turns.len() >= 3, "the lease rotates: {turns:?}");
        let c = a.policy().counters();
        assert!(c.taken >= 1 && c.given_up >= 1 && c.waiting_ns > 0, "{c:?}");
    }

    #[test]
    fn a_gpu_set_is_taken_all_at_once_or_not_at_all() {
        let d = temp_dir("sets");
        let open = || LeaseDir::open(&LeaseDirSetting::Path(d.clone()));
        let other = open().unwrap().try_take("GPU-2").unwrap().expect("free");
        let mut k = Keeper::new(open(), fast());
        let gpus = vec!["GPU-1".to_string(), "GPU-2".to_string()];
        assert!(!k.tick(0, &gpus, true, false, 0).permit);
        assert_eq!(k.held().count(), 0, "GPU-1 was given back");
        assert!(open().unwrap().try_take("GPU-1").unwrap().is_some());
        drop(other);
        assert!(k.tick(100 * MS, &gpus, true, false, 0).permit);
        assert_eq!(k.held().count(), 2);
    }
}
