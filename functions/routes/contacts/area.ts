/** Contacts and their properties: the people of an account, beside the lists they are members of. */
export const contacts = { tag: 'Contacts', permission: 'subscribers' } as const;

/** What creating a contact in lists needs: the memberships are made as `POST /subscribers` makes them. */
export const CREATE_IN_LISTS = [
  'contacts',
  'contactProperties',
  'topics',
  'lists',
  'subscribers',
  'counters',
  'clock',
  'ids',
  'providers',
  'suppressions',
  'messages',
  'sendQueue',
  'tracking',
] as const;
