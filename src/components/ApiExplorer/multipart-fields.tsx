import type {ReactNode} from 'react';
import type {FormPart, MediaTypeModel} from '@site/src/openapi/models/model-types';
import {Field} from './form-parts';
import styles from './styles.module.css';

/**
 * The explorer's form for a `multipart/form-data` body: a text box per text
 * field, a file input per file field (several files for a field whose
 * example repeats it, an array of files), sent as FormData so that the
 * browser writes the Content-Type with its boundary.
 */

/** One field of the form: a name of the example's parts, once. */
export interface FormField {
  name: string;
  file: boolean;
  /** An array of files: one part per chosen file. */
  multiple: boolean;
  contentType?: string;
  /** A text field's example value. */
  example: string;
}

/** A field's value as the reader set it: text, or the files chosen. */
export type FormValue = string | File[];

/** The fields of a media type whose example has parts, in the parts' order; undefined for any other body. */
export function formFields(media: MediaTypeModel | undefined): FormField[] | undefined {
  const parts = media?.examples[0]?.parts;
  if (!parts) return undefined;
  const fields = new Map<string, FormField>();
  for (const part of parts) {
    const field = fields.get(part.name);
    if (field) field.multiple = true;
    else fields.set(part.name, {name: part.name, file: part.fileName !== undefined, multiple: false, example: part.value ?? '', ...(part.contentType ? {contentType: part.contentType} : {})});
  }
  return [...fields.values()];
}

/** Each field at its example value, files not chosen yet. */
export function initialFormValues(fields: FormField[]): Map<string, FormValue> {
  return new Map(fields.map((field) => [field.name, field.file ? [] : field.example]));
}

/** One part per text field and per chosen file, with the part's Content-Type where the description gives one. */
export interface ExplorerFormPart {
  name: string;
  value: string | Blob;
  /** A file's name, as the part sends it. */
  fileName?: string;
  contentType?: string;
}

export function formPartsOf(fields: FormField[], values: Map<string, FormValue>): ExplorerFormPart[] {
  return fields.flatMap((field): ExplorerFormPart[] => {
    const value = values.get(field.name) ?? (field.file ? [] : '');
    const contentType = field.contentType ? {contentType: field.contentType} : {};
    if (typeof value === 'string') return [{name: field.name, value, ...contentType}];
    return value.map((file) => ({name: field.name, value: file, fileName: file.name, ...contentType}));
  });
}

/** The parts as FormData: a part with its own Content-Type is a Blob of that type, the only way FormData carries one. */
export function formDataOf(parts: ExplorerFormPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.contentType ? new Blob([part.value], {type: part.contentType}) : part.value);
    else form.append(part.name, part.contentType ? new Blob([part.value], {type: part.contentType}) : part.value, part.fileName);
  }
  return form;
}

/** The parts as the explorer's cURL command and the sandbox read them: files by name only. */
export function describedParts(parts: ExplorerFormPart[]): FormPart[] {
  return parts.map((part) =>
    typeof part.value === 'string'
      ? {name: part.name, value: part.value, ...(part.contentType ? {contentType: part.contentType} : {})}
      : {name: part.name, fileName: part.fileName ?? 'file', ...(part.contentType ? {contentType: part.contentType} : {})},
  );
}

export function MultipartFields({
  idPrefix,
  fields,
  values,
  onChange,
}: {
  idPrefix: string;
  fields: FormField[];
  values: Map<string, FormValue>;
  onChange: (values: Map<string, FormValue>) => void;
}): ReactNode {
  const set = (name: string, value: FormValue) => onChange(new Map(values).set(name, value));
  return (
    <fieldset className={styles.formBody}>
      <legend>Request body (multipart/form-data)</legend>
      {fields.map((field, index) => {
        const id = `${idPrefix}-part-${index}`;
        const label = (
          <>
            {field.name} <small>({field.file ? (field.multiple ? 'files' : 'file') : 'text'}{field.contentType ? `, ${field.contentType}` : ''})</small>
          </>
        );
        const value = values.get(field.name);
        return (
          <Field key={field.name} id={id} label={label}>
            {field.file ? (
              <input id={id} type="file" multiple={field.multiple} onChange={(event) => set(field.name, Array.from(event.target.files ?? []))} />
            ) : (
              <input id={id} value={typeof value === 'string' ? value : ''} onChange={(event) => set(field.name, event.target.value)} />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}
