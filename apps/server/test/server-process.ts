/** Runs the real server entry point (`src/main.ts`) as a child process, as `npm start` does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  osmandUrl: string;
  child: ChildProcess;
  output(): string;
  /** Ends the process: SIGTERM for a clean stop, SIGKILL for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      OSMAND_PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Proc!pass1',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const urls = await new Promise<{ url: string; osmandUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const check = () => {
      const api = /Open (http:\/\/[\d.]+:\d+)\//.exec(output);
      const osmand = /Traccar Client ingest: (http:\/\/[\w.]+:\d+)\//.exec(output);
      if (api && osmand) {
        clearTimeout(timer);
        resolve({ url: api[1]!, osmandUrl: osmand[1]!.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    ...urls,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * A port nothing listens on right now, for a server that cannot bind port 0 itself (its URL is
 * needed before it starts). Another socket may take it before that server binds it: where a test
 * can, it binds port 0 instead and reads the port.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
