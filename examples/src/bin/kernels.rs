//! A real CUDA program for the injector: many small kernels over several streams,
//! a fixed amount of work, and a self-check.
//!
//! ```text
//! kernels [--launches N] [--streams S] [--elems E] [--iters I]
//! ```
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
        float acc = x[i];
        for (int k = 0; k < iters; ++k) { acc += 1.0f / (float)iters; }
        x[i] = (iters > 0) ? rintf(acc) : acc + 1.0f;
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

struct Args {
    launches: usize,
    streams: usize,
    elems: usize,
    iters: i32,
}

fn parse_args() -> Result<Args> {
    let mut a = Args {
        launches: 10_000,
        streams: 4,
        elems: 4096,
        iters: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--launches" => a.launches = value.parse()?,
            "--streams" => a.streams = value.parse()?,
            "--elems" => a.elems = value.parse()?,
            "--iters" => a.iters = value.parse()?,
            other => bail!("unknown flag {other}"),
        }
    }
    if a.streams == 0 || a.elems == 0 {
        bail!("--streams and --elems must be positive");
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

    let start = Instant::now();
    let mut per_stream = vec![0usize; args.streams];
    for i in 0..args.launches {
        let s = i % args.streams;
        let (stream, buf, one) = &mut lanes[s];
        if i % 10 == 9 {
            launch(stream, &mix, buf, Some(one), n, args.iters, cfg)?;
        } else {
            launch(stream, &bump, buf, None, n, args.iters, cfg)?;
        }
        per_stream[s] += 1;
    }
    ctx.synchronize()?;
    let wall = start.elapsed();

    for (s, (stream, buf, _)) in lanes.iter().enumerate() {
        let host = stream.clone_dtoh(buf)?;
        let want = per_stream[s] as f32;
        if let Some((i, v)) = host.iter().enumerate().find(|(_, v)| **v != want) {
            bail!("check failed: stream {s} element {i} is {v}, want {want}");
        }
    }
    let launched: usize = per_stream.iter().sum();
    println!(
        "kernels: launched={launched} streams={} check=ok wall_ms={:.3} per_launch_us={:.3}",
        args.streams,
        wall.as_secs_f64() * 1e3,
        wall.as_secs_f64() * 1e6 / launched.max(1) as f64
    );
    Ok(())
}
