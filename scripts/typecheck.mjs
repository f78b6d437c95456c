// `npm run typecheck`: TypeScript 7's native compiler checks each project (a fraction of 5.9's time).
// It is called by its path: typescript-eslint needs the `typescript` package at 5.9 (7 has no compiler
// API), so 7 is installed as `typescript-native`, and both packages name their command `tsc`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
const projects = ['packages/core', 'apps/server', 'apps/web', 'e2e', 'bench', 'bench/map', 'scripts'];

for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
