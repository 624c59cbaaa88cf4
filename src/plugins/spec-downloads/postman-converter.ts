/**
 * openapi-to-postmanv2's converter, without the part of it that is quadratic
 * in the number of operations.
 *
 * For each request, openapi-to-postmanv2 6.3.3 (libV2/index.js) copies the
 * type descriptions of every request converted so far into a new object:
 * `extractedTypesObject = Object.assign({}, extractedTypesObject,
 * requestTypesObject)`, so on a large API that copy is most of the
 * collection's time. The collection does not use those types:
 * the converter returns them beside it (`extractedTypes`), which the site
 * never reads. So the request resolver the converter calls is wrapped to
 * return no types, before the converter's code is loaded: libV2/index.js
 * takes `resolvePostmanRequest` from its schema utilities when it loads.
 * The collection is byte for byte the same (checked on the bundled spec,
 * GitHub's and Graph's); a test checks that the wrapper took effect, since
 * a converter loaded before this module would keep its own reference.
 * 6.3.3 is the latest release; the package has no `exports` map, so the
 * deep path resolves.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the load order is the point: the utilities are changed before the converter requires them. */
import type * as Converter from 'openapi-to-postmanv2';

interface SchemaUtils {
  resolvePostmanRequest: (...args: unknown[]) => {requestTypesObject?: unknown};
}

const WRAPPED = Symbol.for('meridian.postman-converter.withoutTypes');

const schemaUtils = require('openapi-to-postmanv2/libV2/CollectionGeneration/schemaUtils') as SchemaUtils;
const resolve = schemaUtils.resolvePostmanRequest as SchemaUtils['resolvePostmanRequest'] & {[WRAPPED]?: true};
if (!resolve[WRAPPED]) {
  const withoutTypes = (...args: unknown[]) => ({...resolve(...args), requestTypesObject: {}});
  schemaUtils.resolvePostmanRequest = Object.assign(withoutTypes, {[WRAPPED]: true as const});
}

export const {convertV2} = require('openapi-to-postmanv2') as typeof Converter;
export type {CollectionResult} from 'openapi-to-postmanv2';
