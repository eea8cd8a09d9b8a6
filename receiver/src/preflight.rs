//! What `serve` checks before it listens, and all that `validate` does: [`check`], one
//! function, so that `validate` refuses exactly what `serve` would, with the same
//! message. Past the values ([`Config::validate`], endpoints included), it reads every
//! file the configuration names the way the receiver reads it when it starts (the
//! ingest certificate, key and client CA, the token file, the export CA and client
//! certificate), and asks whether the receiver can write where it writes (the queue's
//! directory and its database's format, the file sink). It binds nothing and creates
//! nothing: `serve` binds after it ([`crate::pipeline::start_checked`]).
//!
//! Each refusal names the parameter, its value, where it was set (the file, a variable,
//! a flag, or the default) and, where one is clear, what to do.

use std::path::Path;
use std::sync::Arc;

use crate::config::{invalid_with_fix, Config, ConfigError, ExportTarget, Sources};
use crate::ingest::gate::{Gate, GateError};
use crate::ingest::tls::TlsError;
use crate::queue::DirError;
use crate::telemetry::Telemetry;
use crate::writable::Unwritable;

/// A configuration `serve` can start with: what [`check`] returns.
#[derive(Debug, Clone)]
pub struct Checked {
    config: Config,
    sources: Sources,
}

impl Checked {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where each parameter was set.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }
}

/// Checks `config` (set as `sources` say) as `serve` needs it; the first problem is the
/// error.
pub fn check(config: Config, sources: Sources) -> Result<Checked, ConfigError> {
    let found = config
        .validate()
        .and_then(|()| ingest_files(&config))
        .and_then(|()| export_files(&config))
        .and_then(|()| queue_dir(&config))
        .and_then(|()| pprof_dir(&config))
        .and_then(|()| file_sink(&config));
    match found {
        Ok(()) => Ok(Checked { config, sources }),
        Err(e) => Err(e.located(&config, &sources)),
    }
}

const READ_FIX: &str = "give the path of a file the receiver's user can read";

/// The ingest TLS files and token file, loaded as the receiver loads them at start.
fn ingest_files(config: &Config) -> Result<(), ConfigError> {
    let probe = Arc::new(Telemetry::default());
    match Gate::load(&config.ingest, probe) {
        Ok(_) => Ok(()),
        Err(GateError::Tls(e)) => Err(tls_problem(e)),
        Err(GateError::TokenRead { source, .. }) => Err(invalid_with_fix(
            "ingest.auth.token_file",
            format!("cannot read it: {source}"),
            READ_FIX,
        )),
    }
}

fn tls_problem(e: TlsError) -> ConfigError {
    match e {
        TlsError::Read { param, source, .. } => {
            invalid_with_fix(param, format!("cannot read it: {source}"), READ_FIX)
        }
        TlsError::Pem { param, reason, .. } => {
            let fix = match param {
                "ingest.tls.key_file" => {
                    "give the certificate's private key in PEM (-----BEGIN PRIVATE KEY-----; PKCS#8, PKCS#1 or SEC1)"
                }
                "ingest.tls.client_ca_file" => {
                    "give the PEM certificates (-----BEGIN CERTIFICATE-----) of the CA that signs the clients' certificates"
                }
                _ => "give a PEM certificate chain (-----BEGIN CERTIFICATE-----), the receiver's certificate first",
            };
            invalid_with_fix(param, reason, fix)
        }
        TlsError::Identity { cert, source, .. } => invalid_with_fix(
            "ingest.tls.key_file",
            format!(
                "does not go with the certificate in {}: {source}",
                cert.display()
            ),
            "give the key of that certificate (or the certificate of this key)",
        ),
        TlsError::ClientCa { reason, .. } => invalid_with_fix(
            "ingest.tls.client_ca_file",
            reason,
            "give the PEM certificates of the CA that signs the clients' certificates",
        ),
    }
}

/// The export TLS files, read as each exporter reads them when it is built: whenever
/// one is set (they are used for every https:// destination).
fn export_files(config: &Config) -> Result<(), ConfigError> {
    let files = crate::export::sink::tls_files(&config.export);
    if files.certificate.is_none()
        && files.client_certificate.is_none()
        && files.client_key.is_none()
    {
        return Ok(());
    }
    use otlp_client::TlsError as E;
    match otlp_client::tls::ClientTls::load(&files) {
        Ok(_) => Ok(()),
        Err(E::Read { file, source }) => Err(invalid_with_fix(
            &file.setting,
            format!("cannot read it: {source}"),
            READ_FIX,
        )),
        Err(E::Pem { file, what }) => Err(invalid_with_fix(
            &file.setting,
            what,
            "give a PEM file (-----BEGIN CERTIFICATE----- or -----BEGIN PRIVATE KEY-----)",
        )),
        Err(E::Half { set, missing }) => Err(invalid_with_fix(
            &set,
            format!("is set but no {missing} is: mutual TLS needs both"),
            "set export.tls.cert_file and export.tls.key_file together (OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE, OTEL_EXPORTER_OTLP_CLIENT_KEY)",
        )),
    }
}

fn unwritable(param: &str, e: Unwritable) -> ConfigError {
    let fix = match e {
        Unwritable::NotADirectory => "give a directory (it is created if missing), not a file",
        Unwritable::IsADirectory => "give the path of a file, not of a directory",
        Unwritable::ParentNotADirectory { .. } => "give a path whose parents are directories",
        Unwritable::Denied(_) | Unwritable::CannotCreate { .. } => {
            "give a path the receiver's user may write, or let that user write there"
        }
    };
    invalid_with_fix(param, e.to_string(), fix)
}

/// The queue's directory: writable (or creatable), its database of this receiver's
/// format and not open elsewhere.
fn queue_dir(config: &Config) -> Result<(), ConfigError> {
    let Some(dir) = &config.queue.dir else {
        return Ok(());
    };
    match crate::queue::check_dir(dir) {
        Ok(()) => Ok(()),
        Err(DirError::Unwritable(e)) => Err(unwritable("queue.dir", e)),
        Err(e @ DirError::OldDatabaseFormat { .. }) => Err(invalid_with_fix(
            "queue.dir",
            e.to_string(),
            crate::queue::old_format_fix(dir),
        )),
        Err(e @ DirError::InUse) => Err(invalid_with_fix(
            "queue.dir",
            e.to_string(),
            "stop the receiver that runs on it, or give this one a queue.dir of its own",
        )),
    }
}

/// The pprof files' directory: writable, or creatable (it is made at the first file).
fn pprof_dir(config: &Config) -> Result<(), ConfigError> {
    match &config.export.pprof_dir {
        Some(dir) => crate::writable::dir(dir).map_err(|e| unwritable("export.pprof_dir", e)),
        None => Ok(()),
    }
}

/// The embedded sink's file (and its metrics file beside it), when it is the
/// destination.
fn file_sink(config: &Config) -> Result<(), ConfigError> {
    let ExportTarget::File(path) = config.export_target()? else {
        return Ok(());
    };
    let metrics = format!("{}.metrics.jsonl", path.display());
    crate::writable::file(&path)
        .and_then(|()| {
            if config.metrics.enabled {
                crate::writable::file(Path::new(&metrics))
            } else {
                Ok(())
            }
        })
        .map_err(|e| unwritable("export.file", e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Source;

    fn sources(param: &str, source: Source) -> Sources {
        let mut s = Sources::default();
        s.set(param, source);
        s
    }

    #[test]
    fn the_defaults_pass_and_nothing_is_created() {
        let d = tempfile::tempdir().unwrap();
        let mut c = Config::default();
        c.queue.dir = Some(d.path().join("q"));
        c.export.file = d.path().join("spans.jsonl");
        check(c, Sources::default()).unwrap();
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_pprof_dir_that_is_a_file_is_refused_before_serve_starts() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let mut c = Config::default();
        c.export.file = d.path().join("spans.jsonl");
        c.export.pprof_dir = Some(file);
        let err = check(c, Sources::default()).unwrap_err().to_string();
        assert!(err.starts_with("invalid export.pprof_dir"), "{err}");
        assert!(
            err.ends_with("give a directory (it is created if missing), not a file"),
            "{err}"
        );
    }

    #[test]
    fn a_refusal_names_the_parameter_its_value_where_it_was_set_and_the_fix() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let mut c = Config::default();
        c.queue.dir = Some(file.join("queue"));
        let err = check(c, sources("queue.dir", Source::Flag("--queue-dir")))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "invalid queue.dir {:?} (set by --queue-dir): cannot be created: {} is not a directory; give a path whose parents are directories",
                file.join("queue").display().to_string(),
                file.display()
            )
        );
    }
}
