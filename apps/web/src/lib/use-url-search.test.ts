import { describe, expect, it } from 'vitest';
import { searchTermOf } from './use-url-search.ts';

describe('searchTermOf', () => {
  it('trims, and sends nothing when blank or below the minimum', () => {
    expect(searchTermOf('  flat white ')).toBe('flat white');
    expect(searchTermOf('   ')).toBeNull();
    expect(searchTermOf('f', 2)).toBeNull();
    expect(searchTermOf(' fl ', 2)).toBe('fl');
  });
});
