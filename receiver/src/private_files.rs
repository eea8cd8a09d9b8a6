//! Files that only the receiver's user may touch: the persistent queue's directory and
//! files, and the export file. Created private (directories 0700, files 0600, whatever
//! the umask), opened without following a symbolic link, and refused when another user
//! owns them or may write to them: such a file could be swapped or changed under the
//! receiver (a planted link once made it truncate the file it pointed to).

use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, FileType, Mode, OFlags, CWD};

/// What `what` (the parameter that names it) cannot be used for, and what to do.
#[derive(Debug, thiserror::Error)]
pub enum UnsafeFile {
    /// A symbolic link where a file or directory of the receiver's own must be.
    #[error("{what} {}: is a symbolic link; the receiver does not follow links here: point {what} at the file or directory itself, or remove the link", path.display())]
    Symlink {
        /// The parameter.
        what: &'static str,
        /// The path.
        path: PathBuf,
    },
    /// Owned by another user.
    #[error("{what} {}: owned by uid {owner}, not by the receiver's user (uid {uid}): `chown {uid} {}` it, or point {what} at a path of the receiver's own", path.display(), path.display())]
    Foreign {
        /// The parameter.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Its owner.
        owner: u32,
        /// The receiver's effective user.
        uid: u32,
    },
    /// Writable by its group or by others.
    #[error("{what} {}: mode {mode:04o} lets other users write to it: `chmod go-w {}` (the receiver creates it 0700, or 0600 for a file)", path.display(), path.display())]
    Writable {
        /// The parameter.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// Not the kind of file it must be.
    #[error("{what} {}: is not a {expected}", path.display())]
    Kind {
        /// The parameter.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// `directory` or `regular file`.
        expected: &'static str,
    },
    /// It cannot be created or opened.
    #[error("{what} {}: {source}", path.display())]
    Io {
        /// The parameter.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

impl UnsafeFile {
    /// The I/O error inside, if that is what it is (the queue's fault model tells a
    /// failing disk from an unsafe file).
    pub fn into_io(self) -> std::io::Error {
        match self {
            UnsafeFile::Io { source, .. } => source,
            other => std::io::Error::new(std::io::ErrorKind::PermissionDenied, other.to_string()),
        }
    }
}

const PRIVATE_DIR: u32 = 0o700;
const PRIVATE_FILE: u32 = 0o600;
/// Write permission for the group and for others.
const OTHERS_WRITE: u32 = 0o022;

fn io<'a>(what: &'static str, path: &'a Path) -> impl FnOnce(rustix::io::Errno) -> UnsafeFile + 'a {
    move |e| match e {
        rustix::io::Errno::LOOP => UnsafeFile::Symlink {
            what,
            path: path.to_path_buf(),
        },
        e => UnsafeFile::Io {
            what,
            path: path.to_path_buf(),
            source: e.into(),
        },
    }
}

/// Checks that `fd` (opened from `path`) is a `kind` the receiver's user owns and no
/// one else may write to.
fn check(fd: impl AsFd, what: &'static str, path: &Path, kind: FileType) -> Result<(), UnsafeFile> {
    let st = rustix::fs::fstat(fd).map_err(io(what, path))?;
    let path = path.to_path_buf();
    if FileType::from_raw_mode(st.st_mode) != kind {
        let expected = if kind == FileType::Directory {
            "directory"
        } else {
            "regular file"
        };
        return Err(UnsafeFile::Kind {
            what,
            path,
            expected,
        });
    }
    let uid = rustix::process::geteuid().as_raw();
    if st.st_uid != uid {
        return Err(UnsafeFile::Foreign {
            what,
            path,
            owner: st.st_uid,
            uid,
        });
    }
    let mode = st.st_mode & 0o7777;
    if mode & OTHERS_WRITE != 0 {
        return Err(UnsafeFile::Writable { what, path, mode });
    }
    Ok(())
}

/// Opens directory `path` (`what` names it in errors), creating it 0700 (and its
/// missing parents) if it does not exist. Refused: a symbolic link, another user's
/// directory, one its group or others may write to.
pub fn open_dir(path: &Path, what: &'static str) -> Result<OwnedFd, UnsafeFile> {
    if std::fs::symlink_metadata(path).is_err() {
        use std::os::unix::fs::DirBuilderExt as _;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(PRIVATE_DIR)
            .create(path)
            .map_err(|source| UnsafeFile::Io {
                what,
                path: path.to_path_buf(),
                source,
            })?;
    }
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(CWD, path, flags, Mode::empty()).map_err(|e| match e {
        // O_DIRECTORY|O_NOFOLLOW on a link: ENOTDIR, as on anything but a directory.
        rustix::io::Errno::NOTDIR
            if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink()) =>
        {
            UnsafeFile::Symlink {
                what,
                path: path.to_path_buf(),
            }
        }
        rustix::io::Errno::NOTDIR => UnsafeFile::Kind {
            what,
            path: path.to_path_buf(),
            expected: "directory",
        },
        e => io(what, path)(e),
    })?;
    check(&fd, what, path, FileType::Directory)?;
    Ok(fd)
}

/// Opens `name` in the directory `dir` (opened by [`open_dir`] from `dir_path`) for
/// reading and writing, without following a link: created 0600 when `create` (and then
/// it must not exist yet), else it must exist. An existing one must be a regular file
/// of the receiver's user; one that others may write to, which only a receiver that ran
/// under a lax umask could have left, is made 0600.
pub fn open_at(
    dir: impl AsFd,
    dir_path: &Path,
    name: &str,
    create: bool,
    what: &'static str,
) -> Result<File, UnsafeFile> {
    let path = dir_path.join(name);
    let mut flags = OFlags::RDWR | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    if create {
        flags |= OFlags::CREATE | OFlags::EXCL;
    }
    let fd = rustix::fs::openat(&dir, name, flags, Mode::from_raw_mode(PRIVATE_FILE))
        .map_err(io(what, &path))?;
    tighten(&fd, what, &path)?;
    Ok(File::from(fd))
}

/// Opens (or creates 0600) the file at `path` for appending, without following a link;
/// refused when another user owns it or may write to it.
pub fn open_append(path: &Path, what: &'static str) -> Result<File, UnsafeFile> {
    let flags =
        OFlags::WRONLY | OFlags::APPEND | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(CWD, path, flags, Mode::from_raw_mode(PRIVATE_FILE))
        .map_err(io(what, path))?;
    check(&fd, what, path, FileType::RegularFile)?;
    Ok(File::from(fd))
}

/// A file inside a checked private directory: a regular file of the receiver's user,
/// made 0600 if others may write to it (nobody else could reach it through the
/// directory, so this only repairs what a lax umask left).
fn tighten(fd: &OwnedFd, what: &'static str, path: &Path) -> Result<(), UnsafeFile> {
    match check(fd, what, path, FileType::RegularFile) {
        Err(UnsafeFile::Writable { .. }) => {
            rustix::fs::fchmod(fd, Mode::from_raw_mode(PRIVATE_FILE)).map_err(io(what, path))
        }
        other => other,
    }
}

/// The names in directory `dir`.
pub fn list(dir: impl AsFd) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in rustix::fs::Dir::read_from(dir)? {
        let entry = entry?;
        if let Ok(name) = entry.file_name().to_str() {
            if name != "." && name != ".." {
                names.push(name.to_string());
            }
        }
    }
    Ok(names)
}

/// Removes `name` from directory `dir` (a link is removed, never followed).
pub fn remove_at(dir: impl AsFd, name: &str) -> std::io::Result<()> {
    rustix::fs::unlinkat(dir, name, AtFlags::empty()).map_err(Into::into)
}

/// Makes the creations and removals in `dir` durable.
pub fn sync_dir(dir: impl AsFd) -> std::io::Result<()> {
    rustix::fs::fsync(dir).map_err(Into::into)
}

/// Checks, without following links, that every one of `names` in `dir` that exists is
/// a regular file of the receiver's user: a link or another user's file planted where
/// the receiver keeps its own is refused before anything reads or writes it.
pub fn check_entries(
    dir: impl AsFd,
    dir_path: &Path,
    names: &[String],
    what: &'static str,
) -> Result<(), UnsafeFile> {
    let uid = rustix::process::geteuid().as_raw();
    for name in names {
        let path = dir_path.join(name);
        let st = match rustix::fs::statat(&dir, name.as_str(), AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => st,
            Err(rustix::io::Errno::NOENT) => continue,
            Err(e) => return Err(io(what, &path)(e)),
        };
        match FileType::from_raw_mode(st.st_mode) {
            FileType::Symlink => return Err(UnsafeFile::Symlink { what, path }),
            FileType::RegularFile => {}
            _ => {
                return Err(UnsafeFile::Kind {
                    what,
                    path,
                    expected: "regular file",
                })
            }
        }
        if st.st_uid != uid {
            return Err(UnsafeFile::Foreign {
                what,
                path,
                owner: st.st_uid,
                uid,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_directory_and_its_files_are_created_private_whatever_the_umask() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("a/b/queue");
        let fd = open_dir(&dir, "queue.dir").unwrap();
        assert_eq!(mode(&dir), 0o700);
        drop(open_at(&fd, &dir, "x.seg", true, "queue.dir").unwrap());
        assert_eq!(mode(&dir.join("x.seg")), 0o600);
        // Created means new: an existing name is an error, never emptied.
        assert!(open_at(&fd, &dir, "x.seg", true, "queue.dir").is_err());
        let out = tmp.path().join("out.jsonl");
        drop(open_append(&out, "export.file").unwrap());
        assert_eq!(mode(&out), 0o600);
    }

    #[test]
    fn a_link_is_never_followed_to_a_file_or_a_directory() {
        let tmp = tempfile::tempdir().unwrap();
        let victim = tmp.path().join("victim");
        std::fs::write(&victim, "keep me").unwrap();
        let dir = tmp.path().join("queue");
        let fd = open_dir(&dir, "queue.dir").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("1.seg")).unwrap();
        for create in [false, true] {
            let e = open_at(&fd, &dir, "1.seg", create, "queue.dir").unwrap_err();
            assert!(
                matches!(e, UnsafeFile::Symlink { .. } | UnsafeFile::Io { .. }),
                "{e}"
            );
        }
        let e = check_entries(&fd, &dir, &["1.seg".into()], "queue.dir").unwrap_err();
        assert!(matches!(e, UnsafeFile::Symlink { .. }), "{e}");
        assert!(e.to_string().contains("remove the link"), "{e}");
        let link = tmp.path().join("out.jsonl");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(matches!(
            open_append(&link, "export.file").unwrap_err(),
            UnsafeFile::Symlink { .. }
        ));
        let linked_dir = tmp.path().join("linked");
        std::os::unix::fs::symlink(&dir, &linked_dir).unwrap();
        assert!(matches!(
            open_dir(&linked_dir, "queue.dir").unwrap_err(),
            UnsafeFile::Symlink { .. }
        ));
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    }

    #[test]
    fn a_directory_or_file_others_may_write_is_refused_saying_what_to_do() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("shared");
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let e = open_dir(&dir, "queue.dir").unwrap_err();
        assert!(matches!(e, UnsafeFile::Writable { mode: 0o777, .. }), "{e}");
        assert!(e.to_string().contains("chmod go-w"), "{e}");
        let file = tmp.path().join("out.jsonl");
        std::fs::write(&file, "").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(matches!(
            open_append(&file, "export.file").unwrap_err(),
            UnsafeFile::Writable { .. }
        ));
        // A directory that is not one.
        assert!(matches!(
            open_dir(&file, "queue.dir").unwrap_err(),
            UnsafeFile::Kind { .. }
        ));
    }

    #[test]
    fn a_file_a_lax_umask_left_inside_a_private_directory_is_made_private() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("queue");
        let fd = open_dir(&dir, "queue.dir").unwrap();
        std::fs::write(dir.join("old.seg"), "x").unwrap();
        std::fs::set_permissions(dir.join("old.seg"), std::fs::Permissions::from_mode(0o666))
            .unwrap();
        drop(open_at(&fd, &dir, "old.seg", false, "queue.dir").unwrap());
        assert_eq!(mode(&dir.join("old.seg")), 0o600);
    }

    #[test]
    fn another_users_directory_is_refused_naming_both_users() {
        // "/" is root's: another user's unless these tests run as root, and then
        // chown gives the directory away.
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("theirs");
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        let uid = rustix::process::geteuid().as_raw();
        if uid == 0 {
            std::os::unix::fs::chown(&dir, Some(65534), Some(65534)).unwrap();
        } else {
            std::fs::remove_dir(&dir).unwrap();
            std::os::unix::fs::symlink("/", &dir).unwrap();
        }
        let target = if uid == 0 { dir.clone() } else { "/".into() };
        let e = open_dir(&target, "queue.dir").unwrap_err();
        assert!(matches!(e, UnsafeFile::Foreign { .. }), "{e}");
        assert!(e.to_string().contains(&format!("uid {uid}")), "{e}");
    }
}
