// Names for keyset-paging tests. No word is a prefix of another, so the order is the same under
// any collation (C, or a locale that ignores spaces); `mixedCaseName` alternates the case so that
// a case-sensitive sort would put the upper-case names first.
export const KEYSET_WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliett',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
  'uniform',
  'victor',
  'whiskey',
  'xray',
  'yankee',
  'zulu',
  'amber',
  'basil',
  'cedar',
  'dune',
] as const;

/** "Alpha", "BRAVO", "Charlie", …: every other word upper-cased. */
export const mixedCaseName = (word: string, index: number) =>
  index % 2 ? word.toUpperCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`;
