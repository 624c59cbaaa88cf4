import {describe, expect, it} from 'vitest';

import {versionItemLabel} from '../version-label';

describe('versionItemLabel', () => {
  const base = {routeBasePath: '/docs/apis/petstore/1.0.0', overviewPath: '/docs/apis/petstore/1.0.0/swagger-petstore', current: false};

  it('shows the configuration’s label of a version with its release date, else its name', () => {
    expect(versionItemLabel({...base, name: '1.0.0', label: 'v1 (legacy)', releaseDate: '2024-06-01'})).toBe('v1 (legacy) · 2024-06-01');
    expect(versionItemLabel({...base, name: '1.0.0', releaseDate: '2024-06-01'})).toBe('1.0.0 · 2024-06-01');
    expect(versionItemLabel({...base, name: '2.0.0', current: true})).toBe('2.0.0 (current)');
  });
});
