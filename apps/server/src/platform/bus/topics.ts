/** Bus topic rules shared by every bus implementation (the NATS subject rules; see bus.ts). */
const TOKEN = /^[^\s.*>]+$/;

export function assertTopic(topic: string): void {
  if (!topic.split('.').every((token) => TOKEN.test(token))) {
    throw new Error(`invalid bus topic "${topic}": use dot-separated tokens without wildcards`);
  }
}

export function assertPattern(pattern: string): void {
  const tokens = pattern.split('.');
  const valid = tokens.every(
    (token, i) => TOKEN.test(token) || token === '*' || (token === '>' && i === tokens.length - 1),
  );
  if (!valid) throw new Error(`invalid bus subscription "${pattern}"`);
}

/** Whether a concrete topic matches a subscription pattern (NATS semantics, see above). */
export function topicMatches(pattern: string, topic: string): boolean {
  const want = pattern.split('.');
  const have = topic.split('.');
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === '>') return have.length > i;
    if (i >= have.length) return false;
    if (token !== '*' && token !== have[i]) return false;
  }
  return want.length === have.length;
}
