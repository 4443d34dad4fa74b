// Latency of shellfence serve as the official TypeScript MCP SDK sees it,
// each figure next to its reference measured in the same run:
//
//   SHELLFENCE_BIN=/path/to/shellfence node latency.mjs [calls]
//
//   - run-ls: tools/call of run {command: "ls"} over stdio, to its result
//     (p50, p99), against a fork+exec of the host's ls from the same node
//     process (spawn to exit, p50), the two interleaved call by call
//   - ping: a ping round trip over the same connection (p50), the floor the
//     SDK and the pipes set for any call, whatever the server does
//   - start-to-list: spawning the server to a completed tools/list (p50)
//   - idle-rss: the server's resident memory after tools/list (Linux)
//
// It prints one line per figure and a JSON summary last. TestTypeScriptLatency
// runs it and checks the targets.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const bin = process.env.SHELLFENCE_BIN;
if (!bin) {
  console.error("latency.mjs: set SHELLFENCE_BIN to the shellfence binary");
  process.exit(2);
}
const calls = Number(process.argv[2] ?? 300);
const extra = (process.env.SHELLFENCE_ARGS ?? "").split(" ").filter(Boolean);

const now = () => process.hrtime.bigint();
const ms = (ns) => Number(ns) / 1e6;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};

// forkExec spawns ls in dir and resolves when it has exited.
function forkExec(dir) {
  return new Promise((resolve, reject) => {
    const c = spawn("ls", [], { cwd: dir, stdio: ["ignore", "pipe", "ignore"] });
    c.stdout.resume();
    c.on("error", reject);
    c.on("close", resolve);
  });
}

function rss(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function connect(ws) {
  const client = new Client({ name: "ts-latency", version: "0" });
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--cwd", ws, ...extra], stderr: "ignore" });
  await client.connect(transport);
  return { client, transport };
}

async function startToList(ws, n) {
  const times = [];
  let mem = 0;
  for (let i = 0; i < n; i++) {
    const t0 = now();
    const { client, transport } = await connect(ws);
    await client.listTools();
    times.push(ms(now() - t0));
    mem = rss(transport.pid);
    await client.close();
  }
  return { p50: pct(times, 0.5), rss: mem };
}

async function runLs(ws, n) {
  const { client } = await connect(ws);
  const ours = [];
  const fork = [];
  const ping = [];
  try {
    for (let i = 0; i < n + 20; i++) {
      let t0 = now();
      const r = await client.callTool({ name: "run", arguments: { command: "ls" } });
      const t1 = now();
      if (r.isError || r.structuredContent?.stdout !== "README\na.go\nb.go\n") {
        throw new Error(`run ls: ${JSON.stringify(r)}`);
      }
      await forkExec(ws);
      const t2 = now();
      await client.ping();
      const t3 = now();
      if (i >= 20) {
        ours.push(ms(t1 - t0));
        fork.push(ms(t2 - t1));
        ping.push(ms(t3 - t2));
      }
    }
  } finally {
    await client.close();
  }
  return { p50: pct(ours, 0.5), p99: pct(ours, 0.99), fork: pct(fork, 0.5), ping: pct(ping, 0.5) };
}

const ws = mkdtempSync(join(tmpdir(), "sf-lat-"));
try {
  for (const f of ["a.go", "b.go", "README"]) writeFileSync(join(ws, f), "x\n");
  const start = await startToList(ws, 20);
  const run = await runLs(ws, calls);
  const summary = {
    run_ls_p50_ms: run.p50,
    run_ls_p99_ms: run.p99,
    forkexec_ls_p50_ms: run.fork,
    run_ls_x_forkexec: run.p50 / run.fork,
    ping_p50_ms: run.ping,
    start_to_list_ms: start.p50,
    idle_rss_mb: start.rss,
  };
  console.log(`run ls p50 ${run.p50.toFixed(3)} ms (p99 ${run.p99.toFixed(3)}), fork+exec ls p50 ${run.fork.toFixed(3)} ms: ${summary.run_ls_x_forkexec.toFixed(3)}x`);
  console.log(`ping p50 ${run.ping.toFixed(3)} ms`);
  console.log(`start to tools/list p50 ${start.p50.toFixed(1)} ms`);
  console.log(`idle RSS ${start.rss.toFixed(1)} MB`);
  console.log(JSON.stringify(summary));
} finally {
  rmSync(ws, { recursive: true, force: true });
}
