export interface MassDeleteInput {
  /** Products the organization holds before the import. */
  catalogSize: number;
  /** Of those, the ones the file does not name: what the replace import would delete. */
  absent: number;
  /** REPLACE_MAX_DELETE_RATIO: the share of the catalog a replace import may delete without consent. */
  maxRatio: number;
  /** The upload passed allow_mass_delete=true. */
  allowMassDelete: boolean;
}

/** Null when the replace import may go on; otherwise the message of its `mass_delete_refused` failure. */
export function massDeleteRefusal(input: MassDeleteInput): string | null {
  if (input.allowMassDelete || input.absent <= maxDeletable(input.catalogSize, input.maxRatio)) return null;
  const share = ((input.absent / input.catalogSize) * 100).toFixed(1);
  return (
    `Replace would delete ${count(input.absent)} of ${count(input.catalogSize)} products (${share} %), more than ` +
    `REPLACE_MAX_DELETE_RATIO ${input.maxRatio} allows (${count(maxDeletable(input.catalogSize, input.maxRatio))}); ` +
    'nothing was changed. Upload the complete feed, or again with allow_mass_delete=true if this is intended'
  );
}

/**
 * The most products the ratio lets go, in whole products. The epsilon keeps a product count exactly
 * at the bound allowed although the float product may land a hair below it (0.7 × 10 = 6.999…).
 */
export function maxDeletable(catalogSize: number, maxRatio: number): number {
  return Math.floor(catalogSize * maxRatio + 1e-9);
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
