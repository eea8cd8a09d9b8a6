//! A real CUDA program for the injector: many small kernels over several streams,
//! a fixed amount of work, and a self-check.
//!
//! ```text
//! kernels [--launches N] [--streams S] [--elems E] [--iters I] [--threads T]
//!         [--graph-launches G] [--linger-ms L] [--warmup-ms W]
//! ```
//!
//! `--threads T` launches from T application threads at once (thread t owns the
//! streams s with s % T == t), the multithreaded launcher of the serialized tier's
//! deadlock test. `--graph-launches G` first captures 8 launches on stream 0 into a
//! CUDA graph and launches it G times (driver `cuGraphLaunch`), then runs the normal
//! launches; the check counts the graph's work too. `--linger-ms L` sleeps L ms after
//! the check line, launching nothing (a burst open at that moment stays open).
//! `--warmup-ms W` launches for W ms before the timed work and waits for them, so that
//! what an injector does once (a sampler lease taken, PC sampling enabled, its first
//! burst) falls outside `wall_ms`; the check counts those launches too.
//!
//! Each launch adds 1 to every element of its stream's buffer (`work::bump`; every
//! tenth launch is `work::mix`, which does the same through a second kernel, so the
//! trace shows two names). At the end every element of stream s's buffer must equal
//! the number of launches on s. The program prints one line:
//! `kernels: launched=N streams=S check=ok wall_ms=... per_launch_us=...`.
//! It needs libcuda and libnvrtc on the library path (on the GPU machine:
//! `LD_LIBRARY_PATH=/usr/local/cuda/lib64`).

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg,
};

const SOURCE: &str = r#"
namespace work {
__global__ void bump(float* x, int n, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // Sum from zero: added to a large x[i] directly, 1/iters would be below
        // its float resolution and the sum would be lost.
        float acc = 0.0f;
        for (int k = 0; k < iters; ++k) { acc += 1.0f / (float)iters; }
        x[i] += (iters > 0) ? rintf(acc) : 1.0f;
    }
}
__global__ void mix(float* x, const float* one, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { x[i] += one[i]; }
}
}
"#;

/// Mangled names (C++ kernels, so the injector has something to demangle).
const BUMP: &str = "_ZN4work4bumpEPfii";
const MIX: &str = "_ZN4work3mixEPfPKfi";

/// One stream with its buffer and its buffer of ones.
type Lane = (Arc<CudaStream>, CudaSlice<f32>, CudaSlice<f32>);

struct Args {
    launches: usize,
    streams: usize,
    elems: usize,
    iters: i32,
    threads: usize,
    graph_launches: usize,
    linger_ms: u64,
    warmup_ms: u64,
}

fn parse_args() -> Result<Args> {
    let mut a = Args {
        launches: 10_000,
        streams: 4,
        elems: 4096,
        iters: 1,
        threads: 1,
        graph_launches: 0,
        linger_ms: 0,
        warmup_ms: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--launches" => a.launches = value.parse()?,
            "--streams" => a.streams = value.parse()?,
            "--elems" => a.elems = value.parse()?,
            "--iters" => a.iters = value.parse()?,
            "--threads" => a.threads = value.parse()?,
            "--graph-launches" => a.graph_launches = value.parse()?,
            "--linger-ms" => a.linger_ms = value.parse()?,
            "--warmup-ms" => a.warmup_ms = value.parse()?,
            other => bail!("unknown flag {other}"),
        }
    }
    if a.streams == 0 || a.elems == 0 || a.threads == 0 {
        bail!("--streams, --elems and --threads must be positive");
    }
    Ok(a)
}

/// Launches one kernel on `stream`.
#[allow(unsafe_code)]
fn launch(
    stream: &Arc<CudaStream>,
    f: &CudaFunction,
    buf: &mut CudaSlice<f32>,
    second: Option<&CudaSlice<f32>>,
    n: i32,
    iters: i32,
    cfg: LaunchConfig,
) -> Result<()> {
    let mut b = stream.launch_builder(f);
    b.arg(buf);
    match second {
        Some(one) => {
            b.arg(one);
            b.arg(&n);
        }
        None => {
            b.arg(&n);
            b.arg(&iters);
        }
    }
    // SAFETY: the arguments match the kernels' signatures in SOURCE (float*, int,
    // int for bump; float*, const float*, int for mix), the buffers hold `n`
    // elements, and the grid covers `n` threads with a bounds check.
    unsafe { b.launch(cfg) }?;
    Ok(())
}

fn main() -> Result<()> {
    let args = parse_args()?;
    let ctx = CudaContext::new(0).context("no CUDA device")?;
    // Each stream has its own buffers and the program synchronizes before reading
    // them, so cudarc's per-launch event tracking is not needed; leaving it on would
    // add event calls to every launch and blur the per-launch overhead measurement.
    #[allow(unsafe_code)]
    // SAFETY: see above; no buffer is shared between streams.
    unsafe {
        ctx.disable_event_tracking()
    };
    let ptx = cudarc::nvrtc::compile_ptx(SOURCE).context("nvrtc")?;
    let module = ctx.load_module(ptx)?;
    let bump = module.load_function(BUMP)?;
    let mix = module.load_function(MIX)?;

    let n = args.elems as i32;
    let cfg = LaunchConfig::for_num_elems(args.elems as u32);
    let ones = vec![1.0f32; args.elems];
    let mut lanes = Vec::new();
    for _ in 0..args.streams {
        let stream = ctx.new_stream()?;
        let buf = stream.alloc_zeros::<f32>(args.elems)?;
        let one = stream.clone_htod(&ones)?;
        lanes.push((stream, buf, one));
    }
    ctx.synchronize()?;

    let mut per_stream = vec![0usize; args.streams];
    let mut warmup_launches = 0usize;
    let warmup = std::time::Duration::from_millis(args.warmup_ms);
    let warming = Instant::now();
    while warming.elapsed() < warmup {
        let s = warmup_launches % args.streams;
        let (stream, buf, _) = &mut lanes[s];
        launch(stream, &bump, buf, None, n, args.iters, cfg)?;
        per_stream[s] += 1;
        warmup_launches += 1;
    }
    ctx.synchronize()?;

    let start = Instant::now();
    if args.graph_launches > 0 {
        const GRAPH_KERNELS: usize = 8;
        let (stream, buf, _) = &mut lanes[0];
        stream.begin_capture(
            cudarc::driver::sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_RELAXED,
        )?;
        for _ in 0..GRAPH_KERNELS {
            launch(stream, &bump, buf, None, n, args.iters, cfg)?;
        }
        let graph = stream
            .end_capture(cudarc::driver::sys::CUgraphInstantiate_flags(0))?
            .context("empty graph")?;
        for _ in 0..args.graph_launches {
            graph.launch()?;
        }
        stream.synchronize()?;
        per_stream[0] += GRAPH_KERNELS * args.graph_launches;
    }
    let threads = args.threads.min(args.streams);
    // Thread t owns the lanes s with s % threads == t, and the launches i with
    // i % streams == s.
    let mut owned: Vec<Vec<(usize, _)>> = (0..threads).map(|_| Vec::new()).collect();
    for (s, lane) in lanes.into_iter().enumerate() {
        owned[s % threads].push((s, lane));
    }
    let launches = args.launches;
    let streams = args.streams;
    let iters = args.iters;
    let results: Vec<Result<Vec<(usize, usize, Lane)>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = owned
            .into_iter()
            .map(|mut mine| {
                let (bump, mix) = (&bump, &mix);
                scope.spawn(move || -> Result<_> {
                    let mut counts = vec![0usize; mine.len()];
                    for i in 0..launches {
                        let s = i % streams;
                        let Some(k) = mine.iter().position(|(own, _)| *own == s) else {
                            continue;
                        };
                        let (stream, buf, one) = &mut mine[k].1;
                        if i % 10 == 9 {
                            launch(stream, mix, buf, Some(one), n, iters, cfg)?;
                        } else {
                            launch(stream, bump, buf, None, n, iters, cfg)?;
                        }
                        counts[k] += 1;
                    }
                    Ok(mine
                        .into_iter()
                        .zip(counts)
                        .map(|((s, lane), c)| (s, c, lane))
                        .collect())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| bail!("launcher thread panicked"))
            })
            .collect()
    });
    let mut lanes: Vec<Option<Lane>> = (0..args.streams).map(|_| None).collect();
    for r in results {
        for (s, c, lane) in r? {
            per_stream[s] += c;
            lanes[s] = Some(lane);
        }
    }
    let lanes: Vec<_> = lanes
        .into_iter()
        .map(|l| l.expect("every lane returned"))
        .collect();
    ctx.synchronize()?;
    let wall = start.elapsed();

    for (s, (stream, buf, _)) in lanes.iter().enumerate() {
        let host = stream.clone_dtoh(buf)?;
        let want = per_stream[s] as f32;
        if let Some((i, v)) = host.iter().enumerate().find(|(_, v)| **v != want) {
            bail!("check failed: stream {s} element {i} is {v}, want {want}");
        }
    }
    // Timed: what ran after the warm-up.
    let launched: usize = per_stream.iter().sum::<usize>() - warmup_launches;
    println!(
        "kernels: launched={launched} streams={} threads={threads} graph_launches={} check=ok wall_ms={:.3} per_launch_us={:.3} warmup_launches={warmup_launches}",
        args.streams,
        args.graph_launches,
        wall.as_secs_f64() * 1e3,
        wall.as_secs_f64() * 1e6 / launched.max(1) as f64
    );
    // A process that stops launching but lives on (a burst stays open until a launch
    // exit closes it: the SIGKILL-mid-burst test).
    if args.linger_ms > 0 {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        std::thread::sleep(std::time::Duration::from_millis(args.linger_ms));
    }
    Ok(())
}
