/** site_config keys of the content module (the seed writes them). */
export const CONFIG_KEYS = {
  webConfig: 'webConfig',
  serviceSwitch: 'serviceSwitch',
  paySwitch: 'paySwitch',
  serviceTerms: 'serviceTerms',
  privacyPolicy: 'privacyPolicy',
  invite: 'invite',
} as const;
