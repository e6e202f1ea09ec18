/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_CPU_PROF=/tmp/prof npm run bench`):
 * `node --import tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [top]`.
 * Prints the share of samples (%) per package or source file (self time), the top functions by
 * self time, and the top functions of this repository (apps/, packages/) by inclusive time (a
 * function counted once per sampled stack). Idle samples are left out of every share.
 * PROFILE_WINDOW_S="from,to" keeps only the samples taken between `from` and `to` seconds
 * before the profile's end, e.g. "10.5,0.5" for the last bench target (the bench stops the
 * server right after it), so a run's other targets do not mix in.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds between samples (the first from startTime). */
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) throw new Error("usage: cpu-profile-summary.ts <file.cpuprofile> [top]");
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** node_modules package, repository file, node internal, or a V8 pseudo-frame. */
function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return "node:internal";
  const repo = /\/(apps|packages|scripts|e2e)\/.*$/.exec(url);
  return repo ? repo[0].slice(1) : url;
}

function label(frame: CallFrame): string {
  const where = frame.url ? `${moduleOf(frame)}:${frame.lineNumber + 1}` : "";
  return `${frame.functionName || "(anonymous)"} ${where}`.trim();
}

/** The samples inside PROFILE_WINDOW_S (all of them without it). */
function windowed(): number[] {
  const window = process.env.PROFILE_WINDOW_S?.split(",").map(Number);
  if (!window || window.length !== 2 || window.some((n) => !Number.isFinite(n))) {
    return profile.samples;
  }
  const [from, to] = window as [number, number];
  const lo = profile.endTime - from * 1e6;
  const hi = profile.endTime - to * 1e6;
  let at = profile.startTime;
  return profile.samples.filter((_, i) => {
    at += profile.timeDeltas[i]!;
    return at >= lo && at <= hi;
  });
}
const samples = windowed();

const counts = new Map<number, number>();
for (const s of samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const idle = [...counts].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)");
const idleSamples = idle.reduce((sum, [, c]) => sum + c, 0);
const busy = samples.length - idleSamples;
const pct = (n: number) => `${((100 * n) / busy).toFixed(1)} %`;

const selfByModule = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const inclusiveOwn = new Map<string, number>();
for (const [id, c] of counts) {
  const node = byId.get(id)!;
  if (node.callFrame.functionName === "(idle)") continue;
  const m = moduleOf(node.callFrame);
  selfByModule.set(m, (selfByModule.get(m) ?? 0) + c);
  const f = label(node.callFrame);
  selfByFunction.set(f, (selfByFunction.get(f) ?? 0) + c);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!/\/(apps|packages)\//.test(frame.url) || frame.url.includes("node_modules/")) continue;
    const l = label(frame);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusiveOwn.set(l, (inclusiveOwn.get(l) ?? 0) + c);
  }
}

const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(
  `${file}: ${samples.length} samples, ${busy} busy (${pct(busy)} of busy = 100 %; idle left out)`,
);
console.log("\nself time by package / file:");
for (const [k, v] of sorted(selfByModule)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
console.log("\nself time by function:");
for (const [k, v] of sorted(selfByFunction)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
console.log("\ninclusive time, this repository's functions:");
for (const [k, v] of sorted(inclusiveOwn)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
