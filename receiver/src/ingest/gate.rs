//! Who may come in: the listeners' TLS (`ingest.tls`) and the accepted bearer tokens
//! (`ingest.auth`), both kept live. At start a file that does not load stops the
//! receiver; later, on SIGHUP or when a file changes, the files are read again and
//! swapped in atomically (new connections get the new certificate, open ones keep
//! theirs). TLS files that do not load leave the previous ones in use; the token file
//! fails closed, since revoking is why it is edited: a missing, unreadable or empty one
//! refuses every token (logged as an error and counted,
//! `secret_reloads_total{outcome="failed"}`), and its bad lines refuse only themselves.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use arc_swap::ArcSwap;
use rustls::ServerConfig;
use tokio_util::sync::CancellationToken;

use super::auth::{TokenFileError, Tokens, Unauthenticated};
use super::tls::{self, Listener, ServerTls, TlsError};
use crate::config::{IngestAuthConfig, IngestConfig, IngestTlsConfig};
use crate::telemetry::Telemetry;

/// How often the files are checked for changes. Mounted Kubernetes Secrets change
/// about a minute after the Secret does, so a few seconds add nothing noticeable;
/// each check is one `stat` per file.
pub const POLL_INTERVAL: Duration = Duration::from_secs(2);

/// Why the gate's files cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    /// The TLS files.
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// The token file could not be read.
    #[error("invalid ingest.auth.token_file: cannot read {}: {source}", path.display())]
    TokenRead {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

#[derive(Debug)]
struct LiveTls {
    config: IngestTlsConfig,
    current: ArcSwap<ServerTls>,
}

#[derive(Debug)]
struct LiveTokens {
    config: IngestAuthConfig,
    current: ArcSwap<Tokens>,
}

/// The listeners' TLS and accepted tokens, current.
#[derive(Debug)]
pub struct Gate {
    tls: Option<LiveTls>,
    tokens: Option<LiveTokens>,
    telemetry: Arc<Telemetry>,
    /// The files' stamps taken just before they were read at load: the watcher starts
    /// from these, so a change made between the load and its first look is seen.
    loaded: Stamps,
}

/// The TLS files' stamps, then the token file's.
type Stamps = (Vec<Option<Stamp>>, Option<Stamp>);

/// The token file's tokens, and what is wrong with it (logged by the caller, never
/// its contents).
fn read_tokens(cfg: &IngestAuthConfig) -> Result<(Tokens, Option<TokenFileError>), GateError> {
    let path = &cfg.token_file;
    let text = std::fs::read_to_string(path).map_err(|source| GateError::TokenRead {
        path: path.clone(),
        source,
    })?;
    Ok(Tokens::parse(&text))
}

/// Logs what is wrong with the token file: no token is an error (every request is
/// refused), bad lines a warning (the others are accepted).
fn log_token_problem(path: &Path, problem: &TokenFileError) {
    match problem {
        TokenFileError::Empty => {
            tracing::error!(file = %path.display(), error = %problem, "ingest.auth.token_file accepts no token: EVERY REQUEST IS REFUSED until it holds one");
        }
        TokenFileError::NotTokens { .. } => {
            tracing::warn!(file = %path.display(), error = %problem, "ingest.auth.token_file has lines that are not tokens");
        }
    }
}

impl Gate {
    /// No TLS, no authentication: anyone who connects may send.
    pub fn open(telemetry: Arc<Telemetry>) -> Gate {
        Gate {
            tls: None,
            tokens: None,
            telemetry,
            loaded: (Vec::new(), None),
        }
    }

    /// Reads the files `cfg` names; the first that does not load is the error.
    pub fn load(cfg: &IngestConfig, telemetry: Arc<Telemetry>) -> Result<Gate, GateError> {
        let loaded = stamps(cfg.tls.as_ref(), cfg.auth.as_ref());
        let tls = match &cfg.tls {
            Some(c) => Some(LiveTls {
                current: ArcSwap::from_pointee(tls::load(c)?),
                config: c.clone(),
            }),
            None => None,
        };
        let tokens = match &cfg.auth {
            Some(c) => {
                let (tokens, problem) = read_tokens(c)?;
                if let Some(p) = &problem {
                    log_token_problem(&c.token_file, p);
                }
                Some(LiveTokens {
                    current: ArcSwap::from_pointee(tokens),
                    config: c.clone(),
                })
            }
            None => None,
        };
        Ok(Gate {
            tls,
            tokens,
            telemetry,
            loaded,
        })
    }

    /// The handshake configuration of `listener` now, and how long a handshake may
    /// take; `None` without TLS.
    pub fn tls_config(&self, listener: Listener) -> Option<(Arc<ServerConfig>, Duration)> {
        let t = self.tls.as_ref()?;
        Some((
            t.current.load().config(listener),
            t.config.handshake_timeout,
        ))
    }

    /// SHA-256 of the certificate served now, lowercase hex; `None` without TLS.
    pub fn fingerprint(&self) -> Option<String> {
        Some(self.tls.as_ref()?.current.load().fingerprint.clone())
    }

    /// A short description for the start line: what protects the listeners.
    pub fn describe(&self) -> String {
        let tls = match &self.tls {
            None => "plain text".to_string(),
            Some(t) if t.current.load().mutual => "TLS with client certificates".to_string(),
            Some(_) => "TLS".to_string(),
        };
        match &self.tokens {
            None => tls,
            Some(t) => format!("{tls}, bearer tokens ({})", t.current.load().len()),
        }
    }

    /// The counters this gate reports to.
    pub fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }

    /// Checks a request's `Authorization` value (gRPC: the `authorization` metadata);
    /// anything passes without `ingest.auth`. A refusal is counted.
    pub fn authenticate(&self, authorization: Option<&[u8]>) -> Result<(), Unauthenticated> {
        let Some(t) = &self.tokens else {
            return Ok(());
        };
        t.current.load().verify(authorization).inspect_err(|_| {
            self.telemetry
                .ingest
                .refused_unauthenticated
                .fetch_add(1, Relaxed);
        })
    }

    /// Reads the TLS files again; on success new connections get them, on failure the
    /// current ones stay. Either way it is logged and counted.
    pub fn reload_tls(&self) {
        let Some(t) = &self.tls else { return };
        let i = &self.telemetry.ingest;
        match tls::load(&t.config) {
            Ok(new) => {
                tracing::info!(fingerprint = %new.fingerprint, "ingest TLS certificate reloaded");
                t.current.store(Arc::new(new));
                i.tls_reloads.fetch_add(1, Relaxed);
            }
            Err(e) => {
                tracing::error!(error = %e, fingerprint = %t.current.load().fingerprint, "ingest TLS files not reloaded; the previous certificate stays in use");
                i.tls_reload_failures.fetch_add(1, Relaxed);
            }
        }
    }

    /// Reads the token file again. Fails closed: a file that cannot be read or holds no
    /// token refuses every token from now on (an error log line, counted as a failed
    /// reload); a file with some bad lines applies the good ones (a warning, counted as
    /// applied). Never logs the file's contents.
    pub fn reload_tokens(&self) {
        let Some(t) = &self.tokens else { return };
        let i = &self.telemetry.ingest;
        let path = &t.config.token_file;
        match read_tokens(&t.config) {
            Ok((new, problem)) => {
                let empty = new.is_empty();
                t.current.store(Arc::new(new));
                match &problem {
                    Some(p) => log_token_problem(path, p),
                    None => tracing::info!(
                        tokens = t.current.load().len(),
                        "ingest bearer tokens reloaded"
                    ),
                }
                if empty {
                    i.token_reload_failures.fetch_add(1, Relaxed);
                } else {
                    i.token_reloads.fetch_add(1, Relaxed);
                }
            }
            Err(e) => {
                t.current.store(Arc::new(Tokens::none()));
                tracing::error!(error = %e, "ingest bearer tokens not readable: EVERY REQUEST IS REFUSED until the file can be read");
                i.token_reload_failures.fetch_add(1, Relaxed);
            }
        }
    }

    fn stamps(&self) -> Stamps {
        stamps(
            self.tls.as_ref().map(|t| &t.config),
            self.tokens.as_ref().map(|t| &t.config),
        )
    }

    /// Reloads on SIGHUP (everything) and when a file changes (what it belongs to),
    /// until `stop` is cancelled. The SIGHUP handler is installed before this returns,
    /// so from the moment the receiver says it started a SIGHUP reloads rather than
    /// ends the process (also when there is nothing to reload).
    pub fn watch(
        self: Arc<Self>,
        stop: CancellationToken,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        use tokio::signal::unix::{signal, SignalKind};
        let mut hangup = signal(SignalKind::hangup())
            .inspect_err(|e| {
                tracing::warn!(error = %e, "no SIGHUP handler; ingest secrets reload when their files change");
            })
            .ok();
        async move {
            let mut tick = tokio::time::interval(POLL_INTERVAL);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let (mut tls_seen, mut tokens_seen) = self.loaded.clone();
            loop {
                tokio::select! {
                    _ = stop.cancelled() => return,
                    Some(()) = async { hangup.as_mut()?.recv().await } => {
                        if self.tls.is_none() && self.tokens.is_none() {
                            tracing::info!("SIGHUP: no ingest TLS files or tokens to reload");
                            continue;
                        }
                        tracing::info!("SIGHUP: reloading the ingest TLS files and tokens");
                        // Stamped before reading: a change while they are read is
                        // seen at the next tick.
                        (tls_seen, tokens_seen) = self.stamps();
                        self.reload_tls();
                        self.reload_tokens();
                    }
                    _ = tick.tick() => {
                        let (tls_now, tokens_now) = self.stamps();
                        if tls_now != tls_seen {
                            self.reload_tls();
                            tls_seen = tls_now;
                        }
                        if tokens_now != tokens_seen {
                            self.reload_tokens();
                            tokens_seen = tokens_now;
                        }
                    }
                }
            }
        }
    }
}

/// What tells a changed file: through symlinks (a Kubernetes Secret volume swaps a
/// symlink), its modification time, length and inode. `None`: not there now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
    inode: u64,
}

/// The stamps of the files `tls` and `auth` name.
fn stamps(tls: Option<&IngestTlsConfig>, auth: Option<&IngestAuthConfig>) -> Stamps {
    let tls = tls.map_or_else(Vec::new, |c| {
        [
            Some(&c.cert_file),
            Some(&c.key_file),
            c.client_ca_file.as_ref(),
        ]
        .into_iter()
        .flatten()
        .map(|p| stamp(p))
        .collect()
    });
    (tls, auth.and_then(|c| stamp(&c.token_file)))
}

fn stamp(path: &Path) -> Option<Stamp> {
    use std::os::unix::fs::MetadataExt as _;
    let m = std::fs::metadata(path).ok()?;
    Some(Stamp {
        modified: m.modified().ok(),
        len: m.len(),
        inode: m.ino(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate_of(token_file: &Path) -> Arc<Gate> {
        let cfg = IngestConfig {
            auth: Some(IngestAuthConfig {
                token_file: token_file.to_path_buf(),
            }),
            ..IngestConfig::default()
        };
        Arc::new(Gate::load(&cfg, Arc::new(Telemetry::default())).unwrap())
    }

    fn accepts(gate: &Gate, token: &str) -> bool {
        gate.authenticate(Some(format!("Bearer {token}").as_bytes()))
            .is_ok()
    }

    /// Runs `gate`'s watcher for `ticks` poll intervals of paused time, then stops it.
    async fn watch_for(gate: &Arc<Gate>, ticks: u32) {
        let stop = CancellationToken::new();
        let watcher = tokio::spawn(gate.clone().watch(stop.clone()));
        tokio::time::sleep(POLL_INTERVAL * ticks).await;
        stop.cancel();
        watcher.await.unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn a_token_file_changed_between_the_load_and_the_watchers_first_look_is_reloaded() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("tokens");
        std::fs::write(&file, "old-t0ken\n").unwrap();
        let gate = gate_of(&file);
        // Revoked while the watcher task has not run yet (a busy machine).
        std::fs::write(&file, "new-t0ken-of-another-length\n").unwrap();
        watch_for(&gate, 2).await;
        assert!(!accepts(&gate, "old-t0ken"));
        assert!(accepts(&gate, "new-t0ken-of-another-length"));
    }

    #[tokio::test(start_paused = true)]
    async fn a_token_file_left_alone_is_not_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("tokens");
        std::fs::write(&file, "a-t0ken\n").unwrap();
        let gate = gate_of(&file);
        watch_for(&gate, 5).await;
        let i = &gate.telemetry().ingest;
        assert_eq!(i.token_reloads.load(Relaxed), 0);
        assert_eq!(i.token_reload_failures.load(Relaxed), 0);
        assert!(accepts(&gate, "a-t0ken"));
    }
}
