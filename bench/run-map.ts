/** `npm run bench:map -w @flare/bench`: only the map and list benchmark (about fifteen minutes). */
import { benchMap } from './map.bench';

for (const r of await benchMap()) {
  console.log(`${r.name}: ${r.ratio.toFixed(2)}x the baseline (${r.detail})`);
}
