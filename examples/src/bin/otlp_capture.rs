//! A small OTLP/gRPC trace receiver for GPU verification runs: it writes every
//! export request it receives as one JSON line (OTLP JSON) to a file, until it is
//! sent SIGTERM or SIGINT.
//!
//! ```text
//! otlp_capture --listen 127.0.0.1:4317 --out spans.jsonl
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};
use std::net::SocketAddr;
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use tonic::{Request, Response, Status};

struct Capture {
    out: Mutex<BufWriter<File>>,
}

#[tonic::async_trait]
impl TraceService for Capture {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let line = serde_json::to_string(request.get_ref())
            .map_err(|e| Status::internal(e.to_string()))?;
        let mut out = self.out.lock().map_err(|_| Status::internal("poisoned"))?;
        writeln!(out, "{line}").map_err(|e| Status::internal(e.to_string()))?;
        out.flush().map_err(|e| Status::internal(e.to_string()))?;
        Ok(Response::new(ExportTraceServiceResponse::default()))
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    let mut listen: SocketAddr = "127.0.0.1:4317".parse()?;
    let mut out = None;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--listen" => listen = value.parse()?,
            "--out" => out = Some(value),
            other => bail!("unknown flag {other}"),
        }
    }
    let out = out.context("--out FILE is required")?;
    let capture = Capture {
        out: Mutex::new(BufWriter::new(File::create(&out)?)),
    };
    let shutdown = async {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM handler");
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    };
    eprintln!("otlp_capture: listening on {listen}, writing {out}");
    tonic::transport::Server::builder()
        .add_service(
            TraceServiceServer::new(capture)
                .accept_compressed(tonic::codec::CompressionEncoding::Gzip)
                .accept_compressed(tonic::codec::CompressionEncoding::Zstd),
        )
        .serve_with_shutdown(listen, shutdown)
        .await?;
    Ok(())
}
