export interface FieldError {
  /** JSON path of the offending value, '' for the element itself. */
  field: string;
  message: string;
}
