//! TLS of `https://` endpoints: the CA that verifies the backend (else the system's
//! roots, as the OTLP exporter specification says) and the client certificate of mutual
//! TLS. The files are read and checked once, when a client is built, so a bad one is a
//! clear error then, naming the setting and the file and never quoting a key.

use std::borrow::Cow;
use std::path::PathBuf;

use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// A file and the setting that named it (a variable, or a configuration parameter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFile {
    /// The setting, for messages: `OTEL_EXPORTER_OTLP_CERTIFICATE`, `export.tls.ca_file`.
    pub setting: Cow<'static, str>,
    /// The path.
    pub path: PathBuf,
}

impl TlsFile {
    /// `path`, as `setting` named it.
    pub fn new(setting: impl Into<Cow<'static, str>>, path: impl Into<PathBuf>) -> TlsFile {
        TlsFile {
            setting: setting.into(),
            path: path.into(),
        }
    }
}

/// The TLS files of an exporter; used only for `https://` endpoints.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TlsFiles {
    /// CA certificates that verify the backend, instead of the system's roots.
    pub certificate: Option<TlsFile>,
    /// The client certificate chain (mutual TLS).
    pub client_certificate: Option<TlsFile>,
    /// The client certificate's private key.
    pub client_key: Option<TlsFile>,
}

/// Why the TLS files cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The file could not be read.
    #[error("{}={}: cannot read it: {source}", file.setting, file.path.display())]
    Read {
        /// The setting and its file.
        file: TlsFile,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The file holds nothing usable of the kind expected.
    #[error("{}={}: {what}", file.setting, file.path.display())]
    Pem {
        /// The setting and its file.
        file: TlsFile,
        /// What is missing.
        what: &'static str,
    },
    /// A client certificate without its key, or a key without its certificate.
    #[error("{set} is set but no {missing} is: mutual TLS needs both")]
    Half {
        /// The setting that is set.
        set: Cow<'static, str>,
        /// What is missing.
        missing: &'static str,
    },
}

/// The exporter's TLS material, PEM as read and checked.
#[derive(Clone, Default)]
pub struct ClientTls {
    /// CA certificates that verify the backend; `None`: the system's roots.
    pub ca_pem: Option<Vec<u8>>,
    /// Client certificate chain and key (mutual TLS).
    pub identity: Option<(Vec<u8>, Vec<u8>)>,
}

// By hand: the key is a secret.
impl std::fmt::Debug for ClientTls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientTls")
            .field("private_ca", &self.ca_pem.is_some())
            .field("client_certificate", &self.identity.is_some())
            .finish()
    }
}

fn read(file: &TlsFile) -> Result<Vec<u8>, TlsError> {
    std::fs::read(&file.path).map_err(|source| TlsError::Read {
        file: file.clone(),
        source,
    })
}

fn certificates(file: &TlsFile) -> Result<Vec<u8>, TlsError> {
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
            (Some(cert), None) => {
                return Err(TlsError::Half {
                    set: cert.setting.clone(),
                    missing: "client key",
                })
            }
            (None, Some(key)) => {
                return Err(TlsError::Half {
                    set: key.setting.clone(),
                    missing: "client certificate",
                })
            }
        };
        Ok(ClientTls { ca_pem, identity })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("otlp-client-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_missing_file_or_one_without_pem_is_named_with_its_setting() {
        let missing = std::env::temp_dir().join("otlp-client-no-such-ca.pem");
        let err = ClientTls::load(&TlsFiles {
            certificate: Some(TlsFile::new("OTEL_EXPORTER_OTLP_CERTIFICATE", &missing)),
            ..TlsFiles::default()
        })
        .unwrap_err()
        .to_string();
        let expected = format!(
            "OTEL_EXPORTER_OTLP_CERTIFICATE={}: cannot read it",
            missing.display()
        );
        assert!(err.starts_with(&expected), "{err}");
        let junk = scratch("junk.pem", "not pem");
        let err = ClientTls::load(&TlsFiles {
            certificate: Some(TlsFile::new("export.tls.ca_file", &junk)),
            ..TlsFiles::default()
        })
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            format!(
                "export.tls.ca_file={}: holds no PEM certificate",
                junk.display()
            )
        );
        std::fs::remove_file(junk).unwrap();
    }

    #[test]
    fn a_client_certificate_without_its_key_is_refused() {
        let err = ClientTls::load(&TlsFiles {
            client_certificate: Some(TlsFile::new("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", "/c")),
            ..TlsFiles::default()
        })
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE is set but no client key is: mutual TLS needs both"
        );
    }

    #[test]
    fn no_files_means_the_system_roots_and_no_client_certificate() {
        let tls = ClientTls::load(&TlsFiles::default()).unwrap();
        assert!(tls.ca_pem.is_none() && tls.identity.is_none());
    }

    #[test]
    fn a_key_file_is_never_quoted() {
        let cert = scratch(
            "self.pem",
            "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
        );
        let key = scratch("key.pem", "s3cr3t key material");
        let err = ClientTls::load(&TlsFiles {
            client_certificate: Some(TlsFile::new("c", &cert)),
            client_key: Some(TlsFile::new("k", &key)),
            ..TlsFiles::default()
        })
        .unwrap_err()
        .to_string();
        assert!(!err.contains("s3cr3t"), "{err}");
        for f in [cert, key] {
            std::fs::remove_file(f).unwrap();
        }
    }
}
