import {ruleLabels} from '@site/src/openapi/models/schema-rules';
import type {SchemaRules} from '@site/src/openapi/models/model-types';

/** Human labels of a schema's validation rules, e.g. `≤ 100 characters` (the one table: src/openapi/models/schema-rules.ts). */
export function constraintLabels(rules: SchemaRules | undefined): string[] {
  return ruleLabels(rules);
}

// One test for "is a field's nested part rendered", shared with the build
// (the schema pages' Used by, the changelog's field links): model-text.ts.
export {hasChildren} from '@site/src/openapi/models/model-text';
