/**
 * Story parameters for a component shown on its own: outside a page there are no landmarks, so
 * axe's `region` rule (page content belongs in landmarks) does not apply. Page stories keep it.
 */
export const isolatedComponent = {
  a11y: { config: { rules: [{ id: 'region', enabled: false }] } },
} as const;
