//! `/install DIR`: the injector image's copier. Where image volumes are not available,
//! the webhook's init container runs it to put the injector library (beside it in the
//! image) into the pod's emptyDir; the application containers then load it from there.
//! Static, no dependencies: the image holds the library and this, nothing else.
//!
//! It writes a temporary file and renames it, so a container never sees half a
//! library, and checks that what it copied is an ELF shared object.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The library's file name, beside this program.
const LIBRARY: &str = "libgpu_otel_injector.so";

fn install(source: &Path, dir: &Path) -> Result<PathBuf, String> {
    let mut head = [0u8; 4];
    std::fs::File::open(source)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    if head != *b"\x7fELF" {
        return Err(format!("{} is not an ELF file", source.display()));
    }
    let target = dir.join(LIBRARY);
    let partial = dir.join(format!(".{LIBRARY}.partial"));
    std::fs::copy(source, &partial)
        .map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
    std::fs::rename(&partial, &target)
        .map_err(|e| format!("cannot rename to {}: {e}", target.display()))?;
    Ok(target)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, dir] = args.as_slice() else {
        eprintln!("usage: install DIR  (copies {LIBRARY} into DIR)");
        return ExitCode::from(2);
    };
    let here = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| PathBuf::from("/"));
    match install(&here.join(LIBRARY), Path::new(dir)) {
        Ok(target) => {
            println!("gpu-otel: installed {}", target.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpu-otel: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gpu-otel-install-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_library_is_copied_whole_under_its_name() {
        let (src, dst) = (scratch("src"), scratch("dst"));
        let lib = src.join(LIBRARY);
        let bytes: Vec<u8> = b"\x7fELF"
            .iter()
            .copied()
            .chain((0..100_000u32).map(|i| i as u8))
            .collect();
        std::fs::write(&lib, &bytes).unwrap();
        let target = install(&lib, &dst).unwrap();
        assert_eq!(std::fs::read(target).unwrap(), bytes);
        assert!(!dst.join(format!(".{LIBRARY}.partial")).exists());
    }

    #[test]
    fn what_is_not_a_library_or_not_there_is_refused_by_name() {
        let (src, dst) = (scratch("bad"), scratch("bad-dst"));
        let lib = src.join(LIBRARY);
        std::fs::write(&lib, b"#!/bin/sh\n").unwrap();
        assert!(install(&lib, &dst).unwrap_err().contains("not an ELF file"));
        let missing = install(&src.join("nothing.so"), &dst).unwrap_err();
        assert!(
            missing.starts_with("cannot read") && missing.contains("nothing.so"),
            "{missing}"
        );
        assert!(!dst.join(LIBRARY).exists());
    }
}
