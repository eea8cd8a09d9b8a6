//! Replays recorded H200 kernel records through the injector's processing path to an
//! OTLP endpoint: `replay --endpoint http://127.0.0.1:4317 [FIXTURE...]`. The
//! `OTEL_EXPORTER_OTLP_*` variables (protocol, headers, certificates) configure the
//! exporter as they do the injector in a CUDA program.

use clap::Parser;
use gpu_otel_examples::replay;

#[derive(Debug, Parser)]
struct Args {
    /// OTLP endpoint (base URL) of the receiver or any OTLP peer; https:// for TLS.
    #[arg(long, default_value = "http://127.0.0.1:4317")]
    endpoint: String,
    /// service.name of the replayed process.
    #[arg(long, default_value = "h200-replay")]
    service: String,
    /// Keep the recorded timestamps instead of moving them to now.
    #[arg(long)]
    keep_time: bool,
    /// Captures to replay (default: the ones in injector/tests/fixtures).
    fixtures: Vec<std::path::PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let paths = if args.fixtures.is_empty() {
        replay::default_fixtures()
    } else {
        args.fixtures
    };
    let mut records = Vec::new();
    for p in &paths {
        records.extend(replay::load(p)?);
    }
    if !args.keep_time {
        replay::shift_to_now(&mut records);
    }
    let r = replay::replay(&records, &args.service, &args.endpoint)?;
    println!(
        "replayed {} kernel records to {}: {} dropped, {} unexported",
        r.records, args.endpoint, r.dropped, r.unexported
    );
    anyhow::ensure!(
        r.dropped == 0 && r.unexported == 0,
        "the replay lost records"
    );
    Ok(())
}
