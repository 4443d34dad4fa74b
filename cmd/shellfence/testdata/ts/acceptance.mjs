// Acceptance test: shellfence serve driven by the official TypeScript MCP
// SDK, over stdio and over streamable HTTP with a bearer token.
//
//   SHELLFENCE_BIN=/path/to/shellfence node acceptance.mjs
//
// It prints one line per check and ends with "N passed, N failed"; the
// exit status is 1 when a check failed. TestTypeScriptSDK runs it.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

// agentFeatures checks files_changed, preview + diff + promote (and a
// refused, conflicting promote) and checkpoint restore, on the disk of
// the workspace ws.
async function agentFeatures(client, via, ws) {
  const call = async (name, args) => (await client.callTool({ name, arguments: args })).structuredContent;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  await call("run", { command: "mkdir -p af && cd af && printf 'one\\ntwo\\n' > a.txt && echo old > old.txt && cd .." });
  let r = await call("run", { command: "cd af; cat a.txt; echo x >> a.txt; rm old.txt; echo n > new.txt; cp a.txt t; rm t; cd .." });
  check(`${via}: files_changed is exact`, same(r?.files_changed, [
    { path: "af/a.txt", change: "modified", size: 10 },
    { path: "af/new.txt", change: "created", size: 2 },
    { path: "af/old.txt", change: "deleted", size: 0 },
  ]), r?.files_changed);
  r = await call("run", { command: "cat af/a.txt | wc -l", expect: { changed: false, stdout_contains: "3" } });
  check(`${via}: a read changes nothing; expect changed false holds`, same(r?.files_changed, []) && r.ok === true, r);

  const p = await call("run", { command: "sed -i s/two/TWO/ af/a.txt && echo p > af/p.txt && rm af/new.txt", preview: true });
  const disk = readFileSync(join(ws, "af/a.txt"), "utf8");
  check(`${via}: a preview leaves the disk untouched`, disk === "one\ntwo\nx\n" && !existsSync(join(ws, "af/p.txt")) && existsSync(join(ws, "af/new.txt")), disk);
  check(`${via}: the preview's diff`, typeof p?.preview_id === "string" && p.diff.includes("--- a/af/a.txt\n+++ b/af/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n x\n") &&
    p.diff.includes("+++ b/af/p.txt\n@@ -0,0 +1 @@\n+p\n") && p.files_changed.length === 3, p);
  const more = await call("run", { command: "cat af/p.txt", preview_id: p.preview_id });
  check(`${via}: run continues in the preview`, more?.stdout === "p\n" && more.preview_id === p.preview_id, more);
  const done = await call("promote", { preview_id: p.preview_id });
  check(`${via}: promote applies the preview`, done?.promoted === true && readFileSync(join(ws, "af/a.txt"), "utf8") === "one\nTWO\nx\n" &&
    readFileSync(join(ws, "af/p.txt"), "utf8") === "p\n" && !existsSync(join(ws, "af/new.txt")), done);

  const q = await call("run", { command: "echo q > af/a.txt; echo q > af/q.txt", preview: true });
  writeFileSync(join(ws, "af/a.txt"), "changed meanwhile\n");
  const refused = await client.callTool({ name: "promote", arguments: { preview_id: q.preview_id } });
  check(`${via}: a conflicting promote is refused and changes nothing`, refused.isError && same(refused.structuredContent?.conflicts, ["af/a.txt"]) &&
    readFileSync(join(ws, "af/a.txt"), "utf8") === "changed meanwhile\n" && !existsSync(join(ws, "af/q.txt")), refused.structuredContent);
  await call("discard", { preview_id: q.preview_id });

  const cp = await call("checkpoint_create", { label: "before" });
  await call("run", { command: "rm -r af/p.txt; echo z > af/a.txt; chmod 700 af/a.txt; echo extra > af/extra; ln -s a.txt af/link" });
  const back = await call("checkpoint_restore", { id: cp?.id });
  const mode = statSync(join(ws, "af/a.txt")).mode & 0o777;
  check(`${via}: checkpoint_restore brings the exact tree back`, readFileSync(join(ws, "af/a.txt"), "utf8") === "changed meanwhile\n" && mode === 0o644 &&
    readFileSync(join(ws, "af/p.txt"), "utf8") === "p\n" && !existsSync(join(ws, "af/extra")) && !existsSync(join(ws, "af/link")) &&
    same(back?.files_changed?.map((c) => c.path + " " + c.change), ["af/a.txt modified", "af/extra deleted", "af/link deleted", "af/p.txt created"]), back);
  const list = await call("checkpoint_list", {});
  check(`${via}: checkpoint_list`, list?.checkpoints?.some((c) => c.id === cp.id && c.label === "before"), list);
}

async function overStdio() {
  const ws = mkdtempSync(join(tmpdir(), "sf-ts-"));
  const client = new Client({ name: "ts-acceptance", version: "0" });
  const store = mkdtempSync(join(tmpdir(), "sf-ts-store-"));
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--cwd", ws, "--max-output", "1000", "--quiet", "--checkpoint-dir", store], stderr: "inherit" });
  try {
    await client.connect(transport);
    check("stdio: connected", client.getServerVersion()?.name === "shellfence", client.getServerVersion());
    await exercise(client, "stdio");
    await agentFeatures(client, "stdio", ws);
  } finally {
    await client.close();
    rmSync(ws, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
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

// The policy issue's rules.
const rules = {
  rm: { deny_options: ["-r", "-f"] },
  ls: { allow_options: ["-l", "-a", "-h", "-R", "-t", "-1"] },
  sed: { deny_options: ["-i"] },
  find: { deny_options: ["-delete", "-exec", "-execdir", "-ok", "-okdir"] },
};

// connectStdio starts a server over stdio with args and connects to it.
async function connectStdio(args) {
  const client = new Client({ name: "ts-acceptance", version: "0" });
  await client.connect(new StdioClientTransport({ command: bin, args: ["serve", ...args, "--quiet"], stderr: "inherit" }));
  return client;
}

// policyWorkspace makes a workspace with d/x and f, and a config with the
// rules outside it.
function policyWorkspace() {
  const ws = mkdtempSync(join(tmpdir(), "sf-ts-ws-"));
  mkdirSync(join(ws, "d"));
  writeFileSync(join(ws, "d", "x"), "x\n");
  writeFileSync(join(ws, "f"), "a\n");
  const confDir = mkdtempSync(join(tmpdir(), "sf-ts-conf-"));
  const conf = join(confDir, "shellfence.json");
  writeFileSync(conf, JSON.stringify({ command_rules: rules }));
  return { ws, confDir, conf };
}

async function policy() {
  const { ws, confDir, conf } = policyWorkspace();
  const client = await connectStdio(["--cwd", ws, "--conf", conf]);
  try {
    const denied = [
      "rm -r d", "rm -R d", "rm --recursive d", "rm --rec d", "rm -rf d", "rm -fr d", "rm -r -f d", "rm -f d/x",
      "echo d | xargs rm -r", "echo d | xargs rm -fR", "find . -name d -exec rm -r {} +", "find d -delete",
      "sh -c 'rm -r d'", "bash -c 'rm --recursive d'", "eval 'rm -r d'", "x='rm -R d'; eval \"$x\"",
      "sed -i s/a/b/ f", "sed --in-place s/a/b/ f", "ls -S d", "rm -r d; echo after",
    ];
    for (const command of denied) {
      const res = await client.callTool({ name: "run", arguments: { command } });
      const r = res.structuredContent;
      check(`policy: run ${command} is refused with 126`,
        res.isError && r?.exit_code === 126 && /is not allowed here \(command_rules\)\n$/.test(r.stderr) && r.stdout === "", r);
    }
    for (const args of [["-r", "d"], ["-fr", "d"], ["--rec", "d"]]) {
      const res = await client.callTool({ name: "run", arguments: { command: "rm", args } });
      check(`policy: run rm ${args.join(" ")} (args form) is refused with 126`, res.structuredContent?.exit_code === 126, res.structuredContent);
    }
    const rm = await client.callTool({ name: "run", arguments: { command: "rm -r d" } });
    check("policy: the message names the option", rm.structuredContent?.stderr === "rm: option '-r' (--recursive) is not allowed here (command_rules)\n", rm.structuredContent);
    check("policy: the tree is unchanged", readFileSync(join(ws, "d", "x"), "utf8") === "x\n" && readFileSync(join(ws, "f"), "utf8") === "a\n");

    const ls = await client.callTool({ name: "run", arguments: { command: "ls -1a d && ls --all -1 d | wc -l" } });
    check("policy: allowed options work", ls.structuredContent?.exit_code === 0 && ls.structuredContent.stdout === ".\n..\nx\n3\n", ls.structuredContent);
    const sed = await client.callTool({ name: "run", arguments: { command: "sed s/a/b/ f" } });
    check("policy: sed without -i works", sed.structuredContent?.stdout === "b\n", sed.structuredContent);

    const c1 = (await client.callTool({ name: "check_command", arguments: { command: "find . -name '*.tmp' | xargs rm -r" } })).structuredContent;
    check("check_command: find | xargs rm -r lists find, xargs, rm and the refusal",
      JSON.stringify(c1?.commands) === JSON.stringify(["find", "xargs", "rm"]) && c1.opaque === false &&
        c1.refused.length === 1 && c1.refused[0].command === "rm" && /'-r' \(--recursive\) is not allowed here/.test(c1.refused[0].reason), c1);
    const c2 = (await client.callTool({ name: "check_command", arguments: { command: "sort a > b.txt; sed -i s/x/y/ c" } })).structuredContent;
    check("check_command: writes of > and sed -i", JSON.stringify(c2?.writes) === JSON.stringify(["b.txt", "c"]) && !existsSync(join(ws, "b.txt")), c2);
    const c3 = (await client.callTool({ name: "check_command", arguments: { command: 'eval "$x"' } })).structuredContent;
    check("check_command: eval \"$x\" is opaque", c3?.opaque === true, c3);
  } finally {
    await client.close();
  }

  writeFileSync(conf, JSON.stringify({ command_rules: { rm: { deny_options: ["-r", "--nosuch"] } } }));
  const bad = spawnSync(bin, ["serve", "--cwd", ws, "--conf", conf, "--quiet"], { input: "", encoding: "utf8" });
  check("policy: an unknown option in a rule stops the server at start, naming it", bad.status !== 0 && bad.stderr.includes("--nosuch"), bad.stderr);
  rmSync(ws, { recursive: true, force: true });
  rmSync(confDir, { recursive: true, force: true });
}

async function toolPerCommand() {
  const ws = mkdtempSync(join(tmpdir(), "sf-ts-ws-"));
  mkdirSync(join(ws, "src"));
  // One file holds the matches: GNU grep -r lists files in directory order.
  writeFileSync(join(ws, "src", "a.go"), "package a\n\n// TODO: one\nfunc A() {} // TODO two\n");
  writeFileSync(join(ws, "notes.txt"), "done\n");
  const client = await connectStdio(["--cwd", ws, "--tool-per-command", "--allow", "ls,grep,cat"]);
  try {
    const { tools } = await client.listTools();
    for (const name of ["ls", "grep", "cat"]) {
      const t = tools.find((x) => x.name === name);
      check(`tool-per-command: ${name} has args and readOnlyHint`,
        t && t.inputSchema?.properties?.args?.type === "array" && t.annotations?.readOnlyHint === true && t.annotations?.destructiveHint === false, t);
    }
    check("tool-per-command: no tool for a command the allowlist leaves out", !tools.some((t) => t.name === "rm" || t.name === "sed"), tools.map((t) => t.name));
    const res = await client.callTool({ name: "grep", arguments: { args: ["-rn", "TODO", "."] } });
    let want = "./src/a.go:3:// TODO: one\n./src/a.go:4:func A() {} // TODO two\n";
    const gnu = spawnSync("grep", ["-rn", "TODO", "."], { cwd: ws, encoding: "utf8" });
    if (gnu.status === 0) want = gnu.stdout;
    check("tool-per-command: grep -rn TODO . prints what GNU grep prints", res.structuredContent?.exit_code === 0 && res.structuredContent.stdout === want,
      { got: res.structuredContent?.stdout, want });
  } finally {
    await client.close();
    rmSync(ws, { recursive: true, force: true });
  }
}

try {
  await overStdio();
  await overHTTP();
  await policy();
  await toolPerCommand();
} catch (err) {
  check("no exception", false, String(err?.stack ?? err));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
