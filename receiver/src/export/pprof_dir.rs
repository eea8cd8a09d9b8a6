//! The pprof files (`export.pprof_dir`): one `.pb.gz` per process and drain period,
//! named `<period start ns>-<profile id>.pb.gz` so names never collide and sort by
//! time.

use std::io;
use std::path::{Path, PathBuf};

use crate::profiles::PeriodProfile;

/// Writes `p`'s pprof file into `dir` (made if missing), whole or not at all: written
/// beside its name, then renamed, so a reader never opens half a file.
pub fn write(dir: &Path, p: &PeriodProfile) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("{}-{}.pb.gz", p.start_ns, p.id));
    let partial = dir.join(format!(".{}-{}.pb.gz.partial", p.start_ns, p.id));
    std::fs::write(&partial, &p.pprof_gz)?;
    std::fs::rename(&partial, &path)?;
    Ok(path)
}
