//! TLS of the exporter, for `https://` endpoints: the files that
//! `OTEL_EXPORTER_OTLP_CERTIFICATE`, `_CLIENT_CERTIFICATE` and `_CLIENT_KEY` name, read
//! and checked once when the exporter starts (a bad one is a clear error then, and export
//! stays off), and how a failed handshake is told apart from an unreachable backend.

use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

use crate::config::{EnvFile, TlsFiles, ENV_CLIENT_CERTIFICATE, ENV_CLIENT_KEY};

/// The exporter's TLS material, PEM as read.
#[derive(Clone, Default)]
pub struct ClientTls {
    /// CA certificates that verify the backend; `None`: the system's roots.
    pub ca_pem: Option<Vec<u8>>,
    /// Client certificate chain and key (mutual TLS).
    pub identity: Option<(Vec<u8>, Vec<u8>)>,
}

impl std::fmt::Debug for ClientTls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientTls")
            .field("private_ca", &self.ca_pem.is_some())
            .field("client_certificate", &self.identity.is_some())
            .finish()
    }
}

/// Why the TLS files cannot be used. Names the variable and the file, never quotes a
/// key.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The file could not be read.
    #[error("{}={}: cannot read it: {source}", file.var, file.path.display())]
    Read {
        /// The variable and its file.
        file: EnvFile,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The file holds nothing usable of the kind expected.
    #[error("{}={}: {what}", file.var, file.path.display())]
    Pem {
        /// The variable and its file.
        file: EnvFile,
        /// What is missing.
        what: &'static str,
    },
    /// A client certificate without its key, or a key without its certificate.
    #[error("{set} is set but {missing} (or its _TRACES_ form) is not: a client certificate needs its key")]
    Half {
        /// The variable that is set.
        set: &'static str,
        /// The one that is missing.
        missing: &'static str,
    },
}

fn read(file: &EnvFile) -> Result<Vec<u8>, TlsError> {
    std::fs::read(&file.path).map_err(|source| TlsError::Read {
        file: file.clone(),
        source,
    })
}

fn certificates(file: &EnvFile) -> Result<Vec<u8>, TlsError> {
    let pem = read(file)?;
    let parsed: Result<Vec<_>, _> = CertificateDer::pem_slice_iter(&pem).collect();
    match parsed {
        Ok(certs) if !certs.is_empty() => Ok(pem),
        _ => Err(TlsError::Pem {
            file: file.clone(),
            what: "holds no PEM certificate",
        }),
    }
}

impl ClientTls {
    /// Reads and checks the files `files` names.
    pub fn load(files: &TlsFiles) -> Result<ClientTls, TlsError> {
        let ca_pem = files.certificate.as_ref().map(certificates).transpose()?;
        let identity = match (&files.client_certificate, &files.client_key) {
            (None, None) => None,
            (Some(cert), Some(key)) => {
                let cert = certificates(cert)?;
                let key_pem = read(key)?;
                if PrivateKeyDer::from_pem_slice(&key_pem).is_err() {
                    return Err(TlsError::Pem {
                        file: key.clone(),
                        what: "holds no PEM private key",
                    });
                }
                Some((cert, key_pem))
            }
            (Some(_), None) => {
                return Err(TlsError::Half {
                    set: ENV_CLIENT_CERTIFICATE,
                    missing: ENV_CLIENT_KEY,
                })
            }
            (None, Some(_)) => {
                return Err(TlsError::Half {
                    set: ENV_CLIENT_KEY,
                    missing: ENV_CLIENT_CERTIFICATE,
                })
            }
        };
        Ok(ClientTls { ca_pem, identity })
    }
}

/// What rustls said, when an error chain is a failed TLS handshake (an untrusted or
/// mismatched certificate, a refused client certificate): no retry passes it.
pub fn handshake_failure(e: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut cur = Some(e);
    while let Some(err) = cur {
        if let Some(tls) = err.downcast_ref::<rustls::Error>() {
            return Some(tls.to_string());
        }
        // An io::Error's `source` skips the error it wraps (hyper wraps rustls's
        // io::Error in another): go into it instead.
        cur = match err
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => err.source(),
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn file(var: &'static str, path: &Path) -> Option<EnvFile> {
        Some(EnvFile {
            var,
            path: path.to_path_buf(),
        })
    }

    #[test]
    fn a_missing_file_or_one_without_pem_is_named_with_its_variable() {
        let dir = std::env::temp_dir();
        let missing = dir.join("gpu-otel-no-such-ca.pem");
        let err = ClientTls::load(&TlsFiles {
            certificate: file("OTEL_EXPORTER_OTLP_CERTIFICATE", &missing),
            ..TlsFiles::default()
        })
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with(&format!(
                "OTEL_EXPORTER_OTLP_CERTIFICATE={}: cannot read it",
                missing.display()
            )),
            "{err}"
        );
        let junk = dir.join(format!("gpu-otel-junk-{}.pem", std::process::id()));
        std::fs::write(&junk, "not pem").unwrap();
        let err = ClientTls::load(&TlsFiles {
            certificate: file("OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE", &junk),
            ..TlsFiles::default()
        })
        .unwrap_err()
        .to_string();
        assert!(err.ends_with("holds no PEM certificate"), "{err}");
        assert!(
            err.starts_with("OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE="),
            "{err}"
        );
        std::fs::remove_file(junk).unwrap();
    }

    #[test]
    fn a_client_certificate_without_its_key_is_refused() {
        let err = ClientTls::load(&TlsFiles {
            client_certificate: file(ENV_CLIENT_CERTIFICATE, Path::new("/c.pem")),
            ..TlsFiles::default()
        })
        .unwrap_err();
        assert!(matches!(err, TlsError::Half { missing, .. } if missing == ENV_CLIENT_KEY));
    }

    #[test]
    fn no_files_means_the_system_roots_and_no_client_certificate() {
        let tls = ClientTls::load(&TlsFiles::default()).unwrap();
        assert!(tls.ca_pem.is_none() && tls.identity.is_none());
    }

    #[test]
    fn a_rustls_error_is_found_inside_io_errors_and_sources() {
        let tls = rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer);
        let io = std::io::Error::new(std::io::ErrorKind::InvalidData, tls);
        let found = handshake_failure(&io).unwrap();
        assert!(found.contains("UnknownIssuer"), "{found}");
        // As hyper-util hands it to reqwest: an io::Error around rustls's io::Error.
        let wrapped = std::io::Error::other(io);
        assert_eq!(handshake_failure(&wrapped), Some(found));
        let other = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert_eq!(handshake_failure(&other), None);
    }
}
