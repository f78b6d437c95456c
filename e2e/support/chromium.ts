/**
 * The one place that decides which Chromium the browser tests and the benchmarks drive, in this order:
 * 1. `CHROMIUM_PATH`, when set (a wrong path fails: it is never passed over);
 * 2. a system Chromium or Chrome: `chromium`, `chromium-browser`, `google-chrome`,
 *    `google-chrome-stable` on PATH, then the usual absolute paths;
 * 3. on Linux x64, the headless Chromium of the `@sparticuz/chromium` dev dependency, unpacked once
 *    into `node_modules/.cache/flare-chromium/<version>` with its own NSS libraries and a font, so it
 *    needs nothing from the system;
 * 4. otherwise an error saying what to install or set.
 * The lookups are injectable, so the order is unit-tested without any browser.
 */
import { execFile } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** The flags of STACK.md, "Headless Chromium and WebGL": WebGL still runs, in software (SwiftShader). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SYSTEM_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
export const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];
export const NPM_CHROMIUM = '@sparticuz/chromium';

export interface FoundChromium {
  executablePath: string;
  /** Variables the browser process needs on top of the environment (the npm Chromium's libraries and fonts). */
  env: Record<string, string>;
  /** Which browser and why, for the line each run prints. */
  description: string;
}

export interface ChromiumLookups {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  arch: string;
  /** A regular file this user may execute. */
  isExecutable(file: string): boolean;
  /** The npm Chromium, unpacked; undefined when the package is not installed. */
  npmChromium(): Promise<FoundChromium | undefined>;
}

export const NO_CHROMIUM_HELP =
  'Install Chromium or Chrome (Debian/Ubuntu: `apt-get install chromium`), or set CHROMIUM_PATH to ' +
  'the executable of one.';

export async function findChromium(lookups: Partial<ChromiumLookups> = {}): Promise<FoundChromium> {
  const { env, platform, arch, isExecutable, npmChromium } = { ...defaultLookups, ...lookups };
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutable(configured)) {
      throw new Error(`CHROMIUM_PATH is ${configured}, which is not an executable file. ${NO_CHROMIUM_HELP}`);
    }
    return { executablePath: configured, env: {}, description: `${configured} (CHROMIUM_PATH)` };
  }

  // By command first, then by folder: `chromium` anywhere on PATH wins over `google-chrome`.
  const folders = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const onPath = SYSTEM_COMMANDS.flatMap((name) => folders.map((folder) => path.join(folder, name)));
  const system = [...onPath, ...SYSTEM_PATHS].find((file) => isExecutable(file));
  if (system) return { executablePath: system, env: {}, description: `${system} (system browser)` };

  const looked =
    `Looked for CHROMIUM_PATH (unset), ${SYSTEM_COMMANDS.join(', ')} on PATH, ` +
    `${SYSTEM_PATHS.join(', ')}`;
  if (platform !== 'linux' || arch !== 'x64') {
    throw new Error(
      `No Chromium for the browser tests. ${looked}; the npm package ${NPM_CHROMIUM} serves Linux x64 ` +
        `only (this is ${platform} ${arch}). ${NO_CHROMIUM_HELP}`,
    );
  }
  let npm: FoundChromium | undefined;
  try {
    npm = await npmChromium();
  } catch (error) {
    throw new Error(
      `No Chromium for the browser tests: unpacking ${NPM_CHROMIUM} failed (${String(error)}). ` +
        NO_CHROMIUM_HELP,
      { cause: error },
    );
  }
  if (!npm) {
    throw new Error(
      `No Chromium for the browser tests. ${looked} and the npm package ${NPM_CHROMIUM}, which is not ` +
        `installed (run \`npm ci\`). ${NO_CHROMIUM_HELP}`,
    );
  }
  return npm;
}

/** Playwright launch options for a found browser: headless, with the given flags. */
export function launchOptions(found: FoundChromium, args: string[] = CHROMIUM_FLAGS) {
  return {
    executablePath: found.executablePath,
    headless: true,
    args,
    ...(Object.keys(found.env).length > 0 ? { env: { ...process.env, ...found.env } } : {}),
  };
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run in a child process whose TMPDIR is the staging folder, since the package unpacks into the
 * temporary folder: the browser (with SwiftShader beside it, for WebGL), its font, and the NSS and
 * expat libraries it links (al2023), which a machine without a browser may lack.
 */
const UNPACK = `
import { fileURLToPath } from 'node:url';
const { default: Chromium, inflate } = await import(process.env.FLARE_NPM_CHROMIUM);
await Chromium.executablePath();
await inflate(fileURLToPath(new URL('../bin/al2023.tar.br', process.env.FLARE_NPM_CHROMIUM)));
`;

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function unpackNpmChromium(): Promise<FoundChromium | undefined> {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM);
  } catch {
    return undefined;
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  // node_modules/.cache: the project's own (not a shared /tmp path), and `npm ci` starts it afresh.
  const cache = path.resolve(packageDir, '../../.cache/flare-chromium');
  const dir = path.join(cache, version);
  const executablePath = path.join(dir, 'chromium');
  if (!existsSync(executablePath)) {
    mkdirSync(cache, { recursive: true });
    // Other versions, and what runs stopped half-way left behind (200 MB each); not what another
    // run may be unpacking now.
    for (const entry of readdirSync(cache)) {
      const full = path.join(cache, entry);
      const unpacking =
        entry.startsWith(`${version}.partial-`) && Date.now() - statSync(full).mtimeMs < 600_000;
      if (entry !== version && !unpacking) rmSync(full, { recursive: true, force: true });
    }
    const staging = mkdtempSync(path.join(cache, `${version}.partial-`));
    try {
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', UNPACK], {
        env: { ...process.env, TMPDIR: staging, FLARE_NPM_CHROMIUM: pathToFileURL(entry).href },
      });
      // The system's fonts and rules where there are any, and the package's Open Sans in any case.
      writeFileSync(
        path.join(staging, 'fonts', 'fonts.conf'),
        `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${xml(path.join(dir, 'fonts', 'fonts'))}</dir>
  <cachedir>${xml(path.join(dir, 'fonts-cache'))}</cachedir>
</fontconfig>
`,
      );
      // All or nothing: a run that stops half-way leaves only a .partial folder behind.
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (!existsSync(executablePath)) throw error; // else another run unpacked it first
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const libraries = path.join(dir, 'al2023', 'lib');
  return {
    executablePath,
    env: {
      LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(path.delimiter),
      FONTCONFIG_PATH: path.join(dir, 'fonts'),
    },
    description: `${executablePath} (npm ${NPM_CHROMIUM} ${version}: no CHROMIUM_PATH and no system browser)`,
  };
}

const defaultLookups: ChromiumLookups = {
  env: process.env,
  platform: process.platform,
  arch: process.arch,
  isExecutable: isExecutableFile,
  npmChromium: unpackNpmChromium,
};
