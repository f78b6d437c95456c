/**
 * What starting a server costs: CPU time and wall time from the process's start until `/api/health`
 * answers 200, on the embedded database (a data folder its first start migrated and seeded), against
 * the same measured for a baseline commit in the same run: by default the commit before the heavy
 * dependencies (S3, NATS and MQTT clients, nodemailer) loaded on first use, BENCH_START_BASELINE to
 * choose another. The baseline's code is checked out into a temporary git worktree that borrows this
 * checkout's installed packages, so it needs no install of its own (its package.json must match).
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@flare/server/test/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The last commit whose server loaded every heavy dependency at start. */
const DEFAULT_BASELINE = 'b7c7cfd26f5e7a68f5272e5e9d46a107e94fba82';
const ROUNDS = 5;
const WORKSPACES = ['packages/core', 'apps/server', 'apps/web', 'e2e', 'bench'];
const CLOCK_TICKS = 100;

interface Start {
  cpuMs: number;
  wallMs: number;
}

/** A worktree of `ref` whose node_modules are this checkout's, but for its own workspaces. */
function baselineTree(ref: string): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'flare-bench-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', root, ref], { cwd: ROOT, stdio: 'ignore' });
  if (
    readFileSync(path.join(root, 'package-lock.json'), 'utf8') !==
    readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')
  )
    console.warn(
      `server start: the baseline ${ref} has other packages than this checkout; its figures use these`,
    );
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@flare'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@flare') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of WORKSPACES) {
    const name = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      name: string;
    };
    symlinkSync(path.join(root, workspace), path.join(modules, name.name));
    const nested = path.join(ROOT, workspace, 'node_modules');
    if (existsSync(nested)) symlinkSync(nested, path.join(root, workspace, 'node_modules'));
  }
  return {
    root,
    remove: () =>
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' }),
  };
}

/** CPU time of a process so far (all its threads), ms. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

/** Starts the server of `root` on `dataDir`, until /api/health answers 200; then stops it. */
async function startOnce(root: string, dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      OSMAND_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Bench!pass1',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server in ${root} exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return { cpuMs: cpuMsOf(child.pid!), wallMs: performance.now() - started };
      await sleep(20);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchServerStart() {
  if (!existsSync('/proc/self/stat')) {
    console.warn('server start: skipped, it reads CPU time from /proc');
    return [];
  }
  const ref = process.env.BENCH_START_BASELINE ?? DEFAULT_BASELINE;
  const baseline = baselineTree(ref);
  const sides = [
    { name: 'baseline', root: baseline.root, starts: [] as Start[] },
    { name: 'this', root: ROOT, starts: [] as Start[] },
  ];
  const folders: string[] = [];
  try {
    // Each side's own first start migrates and seeds; every timed start opens a copy of it.
    const seeded = new Map<string, string>();
    for (const side of sides) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-start-'));
      folders.push(dataDir);
      await startOnce(side.root, dataDir);
      seeded.set(side.name, dataDir);
    }
    // Alternating, so that whatever else the machine does falls on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-start-'));
        folders.push(dataDir);
        cpSync(seeded.get(side.name)!, dataDir, { recursive: true });
        side.starts.push(await startOnce(side.root, dataDir));
      }
    }
  } finally {
    baseline.remove();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  const [before, after] = sides.map((side) => ({
    cpuMs: median(side.starts.map((start) => start.cpuMs)),
    wallMs: median(side.starts.map((start) => start.wallMs)),
  })) as [Start, Start];
  const detail = (key: keyof Start) =>
    `median of ${ROUNDS}: ${Math.round(after[key])} ms against ${Math.round(before[key])} ms at ${ref.slice(0, 7)}`;
  return [
    { name: 'server start, CPU time to healthy', ratio: after.cpuMs / before.cpuMs, detail: detail('cpuMs') },
    {
      name: 'server start, wall time to healthy',
      ratio: after.wallMs / before.wallMs,
      detail: detail('wallMs'),
    },
  ];
}
