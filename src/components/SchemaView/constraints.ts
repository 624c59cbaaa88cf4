import type {SchemaRules} from '@site/src/openapi/types';

/** Human labels of a schema's validation rules, e.g. `≤ 100 characters`. */
export function constraintLabels(rules: SchemaRules | undefined): string[] {
  if (!rules) return [];
  const labels: string[] = [];
  if (rules.minLength !== undefined && rules.maxLength !== undefined) labels.push(`${rules.minLength} to ${rules.maxLength} characters`);
  else if (rules.minLength !== undefined) labels.push(`≥ ${rules.minLength} characters`);
  else if (rules.maxLength !== undefined) labels.push(`≤ ${rules.maxLength} characters`);
  if (rules.minimum !== undefined) labels.push(`≥ ${rules.minimum}`);
  if (rules.exclusiveMinimum !== undefined) labels.push(`> ${rules.exclusiveMinimum}`);
  if (rules.maximum !== undefined) labels.push(`≤ ${rules.maximum}`);
  if (rules.exclusiveMaximum !== undefined) labels.push(`< ${rules.exclusiveMaximum}`);
  if (rules.multipleOf !== undefined) labels.push(`multiple of ${rules.multipleOf}`);
  if (rules.minItems !== undefined) labels.push(`≥ ${rules.minItems} items`);
  if (rules.maxItems !== undefined) labels.push(`≤ ${rules.maxItems} items`);
  if (rules.uniqueItems) labels.push('unique items');
  if (rules.minProperties !== undefined) labels.push(`≥ ${rules.minProperties} properties`);
  if (rules.maxProperties !== undefined) labels.push(`≤ ${rules.maxProperties} properties`);
  if (rules.pattern !== undefined) labels.push(`pattern: ${rules.pattern}`);
  return labels;
}

// One test for "is a field's nested part rendered", shared with the build
// (the schema pages' Used by, the changelog's field links): model-text.ts.
export {hasChildren} from '@site/src/openapi/model-text';
