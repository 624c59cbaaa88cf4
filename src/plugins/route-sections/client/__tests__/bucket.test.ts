import {describe, expect, it} from 'vitest';
import {routeKey, sectionFor, sectionOf} from '../bucket';

describe('routeKey', () => {
  it('is the same for a path, its trailing-slash form and its percent-encoded form', () => {
    expect(routeKey('/docs/api/café')).toBe('/docs/api/café');
    expect(routeKey('/docs/api/caf%C3%A9/')).toBe('/docs/api/café');
    expect(routeKey('/docs/api/list//')).toBe('/docs/api/list');
    expect(routeKey('/')).toBe('/');
  });

  it('keeps a path with a malformed escape as it is', () => {
    expect(routeKey('/docs/api/100%')).toBe('/docs/api/100%');
  });
});

describe('sectionOf', () => {
  it('puts the forms of one path in one section', () => {
    for (const sections of [1, 2, 7, 80]) {
      expect(sectionOf('/docs/api/caf%C3%A9/', sections)).toBe(sectionOf('/docs/api/café', sections));
    }
  });

  it('spreads generated paths evenly: no section gets twice its share', () => {
    const sections = 20;
    const counts = new Array<number>(sections).fill(0);
    for (let index = 0; index < 3_000; index += 1) counts[sectionOf(`/docs/api/operation-${index}`, sections)] += 1;
    expect(Math.max(...counts)).toBeLessThan((2 * 3_000) / sections);
    expect(Math.min(...counts)).toBeGreaterThan(3_000 / sections / 2);
  });
});

describe('sectionFor', () => {
  const rule = {sections: 6, prefixes: [['/docs/apis/x/1.0.0/', 1], ['/docs/apis/x/', 3]] as [string, number][]};

  it("puts a prefix's paths in its own sections and the others in the sections after them", () => {
    expect(sectionFor('/docs/apis/x/1.0.0/get-pet', rule)).toBe(0);
    for (let index = 0; index < 50; index += 1) {
      expect(sectionFor(`/docs/apis/x/operation-${index}`, rule)).toBe(1 + sectionOf(`/docs/apis/x/operation-${index}`, 3));
      expect(sectionFor(`/docs/api/operation-${index}`, rule)).toBe(4 + sectionOf(`/docs/api/operation-${index}`, 2));
    }
  });

  it('leaves a path under no prefix in the main table when no section takes the others', () => {
    expect(sectionFor('/docs/api/create-contact', {sections: 4, prefixes: rule.prefixes})).toBe(-1);
    expect(sectionFor('/docs/apis/x/%31.0.0/get-pet', {sections: 4, prefixes: rule.prefixes})).toBe(0);
  });
});
