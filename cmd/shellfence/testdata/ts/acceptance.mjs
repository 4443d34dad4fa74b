// Acceptance test: shellfence serve driven by the official TypeScript MCP
// SDK, over stdio and over streamable HTTP with a bearer token.
//
//   SHELLFENCE_BIN=/path/to/shellfence node acceptance.mjs
//
// It prints one line per check and ends with "N passed, N failed"; the
// exit status is 1 when a check failed. TestTypeScriptSDK runs it.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const bin = process.env.SHELLFENCE_BIN;
if (!bin) {
  console.error("acceptance.mjs: set SHELLFENCE_BIN to the shellfence binary");
  process.exit(2);
}

let passed = 0;
let failed = 0;

function check(name, ok, detail) {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failed++;
    console.log(`not ok - ${name}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
}

const wanted = ["run", "run_output", "read_file", "write_file", "list_dir", "edit_file", "apply_patch"];

// exercise checks the tools through a connected client, on a server
// started with --max-output 1000 over an empty workspace.
async function exercise(client, via) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  check(`${via}: tools/list has ${wanted.join(", ")}`, wanted.every((n) => names.includes(n)), names);
  for (const t of tools) {
    const a = t.annotations ?? {};
    check(
      `${via}: ${t.name} has a description, schemas and annotations`,
      t.description && t.inputSchema?.type === "object" && t.outputSchema?.type === "object" &&
        typeof a.readOnlyHint === "boolean" && typeof a.destructiveHint === "boolean" && typeof a.openWorldHint === "boolean",
      t,
    );
  }

  // callTool validates structuredContent against each tool's outputSchema.
  const run = await client.callTool({ name: "run", arguments: { command: "seq 3000 | tr 0 o" } });
  const r = run.structuredContent;
  check(`${via}: run`, r?.exit_code === 0 && r.stdout.startsWith("1\n2\n") && r.stdout.endsWith("\n3ooo\n"), r);
  check(`${via}: run is truncated with true counts`, r?.stdout_truncated === true && r.stdout_lines === 3000 && r.stdout_bytes === 13893, r);

  const out = await client.callTool({ name: "run_output", arguments: { id: r.id, match: "^15o[o12]$" } });
  check(`${via}: run_output by id with match`, out.structuredContent?.text === "1500:15oo\n1501:15o1\n1502:15o2\n", out.structuredContent);

  const w = await client.callTool({ name: "write_file", arguments: { path: "d/note.txt", text: "hello\nworld\n" } });
  check(`${via}: write_file`, !w.isError, w.content);
  const rd = await client.callTool({ name: "read_file", arguments: { path: "d/note.txt" } });
  check(`${via}: read_file reads it back`, rd.structuredContent?.text === "hello\nworld\n" && rd.structuredContent.total_lines === 2, rd.structuredContent);

  const outside = await client.callTool({ name: "read_file", arguments: { path: "/etc/passwd" } });
  check(`${via}: a path outside the workspace is refused`, outside.isError && /outside the workspace/.test(outside.content?.[0]?.text), outside.content);
}

async function overStdio() {
  const ws = mkdtempSync(join(tmpdir(), "sf-ts-"));
  const client = new Client({ name: "ts-acceptance", version: "0" });
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--cwd", ws, "--max-output", "1000", "--quiet"], stderr: "inherit" });
  try {
    await client.connect(transport);
    check("stdio: connected", client.getServerVersion()?.name === "shellfence", client.getServerVersion());
    await exercise(client, "stdio");
  } finally {
    await client.close();
    rmSync(ws, { recursive: true, force: true });
  }
}

// startHTTP starts the server on a free port and resolves to its URL.
function startHTTP(ws, token) {
  const child = spawn(bin, ["serve", "--cwd", ws, "--http", "127.0.0.1:0", "--auth", token, "--max-output", "1000", "--quiet"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start")), 10000);
    createInterface({ input: child.stderr }).on("line", (line) => {
      const m = line.match(/serving .* at (http:\/\/\S+) for/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, url };
}

async function overHTTP() {
  const ws = mkdtempSync(join(tmpdir(), "sf-ts-"));
  const token = "ts-acceptance-token-0123456789";
  const { child, url: urlPromise } = startHTTP(ws, token);
  try {
    const url = await urlPromise;
    const client = new Client({ name: "ts-acceptance", version: "0" });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    check("http: connected with the token", client.getServerVersion()?.name === "shellfence", client.getServerVersion());
    await exercise(client, "http");
    await client.close();

    const bare = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    check("http: 401 without a token", bare.status === 401, bare.status);

    const noToken = new Client({ name: "ts-acceptance", version: "0" });
    let refused = null;
    try {
      await noToken.connect(new StreamableHTTPClientTransport(new URL(url)));
    } catch (err) {
      refused = err;
    }
    check("http: the SDK client is refused with 401 without the token", refused?.code === 401, String(refused));
  } finally {
    child.kill("SIGTERM");
    rmSync(ws, { recursive: true, force: true });
  }
}

try {
  await overStdio();
  await overHTTP();
} catch (err) {
  check("no exception", false, String(err?.stack ?? err));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
