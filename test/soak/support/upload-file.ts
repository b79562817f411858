import { canonical } from '../../faults/support/model';

/** One top-level element of an upload, with what the generator knows about it. */
export interface FileElement {
  text: string;
  /** A valid product: its id and canonical data; null for an element that must fail. */
  product: { id: string; data: string } | null;
  /** The id a replace import reads from the element (valid or not), or null when none is usable. */
  namedId: string | null;
}

/** An upload's bytes and the generator's account of them: the model predicts its job from this alone. */
export interface UploadFile {
  name: string;
  kind: string;
  content: Buffer;
  elements: FileElement[];
  /** Set when the file as a whole is not an import: the job must end failed with this type. */
  fileFailure?: 'invalid_json';
}

/** A valid product element from its object (the generator made it valid). */
export function productElement(product: Record<string, unknown> & { id: string }): FileElement {
  return { text: JSON.stringify(product), product: { id: product.id, data: canonical(product) }, namedId: product.id };
}

/** An element given as text whose validity the generator decided; a valid one is parsed for its id and data. */
export function textElement(text: string, valid: boolean): FileElement {
  if (!valid) return { text, product: null, namedId: null };
  const product = JSON.parse(text) as { id: string };
  return { text, product: { id: product.id, data: canonical(product) }, namedId: product.id };
}

/** An element that is not a valid product but names an id (a replace import keeps that id). */
export function invalidElement(value: unknown): FileElement {
  const id = (value as { id?: unknown } | null)?.id;
  const usable =
    value !== null && typeof value === 'object' && !Array.isArray(value) && typeof id === 'string' && id.length > 0 && id.length <= 100;
  return { text: JSON.stringify(value), product: null, namedId: usable ? (id as string) : null };
}

export function arrayFile(name: string, kind: string, elements: FileElement[]): UploadFile {
  return { name, kind, elements, content: Buffer.from(`[${elements.map((e) => e.text).join(',')}]`) };
}
