// The order in which the browser tests and benchmarks find their browser, with no browser needed.
import { describe, expect, it, vi } from 'vitest';
import { CHROMIUM_FLAGS, findChromium, launchOptions, type FoundChromium } from './chromium';

const NPM: FoundChromium = {
  executablePath: '/repo/node_modules/.cache/flare-chromium/153.0.0/chromium',
  env: { LD_LIBRARY_PATH: '/lib', FONTCONFIG_PATH: '/fonts' },
  description: 'npm',
};

/** A machine whose only executables are `files`; Linux x64 with the npm package unless told. */
function machine(files: string[], env: Record<string, string | undefined> = {}, more = {}) {
  const npmChromium = vi.fn(() => Promise.resolve<FoundChromium | undefined>(NPM));
  const lookups = {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    platform: 'linux' as const,
    arch: 'x64',
    isExecutable: (file: string) => files.includes(file),
    npmChromium,
    ...more,
  };
  return { find: () => findChromium(lookups), npmChromium };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, before any system browser', async () => {
    const { find, npmChromium } = machine(['/opt/chrome/chrome', '/usr/bin/chromium'], {
      CHROMIUM_PATH: '/opt/chrome/chrome',
    });
    expect(await find()).toMatchObject({ executablePath: '/opt/chrome/chrome', env: {} });
    expect((await find()).description).toContain('CHROMIUM_PATH');
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it('fails at once on a CHROMIUM_PATH that is not executable, rather than passing it over', async () => {
    const { find, npmChromium } = machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere/chrome' });
    await expect(find()).rejects.toThrow(
      'CHROMIUM_PATH is /nowhere/chrome, which is not an executable file. Install Chromium or Chrome ' +
        '(Debian/Ubuntu: `apt-get install chromium`), or set CHROMIUM_PATH to the executable of one.',
    );
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it('treats an empty CHROMIUM_PATH as unset', async () => {
    const { find } = machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '' });
    expect((await find()).executablePath).toBe('/usr/bin/chromium');
  });

  it('then takes a system browser on PATH: chromium, chromium-browser, google-chrome, google-chrome-stable', async () => {
    const all = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
    for (const [index, name] of all.entries()) {
      const { find, npmChromium } = machine(all.slice(index).map((n) => `/usr/local/bin/${n}`));
      const found = await find();
      expect(found).toMatchObject({ executablePath: `/usr/local/bin/${name}`, env: {} });
      expect(found.description).toContain('system browser');
      expect(npmChromium).not.toHaveBeenCalled();
    }
  });

  it('looks through PATH in order, and prefers chromium anywhere on PATH to Chrome', async () => {
    expect((await machine(['/usr/bin/chromium', '/usr/local/bin/chromium']).find()).executablePath).toBe(
      '/usr/local/bin/chromium',
    );
    expect((await machine(['/usr/local/bin/google-chrome', '/bin/chromium']).find()).executablePath).toBe(
      '/bin/chromium',
    );
  });

  it('then takes the usual absolute paths, which PATH may lack', async () => {
    for (const file of ['/usr/bin/chromium', '/usr/bin/google-chrome', '/snap/bin/chromium']) {
      const { find, npmChromium } = machine([file], { PATH: '/nowhere' });
      expect((await find()).executablePath).toBe(file);
      expect(npmChromium).not.toHaveBeenCalled();
    }
  });

  it('then, on Linux x64, the npm Chromium with its own environment', async () => {
    const { find, npmChromium } = machine([]);
    expect(await find()).toBe(NPM);
    expect(npmChromium).toHaveBeenCalledOnce();
  });

  it('fails with what to install on another platform, without trying the npm Chromium', async () => {
    for (const [platform, arch] of [
      ['linux', 'arm64'],
      ['darwin', 'arm64'],
      ['win32', 'x64'],
    ] as const) {
      const { find, npmChromium } = machine([], {}, { platform, arch });
      await expect(find()).rejects.toThrow(
        new RegExp(
          `^No Chromium for the browser tests\\. Looked for CHROMIUM_PATH \\(unset\\), chromium, .*` +
            `@sparticuz/chromium serves Linux x64 only \\(this is ${platform} ${arch}\\)\\. ` +
            'Install Chromium or Chrome \\(Debian/Ubuntu: `apt-get install chromium`\\), or set CHROMIUM_PATH',
        ),
      );
      expect(npmChromium).not.toHaveBeenCalled();
    }
  });

  it('fails with what to install when the npm package is missing', async () => {
    const { find } = machine([], {}, { npmChromium: () => Promise.resolve(undefined) });
    await expect(find()).rejects.toThrow(
      /the npm package @sparticuz\/chromium, which is not installed \(run `npm ci`\)\. Install Chromium or Chrome .*apt-get install chromium.*CHROMIUM_PATH/,
    );
  });

  it('fails, naming the cause, when unpacking the npm Chromium fails', async () => {
    const { find } = machine([], {}, { npmChromium: () => Promise.reject(new Error('ENOSPC')) });
    await expect(find()).rejects.toThrow(
      /unpacking @sparticuz\/chromium failed \(Error: ENOSPC\)\. Install Chromium or Chrome/,
    );
  });
});

describe('launchOptions', () => {
  it('launches headless with the STACK.md flags and the environment the browser needs', () => {
    expect(launchOptions(NPM)).toMatchObject({
      executablePath: NPM.executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
      env: { ...NPM.env, PATH: process.env.PATH },
    });
    expect(CHROMIUM_FLAGS).toEqual(
      expect.arrayContaining(['--no-sandbox', '--disable-gpu', '--disable-background-networking']),
    );
  });

  it('leaves the environment alone for a system browser, and takes other flags when given', () => {
    const options = launchOptions({ executablePath: '/usr/bin/chromium', env: {}, description: '' }, ['--x']);
    expect(options).toEqual({ executablePath: '/usr/bin/chromium', headless: true, args: ['--x'] });
  });
});
