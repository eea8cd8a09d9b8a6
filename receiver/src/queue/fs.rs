//! The files of the queue's directory: its redb database and its segment files. The
//! store reaches them only through [`Fs`], so that the model test puts them on a disk
//! that fails (`faulty_disk.rs`); [`DirFs`] is the receiver's, over `queue.dir`.

use std::fmt::Debug;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt as _;
use std::path::PathBuf;

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
    /// Creates `name` empty (emptied if it exists); its name is durable after
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

/// The database's file in the queue's directory.
pub(crate) const DATABASE_FILE: &str = "queue.redb";

/// `queue.dir` on the real file system.
#[derive(Debug)]
pub(crate) struct DirFs {
    pub dir: PathBuf,
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
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(self.dir.join(name))?;
        Ok(Box::new(RealFile {
            file: f,
            resized: Default::default(),
        }))
    }

    fn open(&self, name: &str) -> io::Result<Box<dyn SegmentFile>> {
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(self.dir.join(name))?;
        Ok(Box::new(RealFile {
            file: f,
            resized: Default::default(),
        }))
    }

    fn list(&self) -> io::Result<Vec<String>> {
        let mut names = Vec::new();
        for e in std::fs::read_dir(&self.dir)? {
            if let Ok(name) = e?.file_name().into_string() {
                names.push(name);
            }
        }
        Ok(names)
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        std::fs::remove_file(self.dir.join(name))
    }

    fn sync_dir(&self) -> io::Result<()> {
        File::open(&self.dir)?.sync_all()
    }

    fn open_db(&self) -> Result<redb::Database, redb::DatabaseError> {
        redb::Database::create(self.dir.join(DATABASE_FILE))
    }
}
