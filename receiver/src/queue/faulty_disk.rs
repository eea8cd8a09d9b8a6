//! A disk for redb that fails the way disks fail (tests only): an fsync that fails, a
//! write that finds the disk full (ENOSPC), a read that fails (EIO), a write torn by a
//! crash, and a crash at any step, after which only what reached the disk survives.
//!
//! The model: reads see every write (the page cache); a write is on the disk (survives a
//! crash) once a later `sync_data` succeeded. Writes since the last successful sync reach
//! the disk in order, so at a crash or a failed sync any prefix of them may be on disk,
//! the last of that prefix torn at any byte (redb's assumptions: byte writes are atomic,
//! and a write changes no byte outside its range). A failed sync leaves the writes it did
//! not persist pending (still in the page cache, so a later sync or crash may persist
//! them). A crash kills every handle of its generation (each use fails, as for a process
//! that is gone); a restart sees exactly the disk.
//!
//! Not modelled: a failed fsync that drops the unwritten pages from the page cache while
//! reads keep returning them (Linux after writeback errors on some file systems). No
//! store that reads through the page cache survives that without a restart that drops
//! the cache; see docs/receiver.md, "Fault model".

use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use redb::StorageBackend;

/// What reaches the disk of the writes pending at a crash or a failed sync: the first
/// `keep` (modulo their number plus one) whole, then `tear` bytes (modulo its length) of
/// the next one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Persist {
    pub keep: u16,
    pub tear: u16,
}

/// A fault armed to happen at the `at`-th I/O call (write, set_len or sync) from now.
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
struct State {
    /// What survives a crash.
    disk: Vec<u8>,
    /// What reads see.
    cache: Vec<u8>,
    /// Writes since the last successful sync, in order.
    pending: Vec<(u64, Vec<u8>)>,
    /// Handles of an older generation belong to a process that died.
    generation: u64,
    /// The current generation died.
    dead: bool,
    /// I/O calls of this generation: writes, set_len and syncs; reads.
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
    /// Puts a prefix of the pending writes on the disk, as `p` says.
    fn persist(&mut self, p: Persist) {
        let n = self.pending.len();
        let keep = usize::from(p.keep) % (n + 1);
        for (offset, data) in &self.pending[..keep] {
            write_at(&mut self.disk, *offset, data);
        }
        if let Some((offset, data)) = self.pending.get(keep) {
            let tear = usize::from(p.tear) % data.len().max(1);
            if tear > 0 {
                self.stats.torn += 1;
                write_at(&mut self.disk, *offset, &data[..tear]);
            }
        }
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
}

fn gone() -> io::Error {
    io::Error::other("the process died (simulated crash)")
}

/// The disk, shared by the test and every handle redb opens on it.
#[derive(Debug, Clone, Default)]
pub(crate) struct FaultyDisk(Arc<Mutex<State>>);

impl FaultyDisk {
    fn state(&self) -> MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A handle for redb, of the current generation.
    pub(crate) fn handle(&self) -> Handle {
        Handle {
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
        s.cache = s.disk.clone();
        s.pending.clear();
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
}

/// One open of the disk by redb.
#[derive(Debug)]
pub(crate) struct Handle {
    disk: FaultyDisk,
    generation: u64,
}

impl Handle {
    fn state(&self) -> io::Result<MutexGuard<'_, State>> {
        let s = self.disk.state();
        if s.dead || s.generation != self.generation {
            return Err(gone());
        }
        Ok(s)
    }
}

impl StorageBackend for Handle {
    fn len(&self) -> io::Result<u64> {
        Ok(self.state()?.cache.len() as u64)
    }

    fn read(&self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        let mut s = self.state()?;
        if s.read_fails() {
            return Err(io::Error::from_raw_os_error(5)); // EIO
        }
        let end = offset as usize + len;
        if end > s.cache.len() {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "read past the end",
            ));
        }
        Ok(s.cache[offset as usize..end].to_vec())
    }

    /// A file's length is metadata: on the disk at once (growing adds zeros, which is
    /// what a crash leaves of unwritten pages anyway).
    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut s = self.state()?;
        if let Some(Fault::Crash { persist, .. }) = s.fault(false, false) {
            s.die(persist);
            return Err(gone());
        }
        let len = len as usize;
        s.cache.resize(len, 0);
        s.disk.resize(len, 0);
        // Writes past a shrunk end are gone.
        for (offset, data) in &mut s.pending {
            let keep = len.saturating_sub(*offset as usize).min(data.len());
            data.truncate(keep);
        }
        Ok(())
    }

    fn sync_data(&self, _eventual: bool) -> io::Result<()> {
        let mut s = self.state()?;
        match s.fault(false, true) {
            Some(Fault::Crash { persist, .. }) => {
                s.die(persist);
                Err(gone())
            }
            Some(Fault::FailSync { persist, .. }) => {
                // Some of it may be on the disk; the rest stays in the cache, dirty.
                s.persist(persist);
                s.stats.syncs_failed += 1;
                Err(io::Error::from_raw_os_error(5)) // EIO
            }
            _ => {
                s.disk = s.cache.clone();
                s.pending.clear();
                Ok(())
            }
        }
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut s = self.state()?;
        match s.fault(true, false) {
            Some(Fault::Crash { tear, persist, .. }) => {
                let tear = usize::from(tear) % data.len().max(1);
                write_at(&mut s.cache, offset, &data[..tear]);
                s.pending.push((offset, data[..tear].to_vec()));
                s.die(persist);
                Err(gone())
            }
            Some(Fault::NoSpace { tear, .. }) => {
                let tear = usize::from(tear) % data.len().max(1);
                write_at(&mut s.cache, offset, &data[..tear]);
                s.pending.push((offset, data[..tear].to_vec()));
                s.stats.writes_failed += 1;
                Err(io::Error::from_raw_os_error(28)) // ENOSPC
            }
            _ => {
                write_at(&mut s.cache, offset, data);
                s.pending.push((offset, data.to_vec()));
                Ok(())
            }
        }
    }
}
