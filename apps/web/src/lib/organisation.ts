import { createStoredValue } from './stored-value.ts';

// The selection rule itself (SPEC §4) lives once, in the contract, shared with the server.
export { selectOrganisation, usableOrganisations } from '@tradeport/contract';

export const organisationIdStore = createStoredValue<string>({
  key: 'tradeport.organisation-id',
  parse: (raw) => (typeof raw === 'string' && raw.length > 0 ? raw : null),
});
