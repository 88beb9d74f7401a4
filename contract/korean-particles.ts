/**
 * Korean particles that follow the final consonant (jongseong) of the word before them:
 * 비밀번호를, 이름을, 코드가, 계정이, 서울로, 지점으로. Texts with an interpolated word write
 * `{{field, particle(을/를)}}`; the client, the back office and the server's refusal messages all
 * fill it through `withParticle`, so no text needs the `을(를)` fallback.
 */

/** Each pair: the form after a final consonant, the form after a vowel. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['을', '를'],
  ['이', '가'],
  ['은', '는'],
  ['과', '와'],
  ['으로', '로'],
  ['아', '야'],
  ['이랑', '랑'],
  ['이나', '나'],
  ['이라', '라'],
  ['이에요', '예요'],
];

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The jongseong index of ㄹ in a precomposed syllable. */
const RIEUL = 8;

/**
 * How digits and Latin letters are read aloud in Korean, by their final sound: 1 일, 3 삼, 6 육,
 * 7 칠, 8 팔, 0 영 end in a consonant (1, 7, 8 in ㄹ); L M N are read 엘 엠 엔.
 */
const FINAL_OF_NON_HANGUL: Readonly<Record<string, 'none' | 'rieul' | 'other'>> = {
  '0': 'other',
  '1': 'rieul',
  '3': 'other',
  '6': 'other',
  '7': 'rieul',
  '8': 'rieul',
  l: 'rieul',
  m: 'other',
  n: 'other',
};

/** The final consonant of a word's last sounding character: none, ㄹ, or another one. */
export function finalConsonantOf(word: string): 'none' | 'rieul' | 'other' {
  // Closing brackets, quotes and punctuation are not read: "주소(도로명)" ends in 명.
  const match = /[\p{L}\p{N}](?=[^\p{L}\p{N}]*$)/u.exec(word);
  if (!match) return 'none';
  const ch = match[0];
  const code = ch.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const jong = (code - HANGUL_FIRST) % 28;
    return jong === 0 ? 'none' : jong === RIEUL ? 'rieul' : 'other';
  }
  return FINAL_OF_NON_HANGUL[ch.toLowerCase()] ?? 'none';
}

/**
 * The particle of `pair` ("을/를", "와/과" or "(으)로"; either order) that follows `word`. An
 * unknown pair is returned as written, so a typo shows rather than silently picking a form.
 */
export function particleFor(word: string, pair: string): string {
  const forms = pair.trim() === '(으)로' ? ['으로', '로'] : pair.split('/').map((s) => s.trim());
  const known = PAIRS.find(
    ([a, b]) => forms.length === 2 && forms.includes(a) && forms.includes(b),
  );
  if (!known) return pair;
  const [afterConsonant, afterVowel] = known;
  const final = finalConsonantOf(word);
  // 으로 is the one particle for which ㄹ counts as a vowel: 서울로, 길로.
  if (afterConsonant === '으로') return final === 'other' ? afterConsonant : afterVowel;
  return final === 'none' ? afterVowel : afterConsonant;
}

/** `word` with its particle attached: withParticle('비밀번호', '을/를') → '비밀번호를'. */
export function withParticle(word: string, pair: string): string {
  return word + particleFor(word, pair);
}

/**
 * The pair written in an i18next format option: `particle(을/를)` is parsed by i18next into an
 * option whose key is the pair itself (there is no `name:` before it), so look for that key.
 * i18next splits the format at "(", so texts write `particle(으로/로)`, not `particle((으)로)`.
 */
export function pairFromFormatOptions(options: object): string | undefined {
  return Object.keys(options).find((key) => /^[가-힣]+\/[가-힣]+$/.test(key));
}

/** Matches a "(를)"-style fallback left in a text: 을(를), 이(가), 은(는), 와(과), (으)로. */
export const PARTICLE_FALLBACK = /\((?:을|를|이|가|은|는|와|과|으)\)/;

/** The i18next formatter `particle`, registered on every i18next instance (client, back office). */
export function particleFormat(value: unknown, _lng: string | undefined, options: object): string {
  const word = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const pair = pairFromFormatOptions(options);
  return pair ? withParticle(word, pair) : word;
}

/** Fills `{{name}}` and `{{name, particle(을/를)}}` where i18next does not run (server messages). */
export function fillTemplate(template: string, valueOf: (name: string) => string): string {
  return template.replace(
    /\{\{\s*(\w+)\s*(?:,\s*particle\(([^)]*)\)\s*)?\}\}/g,
    (_, name: string, pair: string | undefined) => {
      const value = valueOf(name);
      return pair === undefined ? value : withParticle(value, pair);
    },
  );
}
