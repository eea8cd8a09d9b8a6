// Reads pprof files with pprof-format (an independent decoder) and prints, as JSON,
// the samples per stall_reason label, the (function, address) of every location, and
// the (function, address, function's filename, line) of every location's line.
const fs = require("fs");
const zlib = require("zlib");
const { Profile } = require("pprof-format");

const totals = {};
const pcs = [];
const lines = [];
let files = 0;
for (const path of process.argv.slice(2)) {
  const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(path)));
  files += 1;
  const str = (i) => p.stringTable.strings[Number(i)];
  const types = p.sampleType.map((t) => [str(t.type), str(t.unit)]);
  const fns = new Map(p.function.map((f) => [Number(f.id), str(f.systemName)]));
  const files_of = new Map(p.function.map((f) => [Number(f.id), str(f.filename)]));
  const locs = new Map(p.location.map((l) => [Number(l.id), l]));
  for (const s of p.sample) {
    const label = s.label.find((l) => str(l.key) === "stall_reason");
    const stall = label ? str(label.str) : "";
    totals[stall] = (totals[stall] || 0) + Number(s.value[0]);
    for (const id of s.locationId) {
      const l = locs.get(Number(id));
      const fid = Number(l.line[0].functionId);
      pcs.push([fns.get(fid), Number(l.address)]);
      lines.push([fns.get(fid), Number(l.address), files_of.get(fid), Number(l.line[0].line)]);
    }
  }
  if (JSON.stringify(types) !== JSON.stringify([["pc_samples", "count"]])) {
    throw new Error(`${path}: sample types ${JSON.stringify(types)}`);
  }
}
console.log(JSON.stringify({ files, totals, pcs, lines }));
