//! The files of the queue's directory: its redb database and its segment files. The
//! store reaches them only through [`Fs`], so that the model test puts them on a disk
//! that fails (`faulty_disk.rs`); [`DirFs`] is the receiver's, over `queue.dir`: every
//! file is opened relative to the directory's descriptor, without following a link,
//! created 0600 and new (`O_EXCL`) when created ([`crate::private_files`]).

use std::fmt::Debug;
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};

use crate::private_files::{self, UnsafeFile};

/// The parameter that names the queue's directory, for messages.
const WHAT: &str = "queue.dir";
/// The database's file name.
pub(crate) const DATABASE: &str = "queue.redb";

/// One file, read and written at offsets.
pub(crate) trait SegmentFile: Send + Sync + Debug {
    /// Writes all of `data` at `offset`.
    fn write_at(&self, offset: u64, data: &[u8]) -> io::Result<()>;
    /// Reads `len` bytes at `offset` (fewer only past the end).
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Vec<u8>>;
    fn len(&self) -> io::Result<u64>;
    /// Shortens (or lengthens) the file; durable with the next [`SegmentFile::sync`].
    fn set_len(&self, len: u64) -> io::Result<()>;
    /// Makes what was written durable (fdatasync; fsync after a length change).
    fn sync(&self) -> io::Result<()>;
}

/// The queue's directory.
pub(crate) trait Fs: Send + Sync + Debug + 'static {
    /// Creates `name`, which must not exist yet; its name is durable after
    /// [`Fs::sync_dir`].
    fn create(&self, name: &str) -> io::Result<Box<dyn SegmentFile>>;
    fn open(&self, name: &str) -> io::Result<Box<dyn SegmentFile>>;
    /// The names of the files in the directory.
    fn list(&self) -> io::Result<Vec<String>>;
    /// Removes `name`; durable after [`Fs::sync_dir`].
    fn remove(&self, name: &str) -> io::Result<()>;
    /// Makes creations and removals durable (fsync of the directory).
    fn sync_dir(&self) -> io::Result<()>;
    /// Opens (or creates) the database.
    fn open_db(&self) -> Result<redb::Database, redb::DatabaseError>;
}

/// `queue.dir` on the real file system, held by its descriptor.
#[derive(Debug)]
pub(crate) struct DirFs {
    dir: PathBuf,
    fd: OwnedFd,
}

impl DirFs {
    /// Opens `dir` (created 0700 if missing) and checks it and the queue's files in it:
    /// refused when it or any of them is a symbolic link, another user's, or (the
    /// directory) writable by others.
    pub(crate) fn open(
        dir: &Path,
        is_queue_file: impl Fn(&str) -> bool,
    ) -> Result<DirFs, UnsafeFile> {
        let fd = private_files::open_dir(dir, WHAT)?;
        let names: Vec<String> = private_files::list(&fd)
            .map_err(|source| UnsafeFile::Io {
                what: WHAT,
                path: dir.to_path_buf(),
                source,
            })?
            .into_iter()
            .filter(|n| n == DATABASE || is_queue_file(n))
            .collect();
        private_files::check_entries(&fd, dir, &names, WHAT)?;
        Ok(DirFs {
            dir: dir.to_path_buf(),
            fd,
        })
    }

    fn file(&self, name: &str, create: bool) -> io::Result<File> {
        private_files::open_at(&self.fd, &self.dir, name, create, WHAT).map_err(UnsafeFile::into_io)
    }
}

#[derive(Debug)]
struct RealFile {
    file: File,
    /// Its length changed since the last sync: then fsync, not fdatasync.
    resized: std::sync::atomic::AtomicBool,
}

impl SegmentFile for RealFile {
    fn write_at(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.file.write_all_at(data, offset)
    }

    fn read_at(&self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        let mut buf = vec![0; len];
        let mut done = 0;
        while done < len {
            match self.file.read_at(&mut buf[done..], offset + done as u64) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        buf.truncate(done);
        Ok(buf)
    }

    fn len(&self) -> io::Result<u64> {
        Ok(self.file.metadata()?.len())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        self.resized
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.file.set_len(len)
    }

    fn sync(&self) -> io::Result<()> {
        if self
            .resized
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            self.file.sync_all()
        } else {
            self.file.sync_data()
        }
    }
}

impl Fs for DirFs {
    fn create(&self, name: &str) -> io::Result<Box<dyn SegmentFile>> {
        Ok(Box::new(RealFile {
            file: self.file(name, true)?,
            resized: Default::default(),
        }))
    }

    fn open(&self, name: &str) -> io::Result<Box<dyn SegmentFile>> {
        Ok(Box::new(RealFile {
            file: self.file(name, false)?,
            resized: Default::default(),
        }))
    }

    fn list(&self) -> io::Result<Vec<String>> {
        private_files::list(&self.fd)
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        private_files::remove_at(&self.fd, name)
    }

    fn sync_dir(&self) -> io::Result<()> {
        private_files::sync_dir(&self.fd)
    }

    fn open_db(&self) -> Result<redb::Database, redb::DatabaseError> {
        let file = match self.file(DATABASE, false) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => self.file(DATABASE, true)?,
            other => other?,
        };
        redb::Builder::new().create_with_backend(redb::backends::FileBackend::new(file)?)
    }
}
