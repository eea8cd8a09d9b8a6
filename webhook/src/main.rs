//! `gpu-otel-webhook serve`: the mutating admission webhook (see the crate's doc).

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Parser, Subcommand, ValueEnum};
use webhook::events::Events;
use webhook::inject::{Delivery, Settings};
use webhook::namespaces::Namespaces;
use webhook::server::{admin_router, router, tls, Webhook};

#[derive(Parser)]
#[command(
    name = "gpu-otel-webhook",
    version,
    about = "Puts the gpu-otel injector into pods that ask for it"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serves AdmissionReviews on POST /mutate (HTTPS) and health and metrics (HTTP).
    Serve(Serve),
}

#[derive(Clone, Copy, ValueEnum)]
enum DeliveryArg {
    /// Image volumes where the API server is 1.35 or later, else an init container.
    Auto,
    /// Always an image volume.
    ImageVolume,
    /// Always an init container copying into an emptyDir.
    InitContainer,
}

#[derive(clap::Args)]
struct Serve {
    /// Where the API server calls (HTTPS).
    #[arg(long, env = "GPU_OTEL_WEBHOOK_LISTEN", default_value = "0.0.0.0:8443")]
    listen: SocketAddr,
    /// Health and metrics (plain HTTP).
    #[arg(
        long,
        env = "GPU_OTEL_WEBHOOK_ADMIN_LISTEN",
        default_value = "0.0.0.0:8081"
    )]
    admin_listen: SocketAddr,
    /// The webhook's certificate (PEM), reloaded when it changes.
    #[arg(long, env = "GPU_OTEL_WEBHOOK_TLS_CERT")]
    tls_cert: PathBuf,
    /// Its key (PEM).
    #[arg(long, env = "GPU_OTEL_WEBHOOK_TLS_KEY")]
    tls_key: PathBuf,
    /// The injector image.
    #[arg(long, env = "GPU_OTEL_WEBHOOK_INJECTOR_IMAGE")]
    injector_image: String,
    /// How the library gets into a pod.
    #[arg(
        long,
        env = "GPU_OTEL_WEBHOOK_DELIVERY",
        value_enum,
        default_value = "auto"
    )]
    delivery: DeliveryArg,
    /// The node-local receiver's OTLP/gRPC endpoint, as its ingest certificate names it.
    #[arg(long, env = "GPU_OTEL_WEBHOOK_ENDPOINT")]
    endpoint: String,
    /// The ConfigMap with the ingest CA (`ca.crt`) in each workload namespace.
    #[arg(
        long,
        env = "GPU_OTEL_WEBHOOK_CA_CONFIGMAP",
        default_value = "gpu-otel-ingest-ca"
    )]
    ca_config_map: String,
    /// The Secret with the token header (`OTEL_EXPORTER_OTLP_HEADERS`) in each workload
    /// namespace.
    #[arg(
        long,
        env = "GPU_OTEL_WEBHOOK_TOKEN_SECRET",
        default_value = "gpu-otel-ingest-token"
    )]
    token_secret: String,
    /// The node-wide sampler lease directory (an absolute host path the receiver's
    /// DaemonSet prepares), mounted into serialized-tier pods; unset: none.
    #[arg(long, env = "GPU_OTEL_WEBHOOK_PC_LEASE_DIR", value_parser = absolute_path)]
    pc_lease_dir: Option<String>,
}

/// An absolute path: the same directory for every pod on a node.
fn absolute_path(s: &str) -> Result<String, String> {
    if s.starts_with('/') {
        Ok(s.to_string())
    } else {
        Err(format!("{s:?} is not an absolute path"))
    }
}

/// `major.minor` of the API server, from its `/version` (`"35+"` on some clouds).
fn version_at_least(major: &str, minor: &str, want: (u32, u32)) -> bool {
    let digits = |s: &str| {
        s.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse::<u32>()
            .ok()
    };
    matches!((digits(major), digits(minor)), (Some(a), Some(b)) if (a, b) >= want)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("GPU_OTEL_LOG")
                .unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let Command::Serve(args) = Cli::parse().command;
    rustls::crypto::ring::default_provider()
        .install_default()
        .map_err(|_| anyhow::anyhow!("a TLS provider was already installed"))?;
    let client = kube::Client::try_default()
        .await
        .context("the webhook needs the Kubernetes API (in-cluster, or KUBECONFIG) for namespaces and events")?;
    let delivery = match args.delivery {
        DeliveryArg::ImageVolume => Delivery::ImageVolume,
        DeliveryArg::InitContainer => Delivery::InitContainer,
        DeliveryArg::Auto => {
            let v = client
                .apiserver_version()
                .await
                .context("asking the API server its version")?;
            if version_at_least(&v.major, &v.minor, (1, 35)) {
                Delivery::ImageVolume
            } else {
                Delivery::InitContainer
            }
        }
    };
    let settings = Settings {
        image: args.injector_image,
        delivery,
        endpoint: args.endpoint,
        ca_config_map: args.ca_config_map,
        token_secret: args.token_secret,
        pc_lease_dir: args.pc_lease_dir,
    };
    let tls = tls(args.tls_cert, args.tls_key).await?;
    let namespaces = Namespaces::watch(client.clone());
    let events = Events::new(client, std::env::var("POD_NAME").ok());
    tracing::info!(?delivery, image = %settings.image, endpoint = %settings.endpoint, "webhook starting");
    let state = Webhook::new(settings, namespaces, events);

    let listener = std::net::TcpListener::bind(args.listen)
        .with_context(|| format!("listening on {}", args.listen))?;
    listener.set_nonblocking(true)?;
    let admin = tokio::net::TcpListener::bind(args.admin_listen)
        .await
        .with_context(|| format!("listening on {}", args.admin_listen))?;
    // The bound addresses, for whoever started it with port 0.
    println!(
        "{}",
        serde_json::json!({"webhook": listener.local_addr()?.to_string(), "admin": admin.local_addr()?.to_string()})
    );
    let handle = axum_server::Handle::new();
    let server = axum_server::from_tcp_rustls(listener, tls)?
        .handle(handle.clone())
        .serve(router(state.clone()).into_make_service());
    let admin_server = axum::serve(admin, admin_router(state));
    tokio::spawn(async move {
        shutdown().await;
        // In-flight reviews finish; the API server retries nothing (failurePolicy Ignore).
        handle.graceful_shutdown(Some(std::time::Duration::from_secs(5)));
    });
    tokio::select! {
        r = server => r.context("webhook server")?,
        r = admin_server => r.context("admin server")?,
    }
    Ok(())
}

async fn shutdown() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = term.recv() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}

#[cfg(test)]
mod tests {
    use super::version_at_least;

    #[test]
    fn versions_with_a_cloud_suffix_are_read() {
        assert!(version_at_least("1", "35", (1, 35)));
        assert!(version_at_least("1", "36+", (1, 35)));
        assert!(!version_at_least("1", "34+", (1, 35)));
        assert!(!version_at_least("", "", (1, 35)));
    }
}
