// Seeded random numbers (mulberry32) and the API server's name generator.

export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  getState(): number {
    return this.state;
  }
  setState(s: number): void {
    this.state = s >>> 0;
  }
}

/** k8s.io/apimachinery/pkg/util/rand: consonants and digits without vowels and look-alikes. */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_NAME_LENGTH = 63;
const RANDOM_LENGTH = 5;
const MAX_GENERATED_NAME_LENGTH = MAX_NAME_LENGTH - RANDOM_LENGTH;

/** names.SimpleNameGenerator.GenerateName */
export function generateName(base: string, rand: Random): string {
  const b = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base;
  let s = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) s += NAME_ALPHABET[rand.int(NAME_ALPHABET.length)];
  return b + s;
}

/** rand.SafeEncodeString: map each character onto the same alphabet (used by ComputeHash). */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += NAME_ALPHABET[s.charCodeAt(i) % NAME_ALPHABET.length];
  return out;
}
