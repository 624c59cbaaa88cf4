export {diffSpecs} from './diff-specs';
export {schemaFields} from './schema-fields';
export type {Direction, FieldMap, FieldShape} from './schema-fields';
export {RULES} from './rules';
export type {Rule} from './rules';
export {formatDiff, operationTitle, summaryLine} from './format-diff';
export {loadSpecFile, SpecLoadError} from './load-spec';
export {SpecDiffError} from './diff-errors';
export type * from './diff-types';
