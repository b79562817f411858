/**
 * One block of the "unstorable next to malformed" file: valid products between elements that
 * are malformed JSON holding an emoji or raw NUL bytes (V8's parse message would quote them), and
 * well-formed elements whose strings PostgreSQL cannot store (lone surrogate escapes, escaped NUL)
 * in the id, a value, a key or an unknown field's name. Brackets and quotes stay balanced, so the
 * file as a whole is well formed and every bad element is exactly one failed product.
 * `\\ud800` below is the six characters of the JSON escape, not a JavaScript surrogate.
 */
export function unstorableBlock(k: number): { text: string; valid: boolean }[] {
  const ok = (text: string) => ({ text, valid: true });
  const bad = (text: string) => ({ text, valid: false });
  return [
    ok(`{"id":"ok-${k}-1","title":"fine"}`),
    bad('😀'),
    ok(`{"id":"ok-${k}-2","title":"fine"}`),
    bad('\u0000\u0000\u0000'),
    bad(`{"id":"bad-${k}-1","title":"t" 😀}`),
    bad(`{"id":"bad-${k}-2\u0000","title":"t"}`),
    bad('😀tru😀'),
    bad(`{"id":"bad-${k}-3","title":"😀",}`),
    bad('"\\ud800"'),
    bad('{"id":"\\ud800","title":"t"}'),
    bad(`{"id":"bad-${k}-4","title":"\\udc00"}`),
    bad(`{"id":"bad-${k}-5","title":"\\ud83d"}`),
    bad(`{"id":"bad-${k}-6","title":"t","attributes":{"\\ud800":"x"}}`),
    bad(`{"id":"bad-${k}-7","title":"t","\\u0000":1}`),
    bad(`{"id":"bad-${k}-8","title":"t","description":"a\\u0000b"}`),
    bad(`{"id":"bad-${k}-9\\u0000","title":"t"}`),
    bad('tru'),
    ok(`{"id":"ok-${k}-3","title":"😀 emoji title"}`),
    ok(`{"id":"ok-${k}-4","title":"\\ud83d\\ude00 escaped pair"}`),
    ok(`{"id":"ok-${k}-5","title":"caf\\u00e9"}`),
  ];
}
