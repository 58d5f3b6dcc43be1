import { describe, expect, it } from 'vitest';
import { selectOrganisation, usableOrganisations } from './organisation-selection.ts';

const org = (id: string, active = true, invitation_accepted = true) => ({ id, active, invitation_accepted });

describe('selectOrganisation', () => {
  it('keeps the stored id when it is accepted and active', () => {
    expect(selectOrganisation([org('a'), org('b')], 'b')?.id).toBe('b');
  });

  it('falls back to the first usable one when the stored id is inactive', () => {
    expect(selectOrganisation([org('a', false), org('b'), org('c', false)], 'c')?.id).toBe('b');
  });

  it('falls back when the stored invitation is not accepted', () => {
    expect(selectOrganisation([org('a'), org('b', true, false)], 'b')?.id).toBe('a');
  });

  it('falls back when nothing is stored or the id is unknown', () => {
    expect(selectOrganisation([org('a'), org('b')], null)?.id).toBe('a');
    expect(selectOrganisation([org('a'), org('b')], 'zzz')?.id).toBe('a');
  });

  it('is undefined when no organisation is usable', () => {
    expect(selectOrganisation([org('a', false), org('b', true, false)], 'a')).toBeUndefined();
    expect(usableOrganisations([org('a', false)])).toEqual([]);
  });
});
