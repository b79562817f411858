/** 50 MiB (spec: 50MB), counted on the file part's content, not the multipart envelope. */
export const MAX_FILE_BYTES = 52_428_800;

export const MULTIPART_LIMITS = {
  files: 2, // one more than allowed, so a second file part is seen and refused
  parts: 20,
  fields: 16,
  fieldSize: 64 * 1024,
  fieldNameSize: 200,
  headerPairs: 50,
} as const;
