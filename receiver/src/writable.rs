//! Whether the receiver's user may write where the configuration says it writes (the
//! queue's directory, the file sink), asked of the kernel (`access(2)`) without writing
//! anything, so that `validate` can ask it too. The kernel's answer covers what mode
//! bits alone do not: a read-only file system, and root.

use std::io;
use std::path::{Path, PathBuf};

use rustix::fs::{access, Access};

/// Why a path cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum Unwritable {
    /// It exists and is not a directory.
    #[error("is not a directory")]
    NotADirectory,
    /// It exists and is a directory, where a file is wanted.
    #[error("is a directory")]
    IsADirectory,
    /// It exists and may not be written.
    #[error("cannot be written: {0}")]
    Denied(io::Error),
    /// It does not exist, and the directory it would be created in may not be written.
    #[error("cannot be created in {}: {error}", parent.display())]
    CannotCreate {
        /// The nearest directory that exists.
        parent: PathBuf,
        /// Why it may not be written.
        error: io::Error,
    },
    /// It does not exist, and what would hold it is a file.
    #[error("cannot be created: {} is not a directory", parent.display())]
    ParentNotADirectory {
        /// The nearest path above it that exists.
        parent: PathBuf,
    },
}

fn may_write(dir: &Path) -> io::Result<()> {
    access(dir, Access::WRITE_OK | Access::EXEC_OK).map_err(io::Error::from)
}

/// The nearest path at or above `path` that exists (`.` for a relative path's start).
fn nearest_existing(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    while !p.as_os_str().is_empty() && std::fs::symlink_metadata(&p).is_err() {
        if !p.pop() {
            break;
        }
    }
    if p.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        p
    }
}

/// Whether a path that does not exist yet can be created.
fn creatable(path: &Path) -> Result<(), Unwritable> {
    let parent = nearest_existing(path);
    if !parent.is_dir() {
        return Err(Unwritable::ParentNotADirectory { parent });
    }
    may_write(&parent).map_err(|error| Unwritable::CannotCreate { parent, error })
}

/// Whether `path` is a directory the receiver may write in, or can be created as one.
pub fn dir(path: &Path) -> Result<(), Unwritable> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => may_write(path).map_err(Unwritable::Denied),
        Ok(_) => Err(Unwritable::NotADirectory),
        Err(_) => creatable(path),
    }
}

/// Whether `path` is a file the receiver may append to, or can be created as one.
pub fn file(path: &Path) -> Result<(), Unwritable> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(Unwritable::IsADirectory),
        Ok(_) => access(path, Access::WRITE_OK).map_err(|e| Unwritable::Denied(io::Error::from(e))),
        Err(_) => creatable(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_writable_or_creatable_and_a_file_is_not_a_directory() {
        let d = tempfile::tempdir().unwrap();
        dir(d.path()).unwrap();
        dir(&d.path().join("a/b/c")).unwrap();
        let f = d.path().join("f");
        std::fs::write(&f, "x").unwrap();
        assert!(matches!(dir(&f), Err(Unwritable::NotADirectory)));
        assert!(matches!(
            dir(&f.join("queue")),
            Err(Unwritable::ParentNotADirectory { parent }) if parent == f
        ));
        file(&f).unwrap();
        file(&d.path().join("new.jsonl")).unwrap();
        assert!(matches!(file(d.path()), Err(Unwritable::IsADirectory)));
    }

    #[test]
    fn a_directory_without_write_permission_is_refused_unless_root() {
        use std::os::unix::fs::PermissionsExt as _;
        let d = tempfile::tempdir().unwrap();
        let ro = d.path().join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        // The kernel's own answer: root may write anyway, everyone else may not.
        let root = rustix::process::geteuid().is_root();
        assert_eq!(dir(&ro).is_ok(), root);
        assert_eq!(dir(&ro.join("queue")).is_ok(), root);
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}
