//! A directory of files that fails the way disks fail (tests only), for the queue's
//! segment files and, through redb's storage backend, its database: an fsync that fails,
//! a write that finds the disk full (ENOSPC), a read that fails (EIO), a write torn by a
//! crash, and a crash at any step, after which only what reached the disk survives.
//!
//! The model: reads see every write (the page cache); a write is on the disk (survives a
//! crash) once a later sync of its file succeeded. A file's writes since its last
//! successful sync reach the disk in order, so at a crash or a failed sync any prefix of
//! them may be on disk, the last of that prefix torn at any byte (redb's assumptions:
//! byte writes are atomic, and a write changes no byte outside its range). A failed sync
//! leaves the writes it did not persist pending (still in the page cache, so a later
//! sync or crash may persist them). A file's length is metadata, on the disk at once. A
//! name created or removed is on the disk once the directory is synced. A crash kills
//! every handle of its generation (each use fails, as for a process that is gone); a
//! restart sees exactly the disk.
//!
//! Not modelled: a failed fsync that drops the unwritten pages from the page cache while
//! reads keep returning them (Linux after writeback errors on some file systems). No
//! store that reads through the page cache survives that without a restart that drops
//! the cache; see docs/receiver.md, "Fault model".

use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use redb::StorageBackend;

use super::fs::{Fs, SegmentFile};

/// What reaches the disk of the writes pending at a crash or a failed sync: per file, the
/// first `keep` (modulo their number plus one) whole, then `tear` bytes (modulo its
/// length) of the next one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Persist {
    pub keep: u16,
    pub tear: u16,
}

/// A fault armed to happen at the `at`-th I/O call (a write, a length change, a sync of a
/// file or of the directory) from now.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Fault {
    /// The `at`-th call, if a sync, fails (else the next sync after it does).
    FailSync { at: u64, persist: Persist },
    /// Writes from the `at`-th on fail with ENOSPC, `count` of them; each writes `tear`
    /// bytes (modulo its length) before it fails.
    NoSpace { at: u64, count: u32, tear: u16 },
    /// The process dies during the `at`-th call: a write is torn after `tear` bytes.
    Crash {
        at: u64,
        tear: u16,
        persist: Persist,
    },
    /// Reads from the `at`-th read call on (reads are counted apart) fail with EIO,
    /// `count` of them.
    ReadFails { at: u64, count: u32 },
}

/// What the disk went through, for the test's statistics.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Stats {
    pub syncs_failed: u64,
    pub writes_failed: u64,
    pub crashes: u64,
    pub torn: u64,
    pub reads_failed: u64,
}

#[derive(Debug, Default)]
struct Inode {
    /// What survives a crash.
    disk: Vec<u8>,
    /// What reads see.
    cache: Vec<u8>,
    /// Writes since the last successful sync, in order.
    pending: Vec<(u64, Vec<u8>)>,
}

#[derive(Debug, Default)]
struct State {
    inodes: Vec<Inode>,
    /// The directory as the process sees it, and as it is on the disk.
    names: BTreeMap<String, usize>,
    disk_names: BTreeMap<String, usize>,
    /// Handles of an older generation belong to a process that died.
    generation: u64,
    /// The current generation died.
    dead: bool,
    /// I/O calls of this generation: writes, length changes and syncs; reads.
    calls: u64,
    reads: u64,
    faults: Vec<Fault>,
    stats: Stats,
}

fn write_at(buf: &mut Vec<u8>, offset: u64, data: &[u8]) {
    let (o, end) = (offset as usize, offset as usize + data.len());
    if buf.len() < end {
        buf.resize(end, 0);
    }
    buf[o..end].copy_from_slice(data);
}

impl State {
    /// Puts a prefix of each file's pending writes on the disk, as `p` says.
    fn persist(&mut self, p: Persist) {
        let mut torn = 0;
        for inode in &mut self.inodes {
            let n = inode.pending.len();
            let keep = usize::from(p.keep) % (n + 1);
            for (offset, data) in &inode.pending[..keep] {
                write_at(&mut inode.disk, *offset, data);
            }
            if let Some((offset, data)) = inode.pending.get(keep) {
                let tear = usize::from(p.tear) % data.len().max(1);
                if tear > 0 {
                    torn += 1;
                    write_at(&mut inode.disk, *offset, &data[..tear]);
                }
            }
        }
        self.stats.torn += torn;
    }

    fn die(&mut self, p: Persist) {
        self.persist(p);
        self.dead = true;
        self.stats.crashes += 1;
    }

    /// The fault armed for this call, removed, if any (NoSpace stays while it lasts).
    fn fault(&mut self, write: bool, sync: bool) -> Option<Fault> {
        self.calls += 1;
        let calls = self.calls;
        let i = self.faults.iter().position(|f| match *f {
            Fault::FailSync { at, .. } => sync && at <= calls,
            Fault::NoSpace { at, .. } => write && at <= calls,
            Fault::Crash { at, .. } => at == calls,
            Fault::ReadFails { .. } => false,
        })?;
        let f = self.faults[i];
        match &mut self.faults[i] {
            Fault::NoSpace { count, .. } if *count > 1 => *count -= 1,
            _ => {
                self.faults.remove(i);
            }
        }
        Some(f)
    }

    /// Whether this read fails.
    fn read_fails(&mut self) -> bool {
        self.reads += 1;
        let reads = self.reads;
        let Some(i) = self
            .faults
            .iter()
            .position(|f| matches!(*f, Fault::ReadFails { at, .. } if at <= reads))
        else {
            return false;
        };
        match &mut self.faults[i] {
            Fault::ReadFails { count, .. } if *count > 1 => *count -= 1,
            _ => {
                self.faults.remove(i);
            }
        }
        self.stats.reads_failed += 1;
        true
    }

    fn read(&mut self, ino: usize, offset: u64, len: usize, exact: bool) -> io::Result<Vec<u8>> {
        if self.read_fails() {
            return Err(io::Error::from_raw_os_error(5)); // EIO
        }
        let cache = &self.inodes[ino].cache;
        let start = (offset as usize).min(cache.len());
        let end = (offset as usize + len).min(cache.len());
        if exact && end - start < len {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "read past the end",
            ));
        }
        Ok(cache[start..end].to_vec())
    }

    fn write(&mut self, ino: usize, offset: u64, data: &[u8]) -> io::Result<()> {
        let (kept, result) = match self.fault(true, false) {
            Some(Fault::Crash { tear, persist, .. }) => {
                let tear = usize::from(tear) % data.len().max(1);
                (tear, Err(persist))
            }
            Some(Fault::NoSpace { tear, .. }) => {
                let tear = usize::from(tear) % data.len().max(1);
                self.stats.writes_failed += 1;
                (tear, Ok(Err(io::Error::from_raw_os_error(28)))) // ENOSPC
            }
            _ => (data.len(), Ok(Ok(()))),
        };
        let inode = &mut self.inodes[ino];
        write_at(&mut inode.cache, offset, &data[..kept]);
        inode.pending.push((offset, data[..kept].to_vec()));
        match result {
            Err(persist) => {
                self.die(persist);
                Err(gone())
            }
            Ok(r) => r,
        }
    }

    fn set_len(&mut self, ino: usize, len: u64) -> io::Result<()> {
        if let Some(Fault::Crash { persist, .. }) = self.fault(false, false) {
            self.die(persist);
            return Err(gone());
        }
        let len = len as usize;
        let inode = &mut self.inodes[ino];
        inode.cache.resize(len, 0);
        inode.disk.resize(len, 0);
        // Writes past a shortened end are gone.
        for (offset, data) in &mut inode.pending {
            let keep = len.saturating_sub(*offset as usize).min(data.len());
            data.truncate(keep);
        }
        Ok(())
    }

    /// Syncs a file (Some) or the directory (None).
    fn sync(&mut self, ino: Option<usize>) -> io::Result<()> {
        match self.fault(false, true) {
            Some(Fault::Crash { persist, .. }) => {
                self.die(persist);
                Err(gone())
            }
            Some(Fault::FailSync { persist, .. }) => {
                // Some of it may be on the disk; the rest stays in the cache, dirty.
                self.persist(persist);
                self.stats.syncs_failed += 1;
                Err(io::Error::from_raw_os_error(5)) // EIO
            }
            _ => {
                match ino {
                    Some(i) => {
                        let inode = &mut self.inodes[i];
                        inode.disk = inode.cache.clone();
                        inode.pending.clear();
                    }
                    None => self.disk_names = self.names.clone(),
                }
                Ok(())
            }
        }
    }
}

fn gone() -> io::Error {
    io::Error::other("the process died (simulated crash)")
}

/// The disk, shared by the test and every handle opened on it.
#[derive(Debug, Clone, Default)]
pub(crate) struct FaultyDisk {
    state: Arc<Mutex<State>>,
    /// redb's cache size.
    pub cache: usize,
}

impl FaultyDisk {
    /// An empty disk; redb gets a cache of `cache` bytes.
    pub(crate) fn new(cache: usize) -> FaultyDisk {
        FaultyDisk {
            state: Arc::default(),
            cache,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The state, if the process of `generation` is alive.
    fn alive(&self, generation: u64) -> io::Result<MutexGuard<'_, State>> {
        let s = self.state();
        if s.dead || s.generation != generation {
            return Err(gone());
        }
        Ok(s)
    }

    /// The directory, for the queue, as the current process.
    pub(crate) fn fs(&self) -> DiskFs {
        DiskFs {
            disk: self.clone(),
            generation: self.state().generation,
        }
    }

    /// Arms `fault`; `at` counts from now.
    pub(crate) fn arm(&self, fault: Fault) {
        let mut s = self.state();
        let (now, reads) = (s.calls, s.reads);
        let f = match fault {
            Fault::ReadFails { at, count } => Fault::ReadFails {
                at: reads + at,
                count,
            },
            Fault::FailSync { at, persist } => Fault::FailSync {
                at: now + at,
                persist,
            },
            Fault::NoSpace { at, count, tear } => Fault::NoSpace {
                at: now + at,
                count,
                tear,
            },
            Fault::Crash { at, tear, persist } => Fault::Crash {
                at: now + at,
                tear,
                persist,
            },
        };
        s.faults.push(f);
    }

    /// The process dies now.
    pub(crate) fn crash(&self, persist: Persist) {
        let mut s = self.state();
        if !s.dead {
            s.die(persist);
        }
    }

    /// Whether the process of `generation` died.
    pub(crate) fn dead(&self, generation: u64) -> bool {
        let s = self.state();
        s.dead || s.generation != generation
    }

    pub(crate) fn generation(&self) -> u64 {
        self.state().generation
    }

    /// A new process: it sees the disk; no fault is armed.
    pub(crate) fn restart(&self) {
        let mut s = self.state();
        s.generation += 1;
        s.dead = false;
        s.names = s.disk_names.clone();
        for inode in &mut s.inodes {
            inode.cache = inode.disk.clone();
            inode.pending.clear();
        }
        s.faults.clear();
        s.calls = 0;
        s.reads = 0;
    }

    /// No more faults (those armed and not yet hit are dropped).
    pub(crate) fn heal(&self) {
        self.state().faults.clear();
    }

    pub(crate) fn stats(&self) -> Stats {
        self.state().stats
    }

    /// Files in the directory, as the process sees it.
    pub(crate) fn files(&self) -> usize {
        self.state().names.len()
    }
}

/// The directory as one process sees it.
#[derive(Debug)]
pub(crate) struct DiskFs {
    disk: FaultyDisk,
    generation: u64,
}

/// One open file.
#[derive(Debug)]
pub(crate) struct Handle {
    disk: FaultyDisk,
    generation: u64,
    ino: usize,
}

impl DiskFs {
    fn handle(&self, ino: usize) -> Handle {
        Handle {
            disk: self.disk.clone(),
            generation: self.generation,
            ino,
        }
    }

    /// The file `name`, created empty (or emptied) when `create`.
    fn open_or_create(&self, name: &str, create: bool) -> io::Result<Handle> {
        let mut s = self.disk.alive(self.generation)?;
        let ino = match s.names.get(name) {
            Some(&ino) => {
                if create {
                    s.set_len(ino, 0)?;
                }
                ino
            }
            None if create => {
                s.inodes.push(Inode::default());
                let ino = s.inodes.len() - 1;
                s.names.insert(name.to_string(), ino);
                ino
            }
            None => return Err(io::Error::from(io::ErrorKind::NotFound)),
        };
        Ok(self.handle(ino))
    }
}

impl Fs for DiskFs {
    fn create(&self, name: &str) -> io::Result<Box<dyn SegmentFile>> {
        Ok(Box::new(self.open_or_create(name, true)?))
    }

    fn open(&self, name: &str) -> io::Result<Box<dyn SegmentFile>> {
        Ok(Box::new(self.open_or_create(name, false)?))
    }

    fn list(&self) -> io::Result<Vec<String>> {
        Ok(self
            .disk
            .alive(self.generation)?
            .names
            .keys()
            .cloned()
            .collect())
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        let mut s = self.disk.alive(self.generation)?;
        s.names
            .remove(name)
            .map(|_| ())
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    fn sync_dir(&self) -> io::Result<()> {
        self.disk.alive(self.generation)?.sync(None)
    }

    fn open_db(&self) -> Result<redb::Database, redb::DatabaseError> {
        let io = |e| redb::DatabaseError::Storage(redb::StorageError::Io(e));
        let existing = self
            .disk
            .alive(self.generation)
            .map_err(io)?
            .names
            .get("queue.redb")
            .copied();
        let ino = match existing {
            Some(ino) => ino,
            None => self.open_or_create("queue.redb", true).map_err(io)?.ino,
        };
        redb::Builder::new()
            .set_cache_size(self.disk.cache)
            .create_with_backend(self.handle(ino))
    }
}

impl SegmentFile for Handle {
    fn write_at(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.disk
            .alive(self.generation)?
            .write(self.ino, offset, data)
    }

    fn read_at(&self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        self.disk
            .alive(self.generation)?
            .read(self.ino, offset, len, false)
    }

    fn len(&self) -> io::Result<u64> {
        Ok(self.disk.alive(self.generation)?.inodes[self.ino]
            .cache
            .len() as u64)
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        self.disk.alive(self.generation)?.set_len(self.ino, len)
    }

    fn sync(&self) -> io::Result<()> {
        self.disk.alive(self.generation)?.sync(Some(self.ino))
    }
}

impl StorageBackend for Handle {
    fn len(&self) -> io::Result<u64> {
        SegmentFile::len(self)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let data = self
            .disk
            .alive(self.generation)?
            .read(self.ino, offset, out.len(), true)?;
        out.copy_from_slice(&data);
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        SegmentFile::set_len(self, len)
    }

    fn sync_data(&self) -> io::Result<()> {
        self.sync()
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.write_at(offset, data)
    }
}
